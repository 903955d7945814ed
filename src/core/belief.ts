/**
 * Beliefs: a game as one side could imagine it. An AI that searches ahead needs whole games to play on,
 * but may not know what its view hides. `sampleBelief` copies the game and then re-deals everything
 * hidden from the side (the same things `viewFor` hides), so a sample is consistent with the side's
 * view and tells it nothing more:
 *
 * - [7.22] which hidden Imperial mobile unit is a patrol and which a line (the Rebel knows the mix, not which);
 * - [9.31] where undetected enemy characters are: anywhere in play, or, for one the side has seen,
 *   most likely still where it last saw him, or at least on that planet (on foot he cannot leave it [9.0]);
 *   one never seen, most likely where unseen enemies were lately at work (a public mission result);
 * - [13.1] the enemy's mission groups not yet drawn for: where they are, and on which mission (which
 *   characters are on a mission, and together, is left as it is);
 * - [14.2] which enemy character holds which unrevealed possession (and an enemy's ship goes with its holder);
 * - in the galactic game, which undiscovered secret planet holds the Rebel base, for the Empire;
 * - the order of every deck (`game.vars` keys ending in `Deck`) and all future dice;
 * - the command log and event history (they would reveal hidden moves).
 *
 * Agents get samples through a `Belief` handed to them by whoever runs the game, never the game itself.
 */
import { hasComponent } from 'bitecs';
import type { SideId } from './content/schema';
import { cloneGame } from './engine/game';
import type { Game, Json } from './engine/types';
import { Rng } from './rng';
import { isGalactic } from './content/validate';
import { provinceOfEnviron, questionedProvinces } from './insight';
import { allOf, environOf, hold, holderOf, place, planetOfEnviron, possessionsOf, refOf, tag, touch, undiscoveredSecret, untag } from './world/world';

/**
 * What the side remembers of enemies it cannot see now. It is the side's own memory, kept from the
 * views and public events it was given (an agent keeps it), so it tells nothing new.
 */
export interface Sightings {
  /** Where the side last saw each enemy character: environ by character. */
  seen: Readonly<Record<number, number>>;
  /**
   * Environs where unseen enemies were at work lately, newest first: a mission's public result tells
   * where it was performed (a loyalty shift by diplomacy, a rising, a sabotaged PDB).
   */
  traces: readonly number[];
}

/**
 * How often an imagined game keeps an unseen character on the planet where he was last seen. Only a
 * spaceship takes a character to another planet [9.0], and Rebels fly seldom; the rest of the time he
 * could be anywhere, so a side is never certain.
 */
export const STAYS_ON_PLANET = 0.85;

/** How often they are imagined in the very environ where they were seen, rather than anywhere on its planet. */
export const STAYS_IN_ENVIRON = 0.7;

/**
 * How often a character the side has never seen is imagined where unseen enemies were lately at work
 * (one of the traces), rather than anywhere in play: whoever performed that mission is somewhere.
 */
export const FOLLOWS_TRACE = 0.6;

export interface Belief {
  /** A game consistent with the side's view (and what it saw before); the same seed gives the same sample. */
  sample(seed: string, sightings?: Sightings): Game;
}

export function beliefOf(game: Game, side: SideId): Belief {
  return new SideBelief(game, side);
}

/** A side's belief about a game: made for every decision, so a class (no closure made each time). */
class SideBelief implements Belief {
  constructor(
    private readonly game: Game,
    private readonly side: SideId,
  ) {}

  sample(seed: string, sightings?: Sightings): Game {
    return sampleBelief(this.game, this.side, seed, sightings);
  }
}

export function sampleBelief(game: Game, side: SideId, seed: string, sightings: Sightings = { seen: {}, traces: [] }): Game {
  const g = cloneGame(game);
  const rng = Rng.fromSeed(`belief:${side}:${seed}`);
  g.rng = Rng.fromSeed(`belief-dice:${side}:${seed}`);
  g.log = [];
  g.events = [];
  const w = g.world;
  const c = w.c;
  const sideIndex = g.ruleset.sides.indexOf(side);
  const isEnemy = (eid: number) => (c.Owner.side[eid] as number) !== sideIndex;

  // [13.2 Q] what a questioned prisoner showed this game-turn is known, and stays as it is
  const questioned = questionedProvinces(g, side);
  const told = (environ: number) => questioned.size > 0 && questioned.has(provinceOfEnviron(g, environ));

  // [7.22] re-deal the types of hidden units among themselves.
  if (side === 'rebel') {
    const hidden = allOf(w, 'unit').filter((u) => isEnemy(u) && c.Unit.hidden[u] === 1 && environOf(w, u) && !hasComponent(w, u, c.Eliminated) && !told(environOf(w, u)));
    const dealt = rng.shuffle(hidden.map((u) => [c.Unit.type[u] as number, c.Unit.combat[u] as number] as const));
    hidden.forEach((u, i) => {
      const [type, combat] = dealt[i] as readonly [number, number];
      c.Unit.type[u] = type;
      c.Unit.combat[u] = combat;
    });
    touch(w);
  }

  // galactic game: the Empire does not know where the Rebel base is until its planet is discovered; it
  // could be on any secret planet still unknown to it
  if (side === 'imperial' && isGalactic(g.scenario)) {
    const base = allOf(w, 'planet').find((p) => hasComponent(w, p, c.RebelBase));
    if (base && !hasComponent(w, base, c.Discovered)) {
      const unknown = allOf(w, 'planet').filter((p) => hasComponent(w, p, c.InPlay) && undiscoveredSecret(w, p));
      untag(w, base, c.RebelBase);
      tag(w, rng.pick(unknown), c.RebelBase);
    }
  }

  // [9.31] undetected enemy characters (free, on the board) could be anywhere in play, and more likely
  // where unseen enemies were lately at work; those seen together before most likely still are, where
  // they were seen or elsewhere on that planet.
  const inPlay = allOf(w, 'environ').filter((e) => hasComponent(w, e, c.InPlay));
  const traces = sightings.traces.filter((e) => inPlay.includes(e));
  const seenTogether = new Map<number, number[]>();
  for (const ch of allOf(w, 'character')) {
    if (!isEnemy(ch) || !environOf(w, ch)) continue;
    if (hasComponent(w, ch, c.Detected) || hasComponent(w, ch, c.Captured) || hasComponent(w, ch, c.Dead) || told(environOf(w, ch))) continue;
    const seen = sightings.seen[ch];
    if (seen !== undefined) seenTogether.set(seen, [...(seenTogether.get(seen) ?? []), ch]);
    else place(w, ch, traces.length && rng.chance(FOLLOWS_TRACE) ? rng.pick(traces) : rng.pick(inPlay));
  }
  for (const [seen, group] of seenTogether) {
    const planet = inPlay.filter((e) => planetOfEnviron(w, e) === planetOfEnviron(w, seen));
    const stays = planet.length > 0 && rng.chance(STAYS_ON_PLANET);
    const where = !stays ? rng.pick(inPlay) : rng.chance(STAYS_IN_ENVIRON) ? seen : rng.pick(planet);
    for (const ch of group) place(w, ch, where);
  }

  // [13.1] what the rules keep aside that the side may not know: the enemy's secret mission assignments.
  g.ruleset.conceal?.(g, side, rng);

  // [14.53] an unseen holder's spaceship goes where he was imagined (the view hides it: it is with no
  // character the side sees); a seen holder's stays where the view shows it.
  for (const ship of [...allOf(w, 'ship'), ...allOf(w, 'possession')]) {
    const holder = holderOf(w, ship);
    if (!holder || !isEnemy(ship) || !hasComponent(w, ship, c.Spaceship) || hasComponent(w, holder, c.Detected) || (environOf(w, holder) && told(environOf(w, holder)))) continue;
    if (environOf(w, ship) && environOf(w, holder)) place(w, ship, environOf(w, holder));
  }

  // [14.2] unrevealed enemy possessions could be held by any enemy character in play; [14.13] a companion
  // only by one who holds no other.
  const enemyCharacters = allOf(w, 'character').filter((ch) => isEnemy(ch) && environOf(w, ch) && !hasComponent(w, ch, c.Dead));
  const isCompanion = (p: number) => g.content.possessions.get(refOf(w, p))?.kind === 'companion';
  if (enemyCharacters.length)
    for (const p of allOf(w, 'possession')) {
      const holder = holderOf(w, p);
      if (!holder || !isEnemy(p) || hasComponent(w, p, c.Revealed) || hasComponent(w, p, c.Spaceship)) continue;
      const may = isCompanion(p) ? enemyCharacters.filter((ch) => !possessionsOf(w, ch).some((q) => q !== p && isCompanion(q))) : enemyCharacters;
      if (may.length) hold(w, p, rng.pick(may));
    }

  // Deck order is never known.
  for (const [key, value] of Object.entries(g.vars))
    if (key.endsWith('Deck') && Array.isArray(value)) g.vars[key] = rng.shuffle(value as Json[]);

  return g;
}
