/**
 * Conquest cards: the deck, sets, trade-in values and the forced-trade limits of the Risk-style
 * "conquest" ruleset (002 I "Cards Options", 002 II.1 "Trade In Cards" and its "NOTES on Trading").
 *
 * A pure module: plain data in, plain data out, no engine imports. Cards are JSON-serialisable; a hand is
 * an array of cards and a set is named by indices into it. Shuffling and drawing belong to the engine
 * (with the game's RNG), so everything here is deterministic.
 *
 * Decisions where 002 is silent or loose (each is repeated where it is applied):
 * - Italian sets are exactly the five valued ones of 002 I "Italian" a-e; other wildcard combinations
 *   (two different kinds + a wildcard, two or three wildcards) are not sets in Italian.
 * - Under Fixed, a set with wildcards is worth the highest value it can be read as; only three wildcards
 *   make 12, and two wildcards + any card make 10 (read as one of each).
 * - The 2 extra armies of II.1 are given once per trade, on one territory the player chooses among the
 *   traded cards' territories that he occupies.
 * - The forced trades of the NOTES: at turn start 5+ cards force exactly one set; after an elimination
 *   more than 5 (6+) cards force sets until fewer than 5 (4 or fewer) remain; never in Italian.
 */

export type CardKind = 'infantry' | 'cavalry' | 'cannon' | 'wild';

/** One card: the territory it shows (`null` on a wildcard) and its kind. */
export interface Card {
  territory: string | null;
  kind: CardKind;
}

/** The three ways of valuing sets, 002 I "Cards Options" 1-3. */
export type CardOption = 'increasing' | 'fixed' | 'italian';

/** The kinds shown on territory cards, in the order buildDeck deals them. */
export const TROOP_KINDS = ['infantry', 'cavalry', 'cannon'] as const;
export type TroopKind = (typeof TROOP_KINDS)[number];

/** How many wildcards a deck holds (the classic Risk deck has two). */
export const WILDCARDS = 2;

/**
 * The decks to choose from [002 I Cards: "you can also choose from different decks of cards"]: one card
 * per territory and the classic two wildcards, or a wild deck of four, in which three wildcards (Fixed's
 * "all wildcards", 12 armies) can come together.
 */
export const DECKS = { classic: WILDCARDS, wild: 4 } as const;
export type DeckId = keyof typeof DECKS;

/** The extra armies for occupying a territory shown on a traded card (002 II.1). */
export const TRADE_BONUS = 2;

// ------------------------------------------------------------------------------------------ the deck

/**
 * One card per territory, kinds dealt in turn infantry, cavalry, cannon over the territories in the given
 * order (so the mix is as even as it can be), then the wildcards. Not shuffled: the engine shuffles.
 */
export function buildDeck(territories: readonly string[], wildcards: number = WILDCARDS): Card[] {
  const deck: Card[] = territories.map((territory, i) => ({ territory, kind: TROOP_KINDS[i % 3]! }));
  for (let i = 0; i < wildcards; i++) deck.push({ territory: null, kind: 'wild' });
  return deck;
}

// ------------------------------------------------------------------------------------------ sets

/** The kinds of the non-wild cards, and how many wildcards, of a candidate set. */
function split(cards: readonly Card[]): { troops: TroopKind[]; wilds: number } {
  const troops: TroopKind[] = [];
  let wilds = 0;
  for (const c of cards) {
    if (c.kind === 'wild') wilds++;
    else troops.push(c.kind);
  }
  return { troops, wilds };
}

/** How many different kinds (of at most three cards): counted in place, as every turn asks it of every three cards of a hand. */
function distinct(kinds: readonly TroopKind[]): number {
  let count = 0;
  for (let i = 0; i < kinds.length; i++) if (kinds.indexOf(kinds[i]!) === i) count++;
  return count;
}

/**
 * Whether three cards form a set (002 II.1 a-e): three alike, one of each, or either of those with
 * wildcards standing in for missing cards. Any three cards whose non-wild kinds are all alike or all
 * different qualify, so two wildcards + anything and three wildcards are sets too (Fixed values "all
 * wildcards", 002 I 2e).
 *
 * Italian (002 I 3) lists its sets with their values, and only these five: three cannon, three infantry,
 * three cavalry, one of each, two the same with a wildcard. We read that list as complete: in Italian a
 * set is exactly one of those five, so two different kinds + a wildcard, or two or three wildcards, are
 * not sets (they would have no value).
 */
export function isSet(cards: readonly Card[], option: CardOption): boolean {
  if (cards.length !== 3) return false;
  const { troops, wilds } = split(cards);
  const kinds = distinct(troops);
  if (option === 'italian') {
    if (wilds === 0) return kinds === 1 || kinds === 3;
    return wilds === 1 && kinds === 1;
  }
  // The non-wild cards must be completable to three alike (one kind) or one of each (all different).
  return kinds <= 1 || kinds === troops.length;
}

// ------------------------------------------------------------------------------------------ values

/** The Increasing values of the first sets traded in (002 I 1); after these, 5 more each. */
export const INCREASING_VALUES: readonly number[] = [4, 6, 8, 10, 12, 15, 20, 25];

/** The armies for a set under Increasing, given how many sets any player traded in before (0 -> 4). */
export function increasingValue(setsTradedSoFar: number): number {
  if (!Number.isInteger(setsTradedSoFar) || setsTradedSoFar < 0) {
    throw new RangeError(`sets traded so far must be a whole number >= 0, not ${setsTradedSoFar}`);
  }
  const last = INCREASING_VALUES.length - 1;
  if (setsTradedSoFar <= last) return INCREASING_VALUES[setsTradedSoFar]!;
  // "and so on in 5 army increments. Note that there is no limit!"
  return INCREASING_VALUES[last]! + 5 * (setsTradedSoFar - last);
}

/** Fixed values (002 I 2a-e). */
export const FIXED_VALUES = { infantry: 4, cavalry: 6, cannon: 8, oneOfEach: 10, allWild: 12 } as const;

/** Italian values (002 I 3a-e). */
export const ITALIAN_VALUES = { cannon: 4, infantry: 6, cavalry: 8, oneOfEach: 10, pairAndWild: 12 } as const;

/**
 * Under Fixed, a set with wildcards is worth the highest value it can be read as (a wildcard may stand
 * for any card, and the player would choose the best reading):
 * - infantry + infantry + wild: only all infantry, 4 (likewise cavalry 6, cannon 8);
 * - two different kinds + wild: only one of each, 10;
 * - two wilds + any card: all of that kind or one of each, so 10;
 * - three wilds: all wildcards, 12 (the only way to 12).
 */
function fixedValue(troops: readonly TroopKind[]): number {
  if (troops.length === 0) return FIXED_VALUES.allWild;
  // One card, or different kinds, can be read as one of each (10, above every three-alike value);
  // two or three alike can only be read as three of that kind.
  if (troops.length === 1 || distinct(troops) > 1) return FIXED_VALUES.oneOfEach;
  return FIXED_VALUES[troops[0]!];
}

function italianValue(troops: readonly TroopKind[]): number {
  if (troops.length === 2) return ITALIAN_VALUES.pairAndWild; // isSet: the two are alike
  if (distinct(troops) === 3) return ITALIAN_VALUES.oneOfEach;
  return ITALIAN_VALUES[troops[0]!];
}

/**
 * The armies a set of three is worth (002 I "Cards Options"). `setsTradedSoFar` counts the sets traded
 * in by any player before this one and matters only under Increasing. Throws on cards that are not a set
 * under `option`: the engine offers only `tradeableSets`. The 2 extra armies for an occupied territory
 * (002 II.1) are not included: see `bonusTerritories`.
 */
export function setValue(cards: readonly Card[], option: CardOption, setsTradedSoFar: number): number {
  if (!isSet(cards, option)) {
    throw new RangeError(`not a set under ${option}: ${cards.map((c) => c.kind).join(', ')}`);
  }
  if (option === 'increasing') return increasingValue(setsTradedSoFar);
  const { troops } = split(cards);
  return option === 'fixed' ? fixedValue(troops) : italianValue(troops);
}

// ------------------------------------------------------------------------------------------ trading

/** Two cards are the same card when they show the same territory and kind (so wildcards are all alike). */
const cardKey = (c: Card): string => `${c.kind}:${c.territory ?? ''}`;

/**
 * Every distinct set in a hand, as ascending index triples, in lexicographic order of the indices. Sets
 * made of the same cards are listed once, by their first triple: this only merges sets that differ in
 * which of two identical cards (in practice, which wildcard) they use; sets whose territory cards
 * differ stay apart, since they give different bonus territories and leave different hands.
 */
export function tradeableSets(hand: readonly Card[], option: CardOption): number[][] {
  const sets: number[][] = [];
  const seen = new Set<string>();
  for (let i = 0; i < hand.length; i++) {
    for (let j = i + 1; j < hand.length; j++) {
      for (let k = j + 1; k < hand.length; k++) {
        const cards = [hand[i]!, hand[j]!, hand[k]!];
        if (!isSet(cards, option)) continue;
        const key = cards.map(cardKey).sort().join('|');
        if (seen.has(key)) continue;
        seen.add(key);
        sets.push([i, j, k]);
      }
    }
  }
  return sets;
}

/**
 * The territories shown on the traded cards that the player occupies, in card order, each once: the
 * candidates for the 2 extra armies of 002 II.1. The text gives "2 extra armies if you occupy one or more
 * of the countries shown", so the bonus is 2 per trade, not 2 per territory; it is placed "on the country
 * shown", and when several qualify the player chooses one of them. Empty: no bonus.
 */
export function bonusTerritories(set: readonly Card[], owned: (t: string) => boolean): string[] {
  const out: string[] = [];
  for (const { territory } of set) {
    if (territory !== null && owned(territory) && !out.includes(territory)) out.push(territory);
  }
  return out;
}

/** 002 NOTES on Trading b: starting the turn with this many cards forces a trade. */
export const TURN_START_LIMIT = 5;
/** 002 NOTES on Trading a: after an elimination, more than this many cards force trades... */
export const ELIMINATION_LIMIT = 5;
/** ...until fewer than this many are left. */
export const TRADE_DOWN_BELOW = 5;

/**
 * How many sets a player must trade now (002 NOTES on Trading a-c). Every trade takes exactly three
 * cards, so the count follows from the hand size alone, and with 5 or more cards a set always exists
 * (except in Italian, which has no forced trades), so the count can always be met.
 *
 * - `atTurnStart` (note b): "If you start the turn with 5 or more cards, you MUST trade a set in": one
 *   set, whatever the hand size; any further trades are the player's choice.
 * - after eliminating an opponent and taking his cards (note a, `atTurnStart` false, with the hand size
 *   after taking them): "If you have more than 5 cards [6 or more], you MUST trade in sets immediately to
 *   reduce your number of cards below 5 [to 4 or fewer]". With exactly 5 nothing is forced mid-turn. Once
 *   the trade-down starts it runs until fewer than 5 remain, so 8 cards force two sets (8 -> 5 -> 2), not
 *   one: call this once, when the cards are taken, and keep the count, rather than asking again with the
 *   reduced hand.
 * - Italian (note c): never.
 */
export function forcedTrades(handSize: number, option: CardOption, atTurnStart: boolean): number {
  if (option === 'italian') return 0;
  if (atTurnStart) return handSize >= TURN_START_LIMIT ? 1 : 0;
  if (handSize <= ELIMINATION_LIMIT) return 0;
  return Math.ceil((handSize - (TRADE_DOWN_BELOW - 1)) / 3);
}

/** Whether the player must trade a set now: `forcedTrades(...) > 0` (see there for the reading of 002). */
export function mustTrade(handSize: number, option: CardOption, atTurnStart: boolean): boolean {
  return forcedTrades(handSize, option, atTurnStart) > 0;
}
