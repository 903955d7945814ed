/**
 * Sides, as the rules systems talk about them: the phasing player, the enemy, a piece's owner.
 */
import { hasComponent } from 'bitecs';
import type { SideId } from '../../src/core/content/schema';
import type { Game } from '../../src/core/engine/types';
import { environOf, environsView, isActivePiece, occupantsView, planetOfEnviron, withComponent } from '../../src/core/world/world';

export function sideIndexOf(game: Game, side: SideId): number {
  return game.ruleset.sides.indexOf(side);
}

export function sideOf(game: Game, eid: number): SideId {
  const side = game.ruleset.sides[game.world.c.Owner.side[eid] as number];
  if (!side) throw new Error(`entity ${eid} has no side`);
  return side;
}

export function enemyOf(side: SideId): SideId {
  return side === 'rebel' ? 'imperial' : 'rebel';
}

/** The phasing side, or null in the interphase and setup. */
export function phasing(game: Game): SideId | null {
  if (game.segment < 0) return null;
  return game.ruleset.sequence[game.segment]?.player ?? null;
}

export function isUnit(game: Game, eid: number): boolean {
  return game.world.kinds[eid] === 'unit';
}

export function isCharacter(game: Game, eid: number): boolean {
  return game.world.kinds[eid] === 'character';
}

/** Live military units of a side in an environ. */
export function unitsIn(game: Game, environ: number, side?: SideId): number[] {
  return occupantsView(game.world, environ).filter(
    (e) => isUnit(game, e) && !hasComponent(game.world, e, game.world.c.Eliminated) && (side === undefined || sideOf(game, e) === side),
  );
}

/** How many live military units of a side stand in an environ (`unitsIn(...).length`, with no list made). */
export function unitCountIn(game: Game, environ: number, side: SideId): number {
  const w = game.world;
  const index = sideIndexOf(game, side);
  let n = 0;
  for (const e of occupantsView(w, environ)) if (w.kinds[e] === 'unit' && w.c.Owner.side[e] === index && !hasComponent(w, e, w.c.Eliminated)) n++;
  return n;
}

/** Whether a side has a live military unit on a planet (`unitsOnPlanet(...).length > 0`, with no list made). */
export function hasUnitsOnPlanet(game: Game, planet: number, side: SideId): boolean {
  for (const environ of environsView(game.world, planet)) if (unitCountIn(game, environ, side) > 0) return true;
  return false;
}

/** Free (not captured, not dead) characters of a side in an environ. */
export function charactersIn(game: Game, environ: number, side?: SideId): number[] {
  const c = game.world.c;
  return occupantsView(game.world, environ).filter(
    (e) =>
      isCharacter(game, e) &&
      !hasComponent(game.world, e, c.Dead) &&
      !hasComponent(game.world, e, c.Captured) &&
      (side === undefined || sideOf(game, e) === side),
  );
}

/** Live military units of a side on a planet. */
export function unitsOnPlanet(game: Game, planet: number, side?: SideId): number[] {
  return environsView(game.world, planet).flatMap((env) => unitsIn(game, env, side));
}

/**
 * The scenario's area does not change during a game (`buildWorld` marks it `InPlay`), so each world's
 * planets and environs in play are sorted once, not after every change as rules code asks for them;
 * the lists are made again only if the area grows or shrinks (tests widen it by hand). They are read off
 * the world's one query of `InPlay` (`withComponent`), which a new game's copy of its scenario's layout
 * takes over (`askedAfterEveryChange`): two queries of their own, registered by each game, tested every
 * entity of the world (3% of a short random game).
 */
interface InPlayLists {
  /** How many entities were in play when the lists were made. */
  count: number;
  environs: readonly number[];
  planets: readonly number[];
}
const inPlayOf = new WeakMap<Game['world'], InPlayLists>();

function inPlay(game: Game): InPlayLists {
  const w = game.world;
  const holders = withComponent(w, w.c.InPlay);
  let lists = inPlayOf.get(w);
  if (!lists || lists.count !== holders.length) {
    const environs: number[] = [];
    const planets: number[] = [];
    for (const eid of holders) {
      if (hasComponent(w, eid, w.c.Environ)) environs.push(eid);
      if (hasComponent(w, eid, w.c.Planet)) planets.push(eid);
    }
    lists = { count: holders.length, environs: environs.sort((a, b) => a - b), planets: planets.sort((a, b) => a - b) };
    inPlayOf.set(w, lists);
  }
  return lists;
}

/** Environs where the game is played, in id order. */
export function environsInPlay(game: Game): readonly number[] {
  return inPlay(game).environs;
}

export function planetsInPlay(game: Game): readonly number[] {
  return inPlay(game).planets;
}

/** The planet a piece stands on, or 0. */
export function planetOfPiece(game: Game, eid: number): number {
  const env = environOf(game.world, eid);
  return env ? planetOfEnviron(game.world, env) : 0;
}

export { isActivePiece };

/** A character on the board and free to act: not dead, not captured. */
export function isFreeCharacter(game: Game, character: number): boolean {
  const w = game.world;
  return environOf(w, character) !== 0 && !hasComponent(w, character, w.c.Dead) && !hasComponent(w, character, w.c.Captured);
}
