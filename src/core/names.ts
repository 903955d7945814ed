/**
 * Names for people: what the event log and screens call an entity. Content ids are for code; a player
 * reads "Nilo Brevant", "Tollis (liquid)", "the Wendmoor system".
 */
import type { Game } from './engine/types';
import { ENVIRON_TYPES } from './content/schema';
import { environOf, refOf } from './world/world';

export function nameOf(game: Game, eid: number): string {
  const names = game.world.names;
  const known = names[eid];
  if (known !== undefined) return known;
  const name = nameNow(game, eid);
  // a camp's name says where it stands; every other entity's name is fixed from the content and its spawn
  if (game.world.kinds[eid] !== 'camp') names[eid] = name;
  return name;
}

/** An entity's name worked out from the content (see `nameOf`, which keeps it). */
function nameNow(game: Game, eid: number): string {
  const w = game.world;
  const c = game.content;
  const id = refOf(w, eid);
  switch (w.kinds[eid]) {
    case 'planet':
      return c.planets.get(id)?.name ?? id;
    case 'environ': {
      const env = c.environs.get(id);
      const planet = env ? c.planets.get(env.planet)?.name : undefined;
      return env && planet ? `${planet} (${env.type})` : id;
    }
    case 'character':
      return c.characters.get(id)?.name ?? id;
    case 'possession':
      return c.possessions.get(id)?.name ?? id;
    case 'ship':
      return c.imperialShips.get(id)?.name ?? id;
    case 'system':
      return c.systems.get(id)?.name ?? id;
    case 'province':
      return c.provinces.get(id)?.name ?? id;
    case 'race':
      return c.races.get(id)?.name ?? id;
    case 'navStar':
      return c.galaxy.navigationStars.find((s) => s.id === id)?.name ?? id;
    case 'unit': {
      // [7.22] a hidden unit's name never gives its type away: texts are read by both sides
      if (w.c.Unit.hidden[eid] === 1) return 'Imperial mobile unit';
      const type = c.tables.unitTypes[w.c.Unit.type[eid] as number];
      const envType = ENVIRON_TYPES[w.c.Unit.environType[eid] as number];
      return type ? `${type.name}${envType ? ` (${envType})` : ''}` : 'unit';
    }
    case 'camp': {
      const environ = environOf(w, eid);
      return environ ? `the rebel camp at ${nameOf(game, environ)}` : 'a rebel camp';
    }
    default:
      return id;
  }
}

/** The name of a content id of a known kind (for texts that hold an id rather than an entity). */
export function nameOfId(game: Game, kind: 'character' | 'planet' | 'possession', id: string): string {
  const c = game.content;
  if (kind === 'character') return c.characters.get(id)?.name ?? id;
  if (kind === 'planet') return c.planets.get(id)?.name ?? id;
  return c.possessions.get(id)?.name ?? c.imperialShips.get(id)?.name ?? id;
}
