/**
 * Where a command's time goes on the game server [issue 55]: a V8 CPU profile of the server's main thread
 * (`node --cpu-prof`, which `npm run bench -- --online-only --server-profile` runs the server under),
 * its samples added up by the stage of a command they were taken in: applying it, keeping it, each
 * side's view and what differs from the last one sent, the screen's facts (src/words), encoding the
 * messages (a state's JSON text, Colyseus' msgpack for the rest) and writing them to the sockets. A sample goes to the first stage in `STAGES` that any frame
 * of its stack belongs to (a view made inside the facts is the facts'); what matches none is "other".
 * The profiler samples the thread's own clock, not the CPU's: a sample taken while the machine ran
 * another process, or while a synchronous write waited for the disk, counts to the function it stopped in.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The parts of a V8 CPU profile read here. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string }; children?: number[] }[];
  samples?: number[];
  timeDeltas?: number[];
  /** When profiling began, in µs of the machine's monotonic clock (each sample is that plus its deltas so far). */
  startTime?: number;
}

/** A stage: its name, and the functions (name, and a piece of their file's path) that belong to it. */
interface Stage {
  name: string;
  frames: [fn: string | RegExp, file: string][];
}

const STAGES: Stage[] = [
  { name: 'keeping it (the store: SQLite, its fsync)', frames: [['addCommands', 'server/'], ['sqliteTransaction', 'better-sqlite3'], ['setSeats', 'server/'], ['finish', 'sqlite-store']] },
  { name: 'facts: decision in words (decisionInfo)', frames: [['decisionInfo', 'words/']] },
  { name: 'facts: the board form (boardForm)', frames: [['boardForm', 'words/board/']] },
  { name: 'facts: grouped list (groupedOptions)', frames: [['groupedOptions', 'words/']] },
  { name: 'facts: assignment', frames: [['assignmentFacts', 'words/']] },
  { name: 'facts: first state (refs, sequence)', frames: [['entityRefs', 'core/'], ['sequenceLabels', 'words/']] },
  { name: 'facts: the rest of present()', frames: [['present', 'server/']] },
  { name: 'events (in names)', frames: [['events', 'online-rulesets'], ['namesIn', 'words/']] },
  { name: 'view diff (what changed since the last sent)', frames: [['viewChanges', 'room-audience'], ['changedFields', 'server/']] },
  { name: 'view (viewFor)', frames: [['viewFor', 'core/view'], ['view', 'online-rulesets']] },
  { name: 'encoding (bytes, msgpack)', frames: [['stringify', ''], ['from', 'node:buffer'], [/^(pack|encode|Packr\.|writePlainObject|packArray)/, 'msgpackr'], ['raw', 'core/build/Protocol']] },
  { name: 'socket writes', frames: [['send', 'ws/lib'], ['writev', '']] },
  // V8's profiler counts JSON.stringify, a builtin, to the function that calls it: a state's JSON text is here
  { name: 'the rest of sendStates (with the states\' JSON text)', frames: [['sendStates', 'server/']] },
  { name: 'applying it (engine)', frames: [['apply', 'engine/game'], ['cloneGame', 'engine/game']] },
  { name: 'the rest of play()', frames: [['play', 'game-room']] },
  { name: 'checks (size, seat, shape, budget)', frames: [['take', 'game-room'], ['commandProblem', 'game-room'], ['onMove', 'game-room']] },
  { name: 'receiving (websocket, msgpack)', frames: [['socketOnData', 'ws/lib'], ['unpack', 'msgpackr'], ['_onMessage', 'core/build/Room']] },
  { name: 'games made, joins, HTTP', frames: [['handle', 'router/'], ['onCreate', 'game-room'], ['onAuth', 'game-room'], ['onJoin', 'game-room'], ['onLeave', 'game-room'], [/./, 'matchmaker']] },
  { name: 'garbage collection', frames: [['(garbage collector)', '']] },
];

export interface StageRow {
  stage: string;
  ms: number;
  /** Its share of the thread's busy time, in percent. */
  percent: number;
}

export interface StageTable {
  /** The thread's time sampled busy (idle left out), in ms, and idle. */
  busyMs: number;
  idleMs: number;
  rows: StageRow[];
}

/** A profile's busy time by stage (`STAGES`), the most first; with `window` (µs of the monotonic clock, from
 * and to), only the samples taken in it. */
export function stagesOf(cpu: CpuProfile, window?: [number, number]): StageTable {
  const nodeById = new Map(cpu.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of cpu.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
  const stageOfFrame = (frame: CpuProfile['nodes'][number]['callFrame']): number => {
    const index = STAGES.findIndex((s) => s.frames.some(([fn, file]) => (typeof fn === 'string' ? frame.functionName === fn : fn.test(frame.functionName)) && frame.url.includes(file)));
    return index < 0 ? STAGES.length : index;
  };
  const frameStage = new Map<number, number>();
  const sampleStage = new Map<number, number>();
  const stageOfNode = (id: number): number => {
    let stage = sampleStage.get(id);
    if (stage !== undefined) return stage;
    stage = STAGES.length;
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      let own = frameStage.get(at);
      if (own === undefined) frameStage.set(at, (own = stageOfFrame(nodeById.get(at)!.callFrame)));
      stage = Math.min(stage, own);
    }
    sampleStage.set(id, stage);
    return stage;
  };
  const us = new Array<number>(STAGES.length + 1).fill(0);
  let idleUs = 0;
  const samples = cpu.samples ?? [];
  const deltas = cpu.timeDeltas ?? [];
  let at = cpu.startTime ?? 0;
  for (let i = 0; i < samples.length; i++) {
    at += deltas[i] ?? 0;
    const node = nodeById.get(samples[i] as number);
    const delta = Math.max(0, deltas[i + 1] ?? 0);
    if (!node || (window && (at < window[0] || at >= window[1]))) continue;
    if (node.callFrame.functionName === '(idle)') idleUs += delta;
    else us[stageOfNode(node.id)]! += delta;
  }
  const busyUs = us.reduce((a, b) => a + b, 0);
  const rows = us
    .map((t, i) => ({ stage: STAGES[i]?.name ?? 'other', ms: t / 1000, percent: busyUs ? (100 * t) / busyUs : 0 }))
    .filter((r) => r.ms > 0)
    .sort((a, b) => b.ms - a.ms);
  return { busyMs: busyUs / 1000, idleMs: idleUs / 1000, rows };
}

/** The main thread's profile among those `node --cpu-prof` wrote to `dir` (the one that sent states). */
export function serverProfile(dir: string): CpuProfile | null {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const cpu = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
    if (cpu.nodes.some((n) => n.callFrame.functionName === 'sendStates')) return cpu;
  }
  return null;
}

/** A stage table as Markdown, with each stage's time per command. */
export function stageTable(table: StageTable, commands: number): string {
  const lines = ['| stage | ms | % of busy | ms per command |', '|---|---:|---:|---:|'];
  for (const r of table.rows) lines.push(`| ${r.stage} | ${r.ms.toFixed(0)} | ${r.percent.toFixed(1)} | ${(r.ms / Math.max(1, commands)).toFixed(3)} |`);
  lines.push(`| **busy** | ${table.busyMs.toFixed(0)} | 100 | ${(table.busyMs / Math.max(1, commands)).toFixed(3)} |`);
  lines.push('', `The main thread sampled busy ${table.busyMs.toFixed(0)} ms, idle ${table.idleMs.toFixed(0)} ms, over ${commands} commands.`);
  return lines.join('\n');
}
