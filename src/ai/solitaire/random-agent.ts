/** `random`: a uniformly random legal command at every decision; the baseline, and the rules' fuzzer. */
import { Rng } from '../../core/rng';
import type { SolitaireAgentFactory } from './agent';

export const randomSolitaireAgent: SolitaireAgentFactory = ({ seed, seedHash }) => {
  const rng = Rng.fromSeed(`solitaire-random:${seed}`, seedHash);
  return { name: 'random', readsView: false, decide: (_view, decision) => rng.pick(decision.options) };
};
