/**
 * The invariants of the rules, checked after every command of the property tests. Each names its rule.
 * They read the world directly: they are the referee, not a player. The checks in loops call `expect`
 * only when they fail (for its message): an assertion per environ per command made long games crawl.
 */
import { expect } from 'vitest';
import { hasComponent } from 'bitecs';
import type { Game } from '../../src/core/engine/types';
import { allOf, environOf, guardOf, isActivePiece, planetOfEnviron, refOf } from '../../src/core/world/world';
import { chaosIndex } from '../../systems/rebels-vs-empire/chaos';
import { viewFor } from '../../src/core/view';
import { controllerByChart } from '../../systems/rebels-vs-empire/control';
import { loyaltyFrozen, PATRIOTIC, UNREST } from '../../systems/rebels-vs-empire/loyalty';
import { missionPhase } from '../../systems/rebels-vs-empire/missions';
import { movablePieces } from '../../systems/rebels-vs-empire/movement';
import type { RebellionEntry } from '../../systems/rebels-vs-empire/rebellion';
import { charactersIn, enemyOf, environsInPlay, sideOf, unitsIn, unitsOnPlanet } from '../../systems/rebels-vs-empire/sides';
import { allShips, stacksOf } from '../../systems/rebels-vs-empire/stacking';
import { isFreeCharacter } from '../../systems/rebels-vs-empire/sides';

/**
 * Events in which hidden units are used, and so revealed to both sides [7.22]; and [13.2] a unit the
 * Rebel tried to subvert and could not, which is shown to say why the points are lost.
 */
const REVEALING = new Set(['military-combat', 'unit-eliminated', 'pdb-attack', 'subvert-failed']);

/** What the Rebel's view was made from when it was last checked, by game (see `operations`). */
const rebelViewChecked = new WeakMap<Game, string>();

/** How far the events' words have been checked, by game. */
const eventsChecked = new WeakMap<Game, number>();

/** Operations: stacking, places, control, hidden strengths, ships. */
function operations(game: Game) {
  const w = game.world;
  const c = w.c;
  // (an environ where no piece stands can break neither limit below: most of a galaxy's, after every command)
  const occupied = environsInPlay(game).filter((env) => (w.piecesInEnviron.get(env)?.length ?? 0) > 0);
  // [9.5] no environ over its size limit for either player
  for (const env of occupied)
    for (const side of ['rebel', 'imperial'] as const) {
      const n = unitsIn(game, env, side).length;
      if (n > (c.Environ.size[env] as number)) expect(n).toBeLessThanOrEqual(c.Environ.size[env] as number);
    }
  // no piece in two places: each piece is listed in the environ it stands in, and in no other
  const listedIn = new Map<number, number[]>();
  for (const [environ, pieces] of w.piecesInEnviron)
    for (const eid of pieces) {
      const lists = listedIn.get(eid);
      if (lists) lists.push(environ);
      else listedIn.set(eid, [environ]);
    }
  // each possession is listed under its holder, and under nobody else [14.1]
  for (const [holder, held] of w.possessionsOfHolder) for (const p of held) if (w.holderOfPossession[p] !== holder) expect({ possession: p, holder: w.holderOfPossession[p] }).toEqual({ possession: p, holder });
  for (const p of [...allOf(w, 'possession'), ...allOf(w, 'ship')]) {
    const holder = w.holderOfPossession[p] as number;
    if (holder && !w.possessionsOfHolder.get(holder)?.includes(p)) expect(w.possessionsOfHolder.get(holder) ?? []).toContain(p);
  }
  // [14.13, 14.64] no character holds two spaceships or two companions
  for (const [holder, held] of w.possessionsOfHolder) {
    const ships = held.filter((p) => hasComponent(w, p, c.Spaceship));
    const companions = held.filter((p) => w.kinds[p] === 'possession' && game.content.possessions.get(refOf(w, p))?.kind === 'companion');
    if (ships.length > 1) expect(ships.length, `${refOf(w, holder)} holds the ships ${ships.map((p) => refOf(w, p)).join(', ')}`).toBeLessThanOrEqual(1);
    if (companions.length > 1) expect(companions.length, `${refOf(w, holder)} holds the companions ${companions.map((p) => refOf(w, p)).join(', ')}`).toBeLessThanOrEqual(1);
  }
  for (const eid of [...allOf(w, 'unit'), ...allOf(w, 'character'), ...allShips(game)]) {
    const at = environOf(w, eid);
    const lists = listedIn.get(eid) ?? [];
    if (lists.length !== (at ? 1 : 0) || (at && lists[0] !== at)) expect({ piece: eid, listedIn: lists }).toEqual({ piece: eid, listedIn: at ? [at] : [] });
  }
  // [15.5] control is always what the control chart says, of the units the referee finds on each planet
  // itself (one pass over the units, where the chart asked for a list of each side's units on each planet)
  const presence = new Uint8Array(w.kinds.length);
  for (const unit of allOf(w, 'unit')) {
    const at = environOf(w, unit);
    if (at && !hasComponent(w, unit, c.Eliminated)) presence[planetOfEnviron(w, at)]! |= 1 << (c.Owner.side[unit] as number);
  }
  for (const planet of allOf(w, 'planet')) {
    const chart = controllerByChart(game, planet, presence);
    if (c.Control.side[planet] !== chart) expect(c.Control.side[planet]).toBe(chart);
  }
  // [7.22] hidden strengths never in the Rebel's view, nor in the events he sees, except where combat reveals them
  // (the view is read again only when what it is made from may have changed: the world, the turn and
  // segment, and the provinces questioned prisoners told of [13.2 Q])
  const viewKey = `${w.revision}:${game.turn}:${game.segment}:${JSON.stringify(game.vars.questioned ?? null)}`;
  if (rebelViewChecked.get(game) !== viewKey) {
    rebelViewChecked.set(game, viewKey);
    for (const u of viewFor(game, 'rebel', { events: false }).units)
      if (u.side === 'imperial' && u.mobile && (u.type !== 'hidden' || u.combat !== null)) expect(u).toMatchObject({ type: 'hidden', combat: null });
  }
  // (each event once: the log only grows, and rereading it all after every command made long games slow)
  for (let i = eventsChecked.get(game) ?? 0; i < game.events.length; i++) {
    const e = game.events[i] as Game['events'][number];
    if ((e.visibleTo === 'all' || e.visibleTo === 'rebel') && !REVEALING.has(e.kind) && /\b(patrol|line)\b/i.test(e.text)) expect(e.text).not.toMatch(/\b(patrol|line)\b/i);
  }
  eventsChecked.set(game, game.events.length);
  // [9.5, 9.57] at most two stacks per side per environ; a character is in a military stack only beside his units
  for (const env of occupied)
    for (const side of ['rebel', 'imperial'] as const) {
      const stacks = stacksOf(game, env, side).length;
      if (stacks > 2) expect(stacks).toBeLessThanOrEqual(2);
    }
  for (const ch of allOf(w, 'character'))
    if (hasComponent(w, ch, c.StackedWithUnits)) {
      if (!isFreeCharacter(game, ch)) expect(isFreeCharacter(game, ch)).toBe(true);
      const beside = unitsIn(game, environOf(w, ch), sideOf(game, ch)).length;
      if (beside === 0) expect(beside).toBeGreaterThan(0);
    }
  // [14.59] a ship in play always stands with a free friendly character or unit
  for (const ship of allShips(game)) {
    const at = environOf(w, ship);
    if (!at) continue;
    const side = sideOf(game, ship);
    const company = charactersIn(game, at, side).length + unitsIn(game, at, side).length;
    if (company === 0) expect(company).toBeGreaterThan(0);
  }
}

/** Characters: the dead and captured never act; prisoners are guarded; wounds within endurance. */
function characters(game: Game) {
  const w = game.world;
  const c = w.c;
  for (const ch of allOf(w, 'character'))
    if (hasComponent(w, ch, c.Dead) && environOf(w, ch)) expect(environOf(w, ch)).toBe(0);
  // [12.73, 12.84] no dead or captured character acts: never among movable pieces, never named in an option
  const inactive = allOf(w, 'character').filter((ch) => hasComponent(w, ch, c.Dead) || hasComponent(w, ch, c.Captured));
  const isInactive = new Set(inactive);
  for (const side of ['rebel', 'imperial'] as const) for (const ch of movablePieces(game, side)) if (isInactive.has(ch)) expect(inactive).not.toContain(ch);
  for (const o of game.pending?.options ?? [])
    for (const key of ['piece', 'character', 'knight', 'to'] as const) if (typeof o[key] === 'number' && isInactive.has(o[key])) expect(inactive).not.toContain(o[key]);
  // [12.81, 12.82] a captured character is always guarded by a live enemy piece in his environ
  for (const ch of allOf(w, 'character')) {
    if (!hasComponent(w, ch, c.Captured)) continue;
    const guard = guardOf(w, ch);
    const guarded = guard !== 0 && isActivePiece(w, guard) && !hasComponent(w, guard, c.Captured) && sideOf(game, guard) === enemyOf(sideOf(game, ch)) && environOf(w, guard) === environOf(w, ch);
    if (!guarded) {
      expect(guard).not.toBe(0);
      expect(isActivePiece(w, guard)).toBe(true);
      expect(hasComponent(w, guard, c.Captured)).toBe(false);
      expect(sideOf(game, guard)).toBe(enemyOf(sideOf(game, ch)));
      expect(environOf(w, guard)).toBe(environOf(w, ch));
    }
  }
  // [12.7, 12.73] wounds never exceed endurance; a character whose wounds reach it is dead
  for (const ch of allOf(w, 'character')) {
    const wounds = c.Wounds.value[ch] as number;
    const endurance = c.Character.endurance[ch] as number;
    if (wounds > endurance) expect(wounds).toBeLessThanOrEqual(endurance);
    if (wounds >= endurance && !hasComponent(w, ch, c.Dead)) expect(hasComponent(w, ch, c.Dead)).toBe(true);
  }
  // [13.52] no dead or captured character is on a mission
  const top = game.stack.at(-1)?.proc ?? '';
  if (['mission-assignment', 'mission-action', 'bonus-draw'].includes(top))
    for (const group of missionPhase(game)?.groups ?? [])
      if (group.status === 'active' || group.status === 'exhausted')
        for (const ch of group.members) {
          if (hasComponent(w, ch, c.Dead)) expect(hasComponent(w, ch, c.Dead)).toBe(false);
          if (hasComponent(w, ch, c.Captured)) expect(hasComponent(w, ch, c.Captured)).toBe(false);
        }
}

/** The loyalty of the planets whose marker may not move, as of the last check (kept off the game). */
const frozenBefore = new WeakMap<Game, Record<string, number>>();

/** Loyalty: on the track, frozen where it must be, rebellions only from unrest. */
function loyalty(game: Game) {
  const c = game.world.c;
  // [15.1, 15.13] every planet's loyalty stays on the five-space track
  for (const planet of allOf(game.world, 'planet')) {
    const value = c.Loyalty.value[planet] as number;
    if (value < PATRIOTIC) expect(value).toBeGreaterThanOrEqual(PATRIOTIC);
    if (value > UNREST) expect(value).toBeLessThanOrEqual(UNREST);
  }
  // [15.14, 15.47] a planet in rebellion or under Rebel control before and after a command kept its loyalty
  for (const [planet, value] of Object.entries(frozenBefore.get(game) ?? {}))
    if (loyaltyFrozen(game, Number(planet)) && c.Loyalty.value[Number(planet)] !== value) expect(c.Loyalty.value[Number(planet)]).toBe(value);
  const frozen: Record<string, number> = {};
  for (const planet of allOf(game.world, 'planet')) if (loyaltyFrozen(game, planet)) frozen[planet] = c.Loyalty.value[planet] as number;
  frozenBefore.set(game, frozen);
  // [15.2] a rebellion is only ever entered from unrest (the loyalty recorded when it started)
  for (const entry of (game.vars.rebellionEntries as unknown as RebellionEntry[] | undefined) ?? []) if (entry.loyalty !== UNREST) expect(entry.loyalty).toBe(UNREST);
}

/** Pieces adrift after the last command checked, by game. */
const adriftBefore = new WeakMap<Game, Set<number>>();

/**
 * [5.22] drift areas: a piece is in one place only, an environ or a drift area (never both), and a
 * piece adrift reaches an environ only by leaving its drift area (the sun's) with a command of its own.
 */
function drift(game: Game) {
  const w = game.world;
  const c = w.c;
  const now = new Set<number>();
  for (const kind of ['unit', 'character', 'ship', 'possession'] as const)
    for (const eid of allOf(w, kind)) {
      if (!hasComponent(w, eid, c.Adrift)) continue;
      if (hasComponent(w, eid, c.Eliminated) || hasComponent(w, eid, c.Dead)) continue;
      if (environOf(w, eid)) expect(environOf(w, eid)).toBe(0);
      now.add(eid);
    }
  for (const eid of adriftBefore.get(game) ?? [])
    if (!now.has(eid) && environOf(w, eid)) expect(game.log.at(-1)).toMatchObject({ type: 'leave-drift', outer: false });
  adriftBefore.set(game, now);
}

/**
 * The galactic game: no Imperial piece ever stands on a secret planet the Empire has not discovered, and
 * the Chaos Index stays on its 0-100 track.
 */
function galactic(game: Game) {
  if (game.scenario.kind !== 'galactic') return;
  const w = game.world;
  const c = w.c;
  const undiscovered = (planet: number) => hasComponent(w, planet, c.Secret) && !hasComponent(w, planet, c.Discovered);
  for (const planet of allOf(w, 'planet')) {
    if (!undiscovered(planet)) continue;
    const imperial = unitsOnPlanet(game, planet, 'imperial').length;
    if (imperial) expect(imperial, `Imperial units on the undiscovered ${refOf(w, planet)}`).toBe(0);
  }
  // nor is the Empire ever offered a move, placement or arrival there
  if (game.pending?.side === 'imperial')
    for (const o of game.pending.options)
      for (const key of ['to', 'environ'] as const) {
        const env = o[key];
        if (typeof env === 'number' && w.kinds[env] === 'environ' && undiscovered(planetOfEnviron(w, env)))
          expect(o, `the Empire is offered the undiscovered ${refOf(w, planetOfEnviron(w, env))}`).toBeUndefined();
      }
  const chaos = chaosIndex(game);
  if (chaos < 0) expect(chaos).toBeGreaterThanOrEqual(0);
  if (chaos > 100) expect(chaos).toBeLessThanOrEqual(100);
}

export function checkInvariants(game: Game): void {
  galactic(game);
  drift(game);
  operations(game);
  characters(game);
  loyalty(game);
}
