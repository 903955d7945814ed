/**
 * The games the bench plays, one function a ruleset: `n` games of a scenario with one agent in every seat,
 * seeded `bench-0`, `bench-1`..., each decision timed, after `warmUp` games seeded `warm-0`... that are not
 * measured (the first games of a scenario run while V8 compiles its code: a long simulation hardly sees
 * that, a hundred-game bench saw it as half its time). Each says games and decisions per second by the
 * clock, and games per second by the CPU time of the thread the games ran on (`cpuGamesPerSecond`), which
 * other work on a shared machine moves far less: compare figures taken on a busy machine by that one.
 *
 * A Rebels-vs-Empire scenario warms up for a time of its thread's CPU, not a count (`WARM_UP_SECONDS`): V8 optimises the rules
 * code on its helper threads for the first few hundred games of a scenario (its rules take many paths, and
 * a function seen in a new way is optimised again), and on two cores those threads take the core the games
 * need. The first 100 start-of-rebellion games ran at 95 games/s by the clock, with 1.4 s of helper CPU;
 * games 300 to 1,000 at 300-380, with 0.02-0.08 s a hundred games (load ~3, 11:40). A simulation of
 * thousands of games runs at the second rate; the warm-up's own rate is given beside it
 * (`warmUpGamesPerSecond`), what a short run from a cold start sees.
 *
 * That thread's CPU time, not the process's: V8 also marks and sweeps garbage and compiles on helper
 * threads, beside the games, so the process's CPU time ran up to twice the clock on a quiet machine and
 * made a figure "by CPU" lower than the clock's. The helpers' share is given apart (`helperCpuSeconds`).
 */
import { readFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
import { bundledContent } from '../core/content/bundled';
import { newGame } from '../core/engine/game';
import { playOut } from '../ai/play';
import { agentFactory } from '../ai/registry';
import { starSystemRuleset } from '../../systems/rebels-vs-empire/star-system-ruleset';
import { conquestRuleset } from '../../systems/conquest/ruleset';
import { FACTIONS } from '../../systems/conquest/content';
import { conquestAgentFactory } from '../ai/conquest/registry';
import { playConquestOne } from '../ai/conquest/play';
import { solitaireRuleset } from '../../systems/solitaire/ruleset';
import { solitaireAgentFactory } from '../ai/solitaire/registry';
import { playSolitaireOne } from '../ai/solitaire/play';
import { middleOf, quantile } from './quantiles';

const content = bundledContent();

/** Decision times kept at most (the median and p95 are of these). */
const MAX_TIMES = 200_000;

/**
 * The games' decision times, in milliseconds: written into one typed array made beforehand (no array
 * grown decision by decision), sorted once, natively, for both the median and the p95. The bench's own
 * cost, kept small so that a profile of the games shows the simulator: sorting a JS array of them twice,
 * each with a copy into a typed array, was 1.5% of a profiled songs run (`ascending`, 00:20, load 2.3).
 */
class DecisionTimes {
  readonly #times = new Float64Array(MAX_TIMES);
  #count = 0;

  /** Keep one decision's time (past MAX_TIMES, the rest are not kept). */
  record(ms: number): void {
    if (this.#count < MAX_TIMES) this.#times[this.#count++] = ms;
  }

  clear(): void {
    this.#count = 0;
  }

  /** The median and the 95th percentile of the times kept. */
  quantiles(): { medianDecisionMs: number; p95DecisionMs: number } {
    const sorted = this.#times.subarray(0, this.#count).sort();
    return { medianDecisionMs: middleOf(sorted), p95DecisionMs: quantile(sorted, 0.95) };
  }
}

/** What every ruleset's games are measured by. */
export interface GamesFigures {
  games: number;
  seconds: number;
  /** CPU time of the thread that played the games (the process's where the thread's cannot be read). */
  cpuSeconds: number;
  /** CPU time of the process's other threads meanwhile: V8's garbage collection and compiling helpers. */
  helperCpuSeconds: number;
  /** Games played before, unmeasured, while V8 compiled the code. */
  warmUpGames: number;
  /** Those games' rate by the clock, compiling and all: what a short run from a cold start sees (null: not timed). */
  warmUpGamesPerSecond: number | null;
  gamesPerSecond: number;
  cpuGamesPerSecond: number;
  decisionsPerSecond: number;
  medianDecisionMs: number;
  p95DecisionMs: number;
}

/** The process's CPU time so far, all threads, in seconds. */
function processCpuSeconds(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
}

/**
 * This thread's CPU time so far, in seconds: Linux's scheduler statistics for the main thread (its id is
 * the process's), in nanoseconds. Null where they cannot be read (not Linux, or in a worker thread).
 */
function threadCpuSeconds(): number | null {
  if (!isMainThread) return null;
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e9;
  } catch {
    return null;
  }
}

/** Time `play` (which plays `n` games and returns its decisions) by the clock and by CPU. */
function measured(n: number, warmUpGames: number, times: DecisionTimes, play: () => number, warmUpGamesPerSecond: number | null = null): GamesFigures {
  const thread = threadCpuSeconds();
  const all = processCpuSeconds();
  const started = performance.now();
  const decisions = play();
  const seconds = (performance.now() - started) / 1000;
  const allSeconds = processCpuSeconds() - all;
  const threadNow = threadCpuSeconds();
  const cpuSeconds = thread === null || threadNow === null ? allSeconds : threadNow - thread;
  return {
    games: n,
    seconds,
    cpuSeconds,
    helperCpuSeconds: Math.max(0, allSeconds - cpuSeconds),
    warmUpGames,
    warmUpGamesPerSecond,
    gamesPerSecond: n / seconds,
    cpuGamesPerSecond: n / cpuSeconds,
    decisionsPerSecond: decisions / seconds,
    ...times.quantiles(),
  };
}

/** How many games warm a scenario up before `n` are measured: a fifth, at most 10. */
export function warmUpFor(n: number): number {
  return Math.min(10, Math.ceil(n / 5));
}

/**
 * How long a Rebels-vs-Empire scenario warms up before its games are measured, in seconds of the games'
 * thread's CPU (of the clock where that cannot be read): long enough for V8's optimising of the rules code
 * to settle (start-of-rebellion's took about 300 games, a second or so; the galactic game's about 20
 * games, two seconds). By the thread's CPU, as by the clock a busy machine gave the games a few tenths of
 * a second of it (14 start-of-rebellion games at load 15).
 */
export const WARM_UP_SECONDS = 2;

/** Play warm-up games (seeded `warm-0`...) for at least `minGames` and `seconds` of this thread's CPU; their count and rate by the clock. */
function warmUpTimed(play: (seed: string) => unknown, minGames: number, seconds: number): { games: number; gamesPerSecond: number | null } {
  const started = performance.now();
  const cpuStarted = threadCpuSeconds();
  const spentSoFar = () => {
    const cpu = cpuStarted === null ? null : threadCpuSeconds();
    return cpu === null || cpuStarted === null ? (performance.now() - started) / 1000 : cpu - cpuStarted;
  };
  let games = 0;
  while (games < minGames || spentSoFar() < seconds) play(`warm-${games++}`);
  const spent = (performance.now() - started) / 1000;
  return { games, gamesPerSecond: games && spent > 0 ? games / spent : null };
}

/** The seeds of `n` games: `bench-0`, `bench-1`... measured, or `warm-0`... to warm up on. */
function seeds(n: number, prefix: 'bench' | 'warm'): string[] {
  return Array.from({ length: n }, (_, i) => `${prefix}-${i}`);
}

/**
 * Rebels vs Empire: `n` games of a scenario with one agent on both sides, after at least `warmUp` unmeasured
 * ones and `warmUpSeconds` of them (`WARM_UP_SECONDS` for the bench's figures).
 */
export function starSystemGames(scenario: string, agent: string, n: number, warmUp = 0, warmUpSeconds = 0) {
  const times = new DecisionTimes();
  let turns = 0;
  const wins = { rebel: 0, imperial: 0, draw: 0 };
  const play = (seed: string) => {
    const game = newGame({ content, ruleset: starSystemRuleset, scenario, seed });
    const decisions = playOut(
      game,
      { rebel: agentFactory(agent)({ side: 'rebel', seed }), imperial: agentFactory(agent)({ side: 'imperial', seed }) },
      { onDecisionTime: (_side, ms) => times.record(ms) },
    );
    turns += game.turn;
    wins[game.winner ?? 'draw'] += 1;
    return decisions;
  };
  const warm = warmUpTimed(play, warmUp, warmUpSeconds);
  times.clear(), (turns = 0), (wins.rebel = wins.imperial = wins.draw = 0);
  const figures = measured(n, warm.games, times, () => seeds(n, 'bench').reduce((decisions, seed) => decisions + play(seed), 0), warm.gamesPerSecond);
  return { ...figures, meanTurns: turns / n, wins };
}

/** Conquest [002]: `n` four-player games of a scenario with the same agent in every seat, after `warmUp` unmeasured ones. */
export function conquestGames(scenario: string, agent: string, n: number, warmUp = 0) {
  const times = new DecisionTimes();
  let rounds = 0;
  let draws = 0;
  const players = FACTIONS.slice(0, 4);
  const play = (seed: string) => {
    const game = newGame({ content, ruleset: conquestRuleset, scenario, seed, options: { players } });
    const agents = Object.fromEntries(players.map((f) => [f, conquestAgentFactory(agent)({ faction: f, seed })]));
    let decisions = 0;
    for (;;) {
      const t = performance.now();
      if (!playConquestOne(game, agents)) break;
      times.record(performance.now() - t);
      decisions++;
    }
    rounds += game.turn;
    if (game.winner === 'draw') draws++;
    return decisions;
  };
  for (const seed of seeds(warmUp, 'warm')) play(seed);
  times.clear(), (rounds = 0), (draws = 0);
  const figures = measured(n, warmUp, times, () => seeds(n, 'bench').reduce((decisions, seed) => decisions + play(seed), 0));
  return { ...figures, meanRounds: rounds / n, draws };
}

/** Solitaire [001]: `n` games of a scenario by one Emperor, after `warmUp` unmeasured ones. */
export function solitaireGames(scenario: string, agent: string, n: number, warmUp = 0) {
  const times = new DecisionTimes();
  const play = (seed: string) => {
    const game = newGame({ content, ruleset: solitaireRuleset, scenario, seed });
    const emperor = solitaireAgentFactory(agent)({ seed });
    let decisions = 0;
    for (;;) {
      const t = performance.now();
      if (!playSolitaireOne(game, emperor)) break;
      times.record(performance.now() - t);
      decisions++;
    }
    return decisions;
  };
  for (const seed of seeds(warmUp, 'warm')) play(seed);
  times.clear();
  return measured(n, warmUp, times, () => seeds(n, 'bench').reduce((decisions, seed) => decisions + play(seed), 0));
}

/** `n` games of any scenario (conquest-*, chaos-* or a Rebels-vs-Empire one) with one agent in every seat. */
export function anyGames(scenario: string, agent: string, n: number, warmUp = 0): GamesFigures {
  if (scenario.startsWith('conquest-')) return conquestGames(scenario, agent, n, warmUp);
  if (scenario.startsWith('chaos-')) return solitaireGames(scenario, agent, n, warmUp);
  return starSystemGames(scenario, agent, n, warmUp);
}
