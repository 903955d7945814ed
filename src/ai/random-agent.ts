/**
 * `random`: a uniformly random legal command at every decision. The baseline every other agent must
 * beat, and the engine's fuzzer: it reaches every corner of the rules that an option list allows.
 */
import { Rng } from '../core/rng';
import type { AgentFactory } from './agent';

export const randomAgent: AgentFactory = ({ side, seed, seedHash }) => {
  const rng = Rng.fromSeed(`random:${side}:${seed}`, seedHash);
  return {
    name: 'random',
    readsView: false,
    decide: (_view, decision) => rng.pick(decision.options),
  };
};
