/**
 * The online load check, two or more ways of starting its servers alternated [issue 55]: a shared machine's
 * speed moves by the minute, so a change is measured against the old way in runs side by side, in the order
 * A B B A (and again, `--pairs` times), each a fresh server as the bench starts it (bench-online.ts), from a
 * bench process of its own (its bots as fresh as `npm run bench`'s).
 *
 *   npx tsx src/cli/bench-online-ab.ts [--pairs 2] [--processes 1] [--rooms 50] [--json] \
 *       'old: --network-warm-up-rooms 0' 'new: --network-warm-up-rooms 8' ['maglev: --node --maglev'] ['bots: --warm-bots']
 *
 * Each way is `label: flags`: `npm run serve`'s flags for the servers, and after `--node`, Node's or V8's
 * flags for them; `--warm-bots` among them warms the bench's own bots up first (bench.ts `--warm-bots`). Each run prints its figures with the load average beside; at the end, each way's medians.
 * The figures least at the load's mercy are the CPU ones: the server's CPU a command in the fresh round less
 * the warm round's (what a fresh server spends more, compiling and in colder code), in all its threads and on
 * its main thread. The round trips' p95 is the goal's figure, to be read only from runs at a quiet hour.
 */
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import { promisify } from 'node:util';
import type { OnlineBench } from './bench-online';
import { median } from './quantiles';

/** One way of starting the servers: its label, `npm run serve`'s flags, Node's, and whether the bench's
 * bots are warmed up first (bench-online.ts `warmBots`). */
interface Way {
  label: string;
  serverFlags: string[];
  nodeFlags: string[];
  warmBots: boolean;
}

/** `label: [--warm-bots] serve flags [--node node flags]` read as a `Way`. */
export function wayOf(text: string): Way {
  const colon = text.indexOf(':');
  const label = colon > 0 ? text.slice(0, colon).trim() : text.trim();
  const words = (colon > 0 ? text.slice(colon + 1) : '').split(/\s+/).filter(Boolean);
  const node = words.includes('--node') ? words.indexOf('--node') : words.length;
  const serve = words.slice(0, node);
  return { label, serverFlags: serve.filter((w) => w !== '--warm-bots'), nodeFlags: words.slice(node + 1), warmBots: serve.includes('--warm-bots') };
}

/** The order of the runs: the ways forward, then backward (A B B A), `pairs` times. */
export function runOrder<T>(ways: T[], pairs: number): T[] {
  return Array.from({ length: pairs }, () => [...ways, ...[...ways].reverse()]).flat();
}

/** One run's figures, as the table prints them. */
interface Run {
  way: string;
  at: string;
  load: [number, number];
  listeningSeconds: number;
  rssListeningMB: number;
  freshP95: number;
  warmP95: number;
  freshCpu: number;
  freshMain: number;
  warmCpu: number;
  warmMain: number;
  /** The fresh round's share of its slowest 5% sent in its first fifth. */
  freshStartShare: number;
  lost: number;
}

function runOf(way: string, at: string, o: OnlineBench): Run {
  return {
    way,
    at,
    load: [o.loadAverage[0], o.warm.loadAverage[1]],
    listeningSeconds: o.listeningSeconds,
    rssListeningMB: o.rssListeningMB,
    freshP95: o.p95RoundTripMs,
    warmP95: o.warm.p95RoundTripMs,
    freshCpu: o.serverCpuMsPerCommand,
    freshMain: o.serverThreadCpuMsPerCommand,
    warmCpu: o.warm.serverCpuMsPerCommand,
    warmMain: o.warm.serverThreadCpuMsPerCommand,
    freshStartShare: o.tail.byTime[0]?.slowShare ?? 0,
    lost: o.roomsLost + o.warm.roomsLost,
  };
}

const HEADER = '| way | when (UTC) | load | listening | resident | fresh p95 | warm p95 | fresh CPU, main | warm CPU, main | fresh less warm CPU, main | fresh slowest 5% in its first fifth |';
const row = (r: Run) =>
  `| ${r.way} | ${r.at} | ${r.load.map((l) => l.toFixed(1)).join('-')} | ${r.listeningSeconds.toFixed(1)} s | ${r.rssListeningMB.toFixed(0)} MB | ${r.freshP95.toFixed(1)} | ${r.warmP95.toFixed(1)} | ` +
  `${r.freshCpu.toFixed(2)}, ${r.freshMain.toFixed(2)} | ${r.warmCpu.toFixed(2)}, ${r.warmMain.toFixed(2)} | ${(r.freshCpu - r.warmCpu).toFixed(2)}, ${(r.freshMain - r.warmMain).toFixed(2)} | ${(r.freshStartShare * 100).toFixed(0)}% |${r.lost ? ` ${r.lost} rooms lost` : ''}`;

/** One run in a process of its own (its bots fresh, as the bench's are): this file with `--run`. */
async function runApart(rooms: number, processes: number, way: Way): Promise<OnlineBench> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', import.meta.filename, '--run', JSON.stringify({ rooms, processes, way })], { maxBuffer: 1 << 24, timeout: 30 * 60_000 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as OnlineBench;
}

async function main(argv: string[]): Promise<void> {
  if (argv[0] === '--run') {
    const { rooms, processes, way } = JSON.parse(argv[1]!) as { rooms: number; processes: number; way: Way };
    const { benchOnline } = await import('./bench-online');
    console.log(JSON.stringify(await benchOnline(rooms, processes, { serverFlags: way.serverFlags, nodeFlags: way.nodeFlags, warmBots: way.warmBots ?? false })));
    return;
  }
  const number = (flag: string, fallback: number) => (argv.includes(flag) ? Number(argv[argv.indexOf(flag) + 1]) : fallback);
  const pairs = number('--pairs', 2);
  const processes = number('--processes', 1);
  const rooms = number('--rooms', 50);
  const json = argv.includes('--json');
  const valued = new Set(['--pairs', '--processes', '--rooms']);
  const ways = argv.filter((a, i) => !a.startsWith('--') && !valued.has(argv[i - 1] ?? '')).map(wayOf);
  if (ways.length < 2 || ![pairs, processes, rooms].every((n) => Number.isInteger(n) && n >= 1)) {
    console.error(`bench-online-ab: give two ways or more ('label: serve flags [--node node flags]'), and --pairs, --processes, --rooms as whole numbers from 1`);
    process.exit(2);
  }
  const runs: Run[] = [];
  if (!json) console.log(`${rooms} rooms, ${processes === 1 ? 'one process' : `${processes} processes with Redis and PostgreSQL`}; ${ways.map((w) => `${w.label}: [${w.serverFlags.join(' ')}]${w.nodeFlags.length ? ` node [${w.nodeFlags.join(' ')}]` : ''}${w.warmBots ? ' bots warmed up' : ''}`).join('; ')}\n\n${HEADER}\n|${'---|'.repeat(11)}`);
  for (const way of runOrder(ways, pairs)) {
    const at = new Date().toISOString().slice(11, 16);
    try {
      const run = runOf(way.label, at, await runApart(rooms, processes, way));
      runs.push(run);
      if (!json) console.log(row(run));
    } catch (e) {
      if (!json) console.log(`| ${way.label} | ${at} | ${loadavg()[0]!.toFixed(1)} | not measured: ${(e as Error).message.slice(0, 200)} |`);
    }
  }
  const medians = ways.map((w) => {
    const of = runs.filter((r) => r.way === w.label);
    const m = (f: (r: Run) => number) => median(of.map(f));
    return { way: w.label, runs: of.length, freshP95: m((r) => r.freshP95), warmP95: m((r) => r.warmP95), freshLessWarmCpu: m((r) => r.freshCpu - r.warmCpu), freshLessWarmMain: m((r) => r.freshMain - r.warmMain), freshCpu: m((r) => r.freshCpu), warmCpu: m((r) => r.warmCpu), listeningSeconds: m((r) => r.listeningSeconds), rssListeningMB: m((r) => r.rssListeningMB) };
  });
  if (json) console.log(JSON.stringify({ ways, runs, medians }));
  else {
    console.log(`\nmedians | runs | fresh p95 | warm p95 | fresh less warm CPU, main | fresh CPU | warm CPU | listening | resident`);
    for (const m of medians)
      console.log(`${m.way} | ${m.runs} | ${m.freshP95.toFixed(1)} | ${m.warmP95.toFixed(1)} | ${m.freshLessWarmCpu.toFixed(2)}, ${m.freshLessWarmMain.toFixed(2)} | ${m.freshCpu.toFixed(2)} | ${m.warmCpu.toFixed(2)} | ${m.listeningSeconds.toFixed(1)} s | ${m.rssListeningMB.toFixed(0)} MB`);
  }
}

if (process.argv[1]?.endsWith('bench-online-ab.ts')) {
  await main(process.argv.slice(2));
  // the bench's build service may hold the process open a while: its figures are out
  process.exit(0);
}
