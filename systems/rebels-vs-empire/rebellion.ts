/**
 * Rebellion [15.2-15.48]: a planet at unrest rises when a Start Rebellion mission completes [15.2]; the
 * Rebel at once raises military units from force points equal to each environ's resource rating [15.41],
 * doubled where the populace went wild this mission phase [15.46], spent per environ on units of that
 * environ's type: a 1-0 costs 1, a 2-1 costs 3 [15.41, 15.42]. They are placed at once, regardless of
 * other units [15.43]; those the environ size leaves no room for wait for the first Rebel operations
 * phase when they fit [15.44]. A planet re-entering rebellion from rebellion stopped gives no units [15.48].
 * The raised units may attack at once (rebellion combat [10.7, 15.45], the operations engineer's
 * `rebellion-combat` procedure).
 *
 * The planet's state itself changes only through `systems/rebels-vs-empire/loyalty.ts` (`enterRebellion`).
 */
import type { SideId } from '../../src/core/content/schema';
import { ENVIRON_TYPES } from '../../src/core/content/schema';
import { emit, interrupt } from '../../src/core/engine/game';
import type { Command, Frame, Game, Json, Procedure, Step } from '../../src/core/engine/types';
import { spawnUnit } from '../../src/core/world/build';
import { REBELLION_STOPPED } from '../../src/core/world/components';
import { environsOf, place, touch } from '../../src/core/world/world';
import { nameOf } from '../../src/core/names';
import { enterRebellion } from './loyalty';
import { missionPhase } from './missions';
import { hasRoomForUnit } from './placement';

/** Every rebellion entered through here, with the planet's loyalty at that moment (property test). */
export interface RebellionEntry {
  planet: number;
  loyalty: number;
  turn: number;
}

/**
 * Put a planet into rebellion [15.2, 15.4], from a Start Rebellion mission or a domino effect. The
 * units it raises come first, at once [15.43] (the `rebellion-forces` procedure runs next), then the
 * domino effect its rebellion sparks (000 15.2b). Re-entering from rebellion stopped raises none [15.48].
 * `at`: the environ of the Start Rebellion mission, named in the public event [11.0].
 */
export function startRebellion(game: Game, planet: number, cause: string, at?: number): void {
  const c = game.world.c;
  const fromStopped = c.PlanetState.value[planet] === REBELLION_STOPPED;
  const entries = (game.vars.rebellionEntries as unknown as RebellionEntry[] | undefined) ?? [];
  entries.push({ planet, loyalty: c.Loyalty.value[planet] as number, turn: game.turn });
  game.vars.rebellionEntries = entries as unknown as Json;
  const phase = missionPhase(game);
  // [15.46] the populace went wild this mission phase (and not after the planet rose)
  const doubled = !!phase && phase.populaceWild.includes(planet) && !fromStopped;
  if (!fromStopped) interrupt(game, { proc: 'rebellion-forces', data: { planet, doubled } });
  enterRebellion(game, planet, cause, at);
  if (phase) phase.risen.push(planet);
  if (fromStopped)
    emit(game, {
      kind: 'rebellion',
      text: `${nameOf(game, planet)} rises again from rebellion stopped: no new units [15.48].`,
      rule: '[15.48]',
      visibleTo: 'all',
      entities: [planet],
    });
}

/** [8.32] what putting a down PDB up costs a rising, in force points. */
export const PDB_FORCE_POINTS = 1;

/**
 * [8.32] "A force point can be expended to change the status of a PDB from down to up", in the province
 * and galactic games only (004 lists it under the non-star-system game): a rising may spend one of its
 * force points, from any environ's, to put its planet's PDB up, if it has one (level above 0) and it is down.
 */
export function mayRaisePdb(game: Game, planet: number, points: number): boolean {
  const c = game.world.c;
  return game.scenario.kind !== 'star-system' && points >= PDB_FORCE_POINTS && (c.Pdb.level[planet] as number) > 0 && c.Pdb.up[planet] === 0;
}

const risingPlanet = (frame: Frame) => frame.data.planet as number;

/** [15.41, 15.46] force points of an environ when its planet rises. */
export function forcePoints(game: Game, environ: number, doubled: boolean): number {
  return (game.world.c.Environ.resource[environ] as number) * (doubled ? 2 : 1);
}

/** [15.42] the unit types a rebellion may raise (the Rebel units of the tables), with their cost. */
function rebelUnitTypes(game: Game) {
  return game.content.tables.unitTypes.filter((t) => t.side === 'rebel');
}

/** Units waiting for room [15.44]: unit entity and the environ it was raised in. */
interface WaitingUnit {
  unit: number;
  environ: number;
}

function waitingUnits(game: Game): WaitingUnit[] {
  return (game.vars.waitingRebelUnits as unknown as WaitingUnit[] | undefined) ?? [];
}

/**
 * [15.44] at the start of each Rebel operations phase (the Rebel movement segment), units raised by a
 * rebellion that found no room are placed where they now fit. Called by the movement segment.
 */
export function placeWaitingRebelUnits(game: Game): void {
  const still: WaitingUnit[] = [];
  for (const w of waitingUnits(game)) {
    if (hasRoomForUnit(game, w.environ, 'rebel')) {
      place(game.world, w.unit, w.environ);
      emit(game, { kind: 'rebellion-units', text: `A Rebel unit raised earlier takes the field at ${nameOf(game, w.environ)}.`, rule: '[15.44]', visibleTo: 'all', entities: [w.unit, w.environ] });
    } else still.push(w);
  }
  game.vars.waitingRebelUnits = still as unknown as Json;
}

/**
 * `rebellion-forces`: the Rebel spends each environ's force points, environ by environ, one unit at a
 * time (a small decision: a 1-0, a 2-1 if he can afford it, or done with this environ).
 * Frame data: { planet, doubled }.
 */
export const rebellionForces: Procedure = {
  step(game: Game, frame: Frame): Step {
    const d = frame.data;
    const planet = d.planet as number;
    if (!Array.isArray(d.environs)) {
      d.environs = environsOf(game.world, planet).filter((env) => forcePoints(game, env, !!d.doubled) > 0);
      d.raised = [];
      d.points = -1;
    }
    const environs = d.environs as number[];
    while (environs.length) {
      const env = environs[0] as number;
      if ((d.points as number) < 0) d.points = forcePoints(game, env, !!d.doubled);
      const points = d.points as number;
      const affordable = rebelUnitTypes(game).filter((t) => t.cost <= points);
      if (!affordable.length) {
        environs.shift();
        d.points = -1;
        continue;
      }
      const side: SideId = 'rebel';
      const options: Command[] = affordable.map((t) => ({ type: 'raise-unit', side, unitType: t.id }));
      if (mayRaisePdb(game, planet, points)) options.push({ type: 'raise-pdb', side });
      options.push({ type: 'end-raising', side });
      return {
        decide: {
          side,
          kind: 'raise-rebel-unit',
          prompt: `${nameOf(game, planet)} rises: spend ${points} force points at ${nameOf(game, env)} on Rebel units of its type (1-0 costs 1, 2-1 costs 3)${mayRaisePdb(game, planet, points) ? ', or 1 to put the PDB up' : ''}.`,
          rule: '[15.41]',
          options,
          context: { environ: env, points },
        },
      };
    }
    // [15.45, 10.7] the raised units may attack at once
    if (!d.combatDone) {
      d.combatDone = true;
      const raised = d.raised as number[];
      if (raised.length) return { push: { proc: 'rebellion-combat', data: { planet, units: raised } } };
    }
    return { done: true };
  },
  answer(game: Game, frame: Frame, command: Command): void {
    const d = frame.data;
    const environs = d.environs as number[];
    const env = environs[0] as number;
    if (command.type === 'end-raising') {
      environs.shift();
      d.points = -1;
      return;
    }
    if (command.type === 'raise-pdb') {
      // [8.32] a force point puts the planet's PDB up
      d.points = (d.points as number) - PDB_FORCE_POINTS;
      game.world.c.Pdb.up[risingPlanet(frame)] = 1;
      touch(game.world, risingPlanet(frame));
      emit(game, { kind: 'pdb', text: `The risen people of ${nameOf(game, risingPlanet(frame))} bring its PDB back up [8.32].`, rule: '[8.32]', visibleTo: 'all', entities: [risingPlanet(frame)] });
      return;
    }
    const type = game.content.unitTypes.get(command.unitType as string);
    if (!type) throw new Error(`no unit type ${command.unitType}`);
    d.points = (d.points as number) - type.cost;
    // [7.32, 15.41] the unit has the type of the environ it is raised in
    const environType = ENVIRON_TYPES[game.world.c.Environ.type[env] as number] ?? 'urban';
    const unit = spawnUnit(game.world, game.content, game.ruleset.sides, type.id, environType);
    if (hasRoomForUnit(game, env, 'rebel')) {
      place(game.world, unit, env); // [15.43]
      (d.raised as number[]).push(unit);
      emit(game, { kind: 'rebellion-units', text: `${type.name} rise at ${nameOf(game, env)}.`, rule: '[15.43]', visibleTo: 'all', entities: [unit, env] });
    } else {
      // [15.44] no room under the size limit: it waits for the first Rebel operations phase it fits
      game.vars.waitingRebelUnits = [...waitingUnits(game), { unit, environ: env }] as unknown as Json;
      emit(game, { kind: 'rebellion-units', text: `${type.name} raised at ${nameOf(game, env)} wait for room [15.44].`, rule: '[15.44]', visibleTo: 'all', entities: [env] });
    }
  },
};
