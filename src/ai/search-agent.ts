/**
 * The rules-aware agents (`easy`, `normal`, `hard`) are one idea at three strengths: for each legal
 * option, imagine games consistent with what the side knows (`Belief`), play the option, let the game
 * run on a little (dice fall, the enemy answers) and judge the result (`evaluate`). Pick the best.
 *
 * Because it plays the real rules forward, it answers every decision the engine can raise, with no
 * per-decision code; what differs between levels is data: how many imagined games, how far ahead,
 * how many options it considers, and how much it errs.
 */
import type { SideId } from '../core/content/schema';
import type { Belief } from '../core/belief';
import { apply } from '../core/engine/game';
import type { Command, Decision, Game } from '../core/engine/types';
import { Rng } from '../core/rng';
import type { Agent, AgentFactory } from './agent';
import { DEFAULT_WEIGHTS, evaluate, type EvaluationWeights } from './evaluate';

export interface SearchLevel {
  name: string;
  /** Imagined games per option (more: steadier judgement under dice and hidden information). */
  samples: number;
  /** Decisions played forward after the option before judging. */
  horizon: number;
  /** Options considered at most (a random subset beyond that, always keeping "end"/"pass" ones). */
  maxOptions: number;
  /** Random error added to each option's value, in evaluation points. */
  noise: number;
  weights: EvaluationWeights;
}

export const LEVELS: Record<'easy' | 'normal' | 'hard', SearchLevel> = {
  easy: { name: 'easy', samples: 1, horizon: 0, maxOptions: 8, noise: 25, weights: DEFAULT_WEIGHTS },
  normal: { name: 'normal', samples: 1, horizon: 4, maxOptions: 12, noise: 1, weights: DEFAULT_WEIGHTS },
  hard: { name: 'hard', samples: 3, horizon: 10, maxOptions: 20, noise: 0, weights: DEFAULT_WEIGHTS },
};

/** Options that close a step (end movement, pass, stop): always worth comparing against. */
function isClosing(option: Command): boolean {
  return /^(end|pass|stop|done|finish|decline|no-)/.test(option.type);
}

/** Play on from `game` with random choices until back at `side`'s next decision of the same kind, or `horizon` decisions. */
function playForward(game: Game, side: SideId, kind: string, horizon: number, rng: Rng): void {
  for (let steps = 0; steps < horizon && !game.winner && game.pending; steps++) {
    const decision = game.pending;
    if (steps > 0 && decision.side === side && decision.kind === kind) return;
    apply(game, rng.pick(decision.options));
  }
}

export function searchAgent(level: SearchLevel): AgentFactory {
  return ({ side, seed }) => {
    const rng = Rng.fromSeed(`${level.name}:${side}:${seed}`);
    let decisionCount = 0;
    const agent: Agent = {
      name: level.name,
      decide(_view, decision: Decision, belief?: Belief): Command {
        const { options } = decision;
        if (options.length === 1 || !belief) return options[0] as Command;
        decisionCount += 1;
        let candidates = options;
        if (options.length > level.maxOptions) {
          const closing = options.filter(isClosing);
          const rest = rng.shuffle(options.filter((o) => !isClosing(o))).slice(0, level.maxOptions - closing.length);
          candidates = [...closing, ...rest];
        }
        let best = candidates[0] as Command;
        let bestValue = -Infinity;
        candidates.forEach((option, i) => {
          let total = 0;
          for (let s = 0; s < level.samples; s++) {
            // The same imagined games for every option, so options are compared on equal terms.
            const game = belief.sample(`${seed}:${decisionCount}:${s}`);
            const result = apply(game, option);
            if (!result.ok) throw new Error(`option ${i} of "${decision.kind}" is not legal in an imagined game: ${result.reason}`);
            playForward(game, side, decision.kind, level.horizon, Rng.fromSeed(`${seed}:${decisionCount}:${s}:${i}`));
            total += evaluate(game, side, level.weights);
          }
          const value = total / level.samples + (level.noise ? (rng.int(2001) / 1000 - 1) * level.noise : 0);
          if (value > bestValue) {
            bestValue = value;
            best = option;
          }
        });
        return best;
      },
    };
    return agent;
  };
}
