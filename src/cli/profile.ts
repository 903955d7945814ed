/**
 * Where the time goes: V8's sampling CPU profiler, run in this process around a piece of work, and its
 * samples added up by function (`npm run bench -- --profile <scenario>` prints the table). Self time is
 * the time spent in the function's own code, not in the functions it calls; a function's line names it
 * with its file and line, so two functions of one name stay apart.
 *
 * The same profile, for Chrome's DevTools or speedscope, from any command:
 *   nice node --cpu-prof --cpu-prof-dir=/tmp/prof scripts/built.mjs sim --scenario armageddon --games 50
 */
import { Session } from 'node:inspector/promises';
import { findSourceMap, type SourceMap } from 'node:module';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The parts of a V8 CPU profile read here (the DevTools protocol's `Profiler.Profile`). */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; hitCount?: number; children?: number[] }[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

export interface ProfileRow {
  /** The function's name ("(anonymous)" for a nameless one, or V8's own: "(garbage collector)"). */
  name: string;
  /** Where it is: the file under the project (or the package) and its line, one-based; empty for V8's own. */
  where: string;
  selfMs: number;
  /** Time in it and in all it calls. */
  totalMs: number;
  /** Its self time's share of all samples, in percent. */
  percent: number;
}

export interface Profile<T> {
  result: T;
  totalMs: number;
  rows: ProfileRow[];
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function shortPath(url: string): string {
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  return (path.startsWith(ROOT) ? relative(ROOT, path) : path).replace(/^node_modules\//, '');
}

/**
 * A function's name and place in the source it was written in. tsx compiles each file to one line, and a
 * package may ship minified code, so the compiled place is read back through the source map (tsx's own,
 * or the package's): its file and line, and for a minified name (one or two letters), the name declared
 * on that line of the original.
 */
function original(frame: CpuProfile['nodes'][number]['callFrame']): { name: string; where: string } {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return { name, where: '' };
  let map: SourceMap | undefined;
  try {
    map = findSourceMap(frame.url);
  } catch {
    map = undefined;
  }
  const origin = map?.findOrigin(frame.lineNumber + 1, frame.columnNumber + 1) as { fileName?: string; lineNumber?: number } | undefined;
  if (!map || !origin?.fileName || origin.lineNumber === undefined) return { name, where: `${shortPath(frame.url)}:${frame.lineNumber + 1}` };
  let readable = name;
  if (name.length <= 2) {
    const { sources, sourcesContent } = map.payload as { sources: string[]; sourcesContent?: string[] };
    const index = sources.findIndex((s) => origin.fileName!.endsWith(s.replace(/^(\.\.\/)+/, '')));
    const line = sourcesContent?.[index]?.split('\n')[origin.lineNumber - 1] ?? '';
    const declared = /(?:const|let|function)\s+([\w$]+)/.exec(line) ?? /([\w$]+)\s*\(/.exec(line);
    if (declared) readable = `${declared[1]} (${name})`;
  }
  return { name: readable, where: `${shortPath(origin.fileName)}:${origin.lineNumber}` };
}

/**
 * Run `work` under the sampling profiler (a sample every `intervalUs` microseconds) and add its samples
 * up by function, the most self time first.
 */
export async function profile<T>(work: () => T, intervalUs = 200): Promise<Profile<T>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: intervalUs });
  await session.post('Profiler.start');
  let result: T;
  let cpu: CpuProfile;
  try {
    result = work();
  } finally {
    cpu = ((await session.post('Profiler.stop')) as unknown as { profile: CpuProfile }).profile;
    session.disconnect();
  }
  return { result, ...selfTimes(cpu) };
}

/**
 * A profile's time by function. Each sample's time (its delta) is the self time of the function it was
 * taken in, and the total time of every function on the stack then (once each, however deep it recurs).
 */
export function selfTimes(cpu: CpuProfile): { totalMs: number; rows: ProfileRow[] } {
  const nodeById = new Map(cpu.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of cpu.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
  const byFunction = new Map<string, { name: string; where: string; selfUs: number; totalUs: number }>();
  const keyOf = new Map<number, string>();
  const key = (id: number): string => {
    let k = keyOf.get(id);
    if (k === undefined) {
      const fn = original(nodeById.get(id)!.callFrame);
      k = `${fn.name}@${fn.where}`;
      keyOf.set(id, k);
      if (!byFunction.has(k)) byFunction.set(k, { ...fn, selfUs: 0, totalUs: 0 });
    }
    return k;
  };
  const samples = cpu.samples ?? [];
  const deltas = cpu.timeDeltas ?? [];
  let sampledUs = 0;
  for (let i = 0; i < samples.length; i++) {
    const node = nodeById.get(samples[i] as number);
    // a sample's delta is the time since the one before: it is this sample's time
    const us = Math.max(0, deltas[i + 1] ?? 0);
    if (!node || node.callFrame.functionName === '(idle)' || node.callFrame.functionName === '(program)') continue;
    byFunction.get(key(node.id))!.selfUs += us;
    const onStack = new Set<string>();
    for (let id: number | undefined = node.id; id !== undefined && nodeById.get(id)!.callFrame.functionName !== '(root)'; id = parentOf.get(id)) onStack.add(key(id));
    for (const k of onStack) byFunction.get(k)!.totalUs += us;
    sampledUs += us;
  }
  const rows = [...byFunction.values()]
    .filter((e) => e.totalUs > 0)
    .map((e) => ({ name: e.name, where: e.where, selfMs: e.selfUs / 1000, totalMs: e.totalUs / 1000, percent: sampledUs ? (100 * e.selfUs) / sampledUs : 0 }));
  return { totalMs: sampledUs / 1000, rows };
}

/**
 * The `count` functions with the most self time as a Markdown table (what docs/simulator-speed.md keeps),
 * then those with the most total time (themselves and what they call), with the time sampled beneath.
 */
export function profileTable(p: { totalMs: number; rows: ProfileRow[] }, count = 25): string {
  const percent = (ms: number) => (p.totalMs ? (100 * ms) / p.totalMs : 0).toFixed(1);
  const bySelf = [...p.rows].sort((a, b) => b.selfMs - a.selfMs).slice(0, count);
  const lines = ['By self time:', '', '| self ms | self % | total % | function | where |', '|---:|---:|---:|---|---|'];
  for (const r of bySelf) lines.push(`| ${r.selfMs.toFixed(0)} | ${percent(r.selfMs)} | ${percent(r.totalMs)} | \`${r.name}\` | ${r.where} |`);
  const shown = bySelf.reduce((n, r) => n + r.selfMs, 0);
  lines.push('', `${p.totalMs.toFixed(0)} ms sampled; the rows above are ${percent(shown)}% of it.`, '', 'By total time (the function and all it calls):', '');
  lines.push('| total % | self % | function | where |', '|---:|---:|---|---|');
  for (const r of [...p.rows].sort((a, b) => b.totalMs - a.totalMs).slice(0, count))
    lines.push(`| ${percent(r.totalMs)} | ${percent(r.selfMs)} | \`${r.name}\` | ${r.where} |`);
  return lines.join('\n');
}
