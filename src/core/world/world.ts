/**
 * The game world: a bitecs world with its own component stores and a registry from content ids to
 * entities. Small helpers here answer the questions every rules system asks ("where is this piece?",
 * "what stands in this environ?"), so systems read like the rules instead of like queries.
 */
import {
  $internal,
  type InternalWorld,
  addComponent,
  commitRemovals,
  registerQuery,
  Wildcard,
  type Query,
  addEntity,
  createWorld,
  getRelationTargets,
  hasComponent,
  query,
  removeComponent,
  type World,
} from 'bitecs';
import { createComponents, MAX_ENTITIES, Stores, type Components } from './components';
import { GuardedBy, InSystem, OnPlanet } from './relations';

export type EntityKind = 'race' | 'province' | 'system' | 'navStar' | 'route' | 'planet' | 'environ' | 'character' | 'possession' | 'ship' | 'unit' | 'camp';

export interface WorldContext {
  c: Components;
  /** The buffer every numeric store of `c` and the entity-indexed arrays below are views on (`Stores`). */
  stores: ArrayBuffer;
  /** Content id to entity, per kind of thing (units and camps have no content id). */
  ids: Record<EntityKind, Map<string, number>>;
  /**
   * Whether `ids` is shared with other worlds: a copy (`cloneWorld`) shares its source's, as only the
   * building of a scenario's layout writes them (copying its ~400 entries was a tenth of a copy's time);
   * `spawn` makes the world its own before it writes one.
   */
  idsShared: boolean;
  /** Entity to its kind, for every entity ever made. */
  kinds: EntityKind[];
  /** The entities of each kind, in id order (entities are never removed, so this only grows). */
  byKind: Partial<Record<EntityKind, number[]>>;
  /** Environ to planet, filled as asked: an environ never changes planet, and rules ask constantly. */
  planetOfEnviron: Int16Array;
  /** The star system of each planet, filled as asked (it never changes). */
  systemOfPlanet: Int16Array;
  /**
   * Piece to the environ it stands in (0: off the board), kept by `place` and `unplace`. Not a bitecs
   * relation: rules and views ask "where is this piece?" constantly (reading a relation walks all the
   * piece's components), and adding a relation pair at each move was 6% of a random galactic game.
   */
  environOfPiece: Int16Array;
  /**
   * Environ to the pieces standing in it, in id order: the inverse of `environOfPiece`, kept by `place`
   * and `unplace` for the same reason (a bitecs query per environ was a sixth of a galactic game).
   */
  piecesInEnviron: Map<number, number[]>;
  /**
   * Possession (a Rebel possession or an Imperial spaceship) to the character holding it, 0 for
   * nobody [14.1, 14.51]; kept by `hold` and `release`, not as a bitecs relation, for the same reason
   * as `environOfPiece`: ships change hands often (a pilot takes the helm before each flight), and a
   * relation pair cost more than the move itself.
   */
  holderOfPossession: Int16Array;
  /** Character to the possessions he holds, in id order: the inverse of `holderOfPossession`. */
  possessionsOfHolder: Map<number, number[]>;
  /** Planet to its environs in id order, filled as asked (an environ never changes planet). */
  environsOfPlanet: Map<number, readonly number[]>;
  /**
   * A count that rises with every change to the world (see `touch`): the engine skips the ruleset's
   * refresh of derived state when nothing has changed since the last one (most steps and answers only
   * ask or note a choice; refreshing after each was a quarter of a headless galactic game).
   */
  revision: number;
  /** The world's one-component queries (see `withComponent`), registered once each, as first asked. */
  componentQueries: Map<object, Query>;
  /**
   * A count that rises whenever a piece is put in or taken out of an environ (`place`, `unplace`): what
   * follows only from where pieces stand (which sides have units on which planets) is kept while it
   * stands still, as most changes (a tag, a loyalty) move nothing.
   */
  placements: number;
  /**
   * The entities the latest changes named (`changesSince`), oldest first: the piece placed and the
   * environs it left and entered, the entity tagged or untagged, the possession handed over and its
   * holders, the entity whose value a `touch` names. Bounded: when full it is emptied, and
   * `changeLogStart` counts what went.
   */
  changeLog: number[];
  /** How many entries have left the front of `changeLog`: an entry's place in the whole log is this plus its index. */
  changeLogStart: number;
  /** How many changes named no entity (a bare `touch`): the log cannot tell a reader what those changed. */
  unnamedChanges: number;
  /**
   * Each entity's name for people, kept as `nameOf` (src/core/names.ts) first works it out: event texts
   * and prompts name the same few pieces and places over and over (an environ's name is two lookups and a
   * text made each time: `nameOf` was 1.9% of a songs game). Each world its own, never copied: a unit's
   * name follows its type, and the units of two games are mustered in different orders.
   */
  names: (string | undefined)[];
}

export type GameWorld = World<WorldContext>;

/** A registry of content ids with none in it, a Map for each kind. */
function noIds(): Record<EntityKind, Map<string, number>> {
  return {
    race: new Map(),
    province: new Map(),
    system: new Map(),
    navStar: new Map(),
    route: new Map(),
    planet: new Map(),
    environ: new Map(),
    character: new Map(),
    possession: new Map(),
    ship: new Map(),
    unit: new Map(),
    camp: new Map(),
  };
}

/** A new world, empty; or, given `copyOf` (another world's `stores`), with a copy of that world's numbers (see `cloneWorld`). */
export function createGameWorld(copyOf?: ArrayBuffer): GameWorld {
  const stores = new Stores(copyOf);
  return createWorld<WorldContext>({
    c: createComponents(stores),
    stores: stores.buffer,
    ids: noIds(),
    idsShared: false,
    kinds: [],
    byKind: {},
    planetOfEnviron: stores.i16(),
    systemOfPlanet: stores.i16(),
    environOfPiece: stores.i16(),
    piecesInEnviron: new Map(),
    holderOfPossession: stores.i16(),
    possessionsOfHolder: new Map(),
    environsOfPlanet: new Map(),
    revision: 0,
    componentQueries: new Map(),
    placements: 0,
    changeLog: [],
    changeLogStart: 0,
    unnamedChanges: 0,
    names: [],
  });
}

/**
 * The world has changed. `place`, `unplace`, `tag`, `untag` and `spawn` say so themselves; rules code that
 * writes a component's value (a planet's loyalty, a PDB's level) calls this after it, or the next refresh
 * of derived state may be skipped. It names the entity it wrote, `changed`, for the change log
 * (`changesSince`); a touch naming none tells every reader of the log that it cannot know what changed.
 */
export function touch(world: GameWorld, changed?: number): void {
  world.revision++;
  if (changed === undefined) world.unnamedChanges++;
  else logChange(world, changed);
}

/** Entries the change log holds before it is emptied (a reader further behind works its answer out anew). */
const CHANGE_LOG_SIZE = 1024;

function logChange(world: GameWorld, eid: number): void {
  const log = world.changeLog;
  if (log.length >= CHANGE_LOG_SIZE) {
    world.changeLogStart += log.length;
    log.length = 0;
  }
  log.push(eid);
}

/** Where the change log stands now: keep it with an answer, and ask `changesSince` what has changed after. */
export interface ChangeMark {
  at: number;
  unnamed: number;
}

export function changeMark(world: GameWorld): ChangeMark {
  return { at: world.changeLogStart + world.changeLog.length, unnamed: world.unnamedChanges };
}

/**
 * Every entity a change named since `mark`, passed to `visit` (an entity may come more than once), or
 * false without a visit when the log cannot say: a change since named nothing (a bare `touch`), or the
 * log has been emptied past the mark. An answer kept from the world may then be worked out again only
 * for what these entities touch: the log names every change `place`, `unplace`, `tag`, `untag`, `hold`,
 * `release`, `spawn` and a `touch` with an entity make.
 */
export function changesSince(world: GameWorld, mark: ChangeMark, visit: (eid: number) => void): boolean {
  if (mark.unnamed !== world.unnamedChanges || mark.at < world.changeLogStart) return false;
  const log = world.changeLog;
  for (let i = mark.at - world.changeLogStart; i < log.length; i++) visit(log[i] as number);
  return true;
}

/** Make an entity of a kind, optionally registered under its content id. */
export function spawn(world: GameWorld, kind: EntityKind, contentId?: string): number {
  const eid = addEntity(world);
  touch(world, eid);
  if (eid >= MAX_ENTITIES) throw new Error(`the world is full (${MAX_ENTITIES} entities)`);
  world.kinds[eid] = kind;
  (world.byKind[kind] ??= []).push(eid);
  if (contentId !== undefined) {
    if (world.idsShared) {
      const own = noIds();
      for (const k of Object.keys(own) as EntityKind[]) own[k] = new Map(world.ids[k]);
      (world.ids = own), (world.idsShared = false);
    }
    world.ids[kind].set(contentId, eid);
    addComponent(world, eid, world.c.Ref);
    world.c.Ref.id[eid] = contentId;
  }
  return eid;
}

/** The entity for a content id, or an error naming what is missing. */
export function entityOf(world: GameWorld, kind: EntityKind, contentId: string): number {
  const eid = world.ids[kind].get(contentId);
  if (eid === undefined) throw new Error(`no ${kind} "${contentId}" in this game`);
  return eid;
}

export function refOf(world: GameWorld, eid: number): string {
  return world.c.Ref.id[eid] ?? `#${eid}`;
}

export function kindOf(world: GameWorld, eid: number): EntityKind | undefined {
  return world.kinds[eid];
}

/** The last target read for each (exclusive) relation, per entity: checked before it is trusted. */
const lastTargets = new WeakMap<GameWorld, Map<typeof GuardedBy, Int16Array>>();

/**
 * The target of an exclusive relation, or 0. Reading it from bitecs lists all the entity's components,
 * and rules ask after every change (who holds this ship?), so the last answer is kept and checked with
 * two mask tests: the entity has no target at all, or still has the one it had.
 */
function firstTarget(world: GameWorld, eid: number, relation: typeof GuardedBy): number {
  if (!hasComponent(world, eid, relation(Wildcard))) return 0;
  let byRelation = lastTargets.get(world);
  if (!byRelation) lastTargets.set(world, (byRelation = new Map()));
  let last = byRelation.get(relation);
  if (!last) byRelation.set(relation, (last = new Int16Array(MAX_ENTITIES)));
  const known = last[eid] as number;
  if (known && hasComponent(world, eid, relation(known))) return known;
  const target = getRelationTargets(world, eid, relation)[0] ?? 0;
  last[eid] = target;
  return target;
}

/** The environ a piece stands in, or 0 when it is off the board. */
export function environOf(world: GameWorld, eid: number): number {
  return world.environOfPiece[eid] as number;
}

/** The planet of an environ. */
export function planetOfEnviron(world: GameWorld, environ: number): number {
  const cached = world.planetOfEnviron[environ] as number;
  if (cached) return cached;
  const planet = firstTarget(world, environ, OnPlanet);
  world.planetOfEnviron[environ] = planet;
  return planet;
}

/** The planet a piece is on, or 0. */
export function planetOf(world: GameWorld, eid: number): number {
  const env = environOf(world, eid);
  return env ? planetOfEnviron(world, env) : 0;
}

export function systemOfPlanet(world: GameWorld, planet: number): number {
  const cached = world.systemOfPlanet[planet] as number;
  if (cached) return cached;
  const system = firstTarget(world, planet, InSystem);
  world.systemOfPlanet[planet] = system;
  return system;
}

/** The environs of a planet, in content order. */
export function environsOf(world: GameWorld, planet: number): number[] {
  return environsView(world, planet).slice();
}

/** The same, without a copy (read-only: the list is kept for the whole game). */
export function environsView(world: GameWorld, planet: number): readonly number[] {
  let environs = world.environsOfPlanet.get(planet);
  if (!environs) {
    environs = [...query(world, [OnPlanet(planet)])].sort((a, b) => a - b);
    world.environsOfPlanet.set(planet, environs);
  }
  return environs;
}

/** Everything standing in an environ (units, characters, spaceships, camps), in id order. */
export function occupants(world: GameWorld, environ: number): number[] {
  return world.piecesInEnviron.get(environ)?.slice() ?? [];
}

const NOBODY_HERE: readonly number[] = [];

/**
 * The same, without a copy: for rules code that only reads the list at once (it changes as pieces
 * move). Prefer `occupants` anywhere the list is kept or the environ may change while it is read.
 */
export function occupantsView(world: GameWorld, environ: number): readonly number[] {
  return world.piecesInEnviron.get(environ) ?? NOBODY_HERE;
}

/** The character holding a possession or spaceship, or 0. */
export function holderOf(world: GameWorld, possession: number): number {
  return world.holderOfPossession[possession] as number;
}

export function guardOf(world: GameWorld, prisoner: number): number {
  return firstTarget(world, prisoner, GuardedBy);
}

/**
 * The entities that have a component (a tag, or a relation pair such as `GuardedBy(Wildcard)`), live and
 * in no set order: read it at once, it changes with the world. For the rarely held tags rules ask about
 * after every change (prisoners, stacks adrift). Each component's query is registered once a world and
 * kept in it (asking bitecs by terms hashes them at every call).
 */
export function withComponent(world: GameWorld, component: object): readonly number[] {
  let q = world.componentQueries.get(component);
  if (!q) world.componentQueries.set(component, (q = registerQuery(world, [component])));
  commitRemovals(world);
  return q.dense as readonly number[];
}

/**
 * The components rules ask `withComponent` about after every change (ships, the eliminated, stacks, the
 * captured and their guards, stacks adrift, the area in play): a scenario's layout registers their queries once
 * (`keepForCopies`), and each new game's copy takes them over member for member instead of testing every
 * entity. One left out is registered by the game when first asked, as any other.
 */
export function askedAfterEveryChange(world: GameWorld): object[] {
  const c = world.c;
  return [c.Spaceship, c.Eliminated, c.StackedWithUnits, c.Captured, c.Adrift, GUARDED, c.InPlay];
}

/** The pieces guarded by anyone (prisoners): see `withComponent`. */
export function guardedPieces(world: GameWorld): readonly number[] {
  return withComponent(world, GUARDED);
}

/** `GuardedBy(Wildcard)`, the one pair bitecs keeps for it, named once: asked after every change and of every mission candidate. */
const GUARDED = GuardedBy(Wildcard) as object;

/** The possessions a character holds, spaceships included. */
export function possessionsOf(world: GameWorld, character: number): number[] {
  return world.possessionsOfHolder.get(character)?.slice() ?? [];
}

/** Put a piece in an environ (it leaves the one it stood in). */
export function place(world: GameWorld, eid: number, environ: number): void {
  const from = environOf(world, eid);
  if (from === environ) return;
  touch(world, eid);
  if (from) logChange(world, from);
  logChange(world, environ);
  world.placements++;
  if (from) leaveEnviron(world, eid, from);
  enterEnviron(world, eid, environ);
  world.environOfPiece[eid] = environ;
}

/** Take a piece off the board. */
export function unplace(world: GameWorld, eid: number): void {
  const env = environOf(world, eid);
  if (env) {
    touch(world, eid);
    logChange(world, env);
    world.placements++;
    leaveEnviron(world, eid, env);
  }
  world.environOfPiece[eid] = 0;
}

/** Give a possession or spaceship to a character (he holds it now, whoever held it before). */
export function hold(world: GameWorld, possession: number, character: number): void {
  const from = holderOf(world, possession);
  if (from === character) return;
  touch(world, possession);
  if (from) logChange(world, from);
  logChange(world, character);
  if (from) removeFromList(world.possessionsOfHolder, from, possession);
  addToList(world.possessionsOfHolder, character, possession);
  world.holderOfPossession[possession] = character;
}

/** Nobody holds the possession any more. */
export function release(world: GameWorld, possession: number): void {
  const from = holderOf(world, possession);
  if (!from) return;
  touch(world, possession);
  logChange(world, from);
  removeFromList(world.possessionsOfHolder, from, possession);
  world.holderOfPossession[possession] = 0;
}

function enterEnviron(world: GameWorld, eid: number, environ: number): void {
  addToList(world.piecesInEnviron, environ, eid);
}

function leaveEnviron(world: GameWorld, eid: number, environ: number): void {
  removeFromList(world.piecesInEnviron, environ, eid);
}

/** Put an entity in the id-ordered list kept under a key. */
function addToList(lists: Map<number, number[]>, key: number, eid: number): void {
  let list = lists.get(key);
  if (!list) lists.set(key, (list = []));
  let at = list.length;
  while (at > 0 && (list[at - 1] as number) > eid) at--;
  list.splice(at, 0, eid);
}

function removeFromList(lists: Map<number, number[]>, key: number, eid: number): void {
  const list = lists.get(key);
  const at = list?.indexOf(eid) ?? -1;
  if (list && at >= 0) list.splice(at, 1);
}

/**
 * Make `piecesInEnviron` and `possessionsOfHolder` again from `environOfPiece` and `holderOfPossession`
 * (after a world is restored or copied wholesale).
 */
export function indexPieces(world: GameWorld): void {
  world.piecesInEnviron.clear();
  world.possessionsOfHolder.clear();
  for (let eid = 1; eid < world.kinds.length; eid++) {
    const environ = world.environOfPiece[eid] as number;
    if (environ) enterEnviron(world, eid, environ);
    const holder = world.holderOfPossession[eid] as number;
    if (holder) addToList(world.possessionsOfHolder, holder, eid);
  }
}

/** A secret planet the Empire has not discovered (what only the galactic game keeps secret: see `isGalactic`). */
export function undiscoveredSecret(world: GameWorld, planet: number): boolean {
  return has(world, planet, world.c.Secret) && !has(world, planet, world.c.Discovered);
}

export function has(world: GameWorld, eid: number, component: object): boolean {
  return hasComponent(world, eid, component);
}

/**
 * `has` for one component over many entities: its bit is looked up once, where `hasComponent` looks it
 * up at every call (for a loop over every piece, such as the pieces that may still move). Read at once:
 * the test is of the world as it stands.
 */
export function componentTest(world: GameWorld, component: object): (eid: number) => boolean {
  const ctx = (world as unknown as InternalWorld)[$internal];
  const data = ctx.componentMap.get(component);
  if (!data) return NEVER; // a component never given to any entity
  const masks = ctx.entityMasks[data.generationId] as number[];
  const bit = data.bitflag;
  return (eid) => ((masks[eid] as number) & bit) === bit;
}

const NEVER = (): boolean => false;

/** Give an entity a component: a tag (`Moved`) or a relation pair (`GuardedBy(guard)`). */
export function tag(world: GameWorld, eid: number, component: object): void {
  if (hasComponent(world, eid, component)) return;
  touch(world, eid);
  if (!setPlainTag(world, eid, component, true)) addComponent(world, eid, component);
}

/** Take a component (a tag or a relation pair) from an entity. */
export function untag(world: GameWorld, eid: number, component: object): void {
  if (!hasComponent(world, eid, component)) return;
  touch(world, eid);
  if (!setPlainTag(world, eid, component, false)) removeComponent(world, eid, component);
}

/** How bitecs marks a relation pair (`GuardedBy(guard)`): a symbol of the global registry, as it defines it. */
const IS_PAIR = Symbol.for('bitecs-isPairComponent');

/**
 * Give (`on`) or take a plain tag, one no query of this world asks for, as bitecs's addComponent and
 * removeComponent do for it: the bit in the entity's mask, and the tag in the entity's set of components
 * (added last, as bitecs adds it). Returns false, having done nothing, for a relation pair, a component
 * this world has not registered, or one a query asks for: bitecs's own path then does all it does for
 * those. Why: tags are given and taken at every move (`Moved`, `Detected`), and bitecs's general path
 * checks the entity, looks the component up three times and walks its queries, and removeComponent makes
 * an array and a closure for its arguments each time; `addComponent` was 2.0% of a songs game (00:23).
 */
function setPlainTag(world: GameWorld, eid: number, component: object, on: boolean): boolean {
  if ((component as { [IS_PAIR]?: boolean })[IS_PAIR]) return false;
  const ctx = (world as unknown as InternalWorld)[$internal];
  const data = ctx.componentMap.get(component);
  if (!data || data.queries.size) return false;
  const masks = ctx.entityMasks[data.generationId] as number[];
  const own = ctx.entityComponents.get(eid) as Set<object>;
  if (on) {
    masks[eid] = (masks[eid] as number) | data.bitflag;
    own.add(component);
  } else {
    masks[eid] = (masks[eid] as number) & ~data.bitflag;
    own.delete(component);
  }
  return true;
}

/** All entities of a kind, in id order (the registry keeps creation order). */
export function allOf(world: GameWorld, kind: EntityKind): number[] {
  return world.byKind[kind]?.slice() ?? [];
}

/** A piece still on the board: placed, not dead, not eliminated, not captured. */
export function isActivePiece(world: GameWorld, eid: number): boolean {
  const c = world.c;
  return environOf(world, eid) !== 0 && !hasComponent(world, eid, c.Dead) && !hasComponent(world, eid, c.Eliminated);
}
