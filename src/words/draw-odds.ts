/**
 * The odds of action-card draws [13.3-13.6], for the player who draws them: before he assigns a mission,
 * the chance its letters come this turn; before each draw, what the next card may do to each of his
 * missions in the environ (show its letter, or strike it with its event). Each card is read by the rule's
 * own functions (`sectionFor`, `considered`, `ignoredBecause`, `eventReach`, `completionComesToNothing`),
 * never a second reading of the deck.
 *
 * The deck as the drawing side knows it: every action card but those it saw drawn at this environ (the
 * deck's order, and which cards the enemy drew since the last shuffle, are hidden from it).
 */
import type { ActionCardDef, SideId } from '../core/content/schema';
import type { Command, Game } from '../core/engine/types';
import { percent } from '../core/odds';
import { nameOf } from '../core/names';
import { considered, eventReach, ignoredBecause, sectionFor } from '../../systems/rebels-vs-empire/action-cards';
import { bonusDraws } from '../../systems/rebels-vs-empire/bonus-draw';
import { loyaltyAfterShift } from '../../systems/rebels-vs-empire/loyalty';
import { drawsAtEnviron } from '../../systems/rebels-vs-empire/mission-action';
import { completionComesToNothing, lettersNeeded } from '../../systems/rebels-vs-empire/mission-effects';
import { activeGroups, isContinuing, missionCard, sideOfGroup, type MissionGroup } from '../../systems/rebels-vs-empire/missions';
import { planetOfEnviron } from '../core/world/world';
import type { OddsNote } from './character-odds';
import { stillFact } from './still';

/** The action cards the side counts as still in the deck: all but those it saw drawn here. */
export function knownDeck(game: Game, drawnHere: readonly number[] = []): ActionCardDef[] {
  const deck = () => game.content.actions.filter((card) => !drawnHere.includes(card.number));
  // the whole deck, asked for by every mission option: the same list while the game stands still
  return drawnHere.length ? deck() : stillFact(game, knownDeck, 'whole', deck);
}

function choose(n: number, r: number): number {
  if (r < 0 || r > n) return 0;
  let out = 1;
  for (let i = 1; i <= r; i++) out = (out * (n - r + i)) / i;
  return out;
}

/**
 * [13.3, 13.6, 13.32] the chance that `draws` cards drawn without replacement from `deck` show `letter`
 * (as the rule reads each card in this environ, `sectionFor`) at least `need` times.
 */
export function letterChance(game: Game, deck: readonly ActionCardDef[], environ: number, letter: string, draws: number, need = 1): number {
  if (need <= 0) return 1;
  const n = deck.length;
  // the cards showing the letter here: counted once for each deck, environ and letter while the game stands still
  const k = stillFact(game, deck, `${environ} ${letter}`, () => deck.filter((card) => sectionFor(game, card, environ).letters.includes(letter as never)).length);
  const d = Math.min(draws, n);
  // hypergeometric: P(exactly j letters in d cards) = C(k, j) C(n-k, d-j) / C(n, d)
  let p = 0;
  for (let j = Math.max(need, 0); j <= Math.min(k, d); j++) p += (choose(k, j) * choose(n - k, d - j)) / choose(n, d);
  return Math.min(1, p);
}

/** What the rest of the turn's draws may give a group: its letters in the draws left here and its bonus draws. */
export interface TurnChance {
  /** Action draws left in the environ [13.3] and the group's bonus draws after them [13.6]. */
  drawsLeft: number;
  bonus: number;
  /** Letters it still needs [13.5, 13.53, 5.3I]. */
  need: number;
  /** The chance those draws show them, if all are drawn. */
  chance: number;
  /** Why its success would come to nothing now (a Diplomacy on a planet at the end of the track...), or null. */
  futile: string | null;
}

/** [13.3, 13.6] a group's chance this turn: `drawsLeft` action draws, then its bonus draws, from the deck it knows. */
export function turnChance(game: Game, group: MissionGroup, drawsLeft: number, deck: readonly ActionCardDef[]): TurnChance {
  const side = sideOfGroup(game, group);
  const bonus = bonusDraws(game, group).draws;
  const need = Math.max(0, lettersNeeded(game, side, group.letter, group.environ) - group.letters);
  return {
    drawsLeft,
    bonus,
    need,
    chance: letterChance(game, deck, group.environ, group.letter, drawsLeft + bonus, need),
    futile: completionComesToNothing(game, side, group.letter, group.environ),
  };
}

/** "41% this turn: its letter D in the 3 draws here and 1 bonus draw, drawing them all [13.3, 13.6]". */
export function turnChanceWords(game: Game, letter: string, t: TurnChance): string {
  const what = t.need > 1 ? `${t.need} of its letters ${letter}` : `its letter ${letter}`;
  const draws = [t.drawsLeft ? `the ${t.drawsLeft} draw${t.drawsLeft === 1 ? '' : 's'} here` : '', t.bonus ? `${t.bonus} bonus draw${t.bonus === 1 ? '' : 's'}` : ''].filter(Boolean).join(' and ');
  if (!draws) return `0% this turn: no draws left for ${what} [13.3]`;
  return `${percent(t.chance)} this turn: ${what} in ${draws}, drawing them all [13.3, 13.6]`;
}

/** One group's prospects from the next action card. */
export interface NextDraw {
  group: MissionGroup;
  /** The chance the next card that counts shows its letter. */
  letter: number;
  /** ... and it takes effect: the group is not aborted by the card's own event first, nor is the mission left with nothing to do [13.3]. */
  takes: number;
  /**
   * Its letter comes and ends it with nothing to show: the planet is not as its success needs (a rising
   * needs unrest [15.2]), or the same card's event has just moved it so [13.3].
   */
  spoiled: number;
  /** Events that would strike it (each the chance it comes and picks this group [13.43]). */
  harms: { words: string; chance: number }[];
  /** The chance the next card's event works against it. */
  harm: number;
  continuing: boolean;
  turn: TurnChance;
}

export interface DrawOdds {
  environ: number;
  /** Cards the side counts as still in the deck, and of them those the rule would set aside and redraw [13.42] or that count for nothing here [13.41]. */
  cards: number;
  ignored: number;
  blank: number;
  groups: NextDraw[];
  /** Events on the planet itself (its loyalty, its PDB...), each with its chance and whether it works against the side. */
  planet: { words: string; chance: number; harms: boolean }[];
}

/**
 * [13.3, 13.41-13.48] what the next action card at the environ being resolved may do, for the side that
 * draws. The rule redraws a card it ignores [13.42], so the card that counts is one of the others, each
 * as likely: the odds run over those.
 */
export function nextDrawOdds(game: Game, side: SideId): DrawOdds | null {
  // asked by each answer of the draw, its note and its marker: worked out once while the game stands still
  return stillFact(game, nextDrawOdds, side, () => drawOddsNow(game, side));
}

function drawOddsNow(game: Game, side: SideId): DrawOdds | null {
  const at = drawsAtEnviron(game);
  if (!at) return null;
  const { environ, seen, drawn } = at;
  const groups = activeGroups(game, environ);
  if (!groups.length) return null;
  const deck = knownDeck(game, drawn);
  const size = game.world.c.Environ.size[environ] as number;
  const planet = planetOfEnviron(game.world, environ);
  const loyalty = game.world.c.Loyalty.value[planet] as number;
  const out = new Map<MissionGroup, Omit<NextDraw, 'turn' | 'continuing'>>(groups.map((g) => [g, { group: g, letter: 0, takes: 0, spoiled: 0, harms: [], harm: 0 }]));
  const planetEvents = new Map<string, { words: string; chance: number; harms: boolean }>();
  let counted = 0;
  let ignored = 0;
  let blank = 0;
  const tallies: { card: ActionCardDef; reach: ReturnType<typeof eventReach> }[] = [];
  for (const card of deck) {
    const section = sectionFor(game, card, environ);
    if (!considered(game, section, environ)) {
      blank++;
      counted++;
      continue;
    }
    if (ignoredBecause(game, section.event, environ, seen)) {
      ignored++;
      continue;
    }
    counted++;
    tallies.push({ card, reach: section.event ? eventReach(game, section.event, environ, side) : null });
  }
  if (!counted) return null;
  const w = 1 / counted;
  for (const { card, reach } of tallies) {
    const section = sectionFor(game, card, environ);
    if (reach && !reach.groups.length) {
      const p = planetEvents.get(reach.words) ?? { words: reach.words, chance: 0, harms: reach.harms };
      p.chance += w;
      planetEvents.set(reach.words, p);
    }
    // a loyalty shift is resolved before the letters [13.3]: the mission meets the planet as the event leaves it
    const shifted =
      reach?.event === 'loyalty-to-rebel' ? loyaltyAfterShift(game, planet, 'rebel', 1) : reach?.event === 'loyalty-to-imperial' ? loyaltyAfterShift(game, planet, 'imperial', 1) : loyalty;
    for (const g of groups) {
      const o = out.get(g)!;
      // [13.43] an event on one group picks it at random; one on the planet reaches every group
      const hit = reach ? (reach.groups.length ? (reach.groups.includes(g) ? 1 / reach.groups.length : 0) : 1) : 0;
      if (hit && reach?.harms) {
        const h = o.harms.find((x) => x.words === reach.words);
        if (h) h.chance += w * hit;
        else o.harms.push({ words: reach.words, chance: w * hit });
        o.harm += w * hit;
      }
      if (!section.letters.includes(g.letter)) continue;
      o.letter += w;
      // [13.44] an aborted group takes no letter
      const kept = reach?.event === 'mission-aborted' ? 1 - hit : 1;
      // [13.51] a continuing mission only counts the letter: it completes later, with all it has
      const empty = !isContinuing(game, g) && completionComesToNothing(game, side, g.letter, environ, shifted) !== null;
      if (empty) o.spoiled += w * kept;
      else o.takes += w * kept;
    }
  }
  const left = Math.max(0, size - at.draws);
  return {
    environ,
    cards: deck.length,
    ignored,
    blank,
    planet: [...planetEvents.values()],
    groups: groups.map((g) => ({ ...out.get(g)!, continuing: isContinuing(game, g), turn: turnChance(game, g, left, deck) })),
  };
}

/** The next draw's odds in a note beside the draw decision. */
export function drawNotes(game: Game, side: SideId): OddsNote[] {
  const odds = nextDrawOdds(game, side);
  if (!odds) return [];
  const lines: string[] = [];
  for (const x of odds.groups) {
    const who = x.group.camp ? 'the rebel camp' : x.group.members.map((m) => nameOf(game, m)).join(', ');
    const parts = [`${x.continuing ? `adds a ${x.group.letter} (${x.group.letters} so far)` : 'completes it'} ${percent(x.takes)}`];
    if (x.spoiled > 0) parts.push(`its letter wasted ${percent(x.spoiled)} (${x.turn.futile ?? "its own card's event moves the planet first [13.3]"})`);
    parts.push(x.harm > 0 ? `an event against it ${percent(x.harm)}${x.harms.length ? ` (${x.harms.map((h) => `${h.words} ${percent(h.chance)}`).join('; ')})` : ''}` : 'no event can strike it');
    const turn = `${turnChanceWords(game, x.group.letter, x.turn)}${x.turn.futile && !x.spoiled ? `, but ${x.turn.futile}` : ''}`;
    lines.push(`${missionCard(game, x.group.letter).name} (${x.group.letter}) by ${who}: next card ${parts.join(', ')}. ${turn}.`);
  }
  // what the planet may go through and no mission counts against itself (a raid on the Empire's PDB...)
  for (const p of odds.planet.filter((p) => !p.harms)) lines.push(`On the planet: ${p.words} ${percent(p.chance)}.`);
  lines.push(
    `${odds.blank} of the ${odds.cards} cards you have not seen here count for nothing here [13.41]${odds.ignored ? `, ${odds.ignored} would be set aside and another drawn [13.42]` : ''}. Stop drawing: no bonus draws [13.3].`,
  );
  return [{ title: 'The next action card', rule: '[13.3-13.6]', lines }];
}

/** The chance the next card completes (or adds to) each mission, for the board's marker at the environ: "R 17% · ⚠ 23%". */
export function drawMark(game: Game, side: SideId): string | null {
  const odds = nextDrawOdds(game, side);
  if (!odds) return null;
  const harm = Math.max(0, ...odds.groups.map((g) => g.harm));
  return `${odds.groups.map((g) => `${g.group.letter} ${percent(g.takes)}`).join(' · ')}${harm > 0 ? ` · ⚠ ${percent(harm)}` : ''}`;
}

/**
 * [13.3, 13.52] the facts of the draw decision's own answers: drawing (each mission's chance from the next
 * card, and the chance it strikes one), stopping a mission or every one (a continuing mission completes with
 * the letters it has, any other fails; and no bonus draws after [13.3]).
 */
export function drawOptionFacts(game: Game, option: Command): { detail?: string; warning?: string } {
  const odds = nextDrawOdds(game, option.side as SideId);
  if (!odds) return {};
  if (option.type === 'draw-action') {
    const harm = Math.max(0, ...odds.groups.map((g) => g.harm));
    return {
      detail: `${odds.groups.map((g) => `${g.group.letter} ${g.continuing ? 'adds a letter' : 'completes'} ${percent(g.takes)}`).join(', ')}; its event works against a mission ${percent(harm)} [13.3, 13.43]`,
    };
  }
  const stopped = option.type === 'stop-mission' ? odds.groups.filter((g) => g.group.id === option.group) : odds.groups;
  const ends = stopped.map((g) => {
    const name = missionCard(game, g.group.letter).name;
    return g.continuing && g.group.letters > 0 ? `${name} completes with its ${g.group.letters} letter${g.group.letters === 1 ? '' : 's'} [13.52]` : `${name} ends without success [13.5]`;
  });
  const chance = stopped.map((g) => `${g.group.letter} ${percent(g.turn.chance)}`).join(', ');
  return { detail: `${ends.join('; ')}; no bonus draws [13.3]; drawing on, its letter this turn: ${chance}` };
}
