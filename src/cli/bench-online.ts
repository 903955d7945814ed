/**
 * The online load check [issue 27]: one game server, `rooms` star-system games played at once, each by two
 * bot clients over real websockets (each answers its decisions at random, as fast as states come). It
 * measures each command's round trip (sent, to the state that shows it applied), the rooms that did not
 * finish, and the server's memory per room. The server runs in a process of its own, on a database file,
 * as `npm run serve` runs it [issue 46]: the bots' own work is not counted against it.
 *
 * [issue 55] Each bot joins as a real page does (a screen: its states carry the play screen's facts). With
 * `processes` 2, two server processes share a Redis and a PostgreSQL of the bench's own (Debian's, as the
 * scale tests start them), and each room's two players come through different processes. The cost of a
 * durable write is measured apart: a move kept in SQLite with synchronous FULL and with NORMAL.
 *
 * The rooms are played twice over on the same server: the first round on a fresh process (the figures as
 * they were always taken), then as many more rooms, warm (`OnlineBench.warm`). A fresh server's first
 * thousands of commands cost it about half again as much CPU (V8 compiling the hot code on its helper
 * threads, which share the two cores with everything else, and the code colder meanwhile); a server that
 * has run a while answers as the second round does (docs/architecture.md, "A fresh server against a warm one").
 * The server starts as `npm run serve` starts it, warm-up and all (src/server/warm-up.ts: games played in
 * process before it listens); how long from its spawn to its listening, and its memory then, are printed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { performance } from 'node:perf_hooks';
import { join } from 'node:path';
import { bundledContent } from '../core/content/bundled';
import { createOnlineGame, OnlineSeat } from '../online/client';
import { botPlay, type RoundTrip } from '../online/bots';
import { tailOf, type BenchTrip, type OnlineTail } from './bench-tail';
import { quantile } from './quantiles';
import { buildServer } from '../server/build';
import { freePort } from '../server/free-port';
import { startPostgres, startRedis } from '../server/local-services';
import { SqliteStore } from '../server/sqlite-store';

/** One round of the load check: `rooms` rooms made, joined and played to their end at once. */
export interface OnlineRound {
  roomsFinished: number;
  roomsLost: number;
  /** Why rooms were lost (each reason once, with how many). */
  lostBecause: Record<string, number>;
  commands: number;
  seconds: number;
  medianRoundTripMs: number;
  p95RoundTripMs: number;
  /** The server process's CPU time (all its threads) per command played, in ms: less at the mercy of a
   * shared machine's load than the round trips are. */
  serverCpuMsPerCommand: number;
  /** The servers' main threads' own CPU time per command (where every room runs; the store's and the AI's
   * threads apart), in ms: what bounds the round trip when rooms wait for each other. */
  serverThreadCpuMsPerCommand: number;
  /** The bench's own CPU time (its bot clients: decoding states, choosing, sending) per command, in ms: the
   * bots share one process, so when they are slow the round trips wait on them, not on the server. */
  clientCpuMsPerCommand: number;
  /** The load average (1 minute) as the games began and as they ended: the figures are relative to it. */
  loadAverage: [number, number];
  /** When the round began and ended on the machine's monotonic clock, in µs (a server profile's clock). */
  monotonicUs: [number, number];
  /** What its slowest 5% are: by the seat's command, by when in the round, by decision (bench-tail.ts). */
  tail: OnlineTail;
}

/**
 * The load check [issue 55]: its figures are a fresh server's first `rooms` rooms (as the check always
 * measured); `warm`, as many more played on the same server just after. A fresh process spends its first
 * thousands of commands compiling (V8's optimizing compiler, on threads of its own, sharing the two cores)
 * and in colder code; a server that has run a while answers as `warm` does.
 */
export interface OnlineBench extends OnlineRound {
  /** Server processes (2: with Redis and PostgreSQL), and the store they keep games in. */
  processes: number;
  store: string;
  rooms: number;
  /** From the server's spawn to its listening, in s (the slowest of them): its start, the warm-up included (warm-up.ts). */
  listeningSeconds: number;
  /** The server processes' resident memory as they listen, before any game, in MB. */
  rssListeningMB: number;
  /** The server process's resident memory at its peak over the first round, less what it held before the games, per room. */
  rssPerRoomMB: number;
  warm: OnlineRound;
}

/**
 * What keeping a move costs in SQLite (ms), durable (synchronous FULL, the server's) and not (NORMAL): a
 * move alone (one game on the server, waiting for its own commit: the median of many), and `rooms` moves
 * at once (each room's next, as the load check's rooms send them: the whole over the moves, kept by the
 * store's group commit). `serverThreadMsPerMove`: what a durable move costs the server's own thread, where
 * every room runs (handing the write to the store's thread and hearing back; the disk is waited for there).
 */
export interface DurabilityBench {
  fullMsPerMove: number;
  normalMsPerMove: number;
  fullGroupMsPerMove: number;
  normalGroupMsPerMove: number;
  serverThreadMsPerMove: number;
}

/** The V8 flags `npm run serve` gives the server (package.json): young generations of 64 MB, not 16, which
 * spend less on garbage collection (see src/server/main.ts). */
const SERVER_V8_FLAGS = ['--max-semi-space-size=64'];

/**
 * `npm run serve`'s server in a child process on a fresh database file: `main`, the server built as it
 * builds it (src/server/build.ts), with its V8 flags (`SERVER_V8_FLAGS`); resolves once it listens. With
 * `profileDir`, the server's source through tsx instead, under V8's CPU profiler (its profile written there
 * when it stops): the profile's stages are read by the source files its functions are in (server-stages.ts),
 * which a bundle does not keep. That server spends about a tenth more per command (tsx's `keepNames`).
 */
async function spawnServer(main: string, port: number, database: string, env: Record<string, string>, profileDir: string | undefined, serverFlags: string[], nodeFlags: string[], trace: ((text: string) => void) | undefined): Promise<{ child: ChildProcess; listeningMs: number }> {
  const unlimited = ['--games-per-minute', '100000', '--joins-per-minute', '100000', '--lobby-per-minute', '100000'];
  const program = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--import', 'tsx', 'src/server/main.ts'] : [main];
  const traced = trace ? SERVER_TRACE_FLAGS : [];
  const spawned = performance.now();
  const child = spawn(process.execPath, [...SERVER_V8_FLAGS, ...nodeFlags, ...traced, ...program, '--port', String(port), '--database', database, '--public-address', `127.0.0.1:${port}`, ...unlimited, ...serverFlags], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let output = '';
  // a traced server's output goes on to the trace for as long as it runs
  if (trace) for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => trace(chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-2000);
      if (output.includes('game server:')) resolve();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${output.slice(-500)}`)));
  });
  return { child, listeningMs: performance.now() - spawned };
}

/** What `traceFile` runs the server with: each garbage collection, and each function V8 optimizes or
 * deoptimizes, a line of its output. */
const SERVER_TRACE_FLAGS = ['--trace-gc', '--trace-opt', '--trace-deopt'];

/** The machine's monotonic clock in µs: the clock of a V8 CPU profile's timestamps (Linux). */
function monotonicUs(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

/** A process's CPU time so far, in ms, or with `thread` its main thread's only (Linux; 0 where /proc is not there). */
function cpuMs(pid: number, thread = false): number {
  try {
    const fields = readFileSync(thread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, in clock ticks (100 a second on Linux)
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** A process's resident memory in bytes (Linux; 0 where /proc is not there). */
function residentBytes(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** How the load check runs its servers and bots, besides how many rooms and processes. */
export interface OnlineBenchOptions {
  /** The one-process server run under V8's CPU profiler, its profile written here (`spawnServer`). */
  profileDir?: string;
  /** `npm run serve`'s flags given to each server besides (`--warm-up-commands 0`: a server started cold). */
  serverFlags?: string[];
  /** Node's or V8's flags given to each server besides `SERVER_V8_FLAGS` (`--maglev`): to weigh one. */
  nodeFlags?: string[];
  /** The servers run with V8's traces of garbage collection and compiling (`SERVER_TRACE_FLAGS`), their output
   * written here with lines `### ...` where each round begins and ends, and each second of a round. */
  traceFile?: string;
  /** The bench's bots warmed up before the servers start, so that the fresh round measures a fresh server and
   * not fresh bots as well (the bots share this one process, and their round trips wait on it). */
  warmBots?: boolean;
}

export async function benchOnline(rooms = 50, processes = 1, options: OnlineBenchOptions = {}): Promise<OnlineBench> {
  const { profileDir, serverFlags = [], nodeFlags = [], traceFile, warmBots = false } = options;
  const content = bundledContent();
  // the bots' own code warmed up first, as the server's network warm-up warms the server's: this process
  // plays it itself, against a server of its own in process (gone before the servers measured start)
  if (warmBots) await (await import('../server/network-warm-up')).warmUpNetwork(content);
  const folder = mkdtempSync(join(tmpdir(), 'gu-bench-online-'));
  // two processes share a Redis and a PostgreSQL, started here as the scale tests start them
  const services = processes > 1 ? await Promise.all([startRedis(), startPostgres()]) : [];
  const env: Record<string, string> = services.length ? { REDIS_URL: services[0]!.url, DATABASE_URL: services[1]!.url } : {};
  const ports = await Promise.all(Array.from({ length: processes }, () => freePort()));
  // the server built inside the project (its imports of packages find node_modules), removed at the end
  const cache = join('node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const built = mkdtempSync(join(cache, 'gu-bench-server-'));
  const main = await buildServer(built);
  const traceOut = traceFile ? createWriteStream(traceFile) : null;
  const trace = traceOut ? (text: string) => void traceOut.write(text) : undefined;
  const mark = (what: string) => trace?.(`\n### ${what} (bench monotonic ${monotonicUs()} us)\n`);
  mark('servers spawned');
  const spawned = await Promise.all(ports.map((port) => spawnServer(main, port, join(folder, 'games.sqlite'), env, profileDir, serverFlags, nodeFlags, trace)));
  const children = spawned.map((s) => s.child);
  const urls = ports.map((port) => `http://127.0.0.1:${port}`);
  const scenario = [...content.scenarios.keys()][0]!;
  const rss = () => children.reduce((n, c) => n + residentBytes(c.pid!), 0);
  const cpu = (thread = false) => children.reduce((n, c) => n + cpuMs(c.pid!, thread), 0);
  const rssBefore = rss();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rss())), 100);

  const playRoom = async (i: number, roundTrips: BenchTrip[], joinMs: number[]): Promise<boolean> => {
    // each player through another process (with one, the same): a seat link works whichever it reaches
    const [host, guest] = [urls[i % urls.length]!, urls[(i + 1) % urls.length]!];
    const made = await createOnlineGame(host, { ruleset: 'star-system', scenario, seats: [{ side: 'rebel', kind: 'open' }, { side: 'imperial', kind: 'open' }] }, 'rebel');
    // as real pages join: screens, each state with the play screen's facts
    const join = async (...args: Parameters<typeof OnlineSeat.join>) => {
      const at = performance.now();
      const seat = await OnlineSeat.join(...args);
      joinMs.push(performance.now() - at);
      return seat;
    };
    const seats = [await join(host, { gameId: made.gameId, token: made.token!, screen: true }), await join(guest, { gameId: made.gameId, side: 'imperial', screen: true })];
    const trips: RoundTrip[] = [];
    const finished = await Promise.race([
      Promise.all(seats.map((seat, k) => botPlay(seat, `${i}-${k}`, trips))).then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 120_000)),
    ]);
    for (const trip of trips) roundTrips.push({ ...trip, room: i });
    await Promise.all(seats.map((s) => s.leave()));
    return finished;
  };
  /** `rooms` rooms made, joined and played at once (numbered from `first`, so each round's bots play other games). */
  const playRound = async (first: number): Promise<OnlineRound> => {
    mark(`round of rooms ${first}-${first + rooms - 1} begins`);
    // a traced round is marked each second too, to see when in it V8 compiled what
    let second = 0;
    const ticks = trace ? setInterval(() => mark(`second ${++second} of the round`), 1000) : undefined;
    const began = monotonicUs();
    const clientCpuBefore = process.cpuUsage();
    const cpuBefore = cpu();
    const threadCpuBefore = cpu(true);
    const loadBefore = loadavg()[0]!;
    const roundTrips: BenchTrip[] = [];
    const joinMs: number[] = [];
    const started = performance.now();
    const lostBecause: Record<string, number> = {};
    const lose = (reason: string) => {
      lostBecause[reason] = (lostBecause[reason] ?? 0) + 1;
      return false;
    };
    const results = await Promise.all(Array.from({ length: rooms }, (_, i) => playRoom(first + i, roundTrips, joinMs).then((done) => done || lose('not over in 120 s'), (e: Error & { cause?: { code?: string; message?: string } }) => lose(`${e.message}${e.cause ? ` (${e.cause.code ?? e.cause.message})` : ''}`.slice(0, 160)))));
    const cpuUsed = cpu() - cpuBefore;
    const threadCpuUsed = cpu(true) - threadCpuBefore;
    const clientCpu = process.cpuUsage(clientCpuBefore);
    clearInterval(ticks);
    mark(`round of rooms ${first}-${first + rooms - 1} ends`);
    const sorted = roundTrips.map((t) => t.ms).sort((a, b) => a - b);
    const finished = results.filter(Boolean).length;
    return {
      roomsFinished: finished,
      roomsLost: rooms - finished,
      lostBecause,
      commands: roundTrips.length,
      seconds: (performance.now() - started) / 1000,
      medianRoundTripMs: quantile(sorted, 0.5),
      p95RoundTripMs: quantile(sorted, 0.95),
      serverCpuMsPerCommand: roundTrips.length ? cpuUsed / roundTrips.length : 0,
      serverThreadCpuMsPerCommand: roundTrips.length ? threadCpuUsed / roundTrips.length : 0,
      clientCpuMsPerCommand: roundTrips.length ? (clientCpu.user + clientCpu.system) / 1000 / roundTrips.length : 0,
      loadAverage: [loadBefore, loadavg()[0]!],
      monotonicUs: [began, monotonicUs()],
      tail: tailOf(roundTrips, joinMs, started),
    };
  };
  // the figures: a fresh server's first rooms (the memory per room measured over them), then as many more on
  // the same server, warm
  const fresh = await playRound(0);
  clearInterval(sampler);
  const warm = await playRound(rooms);
  for (const child of children) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  await new Promise((resolve) => (traceOut ? traceOut.end(resolve) : resolve(null)));
  await Promise.all(services.map((s) => s.remove()));
  rmSync(folder, { recursive: true, force: true });
  rmSync(built, { recursive: true, force: true });
  return {
    processes,
    store: processes > 1 ? 'postgres' : 'sqlite',
    rooms,
    listeningSeconds: Math.max(...spawned.map((s) => s.listeningMs)) / 1000,
    rssListeningMB: rssBefore / 1048576,
    ...fresh,
    rssPerRoomMB: (rssPeak - rssBefore) / rooms / 1048576,
    warm,
  };
}

/** What a durable move costs (`DurabilityBench`): `moves` moves one at a time, and as many `rooms` at a time. */
export async function benchDurability(moves = 400, rooms = 50): Promise<DurabilityBench> {
  const folder = mkdtempSync(join(tmpdir(), 'gu-bench-durable-'));
  const measure = async (synchronous: 'FULL' | 'NORMAL') => {
    const store = await SqliteStore.open(join(folder, `${synchronous}.sqlite`), { synchronous });
    const ids = Array.from({ length: rooms }, (_, i) => `bench-${synchronous}-${i}`);
    for (const id of ids)
      await store.createGame({ id, ruleset: 'star-system', scenario: 's', seed: '0', seedHash: 'sha256', options: {}, handPlacement: [], seats: [], seatTimeoutSeconds: 60, pace: 'live', waitingFor: 'rebel', turn: 1, clocks: {}, clockSince: 0 });
    const progress = { waitingFor: 'imperial', turn: 1, clocks: {}, clockSince: 0 };
    const move = (id: string, n: number) => store.addCommands(id, n, [{ type: 'move-to', side: 'rebel', to: n } as never], progress);
    const alone: number[] = [];
    for (let n = 0; n < moves; n++) {
      const at = performance.now();
      await move(ids[0]!, n);
      alone.push(performance.now() - at);
    }
    // every room's next move at once, round after round
    const rounds = Math.max(1, Math.round(moves / rooms));
    const elu = performance.eventLoopUtilization();
    const at = performance.now();
    for (let r = 0; r < rounds; r++) await Promise.all(ids.map((id, i) => move(id, (i === 0 ? moves : 0) + r)));
    const together = (performance.now() - at) / (rounds * rooms);
    const threadMs = performance.eventLoopUtilization(elu).active / (rounds * rooms);
    await store.close();
    return { alone: alone.sort((a, b) => a - b)[Math.floor(alone.length / 2)]!, together, threadMs };
  };
  const full = await measure('FULL');
  const normal = await measure('NORMAL');
  rmSync(folder, { recursive: true, force: true });
  return { fullMsPerMove: full.alone, normalMsPerMove: normal.alone, fullGroupMsPerMove: full.together, normalGroupMsPerMove: normal.together, serverThreadMsPerMove: full.threadMs };
}
