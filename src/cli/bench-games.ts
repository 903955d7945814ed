/**
 * The games the bench plays, one function a ruleset: `n` games of a scenario with one agent in every seat,
 * seeded `bench-0`, `bench-1`..., each decision timed. Each says games and decisions per second by the
 * clock, and games per second by this process's own CPU time (`cpuGamesPerSecond`), which other work on
 * a shared machine moves far less: compare figures taken on a busy machine by that one.
 */
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

const content = bundledContent();

/** Decision times kept at most (the median and p95 are of these). */
const MAX_TIMES = 200_000;

/** Numbers in ascending order, as a typed array (sorted natively, without a comparator called per pair). */
function ascending(values: readonly number[]): Float64Array {
  return Float64Array.from(values).sort();
}

export function median(values: readonly number[]): number {
  if (!values.length) return 0;
  const sorted = ascending(values);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

export function p95(values: readonly number[]): number {
  return ascending(values)[Math.floor(values.length * 0.95)] ?? 0;
}

/** What every ruleset's games are measured by. */
export interface GamesFigures {
  games: number;
  seconds: number;
  cpuSeconds: number;
  gamesPerSecond: number;
  cpuGamesPerSecond: number;
  decisionsPerSecond: number;
  medianDecisionMs: number;
  p95DecisionMs: number;
}

/** Time `play` (which plays `n` games and returns its decisions) by the clock and by CPU. */
function measured(n: number, times: number[], play: () => number): GamesFigures {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const decisions = play();
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  return {
    games: n,
    seconds,
    cpuSeconds,
    gamesPerSecond: n / seconds,
    cpuGamesPerSecond: n / cpuSeconds,
    decisionsPerSecond: decisions / seconds,
    medianDecisionMs: median(times),
    p95DecisionMs: p95(times),
  };
}

/** Rebels vs Empire: `n` games of a scenario with one agent on both sides. */
export function starSystemGames(scenario: string, agent: string, n: number) {
  const times: number[] = [];
  let turns = 0;
  const wins = { rebel: 0, imperial: 0, draw: 0 };
  const figures = measured(n, times, () => {
    let decisions = 0;
    for (let i = 0; i < n; i++) {
      const seed = `bench-${i}`;
      const game = newGame({ content, ruleset: starSystemRuleset, scenario, seed });
      decisions += playOut(
        game,
        { rebel: agentFactory(agent)({ side: 'rebel', seed }), imperial: agentFactory(agent)({ side: 'imperial', seed }) },
        { onDecisionTime: (_side, ms) => times.length < MAX_TIMES && times.push(ms) },
      );
      turns += game.turn;
      wins[game.winner ?? 'draw'] += 1;
    }
    return decisions;
  });
  return { ...figures, meanTurns: turns / n, wins };
}

/** Conquest [002]: `n` four-player games of a scenario with the same agent in every seat. */
export function conquestGames(scenario: string, agent: string, n: number) {
  const times: number[] = [];
  let rounds = 0;
  let draws = 0;
  const players = FACTIONS.slice(0, 4);
  const figures = measured(n, times, () => {
    let decisions = 0;
    for (let i = 0; i < n; i++) {
      const seed = `bench-${i}`;
      const game = newGame({ content, ruleset: conquestRuleset, scenario, seed, options: { players } });
      const agents = Object.fromEntries(players.map((f) => [f, conquestAgentFactory(agent)({ faction: f, seed })]));
      for (;;) {
        const t = performance.now();
        if (!playConquestOne(game, agents)) break;
        if (times.length < MAX_TIMES) times.push(performance.now() - t);
        decisions++;
      }
      rounds += game.turn;
      if (game.winner === 'draw') draws++;
    }
    return decisions;
  });
  return { ...figures, meanRounds: rounds / n, draws };
}

/** Solitaire [001]: `n` games of a scenario by one Emperor. */
export function solitaireGames(scenario: string, agent: string, n: number) {
  const times: number[] = [];
  return measured(n, times, () => {
    let decisions = 0;
    for (let i = 0; i < n; i++) {
      const seed = `bench-${i}`;
      const game = newGame({ content, ruleset: solitaireRuleset, scenario, seed });
      const emperor = solitaireAgentFactory(agent)({ seed });
      for (;;) {
        const t = performance.now();
        if (!playSolitaireOne(game, emperor)) break;
        if (times.length < MAX_TIMES) times.push(performance.now() - t);
        decisions++;
      }
    }
    return decisions;
  });
}

/** `n` games of any scenario (conquest-*, chaos-* or a Rebels-vs-Empire one) with one agent in every seat. */
export function anyGames(scenario: string, agent: string, n: number): GamesFigures {
  if (scenario.startsWith('conquest-')) return conquestGames(scenario, agent, n);
  if (scenario.startsWith('chaos-')) return solitaireGames(scenario, agent, n);
  return starSystemGames(scenario, agent, n);
}
