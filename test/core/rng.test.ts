import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng';

describe('the seeded RNG', () => {
  it('gives the same sequence for the same seed, and another for another seed', () => {
    const a = Rng.fromSeed('alpha');
    const b = Rng.fromSeed('alpha');
    const c = Rng.fromSeed('beta');
    const seqA = Array.from({ length: 20 }, () => a.d6());
    expect(Array.from({ length: 20 }, () => b.d6())).toEqual(seqA);
    expect(Array.from({ length: 20 }, () => c.d6())).not.toEqual(seqA);
  });

  it('continues exactly from a saved state', () => {
    const a = Rng.fromSeed(7);
    a.d6();
    const copy = Rng.fromState(a.state());
    expect(Array.from({ length: 10 }, () => copy.int(1000))).toEqual(Array.from({ length: 10 }, () => a.int(1000)));
  });

  it('rolls every face of a die about equally often', () => {
    const rng = Rng.fromSeed(3);
    const counts = [0, 0, 0, 0, 0, 0];
    const n = 60_000;
    for (let i = 0; i < n; i++) counts[rng.d6() - 1]! += 1;
    for (const count of counts) expect(Math.abs(count - n / 6)).toBeLessThan(n / 6 * 0.05);
  });

  it('shuffles into a permutation and refuses impossible ranges', () => {
    const rng = Rng.fromSeed(1);
    const items = Array.from({ length: 30 }, (_, i) => i);
    expect(rng.shuffle(items).sort((x, y) => x - y)).toEqual(items);
    expect(() => rng.int(0)).toThrow(RangeError);
    expect(() => rng.pick([])).toThrow(RangeError);
  });
});
