/**
 * A batch of simulated games, as plain data, and what one game of it comes to: the simulator's part that
 * worker threads share (sim-workers.ts). `playRecord(batch, i)` plays the i-th game, seeded `<seed>-<i>`,
 * and returns its `GameRecord`: the turn and winner it ended on, its state hash and decisions, and what
 * its ruleset's summary counts. `summarise` makes the summary from the records in game order, so the
 * same batch gives the same summary (timings aside) however many threads played it.
 */
import { bundledContent } from '../core/content/bundled';
import { isGalactic } from '../core/content/validate';
import { gameResult, newGame, stateHash } from '../core/engine/game';
import type { AnyGame, Game, Json } from '../core/engine/types';
import { agentFactory } from '../ai/registry';
import { playOut } from '../ai/play';
import { starSystemRuleset } from '../../systems/rebels-vs-empire/star-system-ruleset';
import { chaosIndex, victoryLevel } from '../../systems/rebels-vs-empire/chaos';
import { rebelVictoryPoints } from '../../systems/rebels-vs-empire/victory';
import { conquestRuleset } from '../../systems/conquest/ruleset';
import type { FactionId } from '../../systems/conquest/content';
import { conquestAgentFactory } from '../ai/conquest/registry';
import { playConquestOut } from '../ai/conquest/play';
import { addBlocFigures, emptyBlocFigures, mergeBlocFigures, type BlocFigures } from './bloc-figures';
import { solitaireRuleset } from '../../systems/solitaire/ruleset';
import { LEVELS, stateOf as solitaireState } from '../../systems/solitaire/state';
import { solitaireAgentFactory } from '../ai/solitaire/registry';
import { playSolitaireOut } from '../ai/solitaire/play';

/** The games to play, checked already (simulator.ts refuses bad arguments before a batch is made). */
export type Batch = { scenario: string; games: number; seed: string } & (
  | { ruleset: 'rebels-vs-empire'; rebel: string; imperial: string; options: { [key: string]: Json } }
  | { ruleset: 'conquest'; agents: string[]; seats: FactionId[]; blocs: boolean; options: { [key: string]: Json }; mapFile?: string }
  | { ruleset: 'solitaire'; imperial: string; options: { [key: string]: Json } }
);

/** The galactic game's figures of one game (galacticTally adds them up). */
interface GalacticRecord {
  level: string;
  chaos: number;
  points: number;
  /** Each strategic assignment judged: its card's goal and whether it was met. */
  assignments: { goal: string; met: boolean }[];
}

/** One game, as the summary needs it. */
export interface GameRecord {
  turn: number;
  winner: string;
  hash: string;
  decisions: number;
  galactic?: GalacticRecord;
  solitaire?: { level: string; universal: boolean; vp: number };
  conquest?: { seat: number; coalition: string | null; blocs: BlocFigures | null };
}

/** Play the batch's i-th game to its end. */
export function playRecord(batch: Batch, index: number): GameRecord {
  const content = bundledContent();
  const seed = `${batch.seed}-${index}`;
  if (batch.ruleset === 'rebels-vs-empire') {
    const game = newGame({ content, ruleset: starSystemRuleset, scenario: batch.scenario, seed, options: batch.options });
    const decisions = playOut(game, {
      rebel: agentFactory(batch.rebel)({ side: 'rebel', seed }),
      imperial: agentFactory(batch.imperial)({ side: 'imperial', seed }),
    });
    return { ...ended(game, decisions), ...(isGalactic(game.scenario) ? { galactic: galacticRecord(game) } : {}) };
  }
  if (batch.ruleset === 'conquest') {
    const game = newGame({ content, ruleset: conquestRuleset, scenario: batch.scenario, seed, options: batch.options });
    const agents = Object.fromEntries(batch.seats.map((f, seat) => [f, conquestAgentFactory(batch.agents[seat]!)({ faction: f, seed })]));
    const decisions = playConquestOut(game, agents);
    const seat = game.winner && game.winner !== 'draw' ? batch.seats.indexOf(game.winner) : -1;
    let blocs: BlocFigures | null = null;
    if (batch.blocs) addBlocFigures((blocs = emptyBlocFigures()), game);
    return { ...ended(game, decisions), conquest: { seat, coalition: gameResult(game)?.coalition?.id ?? null, blocs } };
  }
  const game = newGame({ content, ruleset: solitaireRuleset, scenario: batch.scenario, seed, options: batch.options });
  const decisions = playSolitaireOut(game, solitaireAgentFactory(batch.imperial)({ seed }));
  const outcome = solitaireState(game).outcome!;
  return { ...ended(game, decisions), solitaire: { level: outcome.level, universal: outcome.universal, vp: outcome.vp } };
}

function ended(game: AnyGame, decisions: number): GameRecord {
  return { turn: game.turn, winner: String(game.winner ?? 'none'), hash: stateHash(game), decisions };
}

/** [001 victory levels] where a galactic game ended, and the Empire's strategic assignments judged in it. */
function galacticRecord(game: Game): GalacticRecord {
  const goalOf = new Map(game.content.galactic.assignments.map((a) => [a.id, a.goal.kind]));
  const assignments: GalacticRecord['assignments'] = [];
  for (const e of game.events) {
    // the judged assignment's event carries `met`; the one that draws it does not
    if (e.kind !== 'assignment' || typeof e.data?.met !== 'boolean') continue;
    assignments.push({ goal: goalOf.get(String(e.data.card)) ?? '?', met: e.data.met });
  }
  return { level: victoryLevel(game).name, chaos: chaosIndex(game), points: rebelVictoryPoints(game), assignments };
}

/**
 * How long the games lasted: `lengths` counts the games by the turn (or round) they were decided on, and
 * by winner; `medianTurn` is the median of those turns over all games (a game played to its last turn is
 * decided on it).
 */
function gameLengths(ended: readonly { turn: number; winner: string }[]) {
  const lengths: Record<string, number> = {};
  const byWinner: Record<string, Record<string, number>> = {};
  for (const { turn, winner } of ended) {
    lengths[turn] = (lengths[turn] ?? 0) + 1;
    const mine = (byWinner[winner] ??= {});
    mine[turn] = (mine[turn] ?? 0) + 1;
  }
  const turns = ended.map((g) => g.turn).sort((a, b) => a - b);
  const mid = turns.length / 2;
  const medianTurn = turns.length ? (turns.length % 2 ? turns[Math.floor(mid)]! : (turns[mid - 1]! + turns[mid]!) / 2) : null;
  return { lengths, lengthsByWinner: byWinner, medianTurn };
}

/**
 * What every ruleset's summary ends with: mean turns, how long the games lasted (a histogram of the
 * deciding turn, by winner, and its median), time and decisions per second, each game's final hash.
 */
function played(records: readonly GameRecord[], ms: number) {
  const games = records.length;
  const decisions = records.reduce((n, r) => n + r.decisions, 0);
  return {
    meanTurns: records.reduce((n, r) => n + r.turn, 0) / games,
    ...gameLengths(records),
    msPerGame: ms / games,
    decisionsPerSecond: decisions / (ms / 1000),
    stateHashes: records.map((r) => r.hash),
  };
}

/**
 * The galactic game's tally beside the wins (docs/rules.md, "The Chaos Index"): how many games ended at
 * each of the Empire's victory levels (a Rebel win is a Collapse), the mean final Chaos Index, and the
 * strategic assignments carried out and failed, in all and by goal. The Empire's play on its
 * assignments shows only here: they move the index, never the victory points.
 */
function galacticTally(records: readonly GameRecord[]) {
  const levels: Record<string, number> = Object.fromEntries(bundledContent().galactic.chaos.levels.map((l) => [l.name, 0]));
  const byGoal: Record<string, { met: number; failed: number }> = {};
  const assignments = { met: 0, failed: 0 };
  // the Rebel's galactic victory points when each game ended, by count (a Rebel win ends at the target or above)
  const rebelPoints: Record<string, number> = {};
  let chaos = 0;
  // the index decides the level only when the Empire wins (a Rebel win is a Collapse whatever it is)
  const empireWins = { games: 0, chaos: 0 };
  for (const r of records) {
    const g = r.galactic!;
    levels[g.level] = (levels[g.level] ?? 0) + 1;
    chaos += g.chaos;
    rebelPoints[g.points] = (rebelPoints[g.points] ?? 0) + 1;
    if (r.winner === 'imperial') (empireWins.games++, (empireWins.chaos += g.chaos));
    for (const { goal, met } of g.assignments) {
      const tally = (byGoal[goal] ??= { met: 0, failed: 0 });
      if (met) (assignments.met++, tally.met++);
      else (assignments.failed++, tally.failed++);
    }
  }
  return {
    levels,
    meanChaos: chaos / records.length,
    meanChaosWhenEmpireWins: empireWins.games ? empireWins.chaos / empireWins.games : null,
    assignments: { ...assignments, byGoal },
    rebelPoints,
  };
}

/** The summary of a batch from its games' records (in game order) and the time they took; and its lines in words. */
export function summarise(batch: Batch, records: readonly GameRecord[], ms: number): { summary: { [key: string]: unknown }; lines: string[] } {
  const { games, seed, scenario } = batch;
  const rate = (s: { meanTurns: number; msPerGame: number; decisionsPerSecond: number }, turns: string) =>
    `${s.meanTurns.toFixed(2)} ${turns}, ${s.msPerGame.toFixed(1)} ms/game, ${Math.round(s.decisionsPerSecond)} decisions/s`;
  if (batch.ruleset === 'rebels-vs-empire') {
    const count = (side: string) => records.filter((r) => r.winner === side).length;
    const rebelWins = count('rebel');
    const imperialWins = count('imperial');
    const galactic = records[0]?.galactic ? galacticTally(records) : null;
    const domino = (batch.options.domino as string | undefined) ?? bundledContent().scenarios.get(scenario)!.domino ?? 'chain';
    const rest = played(records, ms);
    const summary = { scenario, rebel: batch.rebel, imperial: batch.imperial, domino, seed, games, rebelWins, imperialWins, draws: games - rebelWins - imperialWins, ...(galactic ? { galactic } : {}), ...rest };
    const lines = [`${scenario}: ${games} games, Rebel ${rebelWins}, Imperial ${imperialWins}, draws ${summary.draws}, ${rate(rest, 'turns')}`];
    if (galactic)
      lines.push(
        `Empire's levels ${Object.entries(galactic.levels).map(([l, n]) => `${l} ${n}`).join(', ')}; mean final Chaos Index ${galactic.meanChaos.toFixed(1)} ` +
          `(${galactic.meanChaosWhenEmpireWins?.toFixed(1) ?? '-'} in the Empire's wins); ` +
          `assignments carried out ${galactic.assignments.met}, failed ${galactic.assignments.failed}`,
      );
    return { summary, lines };
  }
  if (batch.ruleset === 'solitaire') {
    const levels: Record<string, number> = Object.fromEntries(LEVELS.map((l) => [l, 0]));
    let universal = 0;
    let vp = 0;
    for (const r of records) {
      const s = r.solitaire!;
      levels[s.level] = (levels[s.level] ?? 0) + 1;
      if (s.universal) universal++;
      vp += s.vp;
    }
    const rest = played(records, ms);
    const summary = {
      scenario,
      imperial: batch.imperial,
      seed,
      games,
      levels,
      survivalOrBetter: levels.survival! + levels.expanding! + levels.galactic!,
      universalVictories: universal,
      meanVictoryPoints: vp / games,
      ...rest,
    };
    const line = `${scenario}: ${games} games by ${batch.imperial}: ${LEVELS.map((l) => `${l} ${levels[l]}`).join(', ')}; ${summary.meanVictoryPoints.toFixed(1)} VP, ${rest.msPerGame.toFixed(1)} ms/game, ${Math.round(rest.decisionsPerSecond)} decisions/s`;
    return { summary, lines: [line] };
  }
  const { seats, agents, options } = batch;
  const winsBySeat = seats.map(() => 0);
  let draws = 0;
  // Bloc politics [003]: games in which war broke out, and wins by bloc (a seat's win is its bloc's
  // leading member's: `winsBySeat` credits the leader)
  const blocFigures = emptyBlocFigures();
  const winsByBloc: Record<string, number> = { loyalist: 0, independence: 0, none: 0 };
  for (const r of records) {
    const { seat, coalition, blocs } = r.conquest!;
    if (seat >= 0) winsBySeat[seat] = (winsBySeat[seat] ?? 0) + 1;
    else draws++;
    if (!batch.blocs) continue;
    if (blocs) mergeBlocFigures(blocFigures, blocs);
    if (coalition) winsByBloc[coalition] = (winsByBloc[coalition] ?? 0) + 1;
    else if (seat >= 0) winsByBloc.none = (winsByBloc.none ?? 0) + 1;
  }
  const rest = played(records, ms);
  const summary = {
    scenario,
    players: seats.length,
    agents,
    factions: seats,
    cards: options.cards,
    deck: options.deck ?? 'classic',
    ...(batch.mapFile !== undefined ? { map: batch.mapFile } : {}),
    autoPlace: options.autoPlace,
    recycle: options.recycle,
    seed,
    games,
    winsBySeat,
    draws,
    ...(batch.blocs ? { warsDeclared: blocFigures.warsDeclared, winsByBloc, blocs: blocFigures } : {}),
    ...rest,
  };
  const line =
    `${scenario}: ${games} games, wins by seat ${seats.map((f, i) => `${agents[i]} (${f}) ${winsBySeat[i]}`).join(', ')}, draws ${draws}, ` +
    (batch.blocs
      ? `wars ${blocFigures.warsDeclared}, defections ${blocFigures.defections}, sneak attacks ${blocFigures.sneakAttacks}, truces ${blocFigures.truces}, wins by bloc ${Object.entries(winsByBloc).map(([b, n]) => `${b} ${n}`).join(', ')}, `
      : '') +
    rate(rest, 'rounds');
  return { summary, lines: [line] };
}
