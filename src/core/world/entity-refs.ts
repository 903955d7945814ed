/**
 * The static entities of a game by id (systems, planets, environs, characters...), sent once to the
 * page so the picture can place events; units and camps have no content id and are left out.
 */
import type { GameWorld } from './world';
import { kindOf, refOf } from './world';

/** What an event's entity id stands for (a static content ref). */
export interface EntityRef {
  kind: string;
  id: string;
}
export type EntityRefs = Record<number, EntityRef>;

export function entityRefs(world: GameWorld | undefined): EntityRefs {
  const refs: EntityRefs = {};
  if (!world) return refs;
  for (let eid = 0; eid < world.kinds.length; eid++) {
    const kind = kindOf(world, eid);
    if (!kind || kind === 'unit' || kind === 'camp') continue;
    const id = refOf(world, eid);
    if (id) refs[eid] = { kind, id };
  }
  return refs;
}
