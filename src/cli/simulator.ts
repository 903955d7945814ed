/**
 * The headless simulator, as a function of its arguments and where it prints (src/cli/sim.ts runs it as
 * `npm run sim`; the simulator's tests call it in this process, without a node start per case).
 *
 *   npm run sim -- --scenario <id> --games <n> --seed <s> [--rebel <agent>] [--imperial <agent>] [--domino chain|single|off] [--json]
 *   npm run sim -- --scenario conquest-<id> --players <2-6> --agents <a,b,...> [--cards increasing|fixed|italian]
 *                  [--deck classic|wild] [--map <map file>] [--auto-place] [--no-recycle] [--manual-defend]
 *                  --games <n> --seed <s> [--json]
 *   npm run sim -- --scenario chaos-<id> --games <n> --seed <s> [--imperial <agent>] [--rules expeditions,illumination,trans-humans] [--json]
 *   npm run sim -- --list [--json]
 *   npm run sim -- --replay <save.json> [--json]
 *   npm run sim -- --help        (every option, by game: `SIM_OPTIONS`)
 *
 * With --json the last line of output is one JSON object; a galactic scenario's adds `galactic` (the
 * Empire's victory levels, the mean final Chaos Index, the strategic assignments carried out and failed,
 * the Rebel's galactic victory points at the end by count);
 * a conquest scenario with blocs (its id contains "blocs") adds `warsDeclared` (games in which the war of
 * independence broke out), `winsByBloc` (a bloc's wins; `winsBySeat` credits its leading faction) and
 * `blocs` (defections, sneak attacks, truces and the rest: bloc-figures.ts).
 * The same arguments always give the same state hashes. A bad argument or a refused save ends with one
 * clear line and a non-zero exit.
 */
import { readFileSync } from 'node:fs';
import { bundledContent } from '../core/content/bundled';
import { ContentError, isGalactic } from '../core/content/validate';
import { chaosIndex, victoryLevel } from '../../systems/rebels-vs-empire/chaos';
import { rebelVictoryPoints } from '../../systems/rebels-vs-empire/victory';
import { gameResult, newGame, stateHash } from '../core/engine/game';
import type { AnyGame, Game, Json } from '../core/engine/types';
import { loadSave } from '../core/save';
import { agentFactory, agentNames } from '../ai/registry';
import { playOut } from '../ai/play';
import { starSystemRuleset } from '../../systems/rebels-vs-empire/star-system-ruleset';
import { conquestRuleset } from '../../systems/conquest/ruleset';
import { CARD_OPTIONS, conquestOptionsProblem, FACTIONS } from '../../systems/conquest/content';
import { DECKS } from '../../systems/conquest/cards';
import { CONQUEST_AGENTS, conquestAgentFactory } from '../ai/conquest/registry';
import { playConquestOut } from '../ai/conquest/play';
import { addBlocFigures, emptyBlocFigures } from './bloc-figures';
import { solitaireRuleset } from '../../systems/solitaire/ruleset';
import { LEVELS, stateOf as solitaireState } from '../../systems/solitaire/state';
import { SOLITAIRE_AGENTS, solitaireAgentFactory } from '../ai/solitaire/registry';
import { playSolitaireOut } from '../ai/solitaire/play';
import { lookUp } from '../ai/by-name';
import { DOMINO_RULES } from '../core/content/schema';
import { OPTIONAL_RULES } from '../../systems/solitaire/content';

class UsageError extends Error {}

/** Where the simulator prints: each call is one line (the --json summary is the last). */
let print: (line: string) => void = (line) => console.log(line);

interface Args {
  [flag: string]: string | boolean;
}

/**
 * Every option the simulator takes, for which games, with its values and what it does: the parser reads
 * its names from here and `--help` prints it, so no option goes unlisted.
 */
export const SIM_OPTIONS: { name: string; value?: string; games: 'every' | 'Rebels vs Empire' | 'conquest' | 'solitaire'; help: () => string }[] = [
  { name: 'scenario', value: '<id>', games: 'every', help: () => 'the scenario (--list names them all): a conquest one starts "conquest-", a solitaire one "chaos-"' },
  { name: 'games', value: '<n>', games: 'every', help: () => 'how many games to play (10 unless told)' },
  { name: 'seed', value: '<s>', games: 'every', help: () => 'the seed; game i is seeded "<s>-<i>" (1 unless told)' },
  { name: 'json', games: 'every', help: () => 'end with one line of JSON: the summary' },
  { name: 'list', games: 'every', help: () => 'list every scenario (with --json, their ids)' },
  { name: 'replay', value: '<save.json>', games: 'every', help: () => 'load a save of the star-system ruleset and print its state hash, turn and winner' },
  { name: 'help', games: 'every', help: () => 'print this' },
  { name: 'rebel', value: '<agent>', games: 'Rebels vs Empire', help: () => `the Rebel's agent: ${agentNames().join(', ')} (random unless told)` },
  { name: 'imperial', value: '<agent>', games: 'Rebels vs Empire', help: () => `the Empire's agent: ${agentNames().join(', ')} (random unless told); in solitaire the Emperor's: ${Object.keys(SOLITAIRE_AGENTS).join(', ')}` },
  { name: 'domino', value: '<rule>', games: 'Rebels vs Empire', help: () => `the domino chapter [000]: ${DOMINO_RULES.join(', ')} (the scenario's own unless told)` },
  { name: 'players', value: '<2-6>', games: 'conquest', help: () => 'how many factions (as many as --agents names, else 4)' },
  { name: 'agents', value: '<a,b,...>', games: 'conquest', help: () => `one agent a seat, in seat order: ${Object.keys(CONQUEST_AGENTS).join(', ')} (random unless told)` },
  { name: 'cards', value: '<option>', games: 'conquest', help: () => `what a set of cards turned in is worth [002]: ${CARD_OPTIONS.join(', ')} (increasing unless told)` },
  { name: 'deck', value: '<deck>', games: 'conquest', help: () => `the deck of cards: ${Object.keys(DECKS).join(', ')} (classic, two wildcards, unless told)` },
  { name: 'map', value: '<map file>', games: 'conquest', help: () => 'a custom map (JSON) instead of the galaxy' },
  { name: 'auto-place', games: 'conquest', help: () => 'the starting armies placed automatically (Auto Place All)' },
  { name: 'no-recycle', games: 'conquest', help: () => 'Recycle Cards off: a spent deck is not made again from the cards traded' },
  { name: 'manual-defend', games: 'conquest', help: () => 'Auto-Defend off: each defender chooses how many dice he rolls' },
  { name: 'rules', value: '<r,s,...>', games: 'solitaire', help: () => `optional rules [001]: ${OPTIONAL_RULES.join(', ')}` },
];

/** `--help`: every option, by the games it is for. */
function usage(): string[] {
  const lines = [
    'usage: npm run sim -- --scenario <id> --games <n> --seed <s> [options] [--json]',
    '       npm run sim -- --list [--json] | --replay <save.json> [--json] | --help',
  ];
  for (const games of ['every', 'Rebels vs Empire', 'conquest', 'solitaire'] as const) {
    lines.push('', games === 'every' ? 'every game:' : `${games}:`);
    for (const o of SIM_OPTIONS.filter((x) => x.games === games)) lines.push(`  --${o.name}${o.value ? ` ${o.value}` : ''}`.padEnd(30) + o.help());
  }
  lines.push('', 'In a solitaire game the Emperor is --imperial; a Rebels-vs-Empire game takes --rebel and --imperial, a conquest game --agents.');
  return lines;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {};
  const flags = new Set(SIM_OPTIONS.filter((o) => !o.value).map((o) => o.name));
  const valued = new Set(SIM_OPTIONS.filter((o) => o.value).map((o) => o.name));
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument "${arg}"`);
    const name = arg.slice(2);
    if (flags.has(name)) args[name] = true;
    else if (valued.has(name)) {
      const value = argv[++i];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value`);
      args[name] = value;
    } else throw new UsageError(`unknown option --${name} (--help lists them)`);
  }
  return args;
}

function wholeNumber(value: string | boolean | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000) throw new UsageError(`--${name} must be a whole number from 1, got "${String(value)}"`);
  return n;
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
 * Play `games` games, the i-th seeded `<seed>-<i>`: `play` plays one out and keeps its own tallies. Returns
 * what every ruleset's summary ends with: mean turns, how long the games lasted (a histogram of the
 * deciding turn, by winner, and its median), time and decisions per second, each game's final hash.
 */
function playGames(games: number, seed: string, json: boolean, play: (gameSeed: string) => { game: AnyGame; decisions: number }) {
  let turns = 0;
  let decisions = 0;
  const stateHashes: string[] = [];
  const ended: { turn: number; winner: string }[] = [];
  const started = performance.now();
  for (let i = 0; i < games; i++) {
    const { game, decisions: taken } = play(`${seed}-${i}`);
    decisions += taken;
    turns += game.turn;
    ended.push({ turn: game.turn, winner: String(game.winner ?? 'none') });
    stateHashes.push(stateHash(game));
    if (!json && (i + 1) % Math.max(1, Math.floor(games / 10)) === 0) print(`${i + 1}/${games} games`);
  }
  const ms = performance.now() - started;
  return { meanTurns: turns / games, ...gameLengths(ended), msPerGame: ms / games, decisionsPerSecond: decisions / (ms / 1000), stateHashes };
}

function main(argv: string[]): void {
  const args = parseArgs(argv);
  const content = bundledContent();
  const ruleset = starSystemRuleset;
  const json = args.json === true;

  if (args.help) {
    for (const line of usage()) print(line);
    return;
  }
  if (args.list) {
    const conquest = [...conquestRuleset.scenarios(content).values()];
    const solitaire = [...solitaireRuleset.scenarios(content).values()];
    const ids = [...content.scenarios.keys(), ...conquest.map((s) => s.id), ...solitaire.map((s) => s.id)];
    if (!json) {
      for (const s of content.scenarios.values()) print(`${s.id}\t${s.kind}\t${s.turns} turns\t${s.name}`);
      for (const s of conquest) print(`${s.id}\tconquest\t${s.gameType}\t${s.name}`);
      for (const s of solitaire) print(`${s.id}\tsolitaire\t${s.sweep ? 'until a Universal Victory' : `${s.turns} turns`}\t${s.name}`);
    }
    print(JSON.stringify(ids));
    return;
  }
  if (typeof args.scenario === 'string' && args.scenario.startsWith('conquest-')) return simulateConquest(args, content, json);
  if (typeof args.scenario === 'string' && args.scenario.startsWith('chaos-')) return simulateSolitaire(args, content, json);
  if (typeof args.replay === 'string') {
    let text: string;
    try {
      text = readFileSync(args.replay, 'utf8');
    } catch (e) {
      throw new UsageError(`cannot read the save "${args.replay}": ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    const result = loadSave(text, { content, ruleset });
    if (!result.ok) throw new UsageError(`refused ${args.replay}: ${result.message}`);
    print(JSON.stringify({ stateHash: stateHash(result.game), turn: result.game.turn, winner: result.game.winner }));
    return;
  }

  const scenario = typeof args.scenario === 'string' ? args.scenario : [...content.scenarios.keys()][0];
  if (!scenario || !content.scenarios.has(scenario))
    throw new UsageError(`there is no scenario "${String(args.scenario)}"; there are: ${[...content.scenarios.keys()].join(', ')}`);
  const games = wholeNumber(args.games, 'games', 10);
  const seed = typeof args.seed === 'string' ? args.seed : '1';
  const rebelName = typeof args.rebel === 'string' ? args.rebel : 'random';
  const imperialName = typeof args.imperial === 'string' ? args.imperial : 'random';
  for (const name of [rebelName, imperialName])
    if (!agentNames().includes(name)) throw new UsageError(`there is no agent "${name}"; there are: ${agentNames().join(', ')}`);

  // the domino chapter as the scenario plays it, or as --domino says (000 15.x, an optional rule)
  const options: { [key: string]: Json } = typeof args.domino === 'string' ? { domino: args.domino } : {};
  const problem = ruleset.optionsProblem!(options, content.scenarios.get(scenario)!);
  if (problem) throw new UsageError(problem);
  const domino = (options.domino as string | undefined) ?? content.scenarios.get(scenario)!.domino ?? 'chain';

  let rebelWins = 0;
  let imperialWins = 0;
  let draws = 0;
  const galactic = isGalactic(content.scenarios.get(scenario)!) ? galacticTally(content) : null;
  const played = playGames(games, seed, json, (gameSeed) => {
    const game = newGame({ content, ruleset, scenario, seed: gameSeed, options });
    const agents = {
      rebel: agentFactory(rebelName)({ side: 'rebel', seed: gameSeed }),
      imperial: agentFactory(imperialName)({ side: 'imperial', seed: gameSeed }),
    };
    const decisions = playOut(game, agents);
    if (game.winner === 'rebel') rebelWins++;
    else if (game.winner === 'imperial') imperialWins++;
    else draws++;
    galactic?.add(game);
    return { game, decisions };
  });
  const summary = {
    scenario,
    rebel: rebelName,
    imperial: imperialName,
    domino,
    seed,
    games,
    rebelWins,
    imperialWins,
    draws,
    ...(galactic ? { galactic: galactic.summary(games) } : {}),
    ...played,
  };
  if (!json) {
    print(
      `${scenario}: ${games} games, Rebel ${rebelWins}, Imperial ${imperialWins}, draws ${draws}, ` +
        `${summary.meanTurns.toFixed(2)} turns, ${summary.msPerGame.toFixed(1)} ms/game, ${Math.round(summary.decisionsPerSecond)} decisions/s`,
    );
    if (summary.galactic) {
      const g = summary.galactic;
      print(
        `Empire's levels ${Object.entries(g.levels).map(([l, n]) => `${l} ${n}`).join(', ')}; mean final Chaos Index ${g.meanChaos.toFixed(1)} ` +
          `(${g.meanChaosWhenEmpireWins?.toFixed(1) ?? '-'} in the Empire's wins); ` +
          `assignments carried out ${g.assignments.met}, failed ${g.assignments.failed}`,
      );
    }
  }
  print(JSON.stringify(summary));
}

/**
 * The galactic game's tally beside the wins (docs/rules.md, "The Chaos Index"): how many games ended at
 * each of the Empire's victory levels (a Rebel win is a Collapse), the mean final Chaos Index, and the
 * strategic assignments carried out and failed, in all and by goal. The Empire's play on its
 * assignments shows only here: they move the index, never the victory points.
 */
function galacticTally(content: ReturnType<typeof bundledContent>) {
  const levels: Record<string, number> = Object.fromEntries(content.galactic.chaos.levels.map((l) => [l.name, 0]));
  const goalOf = new Map(content.galactic.assignments.map((a) => [a.id, a.goal.kind]));
  const byGoal: Record<string, { met: number; failed: number }> = {};
  const assignments = { met: 0, failed: 0 };
  // the Rebel's galactic victory points when each game ended, by count (a Rebel win ends at the target or above)
  const rebelPoints: Record<string, number> = {};
  let chaos = 0;
  // the index decides the level only when the Empire wins (a Rebel win is a Collapse whatever it is)
  const empireWins = { games: 0, chaos: 0 };
  return {
    add(game: Game): void {
      const level = victoryLevel(game).name;
      levels[level] = (levels[level] ?? 0) + 1;
      chaos += chaosIndex(game);
      const points = rebelVictoryPoints(game);
      rebelPoints[points] = (rebelPoints[points] ?? 0) + 1;
      if (game.winner === 'imperial') (empireWins.games++, (empireWins.chaos += chaosIndex(game)));
      for (const e of game.events) {
        // the judged assignment's event carries `met`; the one that draws it does not
        if (e.kind !== 'assignment' || typeof e.data?.met !== 'boolean') continue;
        const goal = goalOf.get(String(e.data.card)) ?? '?';
        const tally = (byGoal[goal] ??= { met: 0, failed: 0 });
        if (e.data.met) (assignments.met++, tally.met++);
        else (assignments.failed++, tally.failed++);
      }
    },
    summary: (games: number) => ({
      levels,
      meanChaos: chaos / games,
      meanChaosWhenEmpireWins: empireWins.games ? empireWins.chaos / empireWins.games : null,
      assignments: { ...assignments, byGoal },
      rebelPoints,
    }),
  };
}

/**
 * Solitaire games [001]: an agent plays the Emperor against Chaos. The JSON adds `levels`: how many games
 * ended at each victory level, from Collapse to Galactic.
 */
function simulateSolitaire(args: Args, content: ReturnType<typeof bundledContent>, json: boolean): void {
  for (const flag of ['rebel', 'agents', 'players']) if (args[flag] !== undefined) throw new UsageError(`--${flag} is not for a solitaire game; the Emperor's agent is --imperial`);
  const scenario = args.scenario as string;
  const scenarios = solitaireRuleset.scenarios(content);
  if (!scenarios.has(scenario)) throw new UsageError(`there is no solitaire scenario "${scenario}"; there are: ${[...scenarios.keys()].join(', ')}`);
  const games = wholeNumber(args.games, 'games', 10);
  const seed = typeof args.seed === 'string' ? args.seed : '1';
  const agentName = typeof args.imperial === 'string' ? args.imperial : 'random';
  if (!lookUp(SOLITAIRE_AGENTS, agentName)) throw new UsageError(`there is no solitaire agent "${agentName}"; there are: ${Object.keys(SOLITAIRE_AGENTS).join(', ')}`);
  const options: { [key: string]: Json } = typeof args.rules === 'string' ? { rules: args.rules.split(',').filter(Boolean) } : {};
  const problem = solitaireRuleset.optionsProblem!(options, scenarios.get(scenario)!);
  if (problem) throw new UsageError(problem);
  const levels: Record<string, number> = Object.fromEntries(LEVELS.map((l) => [l, 0]));
  let universal = 0;
  let vp = 0;
  const played = playGames(games, seed, json, (gameSeed) => {
    const game = newGame({ content, ruleset: solitaireRuleset, scenario, seed: gameSeed, options });
    const decisions = playSolitaireOut(game, solitaireAgentFactory(agentName)({ seed: gameSeed }));
    const outcome = solitaireState(game).outcome!;
    levels[outcome.level] = (levels[outcome.level] ?? 0) + 1;
    if (outcome.universal) universal++;
    vp += outcome.vp;
    return { game, decisions };
  });
  const summary = {
    scenario,
    imperial: agentName,
    seed,
    games,
    levels,
    survivalOrBetter: levels.survival! + levels.expanding! + levels.galactic!,
    universalVictories: universal,
    meanVictoryPoints: vp / games,
    ...played,
  };
  if (!json)
    print(
      `${scenario}: ${games} games by ${agentName}: ${LEVELS.map((l) => `${l} ${levels[l]}`).join(', ')}; ` +
        `${summary.meanVictoryPoints.toFixed(1)} VP, ${summary.msPerGame.toFixed(1)} ms/game, ${Math.round(summary.decisionsPerSecond)} decisions/s`,
    );
  print(JSON.stringify(summary));
}

/** Conquest games [002]: one agent per seat; seat i plays the i-th faction; the order of play is drawn. */
function simulateConquest(args: Args, content: ReturnType<typeof bundledContent>, json: boolean): void {
  for (const flag of ['rebel', 'imperial']) if (args[flag] !== undefined) throw new UsageError(`--${flag} is for the star-system game; a conquest game takes --agents`);
  const scenario = args.scenario as string;
  const scenarios = conquestRuleset.scenarios(content);
  if (!scenarios.has(scenario)) throw new UsageError(`there is no conquest scenario "${scenario}"; there are: ${[...scenarios.keys()].join(', ')}`);
  const agentList = typeof args.agents === 'string' ? args.agents.split(',') : undefined;
  const players = wholeNumber(args.players, 'players', agentList?.length ?? 4);
  if (players < 2 || players > 6) throw new UsageError(`--players must be 2 to 6, got ${players}`);
  const agentNamesBySeat = agentList ?? Array.from({ length: players }, () => 'random');
  if (agentNamesBySeat.length !== players) throw new UsageError(`--agents names ${agentNamesBySeat.length} agents for ${players} players`);
  for (const name of agentNamesBySeat)
    if (!lookUp(CONQUEST_AGENTS, name)) throw new UsageError(`there is no conquest agent "${name}"; there are: ${Object.keys(CONQUEST_AGENTS).join(', ')}`);
  const cards = typeof args.cards === 'string' ? args.cards : 'increasing';
  if (!(CARD_OPTIONS as readonly string[]).includes(cards)) throw new UsageError(`--cards must be one of ${CARD_OPTIONS.join(', ')}, got "${cards}"`);
  const games = wholeNumber(args.games, 'games', 10);
  const seed = typeof args.seed === 'string' ? args.seed : '1';
  const seats = FACTIONS.slice(0, players);
  const deck = typeof args.deck === 'string' ? args.deck : undefined;
  if (deck !== undefined && !Object.hasOwn(DECKS, deck)) throw new UsageError(`--deck must be one of ${Object.keys(DECKS).join(', ')}, got "${deck}"`);
  const options = {
    players: seats,
    cards,
    autoPlace: args['auto-place'] === true,
    recycle: args['no-recycle'] !== true,
    autoDefend: args['manual-defend'] !== true,
    ...(deck ? { deck } : {}),
    ...(typeof args.map === 'string' ? { map: readMapFile(args.map) } : {}),
  };
  const problem = conquestOptionsProblem(options, scenarios.get(scenario)!);
  if (problem) throw new UsageError(problem);

  const winsBySeat = seats.map(() => 0);
  let draws = 0;
  // Bloc politics [003]: games in which war broke out, and wins by bloc (a seat's win is its bloc's
  // leading member's: `winsBySeat` credits the leader)
  const blocGame = scenarios.get(scenario)!.blocs === true;
  const blocFigures = emptyBlocFigures();
  const winsByBloc: Record<string, number> = { loyalist: 0, independence: 0, none: 0 };
  const played = playGames(games, seed, json, (gameSeed) => {
    const game = newGame({ content, ruleset: conquestRuleset, scenario, seed: gameSeed, options });
    const agents = Object.fromEntries(seats.map((f, seat) => [f, conquestAgentFactory(agentNamesBySeat[seat]!)({ faction: f, seed: gameSeed })]));
    const decisions = playConquestOut(game, agents);
    const seat = game.winner && game.winner !== 'draw' ? seats.indexOf(game.winner) : -1;
    if (seat >= 0) winsBySeat[seat] = (winsBySeat[seat] ?? 0) + 1;
    else draws++;
    if (blocGame) {
      addBlocFigures(blocFigures, game);
      const coalition = gameResult(game)?.coalition;
      if (coalition) winsByBloc[coalition.id] = (winsByBloc[coalition.id] ?? 0) + 1;
      else if (seat >= 0) winsByBloc.none = (winsByBloc.none ?? 0) + 1;
    }
    return { game, decisions };
  });
  const summary = {
    scenario,
    players,
    agents: agentNamesBySeat,
    factions: seats,
    cards,
    deck: deck ?? 'classic',
    ...(typeof args.map === 'string' ? { map: args.map } : {}),
    autoPlace: options.autoPlace,
    recycle: options.recycle,
    seed,
    games,
    winsBySeat,
    draws,
    ...(blocGame ? { warsDeclared: blocFigures.warsDeclared, winsByBloc, blocs: blocFigures } : {}),
    ...played,
  };
  if (!json)
    print(
      `${scenario}: ${games} games, wins by seat ${seats.map((f, i) => `${agentNamesBySeat[i]} (${f}) ${winsBySeat[i]}`).join(', ')}, draws ${draws}, ` +
        (blocGame ? `wars ${blocFigures.warsDeclared}, defections ${blocFigures.defections}, sneak attacks ${blocFigures.sneakAttacks}, truces ${blocFigures.truces}, wins by bloc ${Object.entries(winsByBloc).map(([b, n]) => `${b} ${n}`).join(', ')}, ` : '') +
        `${summary.meanTurns.toFixed(2)} rounds, ${summary.msPerGame.toFixed(1)} ms/game, ${Math.round(summary.decisionsPerSecond)} decisions/s`,
    );
  print(JSON.stringify(summary));
}

/**
 * Runs the simulator on its command-line arguments, printing lines to `out` and a refusal (a bad argument,
 * a refused save, content that does not load) as one line to `err`; returns the exit code, 0 or 2. Any
 * other error is a bug and is thrown.
 */
export function runSimulator(argv: string[], out: (line: string) => void, err: (line: string) => void): number {
  const before = print;
  print = out;
  try {
    main(argv);
    return 0;
  } catch (e) {
    if (e instanceof UsageError || e instanceof ContentError) {
      err(`sim: ${e.message}`);
      return 2;
    }
    throw e;
  } finally {
    print = before;
  }
}

/** A conquest map file for --map, as JSON (checked with the rest of the options). */
function readMapFile(file: string): Json {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`--map: cannot read "${file}": ${(e as Error).message}`);
  }
  try {
    return JSON.parse(text) as Json;
  } catch (e) {
    throw new UsageError(`--map: "${file}" is not JSON: ${(e as Error).message}`);
  }
}
