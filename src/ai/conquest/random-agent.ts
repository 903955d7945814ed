/** `random`: a uniformly random legal command at every decision; the baseline, and the rules' fuzzer. */
import { Rng } from '../../core/rng';
import type { ConquestAgentFactory } from './agent';

export const randomConquestAgent: ConquestAgentFactory = ({ faction, seed, seedHash }) => {
  const rng = Rng.fromSeed(`conquest-random:${faction}:${seed}`, seedHash);
  return { name: 'random', readsView: false, decide: (_view, decision) => rng.pick(decision.options) };
};
