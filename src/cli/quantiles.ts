/**
 * The bench's medians and percentiles, one definition for all its parts (the games' decision times,
 * bench-games.ts; the online round trips, bench-online.ts and bench-tail.ts). A module of its own, importing
 * nothing, so a part that must stay light (bench-online-ab.ts, bench-tail.ts) need not import the games.
 */

/** The element at quantile `q` (0-1) of numbers in ascending order: the p95 is `quantile(sorted, 0.95)`; 0 when empty. */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** The middle of numbers in ascending order, the mean of the two middle ones for an even count; 0 when empty. */
export function middleOf(sorted: ArrayLike<number>): number {
  if (!sorted.length) return 0;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Numbers in ascending order, as a typed array (sorted natively, without a comparator called per pair). */
export function ascending(values: readonly number[]): Float64Array {
  return Float64Array.from(values).sort();
}

/** The median of numbers in any order. */
export function median(values: readonly number[]): number {
  return middleOf(ascending(values));
}

/** The 95th percentile of numbers in any order. */
export function p95(values: readonly number[]): number {
  return quantile(ascending(values), 0.95);
}
