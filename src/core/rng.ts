/**
 * The game's one random number generator. Every die roll, card draw and shuffle goes through it, and
 * its whole state is four 32-bit numbers kept in the game state, so a game replays exactly from its
 * seed and commands, and an AI's copy of a game never shares randomness with the real one.
 *
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting generator): fast, passes PractRand, 128 bits of state.
 *
 * How a seed becomes that state is the game's `seedHash` [issue 55]:
 * - 'sha256': the first 128 bits of the SHA-256 of the whole seed. Every bit of a seed counts, so a secret
 *   seed of 128 random bits (an online game's) leaves 2^128 generators to search, and two seeds never
 *   share a game. Online games are made so.
 * - 'xmur3': the seed folded into one 32-bit word by a string hash (xmur3), which then spreads it over the
 *   four. Only 2^32 games can come out of it, and different seeds collide (3 pairs in 300,000), but it is
 *   what every local game, save, tutorial and simulation was and is played with: their seeds are no
 *   secret (the save holds them), and changing it would change what each of them plays.
 */
import { sha256 } from '@noble/hashes/sha2.js';

export type RngState = [number, number, number, number];

/** How a seed makes the generator's state (see above); a save and a stored game record it. */
export type SeedHash = 'xmur3' | 'sha256';
export const SEED_HASHES: readonly SeedHash[] = ['xmur3', 'sha256'];

export class Rng {
  private constructor(private readonly s: RngState) {}

  /** A generator seeded from any integer or string: the same seed always gives the same sequence. */
  static fromSeed(seed: number | string, hash: SeedHash = 'xmur3'): Rng {
    const text = String(seed);
    if (hash === 'sha256') {
      const digest = sha256(new TextEncoder().encode(text));
      const words = new DataView(digest.buffer, digest.byteOffset, 16);
      const rng = new Rng([words.getUint32(0) | 0, words.getUint32(4) | 0, words.getUint32(8) | 0, words.getUint32(12) | 0]);
      // the warm-up sfc32's author advises, as for the other seeding
      for (let i = 0; i < 15; i++) rng.nextUint32();
      return rng;
    }
    // Spread the seed over four words with a simple string hash (xmur3), then warm up.
    let h = 1779033703 ^ text.length;
    for (let i = 0; i < text.length; i++) {
      h = Math.imul(h ^ text.charCodeAt(i), 3432918353);
      h = (h << 13) | (h >>> 19);
    }
    const next = () => {
      h = Math.imul(h ^ (h >>> 16), 2246822507);
      h = Math.imul(h ^ (h >>> 13), 3266489909);
      return (h ^= h >>> 16) >>> 0;
    };
    const rng = new Rng([next(), next(), next(), next()]);
    for (let i = 0; i < 15; i++) rng.nextUint32();
    return rng;
  }

  static fromState(state: RngState): Rng {
    return new Rng([...state] as RngState);
  }

  state(): RngState {
    return [...this.s] as RngState;
  }

  clone(): Rng {
    return Rng.fromState(this.s);
  }

  nextUint32(): number {
    const s = this.s;
    const t = (((s[0] + s[1]) | 0) + s[3]) | 0;
    s[3] = (s[3] + 1) | 0;
    s[0] = s[1] ^ (s[1] >>> 9);
    s[1] = (s[2] + (s[2] << 3)) | 0;
    s[2] = (s[2] << 21) | (s[2] >>> 11);
    s[2] = (s[2] + t) | 0;
    return t >>> 0;
  }

  /** True with probability `p` (to a thousandth): one draw of `int(1000)`. */
  chance(p: number): boolean {
    return this.int(1000) < p * 1000;
  }

  /** A uniform integer in [0, n), without modulo bias. */
  int(n: number): number {
    if (!Number.isInteger(n) || n <= 0) throw new RangeError(`rng.int needs a positive whole number, got ${n}`);
    const limit = 4294967296 - (4294967296 % n);
    let x: number;
    do x = this.nextUint32();
    while (x >= limit);
    return x % n;
  }

  /** One six-sided die: 1 to 6. */
  d6(): number {
    return this.int(6) + 1;
  }

  /** One element chosen uniformly. */
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('rng.pick from an empty list');
    return items[this.int(items.length)] as T;
  }

  /** A shuffled copy (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }
}

/**
 * A tiny seeded generator (mulberry32), uniform in [0, 1), for what is not the game: the picture's
 * decorative dust, the generated sound files. It never touches a game, so it cannot change one, and the
 * same seed always gives the same stars and the same sounds.
 */
export function decorativeRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
