/**
 * The loyalty track and the planet's state changes [15.1-15.48], as the one door every other system
 * uses to change them, so the domino effect (000 15.2b) hears of every cause:
 *
 * - `shiftLoyalty` moves the loyalty marker toward a side, within the track [15.13], never while the
 *   planet is in rebellion or Rebel-controlled [15.14, 15.47];
 * - `enterRebellion`, `stopRebellion`, `becomeRebelControlled` change the planet's state [15.4, 15.54, 15.53].
 *
 * Each records what happened this segment and sparks the domino effect where 000 15.2b says so. A planet
 * rising or falling to the Rebel also sends its sovereign away from any court (sovereigns.ts) [13.2].
 */
import type { SideId } from '../../src/core/content/schema';
import { dominoRule } from '../../src/core/domino-rule';
import { emit, interrupt } from '../../src/core/engine/game';
import type { Game } from '../../src/core/engine/types';
import { REBELLION, REBELLION_STOPPED, REBEL_CONTROL, IMPERIAL_CONTROL } from '../../src/core/world/components';
import { refOf, touch } from '../../src/core/world/world';
import { moveChaos, planetResource } from './chaos';
import { sovereignsLeave } from './sovereigns';

/**
 * How this game plays the domino chapter (000 15.x, optional; src/core/domino-rule.ts reads it): "chain",
 * the chapter whole, chain reactions included [15.1c], and a planet a chain puts into rebellion in the
 * interphase falls in it when nothing Imperial holds it (the chapter's example); "chain-next-turn": chain
 * reactions too, but the interphase checks control once, so a planet they raise falls no sooner than the
 * end of the next Imperial player-turn [15.53]; "single": each effect sparked by a cause outside the
 * domino effect is resolved, but what its own shifts and risings would spark is not (no chain reaction),
 * and control is checked once; "off": no domino effect at all.
 */
export { dominoRule };

export const PATRIOTIC = 0;
export const LOYAL = 1;
export const NEUTRAL = 2;
export const DISSENT = 3;
export const UNREST = 4;

const LOYALTY_NAMES = ['patriotic', 'loyal', 'neutral', 'dissent', 'unrest'];

/** [15.14, 15.47] the loyalty of a planet in rebellion or under Rebel control cannot be moved. */
export function loyaltyFrozen(game: Game, planet: number): boolean {
  const state = game.world.c.PlanetState.value[planet];
  return state === REBELLION || state === REBEL_CONTROL;
}

/**
 * [15.13, 15.14, 15.47] where a shift of `spaces` toward `side` would leave the planet's loyalty: within
 * the track (the Rebel's end is unrest, the Empire's patriotic), and nowhere while it is frozen. Pure: the
 * facts a player reads before a mission or a card ask it too (`before`: the loyalty it would start from).
 */
export function loyaltyAfterShift(game: Game, planet: number, side: SideId, spaces: number, before = game.world.c.Loyalty.value[planet] as number): number {
  if (spaces <= 0 || loyaltyFrozen(game, planet)) return before;
  return side === 'rebel' ? Math.min(UNREST, before + spaces) : Math.max(PATRIOTIC, before - spaces);
}

/**
 * Loyalty spaces each planet has moved toward each side in the current segment (or phase: the interphase
 * is one segment of the sequence), for the domino effect's causes (000 15.2b). Keyed "planet:side".
 */
function segmentShifts(game: Game): Record<string, number> {
  const key = `${game.turn}:${game.segment}`;
  if (game.vars.loyaltyShiftSegment !== key) {
    game.vars.loyaltyShiftSegment = key;
    game.vars.loyaltyShifts = {};
  }
  return game.vars.loyaltyShifts as Record<string, number>;
}

/** A planet's name for the event log, e.g. "Kzar Thuun". */
export function planetName(game: Game, planet: number): string {
  const id = refOf(game.world, planet);
  return game.content.planets.get(id)?.name ?? id;
}

/** The name of a loyalty value, e.g. "unrest". */
export function loyaltyName(value: number): string {
  return LOYALTY_NAMES[value] ?? `loyalty ${value}`;
}

/**
 * Shift a planet's loyalty `spaces` toward `side` (Rebel: toward unrest; Empire: toward patriotic).
 * Returns how many spaces it actually moved.
 *
 * [15.15, 15.75] A planet in rebellion stopped may shift; its state stays "rebellion stopped" (the
 * published game moves the loyalty and Rebel-control markers together; here the state is kept apart from
 * the loyalty value, so moving the one leaves the other as it is).
 *
 * `at`: the environ of the mission that moved it, named in the public event, since the enemy knows where
 * a mission is performed [11.0].
 */
export function shiftLoyalty(game: Game, planet: number, side: SideId, spaces: number, cause: string, at?: number): number {
  const c = game.world.c;
  const before = c.Loyalty.value[planet] as number;
  const target = loyaltyAfterShift(game, planet, side, spaces);
  const moved = Math.abs(target - before);
  if (!moved) return 0;
  c.Loyalty.value[planet] = target;
  touch(game.world, planet);
  emit(game, {
    kind: 'loyalty',
    text: `${planetName(game, planet)} shifts to ${LOYALTY_NAMES[target]} (${cause}).`,
    rule: '[15.12]',
    visibleTo: 'all',
    entities: at === undefined ? [planet] : [planet, at],
  });
  // 000 15.2b: two spaces toward one side in one segment spark a level-1 domino effect, three or four a
  // level-2 one. Spaces add up over the segment, whatever moved them (a mission, a card, another domino
  // effect). When a later shift raises the level (two spaces, then a third), the higher-level effect is
  // sparked as well: the level-1 effect has already happened and is not undone.
  const shifts = segmentShifts(game);
  const key = `${planet}:${side}`;
  const total = (shifts[key] ?? 0) + moved;
  const levelBefore = dominoLevelForShift(shifts[key] ?? 0);
  shifts[key] = total;
  const levelAfter = dominoLevelForShift(total);
  if (levelAfter > levelBefore) sparkDomino(game, planet, levelAfter, side, `loyalty shifted ${total} spaces this segment`);
  return moved;
}

/** 000 15.2b: the domino level of a loyalty shift of this many spaces in one segment (0 for none). */
export function dominoLevelForShift(spaces: number): number {
  if (spaces >= 3) return 2;
  if (spaces === 2) return 1;
  return 0;
}

/** Is a domino effect being resolved now (its frames on the stack)? */
function insideDomino(game: Game): boolean {
  return game.stack.some((f) => f.proc === 'domino-effect' || f.proc === 'domino-shift');
}

/**
 * 000 15.2b: a cause happened on `planet`; the domino effect of this level for `side` runs at once,
 * before the procedure that caused it goes on [15.1c]. The effect is domino.ts's `domino-effect`
 * procedure, queued by name: it shifts loyalty through this module in its turn.
 */
export function sparkDomino(game: Game, planet: number, level: number, side: SideId, cause: string): void {
  const rule = dominoRule(game);
  if (rule === 'off') return;
  if (rule === 'single' && insideDomino(game)) {
    // [15.1c] left out by the game's option: the effect's own results spark nothing further
    emit(game, { kind: 'domino', text: `No chain reaction from ${planetName(game, planet)} (${cause}): this game plays the domino effect without them.`, rule: '[000 15.1c]', visibleTo: 'all', entities: [planet] });
    return;
  }
  interrupt(game, { proc: 'domino-effect', data: { planet, level, side, cause } });
}

/** [15.4] the planet goes into rebellion (000 15.2b: a level-2 domino effect for the Rebel); `at` as for `shiftLoyalty`. */
export function enterRebellion(game: Game, planet: number, cause: string, at?: number): void {
  const c = game.world.c;
  if (c.PlanetState.value[planet] === REBELLION) return;
  c.PlanetState.value[planet] = REBELLION;
  touch(game.world, planet);
  emit(game, { kind: 'rebellion', text: `${planetName(game, planet)} rises in rebellion (${cause}).`, rule: '[15.4]', visibleTo: 'all', entities: at === undefined ? [planet] : [planet, at] });
  sovereignsLeave(game, planet, 'rises in rebellion'); // [13.2] ours: a sovereign lends his voice to talks, not to war
  moveChaos(game, game.content.galactic.chaos.changes.planetRisesPerResource * planetResource(game, planet), `${planetName(game, planet)} rises in rebellion`);
  sparkDomino(game, planet, 2, 'rebel', 'entered rebellion');
}

/**
 * [15.54] a completed Stop Rebellion mission (000 15.2b: a level-2 domino effect for the Empire). Only a
 * planet in rebellion can have its rebellion stopped; on any other planet this does nothing.
 */
export function stopRebellion(game: Game, planet: number, cause: string): void {
  const c = game.world.c;
  if (c.PlanetState.value[planet] !== REBELLION) return;
  c.PlanetState.value[planet] = REBELLION_STOPPED;
  touch(game.world, planet);
  emit(game, { kind: 'rebellion-stopped', text: `The rebellion on ${planetName(game, planet)} is stopped (${cause}).`, rule: '[15.54]', visibleTo: 'all', entities: [planet] });
  moveChaos(game, game.content.galactic.chaos.changes.rebellionStoppedPerResource * planetResource(game, planet), `the rebellion on ${planetName(game, planet)} stopped`);
  sparkDomino(game, planet, 2, 'imperial', 'rebellion stopped');
}

/** [15.53] the planet becomes Rebel-controlled (000 15.2b: a level-3 domino effect for the Rebel). */
export function becomeRebelControlled(game: Game, planet: number, cause: string): void {
  const c = game.world.c;
  if (c.PlanetState.value[planet] === REBEL_CONTROL) return;
  c.PlanetState.value[planet] = REBEL_CONTROL;
  touch(game.world, planet);
  emit(game, { kind: 'rebel-control', text: `${planetName(game, planet)} is now under Rebel control (${cause}).`, rule: '[15.53]', visibleTo: 'all', entities: [planet] });
  sovereignsLeave(game, planet, 'falls under Rebel control'); // [13.2] ours, as when it rises
  moveChaos(game, game.content.galactic.chaos.changes.planetFallsPerResource * planetResource(game, planet), `${planetName(game, planet)} falls to the Rebel`);
  sparkDomino(game, planet, 3, 'rebel', 'became Rebel-controlled');
}

/** 000 15.2b: "There is no DE when a planet in rebellion stopped becomes Imperial-controlled." */
export function returnToImperialControl(game: Game, planet: number): void {
  game.world.c.PlanetState.value[planet] = IMPERIAL_CONTROL;
  touch(game.world, planet);
  emit(game, { kind: 'imperial-control', text: `${planetName(game, planet)} is back under Imperial control.`, rule: '[15.54]', visibleTo: 'all', entities: [planet] });
}
