/**
 * Conquest cards (002 I "Cards Options", 002 II.1 "Trade In Cards" and its "NOTES on Trading"): the deck,
 * sets under each option, their values, the sets in a hand, the territory bonus and the forced trades.
 */
import { describe, expect, it } from 'vitest';
import galaxy from '../../../assets/content/galaxy.json';
import {
  bonusTerritories,
  buildDeck,
  forcedTrades,
  increasingValue,
  INCREASING_VALUES,
  isSet,
  mustTrade,
  setValue,
  tradeableSets,
  type Card,
  type CardKind,
  type CardOption,
} from '../../../systems/conquest/cards';

const KINDS: CardKind[] = ['infantry', 'cavalry', 'cannon', 'wild'];
const OPTIONS: CardOption[] = ['increasing', 'fixed', 'italian'];

/** Cards of the given kinds, territory cards named t0, t1, ... by position. */
const hand = (...kinds: CardKind[]): Card[] =>
  kinds.map((kind, i) => ({ territory: kind === 'wild' ? null : `t${i}`, kind }));

/** Every multiset of `size` kinds, each as a sorted list. */
function multisets(size: number, from = 0): CardKind[][] {
  if (size === 0) return [[]];
  const out: CardKind[][] = [];
  for (let i = from; i < KINDS.length; i++) {
    for (const rest of multisets(size - 1, i)) out.push([KINDS[i]!, ...rest]);
  }
  return out;
}

const I = 'infantry', V = 'cavalry', C = 'cannon', W = 'wild';

describe('the deck', () => {
  it('[002 II.1 Trade In Cards] one card per territory, infantry, cavalry, cannon in turn, plus 2 wildcards', () => {
    const deck = buildDeck(['a', 'b', 'c', 'd', 'e']);
    expect(deck).toEqual([
      { territory: 'a', kind: 'infantry' },
      { territory: 'b', kind: 'cavalry' },
      { territory: 'c', kind: 'cannon' },
      { territory: 'd', kind: 'infantry' },
      { territory: 'e', kind: 'cavalry' },
      { territory: null, kind: 'wild' },
      { territory: null, kind: 'wild' },
    ]);
    expect(buildDeck(['a', 'b', 'c', 'd', 'e'])).toEqual(deck); // deterministic
  });

  it('[002 II.1 Trade In Cards] the galaxy deck: every star system once, an even mix, JSON-serialisable', () => {
    const systems = galaxy.systems.map((s) => s.id);
    const deck = buildDeck(systems);
    expect(deck).toHaveLength(27);
    expect(deck.filter((c) => c.territory !== null).map((c) => c.territory)).toEqual(systems);
    const count = (k: CardKind) => deck.filter((c) => c.kind === k).length;
    expect([count(I), count(V), count(C), count(W)]).toEqual([9, 8, 8, 2]);
    expect(JSON.parse(JSON.stringify(deck))).toEqual(deck);
  });
});

describe('sets', () => {
  it('[002 II.1 Trade In Cards a-d] three alike or one of each are sets under every option', () => {
    for (const option of OPTIONS) {
      for (const set of [hand(I, I, I), hand(V, V, V), hand(C, C, C), hand(I, V, C), hand(C, I, V)]) {
        expect(isSet(set, option), `${option}`).toBe(true);
      }
    }
  });

  it('[002 II.1 Trade In Cards] two alike and one different, or fewer or more than three cards, are not sets', () => {
    for (const option of OPTIONS) {
      expect(isSet(hand(I, I, V), option)).toBe(false);
      expect(isSet(hand(C, V, V), option)).toBe(false);
      expect(isSet(hand(I, V), option)).toBe(false);
      expect(isSet(hand(I, I, I, I), option)).toBe(false);
    }
  });

  it('[002 II.1 Trade In Cards e] any of those with a wildcard substituted: one, two or three wildcards', () => {
    for (const option of ['increasing', 'fixed'] as const) {
      for (const set of [hand(I, I, W), hand(W, C, C), hand(I, V, W), hand(V, W, C), hand(I, W, W), hand(W, W, W)]) {
        expect(isSet(set, option), `${option} ${set.map((c) => c.kind)}`).toBe(true);
      }
    }
  });

  it('[002 I Cards Options: Italian a-e] the sets are exactly the five valued ones; other wildcard sets are not', () => {
    for (const set of [hand(C, C, C), hand(I, I, I), hand(V, V, V), hand(I, V, C), hand(I, I, W), hand(W, V, V)]) {
      expect(isSet(set, 'italian')).toBe(true);
    }
    for (const set of [hand(I, V, W), hand(C, W, V), hand(I, W, W), hand(W, W, W)]) {
      expect(isSet(set, 'italian')).toBe(false);
    }
  });
});

describe('set values', () => {
  it('[002 I Cards Options: Increasing] the sets give 4, 6, 8, 10, 12, 15, 20, 25, then 5 more each', () => {
    expect(INCREASING_VALUES).toEqual([4, 6, 8, 10, 12, 15, 20, 25]);
    const values = Array.from({ length: 12 }, (_, n) => increasingValue(n));
    expect(values).toEqual([4, 6, 8, 10, 12, 15, 20, 25, 30, 35, 40, 45]);
    expect(increasingValue(100)).toBe(25 + 5 * 93); // "there is no limit"
  });

  it('[002 I Cards Options: Increasing] the value depends on the sets traded so far, not on the set', () => {
    for (const set of [hand(I, I, I), hand(C, C, C), hand(I, V, C), hand(I, W, W), hand(W, W, W)]) {
      expect(setValue(set, 'increasing', 0)).toBe(4);
      expect(setValue(set, 'increasing', 5)).toBe(15);
      expect(setValue(set, 'increasing', 9)).toBe(35);
    }
    expect(() => increasingValue(-1)).toThrow(RangeError);
    expect(() => increasingValue(1.5)).toThrow(RangeError);
  });

  it('[002 I Cards Options: Fixed a-e] infantry 4, cavalry 6, cannon 8, one of each 10, all wildcards 12', () => {
    for (const traded of [0, 7]) {
      expect(setValue(hand(I, I, I), 'fixed', traded)).toBe(4);
      expect(setValue(hand(V, V, V), 'fixed', traded)).toBe(6);
      expect(setValue(hand(C, C, C), 'fixed', traded)).toBe(8);
      expect(setValue(hand(I, V, C), 'fixed', traded)).toBe(10);
      expect(setValue(hand(W, W, W), 'fixed', traded)).toBe(12);
    }
  });

  it('[002 I Cards Options: Fixed] a set with wildcards is worth the highest value it can be read as', () => {
    // A pair + wildcard can only be three alike.
    expect(setValue(hand(I, I, W), 'fixed', 0)).toBe(4);
    expect(setValue(hand(V, W, V), 'fixed', 0)).toBe(6);
    expect(setValue(hand(W, C, C), 'fixed', 0)).toBe(8);
    // Two different + wildcard can only be one of each.
    expect(setValue(hand(I, V, W), 'fixed', 0)).toBe(10);
    expect(setValue(hand(C, W, I), 'fixed', 0)).toBe(10);
    // Two wildcards + any card: one of each (10) beats three alike; 12 needs three wildcards.
    for (const k of [I, V, C] as const) expect(setValue(hand(k, W, W), 'fixed', 0)).toBe(10);
  });

  it('[002 I Cards Options: Italian a-e] cannon 4, infantry 6, cavalry 8, one of each 10, two the same with a wildcard 12', () => {
    for (const traded of [0, 7]) {
      expect(setValue(hand(C, C, C), 'italian', traded)).toBe(4);
      expect(setValue(hand(I, I, I), 'italian', traded)).toBe(6);
      expect(setValue(hand(V, V, V), 'italian', traded)).toBe(8);
      expect(setValue(hand(I, V, C), 'italian', traded)).toBe(10);
      expect(setValue(hand(I, I, W), 'italian', traded)).toBe(12);
      expect(setValue(hand(V, W, V), 'italian', traded)).toBe(12);
      expect(setValue(hand(W, C, C), 'italian', traded)).toBe(12);
    }
  });

  it('[002 I Cards Options] every set of every option has a value; a non-set is refused', () => {
    for (const option of OPTIONS) {
      for (const kinds of multisets(3)) {
        const cards = hand(...kinds);
        if (isSet(cards, option)) expect(setValue(cards, option, 3)).toBeGreaterThan(0);
        else expect(() => setValue(cards, option, 3)).toThrow(RangeError);
      }
    }
  });
});

describe('the sets in a hand', () => {
  it('[002 II.1 Trade In Cards] every set as ascending index triples, in lexicographic order', () => {
    const cards = hand(I, V, I, C, I);
    expect(tradeableSets(cards, 'increasing')).toEqual([
      [0, 1, 3], // I V C
      [0, 2, 4], // I I I
      [1, 2, 3], // V I C
      [1, 3, 4], // V C I
    ]);
  });

  it('[002 II.1 Trade In Cards e] sets differing only in which wildcard they use are listed once', () => {
    const cards = hand(I, I, W, W);
    expect(tradeableSets(cards, 'increasing')).toEqual([
      [0, 1, 2], // I I W (and I I W')
      [0, 2, 3], // I W W
      [1, 2, 3], // I' W W: another territory card, so another set
    ]);
    expect(tradeableSets(cards, 'italian')).toEqual([[0, 1, 2]]);
    expect(tradeableSets(hand(I, V), 'fixed')).toEqual([]);
  });

  it('[002 II.1 Trade In Cards] any 5 cards contain a set under Increasing and Fixed (every kind multiset)', () => {
    const all = multisets(5);
    expect(all).toHaveLength(56);
    for (const option of ['increasing', 'fixed'] as const) {
      for (const kinds of all) {
        const sets = tradeableSets(hand(...kinds), option);
        expect(sets.length, `${option}: ${kinds.join(' ')}`).toBeGreaterThan(0);
        for (const [i, j, k] of sets) expect(i! < j! && j! < k!).toBe(true);
      }
    }
  });

  it('[002 I Cards Options: Italian] any 5 cards with at most 2 wildcards contain a set; 3 wildcards may not', () => {
    for (const kinds of multisets(5)) {
      const wilds = kinds.filter((k) => k === W).length;
      if (wilds <= 2) expect(tradeableSets(hand(...kinds), 'italian').length, kinds.join(' ')).toBeGreaterThan(0);
    }
    expect(tradeableSets(hand(I, V, W, W, W), 'italian')).toEqual([]);
  });

  it('[002 II.1 Trade In Cards] 4 cards may hold no set', () => {
    for (const option of OPTIONS) expect(tradeableSets(hand(I, I, V, V), option)).toEqual([]);
  });
});

describe('the territory bonus', () => {
  it('[002 II.1 Trade In Cards] the occupied territories shown on the traded cards are the candidates for the 2 extra armies', () => {
    const set: Card[] = [
      { territory: 'solenne', kind: 'infantry' },
      { territory: 'caldris', kind: 'cavalry' },
      { territory: null, kind: 'wild' },
    ];
    const mine = new Set(['caldris', 'solenne']);
    expect(bonusTerritories(set, (t) => mine.has(t))).toEqual(['solenne', 'caldris']);
    expect(bonusTerritories(set, (t) => t === 'caldris')).toEqual(['caldris']);
    expect(bonusTerritories(set, () => false)).toEqual([]);
    expect(bonusTerritories(hand(W, W, W), () => true)).toEqual([]);
  });
});

describe('forced trades', () => {
  it('[002 II.1 NOTES on Trading b] starting the turn with 5 or more cards, a set MUST be traded (one set)', () => {
    for (const option of ['increasing', 'fixed'] as const) {
      expect(mustTrade(4, option, true)).toBe(false);
      expect(mustTrade(5, option, true)).toBe(true);
      expect(mustTrade(7, option, true)).toBe(true);
      expect(forcedTrades(5, option, true)).toBe(1);
      expect(forcedTrades(9, option, true)).toBe(1);
    }
  });

  it('[002 II.1 NOTES on Trading a] after an elimination, more than 5 cards MUST be traded down below 5', () => {
    for (const option of ['increasing', 'fixed'] as const) {
      expect(mustTrade(5, option, false)).toBe(false); // "more than 5"
      expect(mustTrade(6, option, false)).toBe(true);
      // Sets until 4 or fewer are left, three cards a set.
      const table = [0, 0, 0, 0, 0, 0, 1, 1, 2, 2, 2, 3, 3, 3];
      expect(table.map((_, n) => forcedTrades(n, option, false))).toEqual(table);
    }
  });

  it('[002 II.1 NOTES on Trading a] each forced trade starts from 5 or more cards (so a set exists) and the last leaves 4 or fewer', () => {
    for (let n = 6; n <= 11; n++) {
      let size = n;
      for (let t = forcedTrades(n, 'fixed', false); t > 0; t--) {
        expect(size).toBeGreaterThanOrEqual(5);
        size -= 3;
      }
      expect(size).toBeLessThan(5);
      expect(size).toBeGreaterThanOrEqual(0);
    }
  });

  it('[002 II.1 NOTES on Trading c] no forced trades in Italian', () => {
    for (const size of [0, 5, 6, 12, 40]) {
      expect(mustTrade(size, 'italian', true)).toBe(false);
      expect(mustTrade(size, 'italian', false)).toBe(false);
      expect(forcedTrades(size, 'italian', false)).toBe(0);
    }
  });
});
