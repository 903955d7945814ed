/**
 * What the tutorials know of a Rebels-vs-Empire game [004, 000]: its places are star systems, planets,
 * environs and the pieces on them; its facts the loyalty, state and control of planets and where pieces
 * stand and how they fare.
 *
 * A tutorial names pieces as a reader does, never by the world's entity numbers: in a command, a field's
 * value `@<content id>` is the character, spaceship, environ or planet of that id, and
 * `@<unit type>@<environ id>` the first unit of that type standing there.
 *
 * Facts: `loyalty:<planet>` (patriotic ... unrest), `state:<planet>` (imperial-control, rebellion,
 * rebel-control, rebellion-stopped), `detected:<character>`, `wounds:<character>`, `alive:<character>`,
 * `at:<character or ship>` (the environ it stands in, or null), `units:<environ>:<side>` (that side's
 * units there), `vp` (the Rebel's victory points), `turn`.
 */
import { hasComponent } from 'bitecs';
import type { AnyGame, Command, Decision, Game, Json } from '../core/engine/types';
import { IMPERIAL_CONTROL, REBEL_CONTROL, REBELLION, REBELLION_STOPPED } from '../core/world/components';
import { environOf, occupants, planetOfEnviron, refOf, systemOfPlanet, type EntityKind } from '../core/world/world';
import { starSystemRuleset } from '../../systems/rebels-vs-empire/star-system-ruleset';
import { loyaltyName } from '../../systems/rebels-vs-empire/loyalty';
import { isUnit, sideOf } from '../../systems/rebels-vs-empire/sides';
import { describeOption } from '../words/describe';
import { needlessAnswer } from '../words/defaults';
import type { TutorialRuleset } from './compile';

const STATES: Record<number, string> = { [IMPERIAL_CONTROL]: 'imperial-control', [REBELLION]: 'rebellion', [REBEL_CONTROL]: 'rebel-control', [REBELLION_STOPPED]: 'rebellion-stopped' };

/** The entity a tutorial's `@` name stands for, or an error naming what is not there. */
function entityNamed(game: Game, name: string): number {
  const w = game.world;
  const [id, environ] = name.slice(1).split('@') as [string, string | undefined];
  if (environ !== undefined) {
    const env = w.ids.environ.get(environ);
    if (env === undefined) throw new Error(`there is no environ "${environ}"`);
    const unit = occupants(w, env).find((eid) => isUnit(game, eid) && refOf(w, eid) === id);
    if (unit === undefined) throw new Error(`no ${id} unit stands in ${environ}`);
    return unit;
  }
  for (const kind of ['character', 'possession', 'ship', 'environ', 'planet', 'system'] as EntityKind[]) {
    const eid = w.ids[kind].get(id);
    if (eid !== undefined) return eid;
  }
  throw new Error(`there is nothing called "${id}" in this game`);
}

/** A command with its `@` names made entity numbers. */
function resolved(game: Game, command: Command<string>): Command<string> {
  const named = (v: Json): Json => (typeof v === 'string' && v.startsWith('@') ? entityNamed(game, v) : Array.isArray(v) ? v.map(named) : v);
  return Object.fromEntries(Object.entries(command).map(([k, v]) => [k, k === 'type' || k === 'side' ? v : named(v as Json)])) as Command<string>;
}

/** Where a piece stands (its environ), 0 when off the board or gone. */
function standing(game: Game, eid: number): number {
  const c = game.world.c;
  if (hasComponent(game.world, eid, c.Dead) || hasComponent(game.world, eid, c.Eliminated)) return 0;
  return environOf(game.world, eid);
}

export const starSystemTutorials: TutorialRuleset = {
  id: 'star-system',
  ruleset: starSystemRuleset as unknown as TutorialRuleset['ruleset'],
  panels: ['decision', 'score', 'log', 'sequence'],
  anchor(game: AnyGame, at: string) {
    const g = game as Game;
    const w = g.world;
    const [kind, id] = at.split(':') as [string, string];
    const planetId = (planet: number) => refOf(w, planet);
    switch (kind) {
      case 'system':
        return w.ids.system.has(id) ? { ok: true, anchor: { system: id } } : { ok: false, problem: `there is no star system "${id}"` };
      case 'planet':
        return w.ids.planet.has(id) ? { ok: true, anchor: { planet: id } } : { ok: false, problem: `there is no planet "${id}" in this game` };
      case 'environ': {
        const env = w.ids.environ.get(id);
        return env === undefined ? { ok: false, problem: `there is no environ "${id}" in this game` } : { ok: true, anchor: { planet: planetId(planetOfEnviron(w, env)) } };
      }
      case 'piece': {
        const eid = w.ids.character.get(id) ?? w.ids.possession.get(id) ?? w.ids.ship.get(id);
        if (eid === undefined) return { ok: false, problem: `there is no character or spaceship "${id}" in this game` };
        const env = standing(g, eid);
        if (!env) return { ok: false, problem: `${id} is not on the board (dead, lost, or not yet come)` };
        return { ok: true, anchor: { planet: planetId(planetOfEnviron(w, env)), system: refOf(w, systemOfPlanet(w, planetOfEnviron(w, env))) } };
      }
      default:
        return { ok: false, problem: `a Rebels-vs-Empire game's places are system:, planet:, environ: or piece:, not ${kind}` };
    }
  },
  fact(game: AnyGame, name: string): Json | undefined {
    const g = game as Game;
    const w = g.world;
    const c = w.c;
    const [what, id = '', side] = name.split(':');
    const planet = w.ids.planet.get(id);
    const piece = w.ids.character.get(id) ?? w.ids.possession.get(id) ?? w.ids.ship.get(id);
    switch (what) {
      case 'loyalty':
        return planet === undefined ? undefined : loyaltyName(c.Loyalty.value[planet] as number);
      case 'state':
        return planet === undefined ? undefined : STATES[c.PlanetState.value[planet] as number];
      case 'detected':
        return piece === undefined ? undefined : hasComponent(w, piece, c.Detected);
      case 'wounds':
        return piece === undefined ? undefined : (c.Wounds.value[piece] as number);
      case 'alive':
        return piece === undefined ? undefined : !hasComponent(w, piece, c.Dead);
      case 'at': {
        if (piece === undefined) return undefined;
        const env = standing(g, piece);
        return env ? refOf(w, env) : null;
      }
      case 'units': {
        const env = w.ids.environ.get(id);
        if (env === undefined || (side !== 'rebel' && side !== 'imperial')) return undefined;
        return occupants(w, env).filter((eid) => isUnit(g, eid) && sideOf(g, eid) === side && standing(g, eid)).length;
      }
      case 'vp':
        return (starSystemRuleset.score(g) as { rebelPoints?: number }).rebelPoints ?? null;
      case 'turn':
        return g.turn;
      default:
        return undefined;
    }
  },
  places(game: AnyGame, command: Command<string>): string[] {
    return describeOption(game as Game, command as Command).places;
  },
  resolve: (game: AnyGame, command: Command<string>) => resolved(game as Game, command),
  settle: (game: AnyGame, decision: Decision<string>) => needlessAnswer(game as Game, decision as Decision) as Command<string> | null,
};
