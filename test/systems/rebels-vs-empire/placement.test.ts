/**
 * Initial placement by hand [16.12-16.14]: the decisions a side placing by hand answers, their options
 * (every legal environ and only those), the order of the sides, fixed units, and saves.
 */
import { describe, expect, it } from 'vitest';
import { apply, newGame, stateHash } from '../../../src/core/engine/game';
import type { Decision, Game } from '../../../src/core/engine/types';
import { loadSave, makeSave, saveToText } from '../../../src/core/save';
import { environOf, holderOf, planetOfEnviron, refOf } from '../../../src/core/world/world';
import { ENVIRON_TYPES, type SideId } from '../../../src/core/content/schema';
import { playOut } from '../../../src/ai/play';
import { randomAgent } from '../../../src/ai/random-agent';
import { environsInPlay, planetsInPlay, sideIndexOf, unitsIn } from '../../../systems/rebels-vs-empire/sides';
import { content, eid, freeUnitsContent, ruleset } from '../../fixtures';

/** Armageddon with every starting unit of both sides left to the player (the bundled scenarios fix them). */
const free = freeUnitsContent('armageddon');

function handGame(sides: SideId[], scenario = 'armageddon', seed: string | number = 1, c = free): Game {
  return newGame({ content: c, ruleset, scenario, seed, handPlacement: sides });
}

/** Answer placement decisions with `pick` (first option by default) until the first segment starts. */
function placeAll(game: Game, pick: (d: Decision) => number = () => 0): Decision[] {
  const seen: Decision[] = [];
  while (game.pending && game.segment < 0) {
    const d = game.pending;
    seen.push(d);
    const r = apply(game, d.options[pick(d) % d.options.length]);
    if (!r.ok) throw new Error(r.reason);
  }
  return seen;
}

describe('placement by hand [16.12-16.14]', () => {
  it('[16.14] the Imperial player places first, then the Rebel, before the first segment', () => {
    const game = handGame(['rebel', 'imperial']);
    const seen = placeAll(game);
    const sides = seen.map((d) => d.side);
    expect(sides[0]).toBe('imperial');
    expect(sides.lastIndexOf('imperial')).toBeLessThan(sides.indexOf('rebel'));
    expect(sides).toContain('rebel');
    expect(game.segment).toBe(0); // the first segment runs after placement
  });

  it('[16.14] with only the Rebel by hand, the Imperial pieces are already placed when the Rebel decides', () => {
    const game = handGame(['rebel']);
    expect(game.pending?.side).toBe('rebel');
    expect(['place-units', 'place-characters']).toContain(game.pending?.kind);
    const imperialUnits = game.scenario.imperial.units.reduce((n, u) => n + u.count, 0);
    const placed = environsInPlay(game).reduce((n, env) => n + unitsIn(game, env, 'imperial').length, 0);
    expect(placed).toBe(imperialUnits);
  });

  it('[16.13, 9.5] each unit is offered every environ of a planet its side controlled at the start with room (a Rebel unit only its own type), and nothing else', () => {
    const game = handGame(['rebel', 'imperial']);
    const w = game.world;
    const c = w.c;
    // nothing is placed yet at the first decision: control now is control at the start of play
    const startControl = new Map(planetsInPlay(game).map((p) => [p, c.Control.side[p] as number]));
    let unitDecisions = 0;
    let excludedByType = 0;
    while (game.pending && game.segment < 0) {
      const d = game.pending;
      if (d.kind === 'place-units') {
        unitDecisions++;
        const side = d.side;
        const typeName = String(d.context?.unit ?? '');
        const expected = environsInPlay(game).filter((env) => {
          if (startControl.get(planetOfEnviron(w, env)) !== sideIndexOf(game, side)) return false;
          if (unitsIn(game, env, side).length >= (c.Environ.size[env] as number)) return false;
          if (side === 'rebel' && !typeName.includes(`(${ENVIRON_TYPES[c.Environ.type[env] as number]})`)) {
            excludedByType++;
            return false;
          }
          return true;
        });
        expect(d.options.map((o) => o.environ).sort()).toEqual([...expected].sort());
        expect(d.rule).toBe('[16.13]');
      }
      // put each unit on the last option, to fill environs and test the size limit as it goes
      apply(game, d.options[d.options.length - 1]);
    }
    const units = (['rebel', 'imperial'] as const).flatMap((s) => game.scenario[s].units).reduce((n, u) => n + u.count, 0);
    expect(unitDecisions).toBe(units);
    expect(excludedByType).toBeGreaterThan(0); // the Rebel's type rule did leave environs out
  });

  it('[16.13] an environ not offered is refused with a reason and changes nothing', () => {
    const game = handGame(['imperial']);
    const d = game.pending!;
    const offered = new Set(d.options.map((o) => o.environ));
    const illegal = environsInPlay(game).find((env) => !offered.has(env))!;
    expect(illegal).toBeDefined();
    const before = stateHash(game);
    const r = apply(game, { type: d.options[0]!.type, side: d.side, environ: illegal });
    expect(r.ok).toBe(false);
    expect(stateHash(game)).toBe(before);
  });

  it('[16.12] the starting characters gather on one chosen environ of a planet the side controls, their spaceships with them', () => {
    const game = handGame(['rebel', 'imperial'], 'armageddon', 3, content);
    const w = game.world;
    let chosen: Partial<Record<SideId, number>> = {};
    while (game.pending && game.segment < 0) {
      const d = game.pending;
      if (d.kind === 'place-characters') {
        expect(d.context?.fromSpace).toBe(false);
        for (const o of d.options) expect(w.c.Control.side[planetOfEnviron(w, o.environ as number)]).toBe(sideIndexOf(game, d.side));
        const option = d.options[d.options.length - 1]!;
        chosen[d.side] = option.environ as number;
        apply(game, option);
      } else apply(game, d.options[0]);
    }
    for (const side of ['rebel', 'imperial'] as const) {
      expect(chosen[side]).toBeDefined();
      for (const id of game.scenario[side].characters) expect(environOf(w, eid(game, 'character', id))).toBe(chosen[side]);
    }
    // the Imperial spaceship in play at the start stands beside its holder
    for (const id of game.scenario.imperial.spaceships) {
      const ship = eid(game, 'ship', id);
      expect(environOf(w, ship)).toBe(environOf(w, holderOf(w, ship)));
    }
  });

  it('[16.12] with no planet of their own, the characters choose any environ and land from space', () => {
    const game = handGame(['rebel'], 'start-of-rebellion', 5, content);
    const d = game.pending!;
    expect(d).toMatchObject({ side: 'rebel', kind: 'place-characters' });
    expect(d.context?.fromSpace).toBe(true);
    expect(d.options.map((o) => o.environ).sort()).toEqual([...environsInPlay(game)].sort());
    apply(game, d.options[1]);
    for (const id of game.scenario.rebel.characters) {
      const ch = eid(game, 'character', id);
      // a character may have been lost to the landing's detection, never placed elsewhere
      if (environOf(game.world, ch)) expect(environOf(game.world, ch)).toBe(d.options[1]!.environ);
    }
    expect(game.segment).toBe(0);
  });

  it('[16.13] scenario units with a fixed environ stay fixed: only the characters are asked', () => {
    const game = handGame(['rebel', 'imperial'], 'start-of-rebellion', 2, content);
    const seen = placeAll(game, (d) => d.options.length - 1);
    expect(seen.map((d) => d.kind)).toEqual(['place-characters', 'place-characters']);
    const auto = newGame({ content, ruleset, scenario: 'start-of-rebellion', seed: 2 });
    for (const placement of game.scenario.imperial.units) {
      const env = eid(game, 'environ', placement.environ!);
      expect(unitsIn(game, env, 'imperial').length).toBe(unitsIn(auto, env, 'imperial').length);
    }
  });

  it('[16.13] each fixed starting unit stands where the scenario puts a unit of its type, whatever order the units were mustered in', () => {
    // the units are made in a shuffled order [7.22]; placing them by that order put lines where militia belong
    for (const scenario of content.scenarios.values())
      for (const seed of [1, 2, 3]) {
        const game = newGame({ content, ruleset, scenario: scenario.id, seed });
        if (game.pending?.kind === 'choose-base') apply(game, game.pending.options[0]!); // the galactic game: the base first
        for (const side of ['imperial', 'rebel'] as const) {
          const wanted = new Map<number, string[]>();
          for (const p of scenario[side].units) {
            if (!p.environ) continue;
            const env = eid(game, 'environ', p.environ);
            wanted.set(env, [...(wanted.get(env) ?? []), ...Array<string>(p.count).fill(`${p.type}/${p.environType ?? '-'}`)]);
          }
          for (const [env, types] of wanted) {
            // a Rebel unit is typed by environ too [7.31]: the type and the environ type must both match
            const c = game.world.c;
            const standing = unitsIn(game, env, side).map(
              (u) => `${content.tables.unitTypes[c.Unit.type[u] as number]?.id}/${ENVIRON_TYPES[c.Unit.environType[u] as number] ?? '-'}`,
            );
            // every unit fixed there stands there; nothing else does, unless the side has free units to place
            const at = `${scenario.id} seed ${seed}: ${side} units in ${refOf(game.world, env)}`;
            const others = [...standing];
            const missing = types.filter((t) => {
              const i = others.indexOf(t);
              if (i >= 0) others.splice(i, 1);
              return i < 0;
            });
            expect(missing, at).toEqual([]);
            if (!scenario[side].units.some((p) => !p.environ)) expect(others, at).toEqual([]);
          }
        }
      }
  });

  it('a bad side in the option is refused with a clear message', () => {
    expect(() => handGame(['martian' as SideId])).toThrow(/not a side/);
    expect(() => handGame(['rebel', 'rebel'])).toThrow(/twice/);
  });
});

describe('saves with placement by hand [16.12-16.14]', () => {
  function played(seed: string) {
    const game = handGame(['rebel', 'imperial'], 'armageddon', seed, content);
    playOut(game, { rebel: randomAgent({ side: 'rebel', seed }), imperial: randomAgent({ side: 'imperial', seed }) }, { stopAfter: 60 });
    return game;
  }

  it('a save keeps the sides that placed by hand and replays to the same state hash', () => {
    const game = played('h1');
    const save = makeSave(game);
    expect(save.handPlacement).toEqual(['rebel', 'imperial']);
    const loaded = loadSave(saveToText(game), { content, ruleset });
    expect(loaded.ok).toBe(true);
    if (loaded.ok) expect(stateHash(loaded.game)).toBe(stateHash(game));
  });

  it('an old save (no handPlacement field) loads as automatic placement, as it was played', () => {
    const game = newGame({ content, ruleset, scenario: 'armageddon', seed: 'old' });
    playOut(game, { rebel: randomAgent({ side: 'rebel', seed: 'o' }), imperial: randomAgent({ side: 'imperial', seed: 'o' }) }, { stopAfter: 40 });
    const text = saveToText(game);
    expect(JSON.parse(text)).not.toHaveProperty('handPlacement');
    const loaded = loadSave(text, { content, ruleset });
    expect(loaded.ok).toBe(true);
    if (loaded.ok) {
      expect(loaded.game.handPlacement).toEqual([]);
      expect(stateHash(loaded.game)).toBe(stateHash(game));
    }
  });

  it('a save whose handPlacement is malformed gets a clear message', () => {
    const good = JSON.parse(saveToText(played('h2')));
    for (const bad of [['martian'], ['rebel', 'rebel'], 'rebel'])
      expect(loadSave(JSON.stringify({ ...good, handPlacement: bad }), { content, ruleset })).toMatchObject({ ok: false, message: expect.stringMatching(/handPlacement/) });
  });
});
