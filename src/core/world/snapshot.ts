/**
 * A world as plain data: every entity with its kind, content id, components, numbers and relations.
 * This one format serves the state hash (hash of the snapshot), copies of a world for AI search
 * (snapshot, then restore), and debugging (it is readable JSON).
 */
import { $internal, addComponent, getRelationTargets, hasComponent, registerQuery, type ComponentData, type InternalWorld, type Query } from 'bitecs';
import { NUMERIC_FIELDS, type Components } from './components';
import { RELATIONS, type RelationName } from './relations';
import { askedAfterEveryChange, createGameWorld, indexPieces, spawn, withComponent, type EntityKind, type GameWorld } from './world';

export interface EntitySnapshot {
  kind: EntityKind;
  ref?: string;
  /** Component name to its numeric fields (empty object for a tag). */
  has: Record<string, Record<string, number>>;
  rel: Partial<Record<SnapshotRelation, number[]>>;
}

/**
 * The relations a snapshot lists, in its order: the bitecs relations, and `InEnviron` (where a piece
 * stands) and `HeldBy` (who holds a possession), which the world keeps itself (`environOfPiece`,
 * `holderOfPossession`) but a snapshot lists like the others.
 */
type SnapshotRelation = RelationName | 'InEnviron' | 'HeldBy';
const SNAPSHOT_RELATIONS: readonly SnapshotRelation[] = ['InProvince', 'InSystem', 'OnPlanet', 'PeopledBy', 'InEnviron', 'HeldBy', 'GuardedBy', 'OfRace', 'HomeWorld'];

function targetsOf(world: GameWorld, eid: number, name: SnapshotRelation): readonly number[] {
  if (name !== 'InEnviron' && name !== 'HeldBy') return getRelationTargets(world, eid, RELATIONS[name]);
  const target = (name === 'InEnviron' ? world.environOfPiece[eid] : world.holderOfPossession[eid]) as number;
  return target ? [target] : [];
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
    for (const name of SNAPSHOT_RELATIONS) {
      const targets = targetsOf(world, eid, name);
      if (targets.length) snap.rel[name] = [...targets].sort((a, b) => a - b);
    }
    out.push(snap);
  }
  return out;
}

/** The components a snapshot's text lists, in its (sorted) order, each with its numeric fields, sorted too. */
const TEXT_COMPONENTS = COMPONENT_NAMES.filter((name) => name !== 'Ref')
  .sort()
  .map((name) => ({ name, key: `${JSON.stringify(name)}:{`, fields: [...(NUMERIC_FIELDS[name] ?? [])].sort().map((field) => ({ field, key: `${JSON.stringify(field)}:` })) }));
const TEXT_RELATIONS = [...SNAPSHOT_RELATIONS].sort().map((name) => ({ name, key: `${JSON.stringify(name)}:[` }));

/** The small whole numbers' text, made once: nearly every number in a world is one (an id, a rating, a flag). */
const SMALL_NUMBERS = Array.from({ length: 4096 }, (_, n) => String(n));

/** A number as `canonical` writes it (JSON's way: the same as String for every finite number). */
function numberText(value: number): string {
  if (value >= 0 && value < 4096 && Number.isInteger(value) && !Object.is(value, -0)) return SMALL_NUMBERS[value]!;
  return Number.isFinite(value) ? String(value) : (JSON.stringify(value) ?? 'undefined');
}

/** Content ids and kinds as JSON strings, made once each (a world's are a fixed few hundred). */
const quotedTexts = new Map<string, string>();

function quoted(text: string): string {
  let json = quotedTexts.get(text);
  if (json === undefined) {
    if (quotedTexts.size >= 100_000) quotedTexts.clear(); // a process that loads content after content stays bounded
    quotedTexts.set(text, (json = JSON.stringify(text)));
  }
  return json;
}

/** bitecs's marks on a relation pair (its relation, its target): the keys it reads them by itself. */
const PAIR_RELATION = Symbol.for('bitecs-relation');
const PAIR_TARGET = Symbol.for('bitecs-pairTarget');

function ascending(a: number, b: number): number {
  return a - b;
}

/**
 * `canonical(snapshotWorld(world))`, the same text character for character, written straight from the
 * world: the state hash reads it at the end of every simulated game, and building the snapshot's
 * objects, then sorting each one's keys to write it, took about as long as a random start-of-rebellion
 * game itself (1.8 ms against 3.2). Keys come in `canonical`'s order: sorted (has, kind, ref, rel;
 * components, fields and relations by name). Each entity's components are read from its own set in
 * bitecs's record (the set `hasComponent`'s masks are kept with), once, rather than asked one by one; a
 * relation's targets are the numbers its pairs there point to, as `getRelationTargets` lists them. A test
 * compares the two texts on played games.
 */
export function worldText(world: GameWorld): string {
  const c = world.c as unknown as Record<string, Record<string, ArrayLike<number>>>;
  const entityComponents = (world as unknown as InternalWorld)[$internal].entityComponents;
  const componentAt = new Map<unknown, number>();
  const components = TEXT_COMPONENTS.map(({ name, key, fields }, i) => {
    const store = c[name] as Record<string, ArrayLike<number>>;
    componentAt.set(store, i);
    return { key, fields: fields.map((f) => ({ key: f.key, values: store[f.field] as ArrayLike<number> })) };
  });
  const relationAt = new Map<unknown, number>();
  TEXT_RELATIONS.forEach(({ name }, i) => name !== 'InEnviron' && name !== 'HeldBy' && relationAt.set(RELATIONS[name], i));
  const inEnviron = TEXT_RELATIONS.findIndex((r) => r.name === 'InEnviron');
  const heldBy = TEXT_RELATIONS.findIndex((r) => r.name === 'HeldBy');
  const entities: string[] = [];
  for (let eid = 1; eid < world.kinds.length; eid++) {
    const kind = world.kinds[eid];
    if (!kind) continue;
    const has: number[] = [];
    const targets: (number[] | undefined)[] = [];
    for (const component of (entityComponents instanceof KeptComponentSets ? entityComponents.peek(eid) : entityComponents.get(eid)) ?? []) {
      const at = componentAt.get(component);
      if (at !== undefined) {
        has.push(at);
        continue;
      }
      const relation = relationAt.get((component as Record<symbol, unknown>)[PAIR_RELATION]);
      const target = (component as Record<symbol, unknown>)[PAIR_TARGET];
      if (relation !== undefined && typeof target === 'number') (targets[relation] ??= []).push(target);
    }
    const environ = world.environOfPiece[eid] as number;
    if (environ) targets[inEnviron] = [environ];
    const holder = world.holderOfPossession[eid] as number;
    if (holder) targets[heldBy] = [holder];
    let text = '{"has":{';
    has.sort(ascending);
    for (let h = 0; h < has.length; h++) {
      const { key, fields } = components[has[h]!]!;
      text += h ? `,${key}` : key;
      for (let i = 0; i < fields.length; i++) text += (i ? ',' : '') + fields[i]!.key + numberText(fields[i]!.values[eid] as number);
      text += '}';
    }
    text += `},"kind":${quoted(kind)}`;
    const ref = world.c.Ref.id[eid];
    if (ref !== undefined) text += `,"ref":${quoted(ref)}`;
    text += ',"rel":{';
    let first = true;
    for (let r = 0; r < TEXT_RELATIONS.length; r++) {
      const list = targets[r];
      if (!list) continue;
      text += (first ? TEXT_RELATIONS[r]!.key : `,${TEXT_RELATIONS[r]!.key}`) + (list.length === 1 ? numberText(list[0]!) : list.sort(ascending).map(numberText).join(',')) + ']';
      first = false;
    }
    entities.push(`${text}}}`);
  }
  return `[${entities.join(',')}]`;
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
      if (name === 'InEnviron' || name === 'HeldBy') {
        (name === 'InEnviron' ? world.environOfPiece : world.holderOfPossession)[eid] = targets?.[0] ?? 0;
        continue;
      }
      const relation = RELATIONS[name as RelationName];
      if (!relation) throw new Error(`snapshot names an unknown relation "${name}"`);
      for (const t of targets ?? []) addComponent(world, eid, relation(t));
    }
  });
  indexPieces(world);
  return world;
}

/** A copied world's components have no observers, and take none (no game code observes components). */
const UNOBSERVED: ComponentData['setObservable'] = {
  subscribe() {
    throw new Error("a copied world's components cannot be observed (cloneWorld makes them without observers)");
  },
  notify: () => ({}),
};

/**
 * bitecs's record of one component in a copied world: what its `registerComponent` makes, with the same
 * bit. A copy makes one for each of the world's ~400 components (most of them relation pairs no query
 * reads), so the set of queries reading the component is made only when bitecs first asks for it, and
 * the record holds no observables (`UNOBSERVED`): a third of the heap a copy took (110 of 293 kB) was
 * these records, half of that their empty sets. bitecs reads `queries` when a component is added or
 * removed and adds to it when a query is registered; a test (test/core/engine.test.ts, "a copied world's
 * queries") fails if it stops finding it through the record.
 */
class CopiedComponent implements ComponentData {
  #queries: Set<Query> | undefined = undefined;

  constructor(
    public id: number,
    public generationId: number,
    public bitflag: number,
    public ref: unknown,
  ) {}

  get queries(): Set<Query> {
    return (this.#queries ??= new Set());
  }

  get setObservable(): ComponentData['setObservable'] {
    return UNOBSERVED;
  }

  get getObservable(): ComponentData['getObservable'] {
    return UNOBSERVED;
  }
}

/** Each entity of a world that is never written again, with its components: see `keepForCopies`. */
interface ComponentLists {
  /** The entities, in the order bitecs lists them. */
  eids: readonly number[];
  /** By entity: its components in bitecs's order, a store of ours by its place in `COMPONENT_NAMES`, a relation pair as itself. */
  byEid: readonly (readonly (object | number)[] | undefined)[];
  /** The world's registered components in bitecs's order, each with its bit, a store of ours by its place. */
  registered: readonly { component: object | number; id: number; generationId: number; bitflag: number }[];
}

const componentLists = new WeakMap<GameWorld, ComponentLists>();

/**
 * bitecs's record of each entity's components (its `entityComponents`: a Map from entity to a Set) in a
 * copy of a kept world (`keepForCopies`): an entity's set is made from the kept list the first time
 * bitecs asks for it (`get`). A new game changes the components of a few dozen of the galaxy's ~320
 * entities: making all their sets at every copy was a third of a copy's time, and 107 of the 222 kB of
 * heap a copy took, which the collector then carried through the game.
 *
 * bitecs 0.4 reaches these sets only by `get` (to add or remove a component, or list an entity's), `set`
 * (a new entity), `delete` (an entity removed) and `keys` (every entity). Everything here that reads the
 * whole map (`keys`, iterating it, `has`, `size`...) makes every set first, in the order a full copy
 * would have listed them; `peek` reads one without making it (the state hash). A test
 * (test/core/engine.test.ts, "a copy of a scenario's layout") fails if bitecs reaches them another way.
 */
class KeptComponentSets extends Map<number, Set<object>> {
  /** The entities of the kept world whose sets are not made yet, with their lists. */
  #pending: (readonly (object | number)[] | undefined)[];
  /** Whether the map holds every set in a full copy's order (then it is an ordinary map). */
  #ordered = false;

  constructor(
    private readonly lists: ComponentLists,
    private readonly stores: readonly object[],
  ) {
    super();
    this.#pending = lists.byEid.slice();
  }

  /** The components of one entity, without making its set: for reading at once. */
  peek(eid: number): Iterable<object> | undefined {
    const list = this.#pending[eid];
    return list ? list.map((c) => (typeof c === 'number' ? (this.stores[c] as object) : c)) : super.get(eid);
  }

  override get(eid: number): Set<object> | undefined {
    const list = this.#pending[eid];
    if (list === undefined) return super.get(eid);
    const own = this.#make(eid, list);
    super.set(eid, own);
    return own;
  }

  override set(eid: number, components: Set<object>): this {
    this.#pending[eid] = undefined;
    return super.set(eid, components);
  }

  override delete(eid: number): boolean {
    const pending = this.#pending[eid] !== undefined;
    this.#pending[eid] = undefined;
    return super.delete(eid) || pending;
  }

  override has(eid: number): boolean {
    return this.#pending[eid] !== undefined || super.has(eid);
  }

  override get size(): number {
    this.#all();
    return super.size;
  }

  override keys(): MapIterator<number> {
    this.#all();
    return super.keys();
  }

  override values(): MapIterator<Set<object>> {
    this.#all();
    return super.values();
  }

  override entries(): MapIterator<[number, Set<object>]> {
    this.#all();
    return super.entries();
  }

  override [Symbol.iterator](): MapIterator<[number, Set<object>]> {
    this.#all();
    return super.entries();
  }

  override forEach(callback: (value: Set<object>, key: number, map: Map<number, Set<object>>) => void, thisArg?: unknown): void {
    this.#all();
    super.forEach(callback, thisArg);
  }

  #make(eid: number, list: readonly (object | number)[]): Set<object> {
    this.#pending[eid] = undefined;
    const own = new Set<object>();
    for (const c of list) own.add(typeof c === 'number' ? (this.stores[c] as object) : c);
    return own;
  }

  /** Every set made, in a full copy's order: the kept world's entities first, then those made since. */
  #all(): void {
    if (this.#ordered) return;
    this.#ordered = true;
    const made = [...super.entries()];
    super.clear();
    const have = new Map(made);
    for (const eid of this.lists.eids) {
      const list = this.#pending[eid];
      const own = list !== undefined ? this.#make(eid, list) : have.get(eid);
      if (own !== undefined) super.set(eid, own);
      have.delete(eid);
    }
    for (const [eid, own] of have) super.set(eid, own);
  }
}

/**
 * Say that a world will never be written again, only copied (`cloneWorld`): each entity's components are
 * listed once, in bitecs's order (a relation's targets are read in it), a store of ours by its place (each
 * copy has its own stores), a relation pair as itself (the same object in every world), and a copy makes
 * each entity's set from its list without looking its stores up (those sets were a third of a copy's
 * time). Writing the world afterwards would make its copies wrong: the layouts of build.ts, made once a
 * scenario and copied for every new game, are what this is for (a test plays games and finds their
 * layouts unchanged).
 */
export function keepForCopies(world: GameWorld): void {
  const from = (world as unknown as InternalWorld)[$internal];
  const storeAt = new Map<object, number>(COMPONENT_NAMES.map((name, i) => [world.c[name] as object, i]));
  const eids: number[] = [];
  const byEid: (object | number)[][] = [];
  for (const [eid, own] of from.entityComponents) {
    eids.push(eid);
    byEid[eid] = [...own].map((c) => storeAt.get(c as object) ?? (c as object));
  }
  // the queries rules ask after every change, registered here once for every copy to copy (which
  // registers the components they ask for, so before the components are listed)
  for (const component of askedAfterEveryChange(world)) withComponent(world, component);
  const registered = [...from.componentMap].map(([c, data]) => ({ component: storeAt.get(c as object) ?? (c as object), id: data.id, generationId: data.generationId, bitflag: data.bitflag }));
  componentLists.set(world, { eids, byEid, registered });
}

/**
 * A fast copy of a world, for AI search (thousands of copies a decision): numeric stores are copied
 * wholesale, and so is bitecs's own record of which entity has which component. Equal to
 * `restoreWorld(snapshotWorld(world))`, and it behaves the same afterwards (tested); several times faster
 * than adding each component again, which for a relation pair also adds its wildcard pairs one by one.
 *
 * bitecs 0.4 keeps that record in the world's `$internal` context: a component's bit (its generation and
 * flag, given in the order components were first registered), each entity's masks, each entity's set of
 * components, and the entities with relations. The copy registers the source's components in the
 * source's order, so every bit is the same, then copies masks and sets. Queries are not copied: the copy
 * registers its own when first asked, and bitecs fills a new query from the masks. A copy's components
 * cannot be observed (bitecs's `observe`, which no game code uses): their observables are left out.
 */
export function cloneWorld(src: GameWorld): GameWorld {
  // every number of the world (components' fields, `environOfPiece`...) in one copy of its stores' buffer
  const dst = createGameWorld(src.stores);
  const s = src.c as unknown as Record<string, Record<string, unknown>>;
  const d = dst.c as unknown as Record<string, Record<string, unknown>>;
  const from = (src as unknown as InternalWorld)[$internal];
  const to = (dst as unknown as InternalWorld)[$internal];
  const storeOf = new Map<object, object>();
  for (const name of COMPONENT_NAMES) storeOf.set(s[name] as object, d[name] as object);
  const stores = COMPONENT_NAMES.map((name) => d[name] as object);
  const lists = componentLists.get(src);
  // the same components with the same bits (a store of ours stands for its source's store), registered as
  // bitecs's registerComponent would in the source's order, without the two observables it makes for
  // each (a third of a copy's time, for ~390 components): no game code observes a world's components.
  // A kept world (a scenario's layout) has them listed: read from the list, not from the source's Map
  // (an entry array made per component, and a lookup of its store), a third of that loop's time.
  if (lists && lists.registered.length === from.componentMap.size)
    for (const { component, id, generationId, bitflag } of lists.registered) {
      const ref = typeof component === 'number' ? (stores[component] as object) : component;
      to.componentMap.set(ref, new CopiedComponent(id, generationId, bitflag, ref));
    }
  else
    for (const [component, data] of from.componentMap) {
      const ref = storeOf.get(component as object) ?? component;
      to.componentMap.set(ref, new CopiedComponent(data.id, data.generationId, data.bitflag, ref));
    }
  to.componentCount = from.componentCount;
  to.bitflag = from.bitflag;
  // the source's one-component queries (`withComponent`), registered on the copy while it has no entity yet
  // (bitecs's registerQuery tests every entity: 8 a new songs game, 2-3% of it) and given the source's
  // members in the source's order, pending removals too
  for (const [component, query] of src.componentQueries) {
    const ref = storeOf.get(component) ?? component;
    const own = registerQuery(dst, [ref]);
    for (const eid of query.dense) own.add(eid);
    for (const eid of query.toRemove.dense) own.toRemove.add(eid);
    if (query.toRemove.dense.length) to.dirtyQueries.add(own);
    dst.componentQueries.set(ref, own);
  }
  // the same entities: bitecs's index of them, and ours (kinds, content ids)
  const index = from.entityIndex;
  to.entityIndex = { ...index, dense: index.dense.slice(), sparse: index.sparse.slice() };
  dst.kinds = src.kinds.slice();
  for (const [kind, eids] of Object.entries(src.byKind)) dst.byKind[kind as EntityKind] = eids.slice();
  // content id to entity: written only as the layout is built, so shared until a copy spawns one (`spawn`)
  dst.ids = src.ids;
  dst.idsShared = src.idsShared = true;
  dst.c.Ref.id = src.c.Ref.id.slice();
  // which entity has which component
  to.entityMasks = from.entityMasks.map((masks) => masks.slice());
  if (lists) to.entityComponents = new KeptComponentSets(lists, stores);
  else
    for (const [eid, components] of from.entityComponents) {
      const own = new Set<object>();
      for (const component of components) own.add(storeOf.get(component as object) ?? (component as object));
      to.entityComponents.set(eid, own);
    }
  to.entitiesWithRelations = new Set(from.entitiesWithRelations);
  // the static layout's lookups, filled as they are asked: the same for the copy (`planetOfEnviron` and
  // `systemOfPlanet` came with the stores)
  for (const [planet, environs] of src.environsOfPlanet) dst.environsOfPlanet.set(planet, environs);
  indexPieces(dst);
  dst.revision = src.revision;
  dst.placements = src.placements;
  return dst;
}
