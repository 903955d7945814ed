/** Every solitaire agent for the Emperor [001], by the name used on the command line and in the setup screen. */
import type { SolitaireAgentFactory } from './agent';
import { hardSolitaireAgent } from './hard-agent';
import { normalSolitaireAgent } from './normal-agent';
import { randomSolitaireAgent } from './random-agent';
import { byName, lookUp } from '../by-name';

export const SOLITAIRE_AGENTS = byName<SolitaireAgentFactory>({
  random: randomSolitaireAgent,
  normal: normalSolitaireAgent,
  hard: hardSolitaireAgent,
});

export function solitaireAgentFactory(name: string): SolitaireAgentFactory {
  const factory = lookUp(SOLITAIRE_AGENTS, name);
  if (!factory) throw new Error(`there is no solitaire agent "${name}"; there are: ${Object.keys(SOLITAIRE_AGENTS).join(', ')}`);
  return factory;
}
