/** A step of the solitaire game's procedures, and a question to the Empire, its one player. */
import type { Command, Json, Step } from '../../../src/core/engine/types';
import type { Side } from '../state';

export type SolitaireStep = Step<Side>;

export function decide(kind: string, prompt: string, rule: string, options: Command<Side>[], context?: { [key: string]: Json }): SolitaireStep {
  return { decide: { side: 'empire', kind, prompt, rule, options, ...(context ? { context } : {}) } };
}
