/**
 * Benchmarks: speed and memory, measured and printed, never asserted.
 *
 *   npm run bench [-- --json] [-- --games N] [-- --galactic-games N] [-- --conquest-games N] [-- --solitaire-games N] [-- --conquest-only]
 *                 [-- --online-only] [-- --online-rooms N] [-- --no-online] [-- --one-process]
 *
 * Plays N (default 1,000) random-vs-random games of every scenario (so it is also the "every scenario
 * survives a thousand random games" check), times decisions per agent, and reports the heap. With
 * --json the last line is one JSON object: `{ sim: {...}, scenarios: {...}, memory: {...}, render: {...} }`.
 * The `render` numbers come from headless Chromium (see bench-render.ts); `--no-render` skips them.
 * `galactic` is the galactic scenario's own figures: random-vs-random games per second (over
 * --galactic-games, default 50, as its games are long), decisions per second, and `hard`'s median and p95
 * decision time there.
 * `online` is the load check of the game server (bench-online.ts): 50 rooms played at once by bot
 * clients (screens, as real pages join), each command's round trip, the rooms lost, memory per room, on
 * one process; `onlineScaled` the same on two processes sharing a Redis and a PostgreSQL of the bench's
 * own (`--one-process` skips it); `durability` what a move kept with synchronous FULL costs against NORMAL
 * [issue 55]. `--online-only` measures only these.
 */
import { loadavg } from 'node:os';
import { bundledContent } from '../core/content/bundled';
import { newGame } from '../core/engine/game';
import { playOut } from '../ai/play';
import { agentFactory, agentNames } from '../ai/registry';
import { starSystemRuleset } from '../../systems/rebels-vs-empire/star-system-ruleset';
import { benchRender, type RenderBench } from './bench-render';
import { conquestRuleset } from '../../systems/conquest/ruleset';
import { FACTIONS } from '../../systems/conquest/content';
import { CONQUEST_AGENTS, conquestAgentFactory } from '../ai/conquest/registry';
import { playConquestOne } from '../ai/conquest/play';
import { battleOdds } from '../../systems/conquest/odds';
import { solitaireRuleset } from '../../systems/solitaire/ruleset';
import { SOLITAIRE_AGENTS, solitaireAgentFactory } from '../ai/solitaire/registry';
import { playSolitaireOne } from '../ai/solitaire/play';
import { benchDurability, benchOnline, type DurabilityBench, type OnlineBench } from './bench-online';

const argv = process.argv.slice(2);
const json = argv.includes('--json');
const gamesArg = argv.indexOf('--games');
const games = gamesArg >= 0 ? Number(argv[gamesArg + 1]) : 1000;
if (!Number.isInteger(games) || games < 1) {
  console.error('bench: --games needs a whole number from 1');
  process.exit(2);
}

const galacticArg = argv.indexOf('--galactic-games');
const galacticGames = galacticArg >= 0 ? Number(argv[galacticArg + 1]) : 50;
if (!Number.isInteger(galacticGames) || galacticGames < 1) {
  console.error('bench: --galactic-games needs a whole number from 1');
  process.exit(2);
}

const conquestArg = argv.indexOf('--conquest-games');
const conquestGames = conquestArg >= 0 ? Number(argv[conquestArg + 1]) : 100;
if (!Number.isInteger(conquestGames) || conquestGames < 1) {
  console.error('bench: --conquest-games needs a whole number from 1');
  process.exit(2);
}

const solitaireArg = argv.indexOf('--solitaire-games');
const solitaireGames = solitaireArg >= 0 ? Number(argv[solitaireArg + 1]) : 100;
if (!Number.isInteger(solitaireGames) || solitaireGames < 1) {
  console.error('bench: --solitaire-games needs a whole number from 1');
  process.exit(2);
}

/** Only the conquest figures (the star-system part, with `hard`'s search, takes minutes). */
const onlineOnly = argv.includes('--online-only');
const conquestOnly = argv.includes('--conquest-only') || onlineOnly;
const roomsArg = argv.indexOf('--online-rooms');
const onlineRooms = roomsArg >= 0 ? Number(argv[roomsArg + 1]) : 50;
if (!Number.isInteger(onlineRooms) || onlineRooms < 1) {
  console.error('bench: --online-rooms needs a whole number from 1');
  process.exit(2);
}

const content = bundledContent();
const ruleset = starSystemRuleset;
const scenarios = conquestOnly ? [] : [...content.scenarios.keys()];
const log = (line: string) => {
  if (!json) console.log(line);
};

function median(values: number[]): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Play `n` games of a scenario with one agent on both sides; returns games/s, decisions/s and decision times. */
function selfPlay(scenario: string, agent: string, n: number) {
  const times: number[] = [];
  let decisions = 0;
  let turns = 0;
  const wins = { rebel: 0, imperial: 0, draw: 0 };
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const seed = `bench-${i}`;
    const game = newGame({ content, ruleset, scenario, seed });
    decisions += playOut(
      game,
      { rebel: agentFactory(agent)({ side: 'rebel', seed }), imperial: agentFactory(agent)({ side: 'imperial', seed }) },
      { onDecisionTime: (_side, ms) => times.length < 200_000 && times.push(ms) },
    );
    turns += game.turn;
    wins[game.winner ?? 'draw'] += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  return { games: n, seconds, gamesPerSecond: n / seconds, decisionsPerSecond: decisions / seconds, meanTurns: turns / n, wins, medianDecisionMs: median(times) };
}

const perScenario: Record<string, ReturnType<typeof selfPlay>> = {};
for (const scenario of scenarios) {
  const n = content.scenarios.get(scenario)?.kind === 'galactic' ? Math.min(games, galacticGames) : games;
  const result = selfPlay(scenario, 'random', n);
  perScenario[scenario] = result;
  log(
    `${scenario}: ${n} random-vs-random games in ${result.seconds.toFixed(2)} s ` +
      `(${result.gamesPerSecond.toFixed(1)} games/s, ${Math.round(result.decisionsPerSecond)} decisions/s), ` +
      `Rebel ${result.wins.rebel} / Imperial ${result.wins.imperial} / draws ${result.wins.draw}`,
  );
}

const defaultScenario = (scenarios[0] ?? [...content.scenarios.keys()][0]) as string;

/**
 * Decision times of an agent playing both sides of the default scenario, over about `count` decisions
 * (whole games for fast agents, a part of one for slow ones): the median, the 95th percentile, and the
 * median over the decisions where it had a real choice (more than one option).
 */
function decisionTimes(agent: string, count: number, scenario = defaultScenario) {
  const all: number[] = [];
  const choices: number[] = [];
  for (let i = 0; all.length < count && i < 20; i++) {
    const seed = `times-${i}`;
    const game = newGame({ content, ruleset, scenario, seed });
    playOut(
      game,
      { rebel: agentFactory(agent)({ side: 'rebel', seed }), imperial: agentFactory(agent)({ side: 'imperial', seed }) },
      {
        stopAfter: count - all.length,
        onDecisionTime: (_side, ms) => {
          all.push(ms);
          if ((game.pending?.options.length ?? 0) > 1) choices.push(ms);
        },
      },
    );
  }
  const sorted = [...all].sort((a, b) => a - b);
  return { median: median(all), p95: sorted[Math.floor(sorted.length * 0.95)] ?? 0, medianOfChoices: median(choices), decisions: all.length };
}

const medianDecisionMs: Record<string, number> = {};
const decisionTimesMs: Record<string, ReturnType<typeof decisionTimes>> = {};
for (const agent of conquestOnly ? [] : agentNames()) {
  decisionTimesMs[agent] = decisionTimes(agent, agent === 'hard' ? 150 : 1500);
  medianDecisionMs[agent] = decisionTimesMs[agent].median;
}
// the galactic scenario's own figures (issue 26): random games and decisions per second, hard's decision times
const galacticScenario = scenarios.find((id) => content.scenarios.get(id)?.kind === 'galactic');
let galactic: { scenario: string; randomGamesPerSecond: number; decisionsPerSecond: number; hard: ReturnType<typeof decisionTimes> } | null = null;
if (galacticScenario) {
  const random = perScenario[galacticScenario] as ReturnType<typeof selfPlay>;
  const hard = decisionTimes('hard', 150, galacticScenario);
  galactic = { scenario: galacticScenario, randomGamesPerSecond: random.gamesPerSecond, decisionsPerSecond: random.decisionsPerSecond, hard };
  log(
    `galactic (${galacticScenario}): ${random.gamesPerSecond.toFixed(2)} random games/s, ${Math.round(random.decisionsPerSecond)} decisions/s; ` +
      `hard decisions median ${hard.median.toFixed(1)} ms, p95 ${hard.p95.toFixed(1)} ms over ${hard.decisions}`,
  );
}
const normal = !conquestOnly && agentNames().includes('normal') ? selfPlay(defaultScenario, 'normal', Math.min(games, 20)).gamesPerSecond : null;

/**
 * Conquest [002]: `n` four-player games of each game type with the same agent in every seat: games/s,
 * decisions/s, mean rounds, and the median time of one decision.
 */
function conquestPlay(scenario: string, agent: string, n: number) {
  const times: number[] = [];
  let decisions = 0;
  let rounds = 0;
  let draws = 0;
  const players = FACTIONS.slice(0, 4);
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const seed = `bench-${i}`;
    const game = newGame({ content, ruleset: conquestRuleset, scenario, seed, options: { players } });
    const agents = Object.fromEntries(players.map((f) => [f, conquestAgentFactory(agent)({ faction: f, seed })]));
    for (;;) {
      const t = performance.now();
      if (!playConquestOne(game, agents)) break;
      if (times.length < 200_000) times.push(performance.now() - t);
      decisions++;
    }
    rounds += game.turn;
    if (game.winner === 'draw') draws++;
  }
  const seconds = (performance.now() - started) / 1000;
  return { games: n, seconds, gamesPerSecond: n / seconds, decisionsPerSecond: decisions / seconds, meanRounds: rounds / n, draws, medianDecisionMs: median(times) };
}

const conquest: Record<string, Record<string, ReturnType<typeof conquestPlay>>> = {};
for (const scenario of onlineOnly ? [] : conquestRuleset.scenarios(content).keys()) {
  conquest[scenario] = {};
  for (const agent of Object.keys(CONQUEST_AGENTS)) {
    const result = conquestPlay(scenario, agent, agent === 'random' ? conquestGames : Math.min(conquestGames, 50));
    conquest[scenario][agent] = result;
    log(
      `${scenario}: ${result.games} ${agent} 4-player games in ${result.seconds.toFixed(2)} s (${result.gamesPerSecond.toFixed(1)} games/s, ` +
        `${Math.round(result.decisionsPerSecond)} decisions/s, ${result.meanRounds.toFixed(1)} rounds, ${result.draws} drawn at the round limit, ` +
        `median decision ${result.medianDecisionMs.toFixed(3)} ms)`,
    );
  }
}

/** [002 II.3] The exact odds of a battle of 200 armies against 200, under both rules (a timed test once). */
const oddsStarted = performance.now();
battleOdds(200, 200, { italian: false });
battleOdds(200, 200, { italian: true });
const conquestOdds200Ms = performance.now() - oddsStarted;
if (!onlineOnly) log(`conquest odds: 200 against 200, exact, both rules, in ${conquestOdds200Ms.toFixed(1)} ms`);

/**
 * Solitaire [001]: `n` games of each scenario by each Emperor: games/s, decisions/s, and the median and
 * p95 time of one decision.
 */
function solitairePlay(scenario: string, agent: string, n: number) {
  const times: number[] = [];
  let decisions = 0;
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const seed = `bench-${i}`;
    const game = newGame({ content, ruleset: solitaireRuleset, scenario, seed });
    const emperor = solitaireAgentFactory(agent)({ seed });
    for (;;) {
      const t = performance.now();
      if (!playSolitaireOne(game, emperor)) break;
      if (times.length < 200_000) times.push(performance.now() - t);
      decisions++;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...times].sort((a, b) => a - b);
  return { games: n, seconds, gamesPerSecond: n / seconds, decisionsPerSecond: decisions / seconds, medianDecisionMs: median(times), p95DecisionMs: sorted[Math.floor(sorted.length * 0.95)] ?? 0 };
}

const solitaire: Record<string, Record<string, ReturnType<typeof solitairePlay>>> = {};
for (const scenario of onlineOnly ? [] : [...solitaireRuleset.scenarios(content).values()].filter((s) => !s.sweep).map((s) => s.id)) {
  solitaire[scenario] = {};
  for (const agent of Object.keys(SOLITAIRE_AGENTS)) {
    const result = solitairePlay(scenario, agent, agent === 'random' ? solitaireGames : Math.min(solitaireGames, 50));
    solitaire[scenario][agent] = result;
    log(
      `${scenario}: ${result.games} ${agent} games in ${result.seconds.toFixed(2)} s (${result.gamesPerSecond.toFixed(1)} games/s, ` +
        `${Math.round(result.decisionsPerSecond)} decisions/s, decision median ${result.medianDecisionMs.toFixed(3)} ms, p95 ${result.p95DecisionMs.toFixed(3)} ms)`,
    );
  }
}

const memory = process.memoryUsage();
let render: RenderBench | { error: string } | null = null;
if (!argv.includes('--no-render') && !conquestOnly) {
  try {
    render = await benchRender();
  } catch (e) {
    render = { error: (e as Error).message };
  }
}
let online: OnlineBench | { error: string } | null = null;
let onlineScaled: OnlineBench | { error: string } | null = null;
let durability: DurabilityBench | { error: string } | null = null;
const onlineLine = (o: OnlineBench) =>
  `online, ${o.processes === 1 ? 'one process (SQLite)' : `${o.processes} processes with Redis and PostgreSQL`}: ${o.rooms} rooms at once, ${o.roomsFinished} finished, ${o.roomsLost} lost${o.roomsLost ? ` (${Object.entries(o.lostBecause).map(([why, n]) => `${n}: ${why}`).join('; ')})` : ''}; ${o.commands} commands in ${o.seconds.toFixed(1)} s; ` +
  `round trip median ${o.medianRoundTripMs.toFixed(2)} ms, p95 ${o.p95RoundTripMs.toFixed(2)} ms (target 50); server CPU ${o.serverCpuMsPerCommand.toFixed(2)} ms per command; ${o.rssPerRoomMB.toFixed(2)} MB resident per room (screen clients, as real pages join; the servers in their own processes, as npm run serve runs them; load average ${loadavg()[0]!.toFixed(1)})`;
if (!argv.includes('--no-online') && (onlineOnly || !argv.includes('--conquest-only'))) {
  try {
    online = await benchOnline(onlineRooms);
    log(onlineLine(online));
  } catch (e) {
    online = { error: (e as Error).message };
    log(`online: not measured (${online.error})`);
  }
  // [issue 55] the same with two processes sharing Redis and PostgreSQL (Debian's, started here)
  if (!argv.includes('--one-process')) {
    try {
      onlineScaled = await benchOnline(onlineRooms, 2);
      log(onlineLine(onlineScaled));
    } catch (e) {
      onlineScaled = { error: (e as Error).message };
      log(`online, two processes: not measured (${onlineScaled.error})`);
    }
  }
  try {
    durability = await benchDurability();
    log(`durability: a move kept in SQLite costs ${durability.fullMsPerMove.toFixed(3)} ms with synchronous FULL (the server's), ${durability.normalMsPerMove.toFixed(3)} ms with NORMAL: ${(durability.fullMsPerMove - durability.normalMsPerMove).toFixed(3)} ms a move for a move that survives a power loss (median of 400)`);
  } catch (e) {
    durability = { error: (e as Error).message };
    log(`durability: not measured (${durability.error})`);
  }
}
const summary = {
  sim: {
    scenario: defaultScenario,
    randomGamesPerSecond: perScenario[defaultScenario]?.gamesPerSecond ?? 0,
    normalGamesPerSecond: normal,
    medianDecisionMs,
    decisionTimesMs,
  },
  scenarios: perScenario,
  galactic,
  conquest,
  conquestOdds200Ms,
  solitaire,
  online,
  onlineScaled,
  durability,
  memory: { heapUsedMB: memory.heapUsed / 1048576, rssMB: memory.rss / 1048576 },
  render,
};
log(`median decision time: ${Object.entries(medianDecisionMs).map(([a, ms]) => `${a} ${ms.toFixed(3)} ms`).join(', ')}`);
log(`heap ${summary.memory.heapUsedMB.toFixed(1)} MB, rss ${summary.memory.rssMB.toFixed(1)} MB`);
if (render && 'frameMs' in render)
  log(
    `render: galaxy ${render.galaxyDrawCalls} draw calls, ${render.galaxyTriangles} triangles; system ${render.systemDrawCalls} draw calls; ` +
      `frame ${render.frameMs.toFixed(2)} ms vs reference ${render.referenceFrameMs.toFixed(2)} ms (×${render.frameRatio.toFixed(2)}); ` +
      `initial JS ${(render.initialJsGzipBytes / 1024).toFixed(0)} KB gzipped (${render.initialJsGzipBytes} B, budget 300 KB); ` +
      `idle start menu ${render.idleCpuPercent === null ? 'not measured' : `${render.idleCpuPercent.toFixed(1)}% CPU`}; heap after 10 turns ${render.heapMBAfter10Turns.toFixed(1)} MB`,
  );
else if (render) log(`render: not measured (${render.error})`);
console.log(JSON.stringify(summary));
