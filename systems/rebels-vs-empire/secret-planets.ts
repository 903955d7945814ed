/**
 * Secret planets and the Rebel's secret base, in the galactic game (our rules: docs/rules.md, "Secret
 * planets and the secret base"). The galaxy's secret planets are on the Rebel's charts only:
 *
 * - Until a secret planet is **discovered**, the Empire may not move a piece to it, place a piece on it
 *   or aim a domino shift at it; its view marks the planet unknown.
 * - A secret planet is discovered when it rises (its state leaves Imperial control: a rising is heard
 *   across the province), when an Imperial piece stands on it, or by a galactic event.
 * - The Rebel chooses one secret planet as his **secret base** before placement. His starting characters
 *   and units may be placed there and his reinforcements arrive there, as on a planet he controls. The
 *   Empire learns where the base is only when its planet is discovered.
 * - A discovered base with Imperial units on its planet and no Rebel units is **destroyed** at the
 *   interphase: the Rebel has no base from then on.
 *
 * In star-system and province scenarios secret planets are known to both sides, as before.
 */
import type { SideId } from '../../src/core/content/schema';
import { emit } from '../../src/core/engine/game';
import type { Command, Frame, Game, Procedure, Step } from '../../src/core/engine/types';
import { IMPERIAL_CONTROL } from '../../src/core/world/components';
import { isGalactic } from '../../src/core/content/validate';
import { allOf, componentTest, environOf, environsView, has, occupantsView, planetOfEnviron, tag, undiscoveredSecret, untag } from '../../src/core/world/world';
import { planetName } from './loyalty';
import { hasUnitsOnPlanet, planetsInPlay, sideIndexOf } from './sides';
import { moveChaos } from './chaos';

const RULE = '[galactic: secret planets]';

/** Is this planet unknown to the side: a secret planet the Empire has not discovered? */
export function hiddenFrom(game: Game, planet: number, side: SideId): boolean {
  if (side !== 'imperial' || !isGalactic(game.scenario)) return false;
  return undiscoveredSecret(game.world, planet);
}

/** The Rebel's secret base planet, or 0 when he has none (not chosen yet, destroyed, or not this game). */
export function rebelBase(game: Game): number {
  return allOf(game.world, 'planet').find((p) => has(game.world, p, game.world.c.RebelBase)) ?? 0;
}

/** Does the side count this planet as its own for placing pieces: the Rebel's base. */
export function isOwnBase(game: Game, side: SideId, planet: number): boolean {
  return side === 'rebel' && planet !== 0 && planet === rebelBase(game);
}

/** The secret planets the Rebel may choose for his base. */
export function baseChoices(game: Game): number[] {
  const c = game.world.c;
  return planetsInPlay(game).filter((p) => has(game.world, p, c.Secret) && c.PlanetState.value[p] === IMPERIAL_CONTROL);
}

/** The Empire discovers a secret planet, and the base if it is there. Said to both sides. */
export function discover(game: Game, planet: number, how: string): void {
  const w = game.world;
  if (!isGalactic(game.scenario) || !undiscoveredSecret(w, planet)) return;
  tag(w, planet, w.c.Discovered);
  const base = planet === rebelBase(game) ? ': the Rebel secret base is there' : '';
  emit(game, { kind: 'discovered', text: `The Empire discovers the secret planet ${planetName(game, planet)} (${how})${base}.`, rule: RULE, visibleTo: 'all' });
}

/**
 * Kept after every change (ruleset.refresh): a secret planet that has risen, or that an Imperial unit
 * stands on, is discovered.
 */
export function refreshSecretPlanets(game: Game): void {
  if (!isGalactic(game.scenario)) return;
  const w = game.world;
  const c = w.c;
  // (no list made of the undiscovered, their tag read by its bit: this runs after every change)
  let undiscovered = false;
  const discovered = componentTest(w, c.Discovered); // (a discovery here is of that planet alone)
  for (const planet of secretPlanetsInPlay(game)) {
    if (discovered(planet)) continue;
    undiscovered = true;
    if (c.PlanetState.value[planet] !== IMPERIAL_CONTROL) discover(game, planet, 'it has risen');
  }
  if (!undiscovered) return;
  // the planets Imperial units stand on, discovered in the order of the first unit on each (as a pass
  // over the units would find them): this runs after every change, so each planet's environs are read,
  // not every unit in the galaxy, and only when a piece has been placed or taken off since they were
  // last read (a planet found trodden then was discovered then, and a discovery is for good)
  if (troddenReadAt.get(w) === w.placements) return;
  troddenReadAt.set(w, w.placements);
  const imperial = sideIndexOf(game, 'imperial');
  const trodden: { planet: number; unit: number }[] = [];
  const discoveredNow = componentTest(w, c.Discovered);
  for (const planet of secretPlanetsInPlay(game)) {
    if (discoveredNow(planet)) continue;
    let first = 0;
    for (const environ of environsView(w, planet))
      for (const piece of occupantsView(w, environ))
        if (w.kinds[piece] === 'unit' && c.Owner.side[piece] === imperial && (!first || piece < first)) first = piece;
    if (first) trodden.push({ planet, unit: first });
  }
  for (const { planet } of trodden.sort((a, b) => a.unit - b.unit)) discover(game, planet, 'Imperial troops stand on it');
}

/** Each world's placements when its undiscovered planets were last read for Imperial units. */
const troddenReadAt = new WeakMap<Game['world'], number>();

/** The secret planets in play (a planet's secrecy and the area never change during a game): listed once per world. */
const secretPlanetLists = new WeakMap<Game['world'], readonly number[]>();

function secretPlanetsInPlay(game: Game): readonly number[] {
  let list = secretPlanetLists.get(game.world);
  if (!list) secretPlanetLists.set(game.world, (list = planetsInPlay(game).filter((p) => has(game.world, p, game.world.c.Secret))));
  return list;
}

/** At the interphase: a discovered base held by Imperial units alone is destroyed. */
export function checkBase(game: Game): void {
  const base = rebelBase(game);
  const w = game.world;
  if (!base || !has(w, base, w.c.Discovered)) return;
  if (!hasUnitsOnPlanet(game, base, 'imperial') || hasUnitsOnPlanet(game, base, 'rebel')) return;
  untag(w, base, w.c.RebelBase);
  moveChaos(game, game.content.galactic.chaos.changes.baseDestroyed, 'the Rebel base destroyed');
  emit(game, { kind: 'base-destroyed', text: `Imperial troops storm the Rebel secret base on ${planetName(game, base)}; the Rebellion has no base now.`, rule: RULE, visibleTo: 'all' });
}

/**
 * Before placement in the galactic game, the Rebel chooses his secret base among the secret planets.
 * Then setup goes on (`then`: placement by hand, or automatic).
 */
export function secretBaseProcedure(then: (game: Game) => Frame | null): Procedure {
  return {
    step(game: Game, frame: Frame): Step {
      if (frame.data.placing) return { done: true };
      if (frame.data.base === undefined) {
        const options: Command[] = baseChoices(game).map((planet) => ({ type: 'choose-base', side: 'rebel', planet }));
        if (options.length) return { decide: { kind: 'choose-base', side: 'rebel', options, prompt: 'Choose the secret planet where your secret base hides', rule: RULE } };
        frame.data.base = 0;
      }
      frame.data.placing = true;
      const next = then(game);
      return next ? { push: next } : { done: true };
    },
    answer(game: Game, frame: Frame, command: Command) {
      const planet = command.planet as number;
      tag(game.world, planet, game.world.c.RebelBase);
      frame.data.base = planet;
      emit(game, { kind: 'secret-base', text: `The Rebellion sets up its secret base on ${planetName(game, planet)}.`, rule: RULE, visibleTo: 'rebel' });
    },
  };
}
