import { describe, expect, it } from 'vitest';
import { $internal, type InternalWorld } from 'bitecs';
import { apply, cloneGame, replay, stateHash } from '../../src/core/engine/game';
import { playOut } from '../../src/ai/play';
import { randomAgent } from '../../src/ai/random-agent';
import { content, ruleset, SCENARIOS, testGame } from '../fixtures';

function randomPlayers(seed: string) {
  return { rebel: randomAgent({ side: 'rebel', seed }), imperial: randomAgent({ side: 'imperial', seed }) };
}

describe('the engine', () => {
  it('stops at a decision that names a side and lists its legal options', () => {
    const game = testGame();
    expect(game.pending).not.toBeNull();
    expect(['rebel', 'imperial']).toContain(game.pending!.side);
    expect(game.pending!.options.length).toBeGreaterThan(0);
    for (const option of game.pending!.options) expect(option.side).toBe(game.pending!.side);
  });

  it.each(SCENARIOS)('same scenario (%s), seed and commands give the same state hash', (scenario) => {
    const a = testGame(scenario, 'same');
    const b = testGame(scenario, 'same');
    expect(stateHash(a)).toBe(stateHash(b));
    playOut(a, randomPlayers('x'));
    playOut(b, randomPlayers('x'));
    expect(stateHash(a)).toBe(stateHash(b));
    expect(a.log).toEqual(b.log);
  });

  it('a different seed gives a different game', () => {
    expect(stateHash(testGame(undefined, 1))).not.toBe(stateHash(testGame(undefined, 2)));
  });

  it('replaying the command log rebuilds the same state', () => {
    const game = testGame(undefined, 'replay');
    playOut(game, randomPlayers('r'));
    const again = replay({ content, ruleset, scenario: game.scenario.id, seed: game.seed }, game.log);
    expect(stateHash(again)).toBe(stateHash(game));
    expect(again.winner).toBe(game.winner);
  });

  it('a copy of a game plays on independently of the original', () => {
    const game = testGame(undefined, 'clone');
    const before = stateHash(game);
    const copy = cloneGame(game);
    expect(stateHash(copy)).toBe(before);
    playOut(copy, randomPlayers('c'));
    expect(stateHash(game)).toBe(before);
    expect(copy.winner).not.toBeNull();
  });

  describe('an illegal command is refused with a reason and changes nothing', () => {
    const cases: [string, unknown, RegExp][] = [
      ['not an object', 'move', /must be an object/],
      ['no type', { side: 'rebel' }, /needs a "type"/],
      ['an unknown side', { type: 'move', side: 'pirates' }, /needs a "side"/],
      ['a __proto__ field', JSON.parse('{"type":"move","side":"rebel","__proto__":{"x":1}}'), /not allowed/],
      ['a constructor field', { type: 'move', side: 'rebel', constructor: 1 }, /not allowed/],
      ['a command not among the options', { type: 'move', side: 'rebel', piece: 99999, to: 1 }, /not a legal answer/],
      ['an unknown command type', { type: 'teleport', side: 'rebel' }, /not a legal answer/],
    ];
    it.each(cases)('%s', (_label, command, reason) => {
      const game = testGame(undefined, 'illegal');
      const before = stateHash(game);
      const logLength = game.log.length;
      const result = apply(game, command);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.reason).toMatch(reason);
      expect(stateHash(game)).toBe(before);
      expect(game.log.length).toBe(logLength);
    });

    it('the other side answering out of turn', () => {
      const game = testGame(undefined, 'turn');
      const decision = game.pending!;
      const other = decision.side === 'rebel' ? 'imperial' : 'rebel';
      const before = stateHash(game);
      const result = apply(game, { ...decision.options[0]!, side: other });
      expect(result).toEqual({ ok: false, reason: expect.stringMatching(/decision, not the/) });
      expect(stateHash(game)).toBe(before);
    });

    it('any command after the game is over', () => {
      const game = testGame(undefined, 'over');
      playOut(game, randomPlayers('o'));
      const before = stateHash(game);
      const result = apply(game, { type: 'end-movement', side: 'rebel' });
      expect(result).toEqual({ ok: false, reason: expect.stringMatching(/game is over/) });
      expect(stateHash(game)).toBe(before);
    });
  });

  it('follows the turn sequence: Rebel player-turn, Imperial player-turn, interphase [Game Turn SRS]', () => {
    const labels = ruleset.sequence.map((s) => `${s.player ?? '-'}:${s.phase}:${s.segment}`);
    const turn = (p: string) => [
      `${p}:operations:movement`,
      `${p}:operations:enemy reaction`,
      `${p}:operations:military combat`,
      `${p}:search:search`,
      `${p}:mission:mission assignment`,
      `${p}:mission:mission action`,
      `${p}:mission:bonus draw`,
    ];
    expect(labels).toEqual([...turn('rebel'), ...turn('imperial'), '-:interphase:interphase']);
  });

  it('ends the game after the scenario\'s last turn', () => {
    const game = testGame(undefined, 'length');
    playOut(game, randomPlayers('l'));
    expect(game.winner).not.toBeNull();
    expect(game.turn).toBeLessThanOrEqual(game.scenario.turns);
  });
});

describe('copying a world', () => {
  it('a copied game plays on exactly as its source, and apart from it', () => {
    // the copy takes bitecs's record of components wholesale: every later tag, untag, move and query
    // (registered before or after the copy) must behave as in the source
    for (const scenario of SCENARIOS) {
      const game = testGame(scenario, `on-${scenario}`);
      playOut(game, randomPlayers('before'), { stopAfter: 150 });
      const copy = cloneGame(game);
      const before = stateHash(game);
      expect(stateHash(copy)).toBe(before);
      playOut(copy, randomPlayers('after'), { stopAfter: 300 });
      expect(stateHash(game)).toBe(before); // the source did not move with its copy
      playOut(game, randomPlayers('after'), { stopAfter: 300 });
      expect(stateHash(copy)).toBe(stateHash(game));
      expect(copy.turn).toBe(game.turn);
    }
  });

  it('the fast copy equals the snapshot round trip, entity for entity', async () => {
    const { cloneWorld, restoreWorld, snapshotWorld } = await import('../../src/core/world/snapshot');
    const game = testGame(undefined, 'copy');
    expect(snapshotWorld(cloneWorld(game.world))).toEqual(snapshotWorld(game.world));
    expect(snapshotWorld(restoreWorld(snapshotWorld(game.world)))).toEqual(snapshotWorld(game.world));
  });

  it('the state hash writes the world as the canonical snapshot writes it, character for character, on played games of every kind', async () => {
    const { snapshotWorld, worldText } = await import('../../src/core/world/snapshot');
    const { canonical } = await import('../../src/core/engine/commands');
    for (const scenario of ['start-of-rebellion', 'songs-of-the-verdant-drift', 'galactic-lucent-spiral']) {
      const game = testGame(scenario, `text-${scenario}`);
      expect(worldText(game.world)).toBe(canonical(snapshotWorld(game.world) as never));
      playOut(game, randomPlayers('text'), { stopAfter: 600 });
      expect(worldText(game.world)).toBe(canonical(snapshotWorld(game.world) as never));
    }
  });

  it('"where is this piece?" and "who holds it?" read the same in the game, in both copies, in the indexes and in the snapshot', async () => {
    const { cloneWorld, restoreWorld, snapshotWorld } = await import('../../src/core/world/snapshot');
    const { environOf, occupantsView, unplace } = await import('../../src/core/world/world');
    const game = testGame(undefined, 'where');
    playOut(game, randomPlayers('where'), { stopAfter: 300 });
    const pieces = ['unit', 'character', 'ship', 'camp'].flatMap((k) => game.world.byKind[k as 'unit'] ?? []);
    unplace(game.world, pieces[0]!); // off the board: 0
    const snapshot = snapshotWorld(game.world);
    const worlds = [cloneWorld(game.world), restoreWorld(snapshot)];
    for (const piece of pieces) {
      const at = environOf(game.world, piece);
      for (const w of worlds) expect(environOf(w, piece)).toBe(at);
      for (const w of [game.world, ...worlds]) if (at) expect(occupantsView(w, at)).toContain(piece);
      expect(snapshot[piece - 1]!.rel.InEnviron ?? []).toEqual(at ? [at] : []);
    }
    expect(environOf(game.world, pieces[0]!)).toBe(0);
    // who holds what [14.1, 14.51], kept the same way
    const { hold, holderOf, possessionsOf, release } = await import('../../src/core/world/world');
    const held = ['possession', 'ship'].flatMap((k) => game.world.byKind[k as 'ship'] ?? []);
    const [first, second] = held.filter((p) => holderOf(game.world, p));
    const newHolder = holderOf(game.world, second!);
    hold(game.world, first!, newHolder); // changes hands
    release(game.world, second!); // nobody holds it
    const copies = [cloneWorld(game.world), restoreWorld(snapshotWorld(game.world))];
    for (const p of held) {
      const holder = holderOf(game.world, p);
      for (const w of copies) expect(holderOf(w, p)).toBe(holder);
      for (const w of [game.world, ...copies]) if (holder) expect(possessionsOf(w, holder)).toContain(p);
    }
    expect(holderOf(game.world, first!)).toBe(newHolder);
    expect(holderOf(game.world, second!)).toBe(0);
    expect(possessionsOf(game.world, newHolder)).toContain(first!);
    expect(possessionsOf(game.world, newHolder)).not.toContain(second!);
    expect(pieces.filter((p) => environOf(game.world, p) !== 0).length).toBeGreaterThan(0);
  });
});

describe("a copied world's queries", () => {
  // cloneWorld writes bitecs's record of each component itself (CopiedComponent: the set of queries reading
  // a component is made when bitecs first asks for it): if bitecs stops finding a component's queries through
  // that record, a query registered on a copy no longer follows the copy's changes, and this fails
  it('follow tags given and taken, before and after the query is registered, as in the world copied', async () => {
    const { cloneWorld } = await import('../../src/core/world/snapshot');
    const { tag, untag, withComponent } = await import('../../src/core/world/world');
    const game = testGame(undefined, 'queries');
    const [a, b, c] = game.world.byKind.character!;
    tag(game.world, a!, game.world.c.Inoperative); // held before the copy: the copy's query finds it
    const copy = cloneWorld(game.world);
    for (const w of [game.world, copy]) {
      tag(w, b!, w.c.Inoperative);
      expect([...withComponent(w, w.c.Inoperative)].sort((x, y) => x - y)).toEqual([a, b]);
      tag(w, c!, w.c.Inoperative); // after the query is registered: bitecs adds it through the record
      untag(w, a!, w.c.Inoperative);
      expect([...withComponent(w, w.c.Inoperative)].sort((x, y) => x - y)).toEqual([b, c]);
    }
    expect(withComponent(copy, copy.c.Inoperative)).not.toBe(withComponent(game.world, game.world.c.Inoperative));
  });

  it('taken over from the world copied (askedAfterEveryChange): the same members in the same order, then its own', async () => {
    const { cloneWorld } = await import('../../src/core/world/snapshot');
    const { askedAfterEveryChange, tag, withComponent } = await import('../../src/core/world/world');
    const game = testGame(undefined, 'asked');
    playOut(game, randomPlayers('asked'), { stopAfter: 300 });
    const copy = cloneWorld(game.world);
    const [from, to] = [askedAfterEveryChange(game.world), askedAfterEveryChange(copy)];
    from.forEach((component, i) => expect([...withComponent(copy, to[i]!)]).toEqual([...withComponent(game.world, component)]));
    const unit = copy.byKind.unit!.find((u) => !withComponent(copy, copy.c.Eliminated).includes(u))!;
    tag(copy, unit, copy.c.Eliminated);
    expect(withComponent(copy, copy.c.Eliminated)).toContain(unit);
    expect(withComponent(game.world, game.world.c.Eliminated)).not.toContain(unit);
  });
});

describe("a scenario's layout, copied for every new game", () => {
  // cloneWorld copies a layout from lists made once (keepForCopies): right only while nothing writes it
  it('is never written by the games played from it, and its copies list each entity\'s components in its order', async () => {
    const { cloneWorld, worldText } = await import('../../src/core/world/snapshot');
    const { layoutOf } = await import('../../src/core/world/build');
    for (const id of ['start-of-rebellion', 'galactic-lucent-spiral']) {
      const layout = layoutOf(content, content.scenarios.get(id)!, ruleset.sides);
      const [text, revision] = [worldText(layout), layout.revision];
      for (const seed of ['a', 'b']) playOut(testGame(id, `layout-${seed}`), randomPlayers(seed), { stopAfter: 300 });
      expect(worldText(layout)).toBe(text);
      expect(layout.revision).toBe(revision);
      const copy = cloneWorld(layout);
      expect(worldText(copy)).toBe(text);
      const sets = (w: typeof layout) => (w as unknown as InternalWorld)[$internal].entityComponents as Map<number, Set<object>>;
      const stores = new Map<object, string>(Object.entries(layout.c).flatMap(([name, store]) => [[store as object, name], [copy.c[name as 'Ref'] as object, name]]));
      const names = (components: Set<object>) => [...components].map((c) => stores.get(c) ?? c);
      for (const [eid, components] of sets(layout)) expect(names(sets(copy).get(eid)!)).toEqual(names(components));
    }
  });

  // a copy of a layout makes an entity's set of components when bitecs first asks for it (KeptComponentSets):
  // if bitecs reaches those sets another way than the ones that make them, a lazy copy and a full one part
  it('a copy of a scenario\'s layout, its components made as asked, behaves as a full copy under every change', async () => {
    const { cloneWorld, worldText } = await import('../../src/core/world/snapshot');
    const { layoutOf } = await import('../../src/core/world/build');
    const { spawn, tag, untag, place } = await import('../../src/core/world/world');
    const { GuardedBy } = await import('../../src/core/world/relations');
    const { getAllEntities, getEntityComponents, getRelationTargets } = await import('bitecs');
    const layout = layoutOf(content, content.scenarios.get('start-of-rebellion')!, ruleset.sides);
    const layoutText = worldText(layout);
    const lazy = cloneWorld(layout);
    const full = cloneWorld(cloneWorld(layout)); // copied from a copy: every set made at once, in order
    const [a, b] = lazy.byKind.character!;
    const environ = lazy.byKind.environ![0]!;
    for (const w of [lazy, full]) {
      tag(w, a!, w.c.Detected);
      tag(w, b!, GuardedBy(a!)); // a relation: pairs on both ends
      untag(w, a!, w.c.Detected);
      const unit = spawn(w, 'unit');
      tag(w, unit, w.c.Moved);
      place(w, unit, environ);
    }
    expect(worldText(lazy)).toBe(worldText(full));
    expect(getRelationTargets(lazy, b!, GuardedBy)).toEqual([a]);
    const stores = new Map<object, string>(Object.entries(lazy.c).flatMap(([name, store]) => [[store as object, name], [full.c[name as 'Ref'] as object, name]]));
    const names = (components: object[]) => components.map((c) => stores.get(c) ?? c);
    expect(getAllEntities(lazy)).toEqual(getAllEntities(full));
    for (const eid of getAllEntities(full)) expect(names(getEntityComponents(lazy, eid)), `entity ${eid}`).toEqual(names(getEntityComponents(full, eid)));
    expect(worldText(layout)).toBe(layoutText);
  });
});

describe('a component tested over many entities (componentTest)', () => {
  it('answers as hasComponent does, for every entity and every tag, in a played game, its copy and a fresh world', async () => {
    const { cloneWorld } = await import('../../src/core/world/snapshot');
    const { componentTest, createGameWorld, has } = await import('../../src/core/world/world');
    const game = testGame(undefined, 'tests');
    playOut(game, randomPlayers('tests'), { stopAfter: 300 });
    const tags = ['Moved', 'Eliminated', 'Dead', 'Captured', 'Detected', 'InPlay', 'Spaceship', 'Adrift'] as const;
    let held = 0;
    for (const w of [game.world, cloneWorld(game.world)])
      for (const name of tags) {
        const test = componentTest(w, w.c[name]);
        for (let eid = 0; eid < w.kinds.length + 2; eid++) {
          expect(test(eid), `${name} of ${eid}`).toBe(has(w, eid, w.c[name]));
          if (test(eid)) held++;
        }
      }
    expect(held).toBeGreaterThan(20); // the tags are held, not only missing
    const fresh = createGameWorld(); // no component given yet
    expect(componentTest(fresh, fresh.c.Moved)(1)).toBe(false);
  });
});
