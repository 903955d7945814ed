import { describe, expect, it } from 'vitest';
import { tailOf, type BenchTrip } from '../../src/cli/bench-tail';

/** 20 rooms, each seat's commands 1 ms apart from `began` 0; `ms` gives each round trip. */
function trips(ms: (index: number, room: number) => number): BenchTrip[] {
  const all: BenchTrip[] = [];
  for (let room = 0; room < 20; room++)
    for (let index = 0; index < 100; index++) all.push({ room, index, sentAt: index * 10 + room * 0.01, ms: ms(index, room), kind: index % 2 ? 'movement' : 'move-group' });
  return all;
}

describe('the load check says what its slowest round trips are [issue 55]', () => {
  it("puts each seat's slow first commands in the first buckets and the round's first fifth", () => {
    // the first five commands of every room are slow: 100 of 2,000, the slowest 5% exactly
    const tail = tailOf(trips((index) => (index < 5 ? 100 + index : 10)), [3, 1, 2], 0);
    expect(tail.p95Ms).toBe(100);
    const share = (part: string) => tail.byIndex.find((p) => p.part === part)!;
    expect(share('first').slowShare).toBeCloseTo(0.2);
    expect(share('2nd-5th').slowShare).toBeCloseTo(0.8);
    expect(share('21st-100th')).toMatchObject({ slowShare: 0, share: 0.8, p95Ms: 10 });
    expect(share('later')).toMatchObject({ slowShare: 0, share: 0 });
    expect(tail.byTime[0]).toMatchObject({ part: '1/5', slowShare: 1 });
    expect(tail.p95AfterFirstFiveMs).toBe(10);
    expect([tail.joinMedianMs, tail.joinMaxMs]).toEqual([2, 3]);
    expect(tail.firstCommandLastMs).toBeCloseTo(0.19);
  });

  it('finds a slow kind of decision over-represented, wherever in the game it comes', () => {
    const tail = tailOf(trips((index, room) => (index % 2 && room < 4 && index < 50 ? 90 : 10)), [], 0);
    expect(tail.byKind[0]).toMatchObject({ part: 'movement', slowShare: 1, share: 0.5 });
    // spread over the round's first half, not its start
    expect(tail.byTime.map((p) => p.slowShare)).toEqual([0.4, 0.4, 0.2, 0, 0]);
  });
});
