/**
 * `normal`: follows the plans (plans.ts) for every decision; fast enough to play thousands of games.
 */
import { bundledContent } from '../core/content/bundled';
import type { AgentFactory } from './agent';
import { planFor } from './plans';

export const planAgent: AgentFactory = ({ side, content }) => {
  const memory: { [key: string]: unknown } = {};
  const c = content ?? bundledContent();
  return {
    name: 'normal',
    decide: (view, decision) => planFor({ content: c, view, decision, side, memory }),
  };
};
