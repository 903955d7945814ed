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
 * The games are played on `--workers N` threads (sim-workers.ts; by default as many as the machine has
 * cores, one for a single game), each game's record kept at its index, so the summary and every hash are
 * the same whatever N. On a terminal, a run longer than a few seconds shows a progress line on stderr
 * (none with --json).
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
import { availableParallelism } from 'node:os';
import { bundledContent } from '../core/content/bundled';
import { ContentError } from '../core/content/validate';
import { stateHash } from '../core/engine/game';
import type { Json } from '../core/engine/types';
import { loadSave } from '../core/save';
import { agentNames } from '../ai/registry';
import { starSystemRuleset } from '../../systems/rebels-vs-empire/star-system-ruleset';
import { conquestRuleset } from '../../systems/conquest/ruleset';
import { CARD_OPTIONS, conquestOptionsProblem, FACTIONS } from '../../systems/conquest/content';
import { DECKS } from '../../systems/conquest/cards';
import { CONQUEST_AGENTS } from '../ai/conquest/registry';
import { solitaireRuleset } from '../../systems/solitaire/ruleset';
import { SOLITAIRE_AGENTS } from '../ai/solitaire/registry';
import { lookUp } from '../ai/by-name';
import { DOMINO_RULES } from '../core/content/schema';
import { OPTIONAL_RULES } from '../../systems/solitaire/content';
import { playRecord, summarise, type Batch, type GameRecord } from './sim-batch';
import { playInWorkers } from './sim-workers';

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
  { name: 'workers', value: '<n>', games: 'every', help: () => `play the games on n threads (the machine's cores unless told: ${availableParallelism()} here); the same games and hashes whatever n` },
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

/** Where a run shows its progress, on a terminal: a line to show in place of the last, or null to clear it. */
export type Progress = (line: string | null) => void;

/** What the run was asked for: the batch to play, or a listing, a help or a replay already printed. */
function main(argv: string[]): { batch: Batch; json: boolean; workers: number | null } | null {
  const args = parseArgs(argv);
  const content = bundledContent();
  const ruleset = starSystemRuleset;
  const json = args.json === true;

  if (args.help) {
    for (const line of usage()) print(line);
    return null;
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
    return null;
  }
  const workers = args.workers === undefined ? null : wholeNumber(args.workers, 'workers', 1);
  if (typeof args.scenario === 'string' && args.scenario.startsWith('conquest-')) return { batch: conquestBatch(args, content), json, workers };
  if (typeof args.scenario === 'string' && args.scenario.startsWith('chaos-')) return { batch: solitaireBatch(args, content), json, workers };
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
    return null;
  }

  const scenario = typeof args.scenario === 'string' ? args.scenario : [...content.scenarios.keys()][0];
  if (!scenario || !content.scenarios.has(scenario))
    throw new UsageError(`there is no scenario "${String(args.scenario)}"; there are: ${[...content.scenarios.keys()].join(', ')}`);
  const games = wholeNumber(args.games, 'games', 10);
  const seed = typeof args.seed === 'string' ? args.seed : '1';
  const rebel = typeof args.rebel === 'string' ? args.rebel : 'random';
  const imperial = typeof args.imperial === 'string' ? args.imperial : 'random';
  for (const name of [rebel, imperial])
    if (!agentNames().includes(name)) throw new UsageError(`there is no agent "${name}"; there are: ${agentNames().join(', ')}`);

  // the domino chapter as the scenario plays it, or as --domino says (000 15.x, an optional rule)
  const options: { [key: string]: Json } = typeof args.domino === 'string' ? { domino: args.domino } : {};
  const problem = ruleset.optionsProblem!(options, content.scenarios.get(scenario)!);
  if (problem) throw new UsageError(problem);
  return { batch: { ruleset: 'rebels-vs-empire', scenario, games, seed, rebel, imperial, options }, json, workers };
}

/** Solitaire games [001]: an agent plays the Emperor against Chaos. The JSON adds `levels`: games by victory level, Collapse to Galactic. */
function solitaireBatch(args: Args, content: ReturnType<typeof bundledContent>): Batch {
  for (const flag of ['rebel', 'agents', 'players']) if (args[flag] !== undefined) throw new UsageError(`--${flag} is not for a solitaire game; the Emperor's agent is --imperial`);
  const scenario = args.scenario as string;
  const scenarios = solitaireRuleset.scenarios(content);
  if (!scenarios.has(scenario)) throw new UsageError(`there is no solitaire scenario "${scenario}"; there are: ${[...scenarios.keys()].join(', ')}`);
  const games = wholeNumber(args.games, 'games', 10);
  const seed = typeof args.seed === 'string' ? args.seed : '1';
  const imperial = typeof args.imperial === 'string' ? args.imperial : 'random';
  if (!lookUp(SOLITAIRE_AGENTS, imperial)) throw new UsageError(`there is no solitaire agent "${imperial}"; there are: ${Object.keys(SOLITAIRE_AGENTS).join(', ')}`);
  const options: { [key: string]: Json } = typeof args.rules === 'string' ? { rules: args.rules.split(',').filter(Boolean) } : {};
  const problem = solitaireRuleset.optionsProblem!(options, scenarios.get(scenario)!);
  if (problem) throw new UsageError(problem);
  return { ruleset: 'solitaire', scenario, games, seed, imperial, options };
}

/** Conquest games [002]: one agent per seat; seat i plays the i-th faction; the order of play is drawn. */
function conquestBatch(args: Args, content: ReturnType<typeof bundledContent>): Batch {
  for (const flag of ['rebel', 'imperial']) if (args[flag] !== undefined) throw new UsageError(`--${flag} is for the star-system game; a conquest game takes --agents`);
  const scenario = args.scenario as string;
  const scenarios = conquestRuleset.scenarios(content);
  if (!scenarios.has(scenario)) throw new UsageError(`there is no conquest scenario "${scenario}"; there are: ${[...scenarios.keys()].join(', ')}`);
  const agentList = typeof args.agents === 'string' ? args.agents.split(',') : undefined;
  const players = wholeNumber(args.players, 'players', agentList?.length ?? 4);
  if (players < 2 || players > 6) throw new UsageError(`--players must be 2 to 6, got ${players}`);
  const agents = agentList ?? Array.from({ length: players }, () => 'random');
  if (agents.length !== players) throw new UsageError(`--agents names ${agents.length} agents for ${players} players`);
  for (const name of agents)
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
  // Bloc politics [003]: the summary adds wars, wins by bloc and the bloc figures
  const blocs = scenarios.get(scenario)!.blocs === true;
  return { ruleset: 'conquest', scenario, games, seed, agents, seats, blocs, options, ...(typeof args.map === 'string' ? { mapFile: args.map } : {}) };
}

/** A progress line changes at most this often. */
const PROGRESS_EVERY_MS = 250;

/**
 * Play the batch (in this thread, or on `workers` threads) and print its summary. On a terminal
 * (`progress`), a run longer than a few seconds shows how far it is; elsewhere, without --json, a line
 * every tenth of the games.
 */
async function play(batch: Batch, json: boolean, workers: number, progress: Progress | undefined, progressAfterMs: number): Promise<void> {
  const started = performance.now();
  let done = 0;
  let shown = 0;
  const onRecord = () => {
    done++;
    const now = performance.now();
    if (json) return;
    if (progress) {
      if (now - started < progressAfterMs || (now - shown < PROGRESS_EVERY_MS && done < batch.games)) return;
      shown = now;
      const perSecond = done / ((now - started) / 1000);
      const left = (batch.games - done) / perSecond;
      progress(`${batch.scenario}: ${done.toLocaleString('en')}/${batch.games.toLocaleString('en')} games, ${perSecond.toFixed(perSecond < 10 ? 1 : 0)} games/s on ${workers} thread${workers === 1 ? '' : 's'}, ${left < 60 ? `${Math.ceil(left)} s` : `${Math.ceil(left / 60)} min`} left`);
    } else if (done % Math.max(1, Math.floor(batch.games / 10)) === 0) print(`${done}/${batch.games} games`);
  };
  let records: GameRecord[];
  if (workers <= 1) {
    records = [];
    for (let i = 0; i < batch.games; i++) {
      records.push(playRecord(batch, i));
      onRecord();
    }
  } else records = await playInWorkers(batch, workers, onRecord);
  if (progress && shown) progress(null);
  const { summary, lines } = summarise(batch, records, performance.now() - started);
  if (!json) for (const line of lines) print(line);
  print(JSON.stringify(summary));
}

/**
 * Runs the simulator on its command-line arguments, printing lines to `out` and a refusal (a bad argument,
 * a refused save, content that does not load) as one line to `err`; resolves to the exit code, 0 or 2. Any
 * other error is a bug and is thrown. Games are played on as many threads as `--workers` says, else
 * `defaultWorkers` (1: in this thread); `progress`, given on a terminal, shows how far a run is once it
 * has taken `progressAfterMs` (2 s: a short run says nothing).
 */
export async function runSimulator(
  argv: string[],
  out: (line: string) => void,
  err: (line: string) => void,
  { defaultWorkers = 1, progress, progressAfterMs = 2000 }: { defaultWorkers?: number; progress?: Progress; progressAfterMs?: number } = {},
): Promise<number> {
  const before = print;
  print = out;
  try {
    const asked = main(argv);
    if (asked) await play(asked.batch, asked.json, Math.min(asked.workers ?? defaultWorkers, asked.batch.games), progress, progressAfterMs);
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
