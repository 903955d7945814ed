/**
 * The bloc politics soak [003, issue 45]: random conquest games with blocs, for 2 to 6 factions, with
 * the invariants checked after every command. The property test (test/systems/conquest/bloc-games.test.ts)
 * runs a few of these; the thousands run here, outside vitest, so `npm run soak` (or anyone) can call
 * `soakBlocGames` or the command line:
 *
 *   npx tsx src/cli/bloc-soak.ts [--games 1000] [--factions 2,4,6] [--seed soak] [--scenario conquest-blocs]
 *
 * It prints one line per size and a JSON summary; a broken invariant throws with the game's seed and
 * the command that broke it, and the process exits non-zero.
 */
import { bundledContent } from '../core/content/bundled';
import { newGame, gameResult } from '../core/engine/game';
import type { Json } from '../core/engine/types';
import { playConquestOut } from '../ai/conquest/play';
import { randomConquestAgent } from '../ai/conquest/random-agent';
import { BLOCS, conquestContent, FACTIONS, type FactionId } from '../../systems/conquest/content';
import { blocOf, blocsOf, chitOf, startingBribes, unanimous, victorsOf } from '../../systems/conquest/blocs';
import { buildDeck, DECKS } from '../../systems/conquest/cards';
import { conquestRuleset } from '../../systems/conquest/ruleset';
import { mapOf, optionsOfGame, stateOf, type ConquestGame } from '../../systems/conquest/state';

/**
 * What is wrong with a bloc game now, in words (empty when nothing is). `disgraced` carries the chits
 * whose extremist has been disgraced, from one call to the next of the same game: he never comes back
 * [3B2b].
 */
export function blocInvariantProblems(game: ConquestGame, disgraced: Set<string>): string[] {
  const problems: string[] = [];
  const s = stateOf(game);
  const map = mapOf(game);
  const blocs = blocsOf(game);
  if (!blocs) return ['a bloc game without bloc state'];
  const claiming = map.territories.some((t) => s.owner[t] === null);
  for (const t of map.territories) {
    const owner = s.owner[t];
    if (owner === null) continue;
    if (claiming) continue;
    if (!s.order.includes(owner!)) problems.push(`${t} is held by ${owner}, who is not seated`);
    if ((s.armies[t] ?? 0) < 1) problems.push(`${t} holds ${s.armies[t]} armies`);
  }
  const cards = s.deck.length + s.discard.length + s.order.reduce((n, f) => n + (s.hands[f]?.length ?? 0), 0);
  const deck = buildDeck(map.territories, DECKS[optionsOfGame(game).deck]).length;
  if (cards !== deck) problems.push(`${cards} cards in play, not ${deck}`);
  // [3A2f] six chits, one per colour, each showing a bloc
  if (blocs.chits.length !== FACTIONS.length) problems.push(`${blocs.chits.length} chits, not ${FACTIONS.length}`);
  if (new Set(blocs.chits.map((c) => c.faction)).size !== blocs.chits.length) problems.push('two chits of one colour');
  for (const c of blocs.chits) {
    if (!BLOCS.includes(c.shows)) problems.push(`the ${c.ideology} chit shows "${c.shows}"`);
    // [3A2g] an extremist only for a seated colour; [3B2b] a disgraced one never returns
    if (c.extremist && !s.order.includes(c.faction)) problems.push(`an extremist on the unseated ${c.faction}'s chit`);
    if (c.extremist && disgraced.has(c.ideology)) problems.push(`the ${c.ideology} extremist came back`);
    if (!c.extremist && s.order.includes(c.faction)) disgraced.add(c.ideology);
  }
  // [3B1] bribes are never negative and never made: they only change hands (a truce pays the enemy bloc)
  const total = s.order.reduce((n, f) => n + (blocs.bribes[f] ?? 0), 0);
  const start = startingBribes(conquestContent(game.content).blocs, s.order.length) * s.order.length;
  for (const f of s.order) if ((blocs.bribes[f] ?? 0) < 0) problems.push(`${f} holds ${blocs.bribes[f]} bribes`);
  if (total !== start) problems.push(`${total} bribes in play, not ${start}`);
  // [3F4] a bloc wins by the chits (every one shows it) or by Domination (no enemy holds a system), and
  // then the war reads won; war goes on only while the chits are not all one bloc
  if (blocs.victor && blocs.war !== 'won') problems.push(`the ${blocs.victor} bloc has won, yet the bloc state reads "${blocs.war}"`);
  if (blocs.war === 'won') {
    if (!blocs.victor || !blocs.ending) problems.push('the war is won, by no bloc or no way');
    else if (blocs.ending.how !== 'domination' && unanimous(blocs) !== blocs.victor) problems.push(`the war is won by ${blocs.victor} but the chits are not all ${blocs.victor}`);
    else if (blocs.ending.how === 'domination' && map.territories.some((t) => s.owner[t] && blocOf(blocs, s.owner[t]!) !== blocs.victor))
      problems.push(`the ${blocs.victor} bloc won by Domination, but an enemy holds a system`);
  }
  if (blocs.war === 'war' && unanimous(blocs) && !blocs.capitulation && !game.winner) problems.push('every chit shows one bloc, yet the war goes on');
  // the result: a bloc's win is led by one of its victors, who is of that bloc; nobody without its
  // extremist wins, as leader or member [3F4d]
  if (game.winner && game.winner !== 'draw' && blocs.victor) {
    const coalition = gameResult(game)?.coalition;
    if (!coalition || coalition.id !== blocs.victor) problems.push('a bloc won, but the result names no coalition');
    if (blocOf(blocs, game.winner) !== blocs.victor) problems.push(`${game.winner} leads the ${blocs.victor} bloc from the other one`);
    if (!victorsOf(game, blocs.victor).includes(game.winner)) problems.push(`${game.winner} is not among the victors`);
  }
  if (game.winner && game.winner !== 'draw')
    for (const f of new Set([game.winner, ...(gameResult(game)?.coalition?.members ?? [])])) if (!chitOf(blocs, f).extremist) problems.push(`${f} wins without its extremist [3F4d]`);
  if (game.pending && !game.pending.options.length) problems.push('a decision without options');
  return problems;
}

export interface SoakOptions {
  games: number;
  factions: number;
  seed?: string;
  scenario?: string;
}

export interface SoakResult {
  factions: number;
  games: number;
  decisions: number;
  warsDeclared: number;
  winsByBloc: Record<string, number>;
  draws: number;
  ms: number;
}

/** Play `games` random bloc games of `factions` factions, checking every invariant after every command. */
export function soakBlocGames({ games, factions, seed = 'soak', scenario = 'conquest-blocs' }: SoakOptions): SoakResult {
  const content = bundledContent();
  const players = FACTIONS.slice(0, factions) as FactionId[];
  const result: SoakResult = { factions, games, decisions: 0, warsDeclared: 0, winsByBloc: { loyalist: 0, independence: 0, none: 0 }, draws: 0, ms: 0 };
  const started = performance.now();
  for (let i = 0; i < games; i++) {
    const gameSeed = `${seed}-${factions}-${i}`;
    const game = newGame({ content, ruleset: conquestRuleset, scenario, seed: gameSeed, options: { players, autoPlace: i % 2 === 1 } as { [k: string]: Json } });
    const agents = Object.fromEntries(players.map((f) => [f, randomConquestAgent({ faction: f, seed: gameSeed })]));
    const disgraced = new Set<string>();
    result.decisions += playConquestOut(game, agents, {
      afterCommand: (g) => {
        const problems = blocInvariantProblems(g, disgraced);
        if (problems.length) throw new Error(`game ${gameSeed}, after ${JSON.stringify(g.log.at(-1))}: ${problems.join('; ')}`);
      },
    });
    if ((blocsOf(game)?.wars ?? 0) > 0) result.warsDeclared++;
    const coalition = gameResult(game)?.coalition;
    if (game.winner === 'draw') result.draws++;
    else result.winsByBloc[coalition?.id ?? 'none'] = (result.winsByBloc[coalition?.id ?? 'none'] ?? 0) + 1;
  }
  result.ms = performance.now() - started;
  return result;
}

function main(argv: string[]): void {
  const arg = (name: string) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const games = Number(arg('games') ?? 1000);
  const sizes = (arg('factions') ?? '2,4,6').split(',').map(Number);
  if (!Number.isInteger(games) || games < 1) throw new Error(`--games must be a whole number above 0, got "${arg('games')}"`);
  for (const n of sizes) if (!Number.isInteger(n) || n < 2 || n > 6) throw new Error(`--factions lists sizes of 2 to 6, got "${n}"`);
  const results = sizes.map((factions) => {
    const r = soakBlocGames({ games, factions, seed: arg('seed') ?? 'soak', scenario: arg('scenario') ?? 'conquest-blocs' });
    console.log(
      `${factions} factions: ${r.games} games clean, ${r.decisions} decisions checked, wars ${r.warsDeclared}, ` +
        `wins by bloc ${Object.entries(r.winsByBloc).map(([b, n]) => `${b} ${n}`).join(', ')}, draws ${r.draws}, ${(r.ms / 1000).toFixed(1)} s`,
    );
    return r;
  });
  console.log(JSON.stringify(results));
}

if (process.argv[1]?.endsWith('bloc-soak.ts')) {
  try {
    main(process.argv.slice(2));
  } catch (e) {
    console.error(`bloc-soak: ${(e as Error).message}`);
    process.exit(1);
  }
}
