/**
 * [issue 53] `npm run board-coverage`: how much of every Rebels-vs-Empire decision the board shows. Plays
 * random and normal games of every scenario (half of them with both sides' forces placed by hand, so the
 * setup's decisions come too) and, at every decision of either side, builds its board form
 * (src/words/board/forms.ts) and counts which of its options the form reaches. Prints, for each decision
 * kind met, how often and how many of its options the board presented; then `listOnly` (the kinds with an
 * option the board does not reach) and `optionsWithoutBoardForm` (how many such options were met).
 *
 *   npm run board-coverage -- [--games N] [--scenario <id>] [--seed S] [--json]
 *
 * `--games` is per scenario (default 20), split between the random and the normal AI.
 */
import { bundledContent } from '../core/content/bundled';
import type { Content } from '../core/content/validate';
import { newGame } from '../core/engine/game';
import type { Game } from '../core/engine/types';
import { agentFactory } from '../ai/registry';
import { playOne } from '../ai/play';
import { starSystemRuleset } from '../../systems/rebels-vs-empire/star-system-ruleset';
import { boardForm, presentedOptions } from '../words/board/forms';

export interface KindCoverage {
  /** The board form's family ('list': none). */
  family: string;
  /** Decisions of the kind met. */
  met: number;
  /** Their options, all told, and how many of them the board presented. */
  options: number;
  presented: number;
}

export interface Coverage {
  games: Record<string, number>;
  kinds: Record<string, KindCoverage>;
  listOnly: string[];
  optionsWithoutBoardForm: number;
}

export interface CoverageRun {
  scenarios: string[];
  /** Games per scenario, split between the agents. */
  games: number;
  agents?: string[];
  seed?: string;
  /** Stop each game after this many decisions (a test's few turns of a long game). */
  stopAfter?: number;
  content?: Content;
}

/** Tally one decision's board form into `kinds`. */
function tally(kinds: Record<string, KindCoverage>, game: Game): void {
  const d = game.pending;
  if (!d) return;
  const form = boardForm(game, d);
  const shown = presentedOptions(d, form);
  const k = (kinds[d.kind] ??= { family: form.family, met: 0, options: 0, presented: 0 });
  k.met++;
  k.options += d.options.length;
  k.presented += shown.filter(Boolean).length;
}

export function boardCoverage(run: CoverageRun): Coverage {
  const content = run.content ?? bundledContent();
  const agents = run.agents ?? ['random', 'normal'];
  const kinds: Record<string, KindCoverage> = {};
  const games: Record<string, number> = {};
  for (const scenario of run.scenarios) {
    for (let i = 0; i < run.games; i++) {
      const agent = agents[i % agents.length] as string;
      const seed = `${run.seed ?? 'board'}-${scenario}-${i}`;
      const game = newGame({ content, ruleset: starSystemRuleset, scenario, seed, handPlacement: i % 4 === 1 || i % 4 === 2 ? ['rebel', 'imperial'] : [] });
      const players = { rebel: agentFactory(agent)({ side: 'rebel', seed: `${seed}-r` }), imperial: agentFactory(agent)({ side: 'imperial', seed: `${seed}-i` }) };
      for (let n = 0; !game.winner && game.pending && n < (run.stopAfter ?? 200_000); n++) {
        tally(kinds, game);
        playOne(game, players);
      }
      games[scenario] = (games[scenario] ?? 0) + 1;
    }
  }
  const listOnly = Object.entries(kinds)
    .filter(([, k]) => k.presented < k.options)
    .map(([kind]) => kind)
    .sort();
  const optionsWithoutBoardForm = Object.values(kinds).reduce((n, k) => n + k.options - k.presented, 0);
  return { games, kinds: Object.fromEntries(Object.entries(kinds).sort(([a], [b]) => a.localeCompare(b))), listOnly, optionsWithoutBoardForm };
}

function main(argv: string[]): number {
  const arg = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const content = bundledContent();
  const scenario = arg('scenario');
  if (scenario && !content.scenarios.has(scenario)) {
    console.error(`There is no scenario "${scenario}"; there are: ${[...content.scenarios.keys()].join(', ')}`);
    return 2;
  }
  const games = Number(arg('games') ?? 20);
  if (!Number.isInteger(games) || games < 1) {
    console.error(`--games must be a whole number from 1, got "${arg('games')}"`);
    return 2;
  }
  const t0 = Date.now();
  const out = boardCoverage({ scenarios: scenario ? [scenario] : [...content.scenarios.keys()], games, seed: arg('seed'), content });
  if (!argv.includes('--json')) {
    console.log(`${Object.entries(out.games).map(([s, n]) => `${s} ${n}`).join(', ')} games, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    console.log('kind                       family    met   options  on the board');
    for (const [kind, k] of Object.entries(out.kinds)) console.log(`${kind.padEnd(26)} ${k.family.padEnd(8)} ${String(k.met).padStart(5)} ${String(k.options).padStart(9)}  ${k.presented} (${((100 * k.presented) / Math.max(1, k.options)).toFixed(1)}%)`);
    console.log(`listOnly: ${out.listOnly.join(', ') || 'none'}; optionsWithoutBoardForm: ${out.optionsWithoutBoardForm}`);
  } else console.log(JSON.stringify(out, null, 1));
  return 0;
}

if (import.meta.url === `file://${process.argv[1]}`) process.exitCode = main(process.argv.slice(2));
