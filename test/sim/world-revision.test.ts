/**
 * The engine skips the refresh of derived state (control, stacks, ships, prisoners...) when the world's
 * revision has not moved since the last one (engine/game.ts, `refreshDerived`). That is safe only if every
 * change to the world is counted (`touch`, and the world helpers that call it); the answers rules code
 * keeps while the world stands still (systems/common/memo.ts, `whileUnchanged`) rely on the same count. These games run under a
 * ruleset whose `revision` also looks at the whole world: seeing the same revision again over a world
 * that has changed, it fails, naming the change nobody counted.
 */
import { describe, expect, it } from 'vitest';
import { newGame, stateHash } from '../../src/core/engine/game';
import type { Game, Ruleset } from '../../src/core/engine/types';
import { $internal, addComponent, getEntityComponents, getRelationTargets, type InternalWorld } from 'bitecs';
import { NUMERIC_FIELDS } from '../../src/core/world/components';
import { RELATIONS } from '../../src/core/world/relations';
import { allOf, touch, type GameWorld } from '../../src/core/world/world';
import { playOut } from '../../src/ai/play';
import { randomAgent } from '../../src/ai/random-agent';
import { agentFactory } from '../../src/ai/registry';
import { content, SCENARIOS } from '../fixtures';
import { starSystemRuleset } from '../../systems/rebels-vs-empire/star-system-ruleset';
import { commandCounter } from '../property/count';

const counted = commandCounter(import.meta.url);

/** What each component (a store, or a relation's pair with a target) is called in a world's text. */
const componentNames = new WeakMap<object, string>();

/**
 * A component's name: a store's own, or a relation pair's `Relation(target)`, found once and kept; ''
 * for the pairs bitecs adds itself for its wildcard queries (they follow from the pairs named).
 */
function componentName(world: GameWorld, eid: number, component: object): string {
  let name = componentNames.get(component);
  if (name !== undefined) return name;
  name = Object.entries(world.c).find(([, store]) => store === component)?.[0] ?? '';
  if (!name)
    for (const [relationName, relation] of Object.entries(RELATIONS))
      for (const target of getRelationTargets(world, eid, relation)) if (relation(target) === component) name = `${relationName}(${target})`;
  componentNames.set(component, name);
  return name;
}

/** One entity as text: its kind and content id, where it stands and who holds it, every component with its numbers. */
function entityText(world: GameWorld, eid: number): string {
  const stores = world.c as unknown as Record<string, Record<string, ArrayLike<number>>>;
  const has: string[] = [];
  for (const component of getEntityComponents(world, eid)) {
    const name = componentName(world, eid, component);
    if (name === '' || name === 'Control' || name === 'Ref') continue;
    const fields = NUMERIC_FIELDS[name as keyof typeof NUMERIC_FIELDS] ?? [];
    has.push(fields.length ? `${name}{${fields.map((f) => `${f}:${(stores[name]![f] as ArrayLike<number>)[eid]}`).join(',')}}` : name);
  }
  has.sort();
  return `${world.kinds[eid]} ${world.c.Ref.id[eid] ?? ''} in ${world.environOfPiece[eid]} held by ${world.holderOfPossession[eid]}: ${has.join(' ')}`;
}

/**
 * The world as one number per entity: its place and holder, every component it has (bitecs's own record
 * of them, one bit each: a store, a tag, a relation's pair with a target) and the numbers of every store
 * it has, without what refresh itself works out uncounted (who controls each planet), mixed into a
 * 32-bit FNV-1a hash. It runs at every refresh of every game here: listing each entity's components by
 * name made the galactic game take 25 s, and reading them as bitecs lists them took 10 s; a change is
 * named in words (`entityText`) once it is found.
 */
function worldSignature(game: Game): Uint32Array {
  const world = game.world;
  const internal = (world as unknown as InternalWorld)[$internal];
  const stores = world.c as unknown as Record<string, Record<string, ArrayLike<number>>>;
  // the stores with numbers, each with its bit
  const numeric = Object.entries(NUMERIC_FIELDS)
    .filter(([name]) => name !== 'Control')
    .map(([name, fields]) => ({ bits: internal.componentMap.get(stores[name]!), fields: fields!.map((f) => stores[name]![f] as ArrayLike<number>) }))
    .filter((s) => s.bits !== undefined) as { bits: { generationId: number; bitflag: number }; fields: ArrayLike<number>[] }[];
  const out = new Uint32Array(world.kinds.length);
  // FNV-1a over 32-bit words (a number's low and high words)
  const mix = (h: number, v: number) => Math.imul(Math.imul(h ^ (v | 0), 16_777_619) ^ ((v / 4_294_967_296) | 0), 16_777_619) >>> 0;
  for (let eid = 1; eid < world.kinds.length; eid++) {
    if (!world.kinds[eid]) continue;
    let h = mix(mix(2_166_136_261, world.environOfPiece[eid] ?? 0), world.holderOfPossession[eid] ?? 0);
    for (const masks of internal.entityMasks) h = mix(h, masks[eid] ?? 0);
    for (const { bits, fields } of numeric) {
      if (((internal.entityMasks[bits.generationId]?.[eid] ?? 0) & bits.bitflag) !== bits.bitflag) continue;
      for (const values of fields) {
        const value = values[eid] ?? 0;
        h = mix(h, Number.isFinite(value) ? Math.round(value * 1024) : -1);
      }
    }
    out[eid] = h;
  }
  return out;
}

/** The star-system ruleset, its revision checked against the world it stands for. */
function checkedRuleset(): Ruleset {
  const seen = new WeakMap<Game, { revision: number; world: Uint32Array }>();
  return {
    ...starSystemRuleset,
    revision(game: Game) {
      const revision = game.world.revision;
      const world = worldSignature(game);
      const last = seen.get(game);
      if (last && last.revision === revision) {
        const at = world.length !== last.world.length ? Math.min(world.length, last.world.length) : world.findIndex((entity, i) => entity !== last.world[i]);
        if (at >= 0) throw new Error(`the world changed without a touch (revision ${revision}): entity ${at} is now ${at < world.length ? entityText(game.world, at) : 'gone'}`);
        return revision;
      }
      seen.set(game, { revision, world });
      return revision;
    },
  } as Ruleset;
}

function play(scenario: string, seed: string, agent: 'random' | 'normal', ruleset: Ruleset): Game {
  const game = newGame({ content, ruleset, scenario, seed }) as Game;
  const agents =
    agent === 'random'
      ? { rebel: randomAgent({ side: 'rebel', seed }), imperial: randomAgent({ side: 'imperial', seed }) }
      : { rebel: agentFactory('normal')({ side: 'rebel', seed }), imperial: agentFactory('normal')({ side: 'imperial', seed }) };
  const commands = playOut(game, agents);
  if (ruleset !== starSystemRuleset && ruleset.revision) counted.add(commands);
  return game;
}

describe('the world revision check', () => {
  it('sees every kind of change nobody counted: a number, a tag, a relation, a place', () => {
    const ruleset = checkedRuleset();
    const game = newGame({ content, ruleset, scenario: SCENARIOS[0]!, seed: 'check' }) as Game;
    const w = game.world;
    const [unit, other] = allOf(w, 'unit') as [number, number];
    const system = allOf(w, 'system')[0]!;
    const changes: Record<string, () => void> = {
      'a number': () => (w.c.Unit.combat[unit] = (w.c.Unit.combat[unit] as number) + 1),
      'a tag': () => addComponent(w, unit, w.c.Detected),
      'a relation': () => addComponent(w, unit, RELATIONS.InSystem(system)),
      'a place': () => (w.environOfPiece[unit] = w.environOfPiece[other] === w.environOfPiece[unit] ? 0 : (w.environOfPiece[other] as number)),
    };
    for (const [what, change] of Object.entries(changes)) {
      ruleset.revision!(game);
      change();
      expect(() => ruleset.revision!(game), what).toThrow(/the world changed without a touch/);
      touch(w); // counted now: the next change is seen against this world
    }
  });
});

/** A whole world compared at every refresh: slow, so one game a scenario. */
const LONG = 600_000;

/**
 * Each scenario's random game under the checked ruleset, played once for both tests below. It is a game
 * that skips refreshes as the star-system ruleset does (the checked revision is the world's own, as
 * `starSystemRuleset.revision`'s), so the second test compares it with the same game refreshed after every
 * step instead of playing it a third time unchecked.
 */
const checkedGames = new Map<string, Game>();
function checkedRandomGame(scenario: string): Game {
  let game = checkedGames.get(scenario);
  if (!game) checkedGames.set(scenario, (game = play(scenario, 'revision', 'random', checkedRuleset())));
  return game;
}

describe.each(SCENARIOS)('the world revision in %s', (scenario) => {
  it('counts every change: a random game never changes the world under the same revision', () => {
    const game = checkedRandomGame(scenario);
    expect(game.winner).not.toBeNull();
  }, LONG);

  it('skipping refreshes changes nothing: the same game as refreshing after every step', () => {
    const always = { ...starSystemRuleset, revision: undefined } as Ruleset;
    for (const agent of ['random', 'normal'] as const) {
      const seed = agent === 'random' ? 'revision' : 'same-normal';
      const skipping = agent === 'random' ? checkedRandomGame(scenario) : play(scenario, seed, agent, starSystemRuleset as Ruleset);
      const refreshing = play(scenario, seed, agent, always);
      expect(stateHash(skipping)).toBe(stateHash(refreshing));
      expect(skipping.log).toEqual(refreshing.log);
    }
  }, LONG);
});
