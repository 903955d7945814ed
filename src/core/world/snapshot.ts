/**
 * A world as plain data: every entity with its kind, content id, components, numbers and relations.
 * This one format serves the state hash (hash of the snapshot), copies of a world for AI search
 * (snapshot, then restore), and debugging (it is readable JSON).
 */
import { addComponent, getRelationTargets, hasComponent } from 'bitecs';
import { NUMERIC_FIELDS, type Components } from './components';
import { RELATIONS, type RelationName } from './relations';
import { createGameWorld, spawn, type EntityKind, type GameWorld } from './world';

export interface EntitySnapshot {
  kind: EntityKind;
  ref?: string;
  /** Component name to its numeric fields (empty object for a tag). */
  has: Record<string, Record<string, number>>;
  rel: Partial<Record<RelationName, number[]>>;
}

export type WorldSnapshot = EntitySnapshot[];

const COMPONENT_NAMES = Object.keys(createComponentsShape()) as (keyof Components)[];

function createComponentsShape() {
  // Only the names matter; a throwaway world gives them without duplicating the list.
  return createGameWorld().c;
}

export function snapshotWorld(world: GameWorld): WorldSnapshot {
  const out: WorldSnapshot = [];
  const c = world.c as unknown as Record<string, Record<string, ArrayLike<number>>>;
  for (let eid = 1; eid < world.kinds.length; eid++) {
    const kind = world.kinds[eid];
    if (!kind) continue;
    const snap: EntitySnapshot = { kind, has: {}, rel: {} };
    const ref = world.c.Ref.id[eid];
    if (ref !== undefined) snap.ref = ref;
    for (const name of COMPONENT_NAMES) {
      if (name === 'Ref') continue;
      const store = c[name] as Record<string, ArrayLike<number>>;
      if (!hasComponent(world, eid, store)) continue;
      const values: Record<string, number> = {};
      for (const field of NUMERIC_FIELDS[name] ?? []) values[field] = (store[field] as ArrayLike<number>)[eid] as number;
      snap.has[name] = values;
    }
    for (const [name, relation] of Object.entries(RELATIONS)) {
      const targets = getRelationTargets(world, eid, relation);
      if (targets.length) snap.rel[name as RelationName] = [...targets].sort((a, b) => a - b);
    }
    out.push(snap);
  }
  return out;
}

/** Rebuild a world from a snapshot: the same entity ids, components, numbers and relations. */
export function restoreWorld(snapshot: WorldSnapshot): GameWorld {
  const world = createGameWorld();
  const c = world.c as unknown as Record<string, Record<string, { [i: number]: number }>>;
  snapshot.forEach((snap) => spawn(world, snap.kind, snap.ref));
  snapshot.forEach((snap, i) => {
    const eid = i + 1;
    for (const [name, values] of Object.entries(snap.has)) {
      const store = c[name];
      if (!store) throw new Error(`snapshot names an unknown component "${name}"`);
      addComponent(world, eid, store);
      for (const [field, v] of Object.entries(values)) (store[field] as { [i: number]: number })[eid] = v;
    }
    for (const [name, targets] of Object.entries(snap.rel)) {
      const relation = RELATIONS[name as RelationName];
      for (const t of targets ?? []) addComponent(world, eid, relation(t));
    }
  });
  return world;
}
