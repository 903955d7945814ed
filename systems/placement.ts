/**
 * Initial placement [16.12-16.14], done automatically (by the game's RNG) where the scenario leaves a
 * choice. Placement by hand is a later feature of the setup screen; see docs/rules.md.
 */
import type { SideId } from '../src/core/content/schema';
import { emit } from '../src/core/engine/game';
import type { Game } from '../src/core/engine/types';
import { HeldBy } from '../src/core/world/relations';
import { addComponent, hasComponent } from 'bitecs';
import { allOf, entityOf, environOf, holderOf, place, planetOfEnviron, refOf } from '../src/core/world/world';
import { nameOf } from '../src/core/names';
import { refreshControl, controls } from './control';
import { charactersIn, enemyOf, environsInPlay, sideOf, unitsIn } from './sides';
import { detectShip } from './detection';
import { pdbUsableBy } from './pdb';
import { loseShip, refreshShips, shipsIn } from './stacking';

/** [9.5] may one more of this side's military units stand in the environ? */
export function hasRoomForUnit(game: Game, environ: number, side: SideId): boolean {
  return unitsIn(game, environ, side).length < (game.world.c.Environ.size[environ] as number);
}

export function placeStartingForces(game: Game): void {
  refreshControl(game);
  // [16.14] the Imperial player always places first.
  const landings: { side: SideId; environ: number }[] = [];
  for (const side of ['imperial', 'rebel'] as const) {
    placeUnits(game, side);
    const landing = placeCharacters(game, side);
    if (landing) landings.push({ side, environ: landing });
  }
  assignStartingPossessions(game);
  assignImperialShips(game);
  refreshControl(game);
  for (const { side, environ } of landings) landFromSpace(game, side, environ);
}

function placeUnits(game: Game, side: SideId) {
  const w = game.world;
  const c = w.c;
  const placements = game.scenario[side].units;
  const unplaced = allOf(w, 'unit').filter((u) => sideOf(game, u) === side && !environOf(w, u));
  let next = 0;
  for (const placement of placements) {
    for (let n = 0; n < placement.count; n++) {
      const unit = unplaced[next++];
      if (unit === undefined) throw new Error('fewer units were made than the scenario places');
      let environ = placement.environ === null ? 0 : entityOf(w, 'environ', placement.environ);
      if (!environ || !hasRoomForUnit(game, environ, side)) {
        // [16.13] any environ of a planet the player controls; a Rebel unit only on its own type.
        const candidates = environsInPlay(game).filter(
          (env) =>
            controls(game, side, planetOfEnviron(w, env)) &&
            hasRoomForUnit(game, env, side) &&
            (side !== 'rebel' || c.Environ.type[env] === c.Unit.environType[unit]),
        );
        environ = candidates.length ? game.rng.pick(candidates) : 0;
      }
      if (!environ) {
        emit(game, { kind: 'placement', text: `A ${side} unit finds no place to deploy and stays out of play [16.15].`, rule: '[16.15]', visibleTo: 'all' });
        continue;
      }
      place(w, unit, environ);
    }
  }
}

/** Place a side's starting characters; returns their environ when they land from space [16.12], else 0. */
function placeCharacters(game: Game, side: SideId): number {
  const w = game.world;
  const chars = game.scenario[side].characters.map((id) => entityOf(w, 'character', id));
  if (!chars.length) return 0;
  // [16.12] all on any one environ of a planet the player controls; with none, they land from space.
  const own = environsInPlay(game).filter((env) => controls(game, side, planetOfEnviron(w, env)));
  const environ = game.rng.pick(own.length ? own : environsInPlay(game));
  for (const ch of chars) place(w, ch, environ);
  emit(game, {
    kind: 'placement',
    text: `The ${side === 'rebel' ? 'Rebel' : 'Imperial'} characters gather at ${nameOf(game, environ)}.`,
    rule: '[16.12]',
    visibleTo: side,
    entities: chars,
  });
  return own.length ? 0 : environ;
}

/** [14.11] possessions held at the start may go to any character; spaceships to a pilot first. */
function assignStartingPossessions(game: Game) {
  const w = game.world;
  const c = w.c;
  const rebels = game.scenario.rebel.characters.map((id) => entityOf(w, 'character', id));
  if (!rebels.length) return;
  for (const id of game.scenario.rebel.possessions) {
    const p = entityOf(w, 'possession', id);
    if (holderOf(w, p) && rebels.includes(holderOf(w, p))) continue;
    const isShip = hasComponent(w, p, c.Spaceship);
    const pilots = rebels.filter((r) => (c.Character.navigation[r] as number) > 0);
    const holder = game.rng.pick(isShip && pilots.length ? pilots : rebels);
    addComponent(w, p, HeldBy(holder));
  }
}

/**
 * [14.61] the Imperial spaceships in play at the start go to starting Imperial characters who can pilot
 * them (navigation above 0, a knight first [15.73]); the ship stands beside its holder (stacking.ts).
 * The count in play at the start is kept for [14.61].
 */
function assignImperialShips(game: Game) {
  const w = game.world;
  const c = w.c;
  const imperials = game.scenario.imperial.characters.map((id) => entityOf(w, 'character', id)).filter((ch) => environOf(w, ch));
  for (const id of game.scenario.imperial.spaceships) {
    const ship = entityOf(w, 'ship', id);
    if (holderOf(w, ship) && environOf(w, holderOf(w, ship))) continue;
    const pilots = imperials.filter((ch) => (c.Character.navigation[ch] as number) > 0);
    const knights = pilots.filter((ch) => game.content.characters.get(refOf(w, ch))?.abilities.includes('imperial-knight'));
    const pool = knights.length ? knights : pilots.length ? pilots : imperials;
    if (!pool.length) continue;
    addComponent(w, ship, HeldBy(game.rng.pick(pool)));
  }
  const inPlay = allOf(w, 'ship').filter((s) => holderOf(w, s) && environOf(w, holderOf(w, s)));
  game.vars.imperialShipsAtStart = inPlay.length;
}

/**
 * [16.12] characters with no planet of their own arrive from space and undergo the detection routine of
 * the enemy PDB where they land: each spaceship they hold is checked, flown by its holder; those without a
 * ship of their own ride in the first one (our decision, docs/rules.md). A ship detected and damaged is
 * wrecked on landing [9.31]. Characters arriving with no spaceship at all are not checked.
 */
function landFromSpace(game: Game, side: SideId, environ: number) {
  const w = game.world;
  refreshShips(game); // the ships come into play beside their holders [14.53]
  const planet = planetOfEnviron(w, environ);
  if (!pdbUsableBy(game, planet, enemyOf(side))) return;
  const chars = charactersIn(game, environ, side);
  const ships = shipsIn(game, environ, side);
  let riders = chars.filter((ch) => !ships.some((s) => holderOf(w, s) === ch));
  for (const ship of ships) {
    const pilot = holderOf(w, ship);
    const aboard = [...(pilot ? [pilot] : []), ...riders];
    riders = [];
    const outcome = detectShip(game, ship, pilot, aboard, planet, side);
    if (outcome === 'Dd' && environOf(w, ship)) loseShip(game, ship, 'damaged by a PDB, it is wrecked on landing', '[9.31]', true);
  }
}
