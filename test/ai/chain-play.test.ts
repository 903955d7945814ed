/**
 * The plans play the domino chain where chains react (000 15.1c, the game's `domino` rule): each test
 * sets up a galactic position where the chain makes one answer right, and checks the plan finds it
 * under `chain` and plays as before under `single`.
 */
import { hasComponent } from 'bitecs';
import { describe, expect, it } from 'vitest';
import { advance, apply } from '../../src/core/engine/game';
import type { Command, Decision, Game } from '../../src/core/engine/types';
import { ENVIRON_TYPES, LOYALTIES, type DominoRule, type SideId } from '../../src/core/content/schema';
import { spawnUnit } from '../../src/core/world/build';
import { IMPERIAL_CONTROL, REBELLION } from '../../src/core/world/components';
import { allOf, environOf, environsOf, place, planetOfEnviron, systemOfPlanet } from '../../src/core/world/world';
import { viewFor } from '../../src/core/view';
import { planFor, type PlanSkills } from '../../src/ai/plans';
import { dominoReach } from '../../src/ai/plans/cascade';
import { routeBetween } from '../../systems/rebels-vs-empire/hyperjump';
import { shiftLoyalty } from '../../systems/rebels-vs-empire/loyalty';
import { eliminateUnit } from '../../systems/rebels-vs-empire/military-combat';
import { sideOf, unitsIn, unitsOnPlanet } from '../../systems/rebels-vs-empire/sides';
import { atMovementOf, eid, passUntil, testGame } from '../fixtures';
import { putUnit } from '../systems/rebels-vs-empire/character-fixtures';

const GALACTIC = 'galactic-lucent-spiral';

const EMBERS = 'embers-of-the-reach';

function galactic(domino: DominoRule, seed = 'chain', scenario = GALACTIC): Game {
  return testGame(scenario, seed, { domino });
}

function plan(game: Game, decision: Decision, memory: { [key: string]: unknown } = {}, skills?: PlanSkills): Command {
  return planFor({ content: game.content, view: viewFor(game, decision.side, { events: false }), decision, side: decision.side, memory, skills });
}

function setLoyalty(game: Game, planet: number, loyalty: (typeof LOYALTIES)[number]): void {
  game.world.c.Loyalty.value[planet] = LOYALTIES.indexOf(loyalty);
  game.world.c.PlanetState.value[planet] = IMPERIAL_CONTROL;
}

/** Every planet in play at this loyalty, under Imperial control (the positions below change a few). */
function calmGalaxy(game: Game, loyalty: (typeof LOYALTIES)[number] = 'loyal'): void {
  for (const p of allOf(game.world, 'planet')) if (hasComponent(game.world, p, game.world.c.InPlay)) setLoyalty(game, p, loyalty);
}

function stripPlanet(game: Game, planet: number): void {
  for (const side of ['imperial', 'rebel'] as const) for (const u of unitsOnPlanet(game, planet, side)) eliminateUnit(game, u, '[test]');
}

/** A Rebel unit of this type, raised in an environ of that environ's type [7.32]. */
function putRebel(game: Game, type: string, environ: number): number {
  const w = game.world;
  const unit = spawnUnit(w, game.content, game.ruleset.sides, type, ENVIRON_TYPES[w.c.Environ.type[environ] as number] ?? null);
  place(w, unit, environ);
  return unit;
}

const dominoPlanet = (side: SideId, planets: number[], level: number): Decision => ({
  side,
  kind: 'domino-planet',
  prompt: 'which planet shifts?',
  rule: '[000 15.2c]',
  options: planets.map((planet) => ({ type: 'domino-planet', side, planet })),
  context: { level },
});

describe('[000 15.2b] the views count each planet\'s shifts this segment', () => {
  it('a planet shifted one space toward the Rebel shows it, in both sides\' views, until the segment ends; the view names the game\'s domino rule', () => {
    const game = galactic('chain');
    const brask = eid(game, 'planet', 'brask');
    setLoyalty(game, brask, 'neutral');
    shiftLoyalty(game, brask, 'rebel', 1, '[test]');
    for (const side of ['rebel', 'imperial'] as const) {
      const view = viewFor(game, side, { events: false });
      expect(view.planets.find((p) => p.eid === brask)!.shifted).toEqual({ rebel: 1 });
      expect(view.domino).toBe('chain');
    }
    passUntil(game, atMovementOf('imperial'));
    expect(viewFor(game, 'imperial', { events: false }).planets.find((p) => p.eid === brask)!.shifted).toEqual({});
    expect(viewFor(galactic('single'), 'rebel', { events: false }).domino).toBe('single');
  });
});

describe('[000 15.2c-e] a domino effect\'s reach, as the plans read it', () => {
  it("Kzar Thuun's reaches its star system and every Kethri and Quoril planet; Hollowdeep's, of the Hollow Kethri (a tribe [15.1b]), only its system", () => {
    const { content } = galactic('chain');
    const kzar = dominoReach(content, 'kzar-thuun');
    for (const id of ['cinderfall', 'hollowdeep', 'valcairn', 'drossgate', 'ironmaw', 'aurelion', 'brask']) expect(kzar).toContain(id);
    expect(kzar).not.toContain('skaldrun'); // Grask and Ashen Grask only
    expect(kzar).not.toContain('kzar-thuun');
    expect([...dominoReach(content, 'hollowdeep')].sort()).toEqual(['cinderfall', 'kzar-thuun']);
  });
});

describe('where chains react, the Rebel feeds the chain with his domino shifts [000 15.1c, 15.2b]', () => {
  /** Two planets a Rebel effect may shift: Brask at neutral, already shifted once toward him this segment, and Tollis at dissent. */
  function sparkPosition(domino: DominoRule) {
    const game = galactic(domino);
    calmGalaxy(game);
    const brask = eid(game, 'planet', 'brask');
    const tollis = eid(game, 'planet', 'tollis');
    setLoyalty(game, brask, 'loyal');
    shiftLoyalty(game, brask, 'rebel', 1, '[test]');
    setLoyalty(game, tollis, 'dissent');
    return { game, brask, tollis };
  }

  it('[15.2b] a second shift of Brask this segment sets off its own effect: it goes before Tollis, nearer unrest', () => {
    const { game, brask, tollis } = sparkPosition('chain');
    expect(plan(game, dominoPlanet('rebel', [tollis, brask], 1))).toMatchObject({ planet: brask });
  });

  it('under `single` its shift sparks nothing: the planet nearest unrest goes', () => {
    const { game, brask, tollis } = sparkPosition('single');
    expect(plan(game, dominoPlanet('rebel', [brask, tollis], 1))).toMatchObject({ planet: tollis });
  });

  /** Two planets at unrest a level-3 effect may raise: Tollis with an Imperial unit, Brask bare. */
  function risingPosition(domino: DominoRule) {
    const game = galactic(domino);
    calmGalaxy(game);
    const brask = eid(game, 'planet', 'brask');
    const tollis = eid(game, 'planet', 'tollis');
    for (const p of [brask, tollis]) {
      stripPlanet(game, p);
      setLoyalty(game, p, 'unrest');
    }
    putUnit(game, 'line', environsOf(game.world, tollis)[0]!);
    return { game, brask, tollis };
  }

  it('[15.2c, 15.53] a level-3 effect raises the bare planet at unrest: nothing Imperial holds it, so it falls in the same interphase', () => {
    const { game, brask, tollis } = risingPosition('chain');
    expect(plan(game, dominoPlanet('rebel', [tollis, brask], 3))).toMatchObject({ planet: brask });
  });

  it('under `single` the two are alike to him: the first', () => {
    const { game, brask, tollis } = risingPosition('single');
    expect(plan(game, dominoPlanet('rebel', [tollis, brask], 3))).toMatchObject({ planet: tollis });
  });
});

describe('where chains react, the Empire pulls back first the planet whose rising would spread furthest [000 15.2c-e]', () => {
  /**
   * Hollowdeep and Kzar Thuun at unrest. Hollowdeep's effects reach only its star system; Kzar Thuun's
   * reach every Kethri and Quoril planet too, here at dissent.
   */
  function exposurePosition(domino: DominoRule) {
    const game = galactic(domino);
    calmGalaxy(game);
    for (const id of dominoReach(game.content, 'kzar-thuun')) setLoyalty(game, eid(game, 'planet', id), 'dissent');
    const hollowdeep = eid(game, 'planet', 'hollowdeep');
    const kzar = eid(game, 'planet', 'kzar-thuun');
    setLoyalty(game, hollowdeep, 'unrest');
    setLoyalty(game, kzar, 'unrest');
    return { game, hollowdeep, kzar };
  }

  it('Kzar Thuun before Hollowdeep', () => {
    const { game, hollowdeep, kzar } = exposurePosition('chain');
    expect(plan(game, dominoPlanet('imperial', [hollowdeep, kzar], 2))).toMatchObject({ planet: kzar });
  });

  it('under `single`, `normal` shifts the first of the two (they are equally loyal)', () => {
    const { game, hollowdeep, kzar } = exposurePosition('single');
    expect(plan(game, dominoPlanet('imperial', [hollowdeep, kzar], 2))).toMatchObject({ planet: hollowdeep });
  });
});

/**
 * The galactic game at the Imperial movement of turn 1, every Imperial unit immobile, with the decision
 * offering only unit picks and the end of movement (no team flies: `startVoyage`).
 */
function imperialUnitsMove(domino: DominoRule, seed: string, scenario = GALACTIC) {
  const game = galactic(domino, seed, scenario);
  passUntil(game, atMovementOf('imperial'));
  const w = game.world;
  for (const u of allOf(w, 'unit')) if (w.c.Owner.side[u] === 1) w.c.Unit.mobile[u] = 0;
  const decision = () => {
    game.pending = null;
    advance(game);
    const d = game.pending!;
    return { ...d, options: d.options.filter((o) => (o.type === 'pick' && w.kinds[o.piece as number] === 'unit') || o.type === 'end-movement') };
  };
  return { game, w, decision };
}

/** Two planets of star systems one hyperjump route apart, neither secret: `threat` and `calm`. */
function neighbours(game: Game) {
  const w = game.world;
  const planets = allOf(w, 'planet').filter((p) => hasComponent(w, p, w.c.InPlay) && !hasComponent(w, p, w.c.Secret));
  const routed = (p: number, q: number) => systemOfPlanet(w, p) !== systemOfPlanet(w, q) && routeBetween(game, systemOfPlanet(w, p), systemOfPlanet(w, q))?.distance === 1;
  const threat = planets.find((p) => planets.some((q) => routed(p, q)))!;
  const calm = planets.find((q) => routed(threat, q))!;
  return { threat, calm };
}

describe('where chains react, the Empire garrisons a planet at unrest that a rising would sweep bare [15.41, 15.53]', () => {
  function unrestPosition(domino: DominoRule) {
    const { game, w, decision } = imperialUnitsMove(domino, 'garrison');
    calmGalaxy(game);
    const { threat, calm } = neighbours(game);
    stripPlanet(game, threat);
    setLoyalty(game, threat, 'unrest');
    const home = environsOf(w, calm)[0]!;
    w.c.Unit.mobile[putUnit(game, 'line', home)] = 0; // the unit that stays
    const spare = putUnit(game, 'line', home);
    w.c.Unit.mobile[spare] = 1;
    return { game, threat, spare, decision: decision() };
  }

  it('a spare unit of a calm planet one route away goes to it', () => {
    const { game, spare, decision } = unrestPosition('chain');
    expect(plan(game, decision)).toMatchObject({ type: 'pick', piece: spare });
  });

  it('under `single` it stays', () => {
    const { game, decision } = unrestPosition('single');
    expect(plan(game, decision)).toMatchObject({ type: 'end-movement' });
  });
});

describe.each([GALACTIC, EMBERS])('where chains react in %s, every Empire holds its risings as `hard` does [5.22, 15.53]', (scenario) => {
  /** A planet in rebellion held by nothing, a Rebel unit (1-0) in every environ; one route away, a loyal planet with one mobile line unit and no other. */
  function risingPosition(domino: DominoRule) {
    const { game, w, decision } = imperialUnitsMove(domino, 'rising', scenario);
    calmGalaxy(game);
    const { threat, calm } = neighbours(game);
    stripPlanet(game, threat);
    stripPlanet(game, calm);
    w.c.PlanetState.value[threat] = REBELLION;
    for (const env of environsOf(w, threat)) putRebel(game, 'rebel-1-0', env);
    const last = putUnit(game, 'line', environsOf(w, calm)[0]!);
    w.c.Unit.mobile[last] = 1;
    return { game, last, decision: decision() };
  }

  it('[15.53] `normal` spares a loyal planet\'s last unit for it: bare at the end of the turn it falls, and its fall may set off a chain [000 15.1c]', () => {
    const { game, last, decision } = risingPosition('chain');
    expect(plan(game, decision)).toMatchObject({ type: 'pick', piece: last });
  });

  it('under `single` `normal` keeps a planet\'s last unit home', () => {
    const { game, decision } = risingPosition('single');
    expect(plan(game, decision)).toMatchObject({ type: 'end-movement' });
  });
});

describe('`holdsFast` sends units together where none alone would outlast the Rebel\'s attack [10.3, 15.53]', () => {
  /**
   * A planet in rebellion, held by nothing, with a Rebel stack no single line unit (3) outlasts in its
   * only environ (five 2-1s of its type: 10 against 3, 3-1 shifted two his way [10.5, 10.44]); three
   * mobile lines within one route, which together would hold it.
   */
  function strongRising() {
    const { game, w, decision } = imperialUnitsMove('single', 'together');
    calmGalaxy(game);
    const planets = allOf(w, 'planet').filter((p) => hasComponent(w, p, w.c.InPlay) && !hasComponent(w, p, w.c.Secret) && environsOf(w, p).length === 1);
    const routed = (p: number, q: number) => systemOfPlanet(w, p) !== systemOfPlanet(w, q) && routeBetween(game, systemOfPlanet(w, p), systemOfPlanet(w, q))?.distance === 1;
    const threat = planets.find((p) => allOf(w, 'planet').some((q) => routed(p, q) && !hasComponent(w, q, w.c.Secret)))!;
    const calm = allOf(w, 'planet').find((q) => routed(threat, q) && !hasComponent(w, q, w.c.Secret))!;
    stripPlanet(game, threat);
    w.c.PlanetState.value[threat] = REBELLION;
    const front = environsOf(w, threat)[0]!;
    for (let i = 0; i < 5; i++) putRebel(game, 'rebel-2-1', front);
    expect(unitsIn(game, front, 'rebel')).toHaveLength(5);
    const home = environsOf(w, calm)[0]!;
    w.c.Unit.mobile[putUnit(game, 'line', home)] = 0;
    const movers = [putUnit(game, 'line', home), putUnit(game, 'line', home), putUnit(game, 'line', home)];
    for (const u of movers) w.c.Unit.mobile[u] = 1;
    return { game, movers, decision: decision() };
  }

  it('the first of them goes (one alone would change nothing: it would be swept away)', () => {
    const { game, movers, decision } = strongRising();
    expect(plan(game, decision, {}, { routeAware: true, holdsFast: true })).toMatchObject({ type: 'pick', piece: movers[0] });
  });
});

describe("`aimsAtTheHubs`: where chains react in a province, the Rebel's team flies where a planet's domino effect reaches most [000 15.1c, 15.2c-e]", () => {
  /**
   * Embers of the Reach at the Rebel's first movement, every Rebel character and ship on Cinderfall, every
   * planet patriotic and Imperial-controlled but two of Cinderfall's star system: Kzar Thuun at dissent,
   * whose effect reaches the seven other planets of the Reach, and Hollowdeep at unrest, whose reaches
   * Kzar Thuun and Cinderfall only.
   */
  function hubPosition(domino: DominoRule) {
    const game = galactic(domino, 'hubs', EMBERS);
    passUntil(game, atMovementOf('rebel'));
    const w = game.world;
    const ships = viewFor(game, 'rebel', { events: false }).ships.filter((s) => s.side === 'rebel');
    calmGalaxy(game, 'patriotic');
    setLoyalty(game, eid(game, 'planet', 'kzar-thuun'), 'dissent');
    setLoyalty(game, eid(game, 'planet', 'hollowdeep'), 'unrest');
    const [landing] = environsOf(w, eid(game, 'planet', 'cinderfall'));
    for (const piece of allOf(w, 'character')) if (environOf(w, piece) && sideOf(game, piece) === 'rebel') place(w, piece, landing!);
    for (const ship of ships) place(w, ship.eid, landing!);
    return game;
  }

  /** The planet the Rebel's first flight of the segment lands on. */
  function flightOf(game: Game, skills: PlanSkills): number {
    const memory = {};
    for (let i = 0; i < 20; i++) {
      const decision = game.pending!;
      const command = plan(game, decision, memory, skills);
      if (command.type === 'move-to') return planetOfEnviron(game.world, command.to as number);
      if (command.type === 'end-movement') return 0;
      expect(apply(game, command)).toEqual({ ok: true });
    }
    return 0;
  }

  it('with it, to Kzar Thuun at dissent: its rising and fall would shift seven planets', () => {
    const game = hubPosition('chain');
    expect(flightOf(game, { aimsAtTheHubs: true })).toBe(eid(game, 'planet', 'kzar-thuun'));
  });

  it('without it (`normal`), to Hollowdeep, nearer unrest', () => {
    const game = hubPosition('chain');
    expect(flightOf(game, {})).toBe(eid(game, 'planet', 'hollowdeep'));
  });

  it('under `single` nothing spreads: with it too, to Hollowdeep', () => {
    const game = hubPosition('single');
    expect(flightOf(game, { aimsAtTheHubs: true })).toBe(eid(game, 'planet', 'hollowdeep'));
  });
});
