/**
 * What the load check's slowest round trips are [issue 55]: the slowest 5% (those at or above the p95)
 * broken down by the seat's how-manieth command it was, by when in the round it was sent, and by the kind of
 * decision it answered, each beside its share of all the round trips. If a round's tail were each room's
 * first commands (a room's first states, its encoders made), the first buckets would hold far more of the
 * slowest than of all; if it were the round's start (50 rooms made and joined at once), the first fifth.
 */
import type { RoundTrip } from '../online/bots';
import { quantile } from './quantiles';

/** A round trip of the load check, with the room it was played in. */
export interface BenchTrip extends RoundTrip {
  room: number;
}

/** One part of the round trips: how many of the slowest 5% fall there, against how many of all, and its own p95. */
export interface TailPart {
  part: string;
  /** Its share of the slowest 5%, and of all round trips (0-1). */
  slowShare: number;
  share: number;
  p95Ms: number;
}

export interface OnlineTail {
  /** The round's p95: the slowest 5% are those at or above it. */
  p95Ms: number;
  /** By the seat's how-manieth command (0: its first in the game). */
  byIndex: TailPart[];
  /** By when it was sent, in fifths of the time from the round's first command sent to its last. */
  byTime: TailPart[];
  /** By the kind of decision answered: the kinds most over-represented among the slowest (at most 6). */
  byKind: TailPart[];
  /** The p95 of the round trips without each seat's first five commands. */
  p95AfterFirstFiveMs: number;
  /** How long the seats' joins took (the HTTP seat reservation and the websocket's first state), in ms. */
  joinMedianMs: number;
  joinMaxMs: number;
  /** From the round's start to each room's first command sent: its median and last, in ms. */
  firstCommandMedianMs: number;
  firstCommandLastMs: number;
}


const sortedMs = (trips: BenchTrip[]) => trips.map((t) => t.ms).sort((a, b) => a - b);

/** `trips` split into parts by `partOf`, each part's shares and p95, in the order of `order` (or of first seen). */
function parts(trips: BenchTrip[], slow: Set<BenchTrip>, partOf: (t: BenchTrip) => string, order?: string[]): TailPart[] {
  const groups = new Map<string, BenchTrip[]>((order ?? []).map((p) => [p, []]));
  for (const t of trips) {
    const part = partOf(t);
    if (!groups.has(part)) groups.set(part, []);
    groups.get(part)!.push(t);
  }
  return [...groups].map(([part, group]) => ({
    part,
    slowShare: slow.size ? group.filter((t) => slow.has(t)).length / slow.size : 0,
    share: trips.length ? group.length / trips.length : 0,
    p95Ms: quantile(sortedMs(group), 0.95),
  }));
}

const INDEX_BUCKETS: [number, string][] = [
  [1, 'first'],
  [5, '2nd-5th'],
  [20, '6th-20th'],
  [100, '21st-100th'],
  [Infinity, 'later'],
];

/** The breakdown of a round's round trips, its joins (ms each) and its start (performance.now()). */
export function tailOf(trips: BenchTrip[], joinMs: number[], began: number): OnlineTail {
  const p95Ms = quantile(sortedMs(trips), 0.95);
  const slow = new Set(trips.filter((t) => t.ms >= p95Ms));
  const firstSent = Math.min(...trips.map((t) => t.sentAt));
  const span = Math.max(1, Math.max(...trips.map((t) => t.sentAt)) - firstSent);
  const fifth = (t: BenchTrip) => Math.min(4, Math.floor(((t.sentAt - firstSent) / span) * 5));
  const byKind = parts(trips, slow, (t) => t.kind)
    .filter((p) => p.slowShare > 0)
    .sort((a, b) => b.slowShare - b.share - (a.slowShare - a.share))
    .slice(0, 6);
  const firstOfRoom = new Map<number, number>();
  for (const t of trips) firstOfRoom.set(t.room, Math.min(firstOfRoom.get(t.room) ?? Infinity, t.sentAt - began));
  const firsts = [...firstOfRoom.values()].sort((a, b) => a - b);
  const joins = [...joinMs].sort((a, b) => a - b);
  return {
    p95Ms,
    byIndex: parts(trips, slow, (t) => INDEX_BUCKETS.find(([below]) => t.index < below)![1], INDEX_BUCKETS.map(([, name]) => name)),
    byTime: parts(trips, slow, (t) => `${fifth(t) + 1}/5`, ['1/5', '2/5', '3/5', '4/5', '5/5']),
    byKind,
    p95AfterFirstFiveMs: quantile(sortedMs(trips.filter((t) => t.index >= 5)), 0.95),
    joinMedianMs: quantile(joins, 0.5),
    joinMaxMs: joins.at(-1) ?? 0,
    firstCommandMedianMs: quantile(firsts, 0.5),
    firstCommandLastMs: firsts.at(-1) ?? 0,
  };
}

/** The breakdown in a few lines, for the bench's output. */
export function tailLines(t: OnlineTail): string {
  const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
  const row = (ps: TailPart[]) => ps.map((p) => `${p.part} ${pct(p.slowShare)} (of all ${pct(p.share)}, p95 ${p.p95Ms.toFixed(1)})`).join('; ');
  return (
    `    the slowest 5% (from ${t.p95Ms.toFixed(1)} ms), by the seat's command: ${row(t.byIndex)}; p95 without each seat's first five ${t.p95AfterFirstFiveMs.toFixed(1)} ms\n` +
    `    by when sent (fifths of the round): ${row(t.byTime)}\n` +
    `    by decision, the most over-represented: ${row(t.byKind)}\n` +
    `    joins median ${t.joinMedianMs.toFixed(1)} ms, slowest ${t.joinMaxMs.toFixed(1)}; each room's first command sent ${t.firstCommandMedianMs.toFixed(0)} ms after the round began (median), the last room's at ${t.firstCommandLastMs.toFixed(0)}`
  );
}
