/**
 * Galactic events do what their own cards say and help the side they are meant to help (issue 47;
 * docs/rules.md "Galactic events and strategic assignments"): A Spark Falls raises its planet like any
 * rising [15.4, 15.52], the loyalty events aim at planets they can move [15.14], the shield events at the
 * Empire's own PDBs, Deserters takes a garrison's conscripts, Loyal Levies comes from the patriotic
 * worlds; and a planet an event raises is checked for Rebel control at the end of the next Imperial
 * player-turn [15.53].
 */
import { describe, expect, it } from 'vitest';
import { advance } from '../../../src/core/engine/game';
import type { Game } from '../../../src/core/engine/types';
import { ENVIRON_TYPES } from '../../../src/core/content/schema';
import { IMPERIAL_CONTROL, REBELLION, REBEL_CONTROL } from '../../../src/core/world/components';
import { allOf, environOf, environsOf, refOf } from '../../../src/core/world/world';
import { playEvent, planetsIn } from '../../../systems/rebels-vs-empire/galactic-events';
import { DISSENT, loyaltyFrozen, NEUTRAL, PATRIOTIC, LOYAL, UNREST } from '../../../systems/rebels-vs-empire/loyalty';
import { planetsInPlay, unitsOnPlanet } from '../../../systems/rebels-vs-empire/sides';
import { atMovementOf, content, passUntil, testGame } from '../../fixtures';
import { clearBoard, ok, opsGame, planet, unit } from './ops-helpers';
import { startRebellion } from '../../../systems/rebels-vs-empire/rebellion';

const GALACTIC = 'galactic-lucent-spiral';
const card = (id: string) => content.galactic.events.find((e) => e.id === id)!;

/** A galactic game past the choice of base, at the Rebel's first movement, the board cleared. */
function inPlay(seed = 'events'): Game {
  const game = testGame(GALACTIC, seed);
  ok(game, { type: 'choose-base', side: 'rebel', planet: planet(game, 'sorrowgate') });
  return clearBoard(game);
}

const c = (game: Game) => game.world.c;
const loyalties = (game: Game) => planetsInPlay(game).map((p) => c(game).Loyalty.value[p] as number);

/** Only `planetId` is at unrest (so A Spark Falls must choose it). */
function onlyAtUnrest(game: Game, planetId: number) {
  for (const p of planetsInPlay(game)) if (c(game).Loyalty.value[p] === UNREST) c(game).Loyalty.value[p] = DISSENT;
  c(game).Loyalty.value[planetId] = UNREST;
}

describe('A Spark Falls [15.52]', () => {
  it('[15.4, 15.41, 15.43, 15.45] the planet rises like any other: its force points raise Rebel units at once, and they may attack', () => {
    const game = inPlay();
    const tollis = planet(game, 'tollis');
    onlyAtUnrest(game, tollis);
    const [urban] = environsOf(game.world, tollis);
    const militia = unit(game, 'militia', urban!);
    game.ruleset.refresh(game);
    playEvent(game, card('spark-of-revolt'));
    advance(game); // what the event set off runs first
    expect(c(game).PlanetState.value[tollis]).toBe(REBELLION);
    expect(game.pending?.kind).toBe('raise-rebel-unit');
    expect(game.pending?.rule).toBe('[15.41]');
    expect(game.pending?.context).toMatchObject({ environ: urban, points: c(game).Environ.resource[urban!] });
    ok(game, { type: 'raise-unit', side: 'rebel', unitType: 'rebel-1-0' });
    const raised = unitsOnPlanet(game, tollis, 'rebel');
    expect(raised).toHaveLength(1);
    expect(c(game).Unit.environType[raised[0]!]).toBe(c(game).Environ.type[urban!]); // [7.32] of its environ's type
    while (game.pending?.kind === 'raise-rebel-unit') ok(game, { type: 'end-raising', side: 'rebel' });
    // [10.7, 15.45] the rebellion may attack the garrison in the environ it rose in
    expect(game.pending?.kind).toBe('declare-combat');
    expect(game.pending?.rule).toBe('[10.7]');
    expect(game.pending?.options).toContainEqual({ type: 'declare-combat', side: 'rebel', environ: urban });
    expect(unitsOnPlanet(game, tollis, 'imperial')).toContain(militia);
  });

  it('[15.53] a planet an event raises in the interphase is not Rebel-controlled before the end of the next Imperial player-turn', () => {
    const game = inPlay();
    const tollis = planet(game, 'tollis');
    onlyAtUnrest(game, tollis);
    c(game).Pdb.up[tollis] = 1;
    game.vars.eventDeck = ['spark-of-revolt', 'quiet-season', 'quiet-season'];
    game.vars.chaos = 20; // one event
    passUntil(game, (g) => g.turn === 2 && atMovementOf('rebel')(g));
    expect(game.events.some((e) => e.kind === 'rebellion' && e.entities?.includes(tollis))).toBe(true);
    expect(c(game).PlanetState.value[tollis]).toBe(REBELLION); // bare, PDB up, but the Empire has a player-turn
    // unanswered, it falls at the end of that one
    passUntil(game, (g) => g.winner !== null || (g.turn === 3 && atMovementOf('rebel')(g)));
    expect(c(game).PlanetState.value[tollis]).toBe(REBEL_CONTROL);
    expect(game.events.find((e) => e.kind === 'rebel-control' && e.entities?.includes(tollis))?.turn).toBe(2);
  });
});

describe('[8.32] a force point brings a PDB up (province and galactic games)', () => {
  it('a rising may spend one of its force points to put its down PDB up; the star-system game may not', () => {
    const game = inPlay();
    const tollis = planet(game, 'tollis');
    onlyAtUnrest(game, tollis);
    c(game).Pdb.up[tollis] = 0;
    playEvent(game, card('spark-of-revolt'));
    advance(game);
    const points = game.pending?.context?.points as number;
    expect(game.pending?.options).toContainEqual({ type: 'raise-pdb', side: 'rebel' });
    ok(game, { type: 'raise-pdb', side: 'rebel' });
    expect(c(game).Pdb.up[tollis]).toBe(1);
    expect(game.pending?.context?.points).toBe(points - 1);
    expect(game.pending?.options).not.toContainEqual({ type: 'raise-pdb', side: 'rebel' }); // it is up now

    const star = opsGame('pdb-force-point');
    const wendhaven = planet(star, 'wendhaven');
    star.world.c.Pdb.up[wendhaven] = 0;
    star.world.c.Loyalty.value[wendhaven] = UNREST;
    startRebellion(star, wendhaven, 'test');
    advance(star);
    expect(star.pending?.kind).toBe('raise-rebel-unit');
    expect(star.pending?.options.map((o) => o.type)).not.toContain('raise-pdb');
  });
});

describe('the loyalty events aim at planets they can move [15.14, 15.47]', () => {
  for (const id of ['imperial-triumph', 'propaganda-triumph', 'bread-and-circuses', 'purge-of-governors']) {
    const effect = card(id).effects.find((e) => e.do === 'loyalty')!;
    if (effect.do !== 'loyalty') throw new Error('a loyalty card');
    it(`${card(id).name}: shifts ${effect.planets} planets toward the Empire, none of them in rebellion or under Rebel control`, () => {
      const game = inPlay();
      // two planets in three frozen (in rebellion or Rebel-controlled), all at neutral
      planetsInPlay(game).forEach((p, i) => {
        c(game).Loyalty.value[p] = NEUTRAL;
        c(game).PlanetState.value[p] = i % 3 === 0 ? IMPERIAL_CONTROL : i % 3 === 1 ? REBELLION : REBEL_CONTROL;
      });
      game.ruleset.refresh(game);
      const before = loyalties(game);
      playEvent(game, card(id));
      const moved = planetsInPlay(game).filter((p, i) => c(game).Loyalty.value[p] !== before[i]);
      expect(moved.length).toBeGreaterThan(0);
      for (const p of moved) {
        expect(loyaltyFrozen(game, p)).toBe(false);
        expect(c(game).Loyalty.value[p]).toBe(LOYAL);
      }
      // as many as the card says, or every movable planet of its scope when fewer (a random province: the one drawn)
      const province = (p: number) => content.systems.get(content.planets.get(refOf(game.world, p))!.system)!.province;
      const where = effect.where.province === 'random' ? { ...effect.where, province: province(moved[0]!) } : effect.where;
      const movable = planetsIn(game, where).filter((p) => !loyaltyFrozen(game, p)); // none was at patriotic
      expect(moved).toHaveLength(Math.min(effect.planets, movable.length));
    });
  }
});

describe('the shield events act on the Empire\'s own PDBs', () => {
  const withPdb = (game: Game) => planetsInPlay(game).filter((p) => (c(game).Pdb.level[p] as number) > 0);

  it('Shields Restored (for the Empire) raises the PDB of a planet the Empire holds, never one in rebellion, which a PDB up would hand to the Rebel [15.53]', () => {
    const game = inPlay();
    const planets = withPdb(game);
    for (const p of planets) (c(game).PlanetState.value[p] = REBELLION), (c(game).Pdb.up[p] = 0);
    const held = planets[5]!;
    c(game).PlanetState.value[held] = IMPERIAL_CONTROL;
    game.ruleset.refresh(game);
    playEvent(game, card('shield-restored'));
    expect(planets.filter((p) => c(game).Pdb.up[p] === 1)).toEqual([held]);
  });

  it('Sabotaged Shields (for the Rebel) puts down the PDB of a planet the Empire holds, never a Rebel-held one', () => {
    const game = inPlay();
    const planets = withPdb(game);
    for (const p of planets) (c(game).PlanetState.value[p] = REBEL_CONTROL), (c(game).Pdb.up[p] = 1);
    const held = planets[7]!;
    c(game).PlanetState.value[held] = IMPERIAL_CONTROL;
    game.ruleset.refresh(game);
    playEvent(game, card('sabotaged-shields'));
    expect(planets.filter((p) => c(game).Pdb.up[p] === 0)).toEqual([held]);
  });
});

describe('Deserters and Loyal Levies', () => {
  it("Deserters: a garrison's conscripts (a militia unit) leave, and two Rebel units rise on that planet, in a wild environ first", () => {
    const game = inPlay();
    const valcairn = planet(game, 'valcairn');
    const environs = environsOf(game.world, valcairn);
    const militia = unit(game, 'militia', environs[0]!);
    game.ruleset.refresh(game);
    const imperialUnits = allOf(game.world, 'unit').filter((u) => unitsOnPlanet(game, valcairn, 'imperial').includes(u));
    playEvent(game, card('deserters'));
    expect(imperialUnits).toEqual([militia]);
    expect(unitsOnPlanet(game, valcairn, 'imperial')).toEqual([]); // the conscripts left
    const rebels = unitsOnPlanet(game, valcairn, 'rebel');
    expect(rebels).toHaveLength(2);
    const wild = environs.filter((e) => ENVIRON_TYPES[c(game).Environ.type[e] as number] === 'wild');
    expect(wild.length).toBeGreaterThan(0); // Valcairn has wilds, so they rise there
    for (const u of rebels) expect(wild).toContain(environOf(game.world, u));
    for (const u of rebels) expect(c(game).Unit.environType[u]).toBe(c(game).Environ.type[environOf(game.world, u)]); // [7.31]
    expect(game.events.some((e) => e.kind === 'unit-eliminated' && e.entities?.includes(militia))).toBe(true);
  });

  it('Loyal Levies: the new regiments come from a patriotic world the Empire controls, not from a capital that is not patriotic', () => {
    const game = inPlay();
    const brask = planet(game, 'brask'); // no capital
    for (const p of planetsInPlay(game)) if (c(game).Loyalty.value[p] === PATRIOTIC) c(game).Loyalty.value[p] = LOYAL;
    c(game).Loyalty.value[brask] = PATRIOTIC;
    game.ruleset.refresh(game);
    const before = allOf(game.world, 'unit').length;
    playEvent(game, card('loyal-levies'));
    expect(allOf(game.world, 'unit').length).toBe(before + 2);
    expect(unitsOnPlanet(game, brask, 'imperial')).toHaveLength(2);
  });
});

