/**
 * `normal`'s plans, judged on positions built for the purpose: each test sets up a position where the
 * rules make one answer right, and checks the plan finds it from its side's view.
 */
import { hyperjumpOddsOn, routeBetween } from '../../systems/rebels-vs-empire/hyperjump';
import { pilotNavigation } from '../../systems/rebels-vs-empire/detection';
import { describe, expect, it } from 'vitest';
import { advance, apply } from '../../src/core/engine/game';
import type { Command, Decision, Game } from '../../src/core/engine/types';
import { spawnUnit } from '../../src/core/world/build';
import { IMPERIAL_CONTROL, REBELLION, REBEL_CONTROL } from '../../src/core/world/components';
import { hasComponent } from 'bitecs';
import { allOf, entityOf, environOf, environsOf, hold, place, planetOfEnviron, refOf, systemOfPlanet, tag } from '../../src/core/world/world';
import { ENVIRON_TYPES, LOYALTIES, type SideId } from '../../src/core/content/schema';
import { eliminateUnit } from '../../systems/rebels-vs-empire/military-combat';
import { viewFor } from '../../src/core/view';
import { planFor, type PlanSkills } from '../../src/ai/plans';
import { beliefOf } from '../../src/core/belief';
import { agentFactory } from '../../src/ai/registry';
import { LEVELS } from '../../src/ai/search-agent';
import { unitsIn, unitsOnPlanet } from '../../systems/rebels-vs-empire/sides';
import { atMovementOf, eid, passUntil, rigDice, testGame } from '../fixtures';
import { act, assignOne, emptyBoard, put, toSegment } from '../systems/rebels-vs-empire/mission-helpers';
import { anEnviron, choose, clearedGame, putCharacter, putUnit, run } from '../systems/rebels-vs-empire/character-fixtures';
import { clearBoard, ship } from '../systems/rebels-vs-empire/ops-helpers';
import { summonSovereign } from '../../systems/rebels-vs-empire/sovereigns';

/**
 * The galactic and province positions below judge the plans of each skill as they were measured: without
 * chain reactions, where `normal` does not play the chain (test/ai/chain-play.test.ts has the chain's).
 */
const SINGLE = { domino: 'single' } as const;

/** Take every Imperial unit off a planet (the positions below start from a bare planet). */
function strip(game: Game, planet: string): void {
  for (const u of unitsOnPlanet(game, eid(game, 'planet', planet), 'imperial')) eliminateUnit(game, u, '[test]');
}

/** A planet in rebellion with no unit of either side on it (the positions below then put theirs). */
function bareRebellion(game: Game, planet: number): void {
  strip(game, refOf(game.world, planet));
  for (const env of environsOf(game.world, planet)) for (const u of unitsIn(game, env, 'rebel')) eliminateUnit(game, u, '[test]');
  game.world.c.PlanetState.value[planet] = REBELLION;
}

/** A Rebel unit of this type raised in an environ of that environ type. */
function putRebelUnit(game: Game, type: string, environ: number): number {
  const w = game.world;
  const unit = spawnUnit(w, game.content, game.ruleset.sides, type, ENVIRON_TYPES[w.c.Environ.type[environ] as number] ?? null);
  place(w, unit, environ);
  return unit;
}

/** [10.1] The side may declare combat in the environ, or not. */
function declareCombat(side: SideId, environ: number): Decision {
  return {
    side,
    kind: 'declare-combat',
    prompt: '',
    rule: '[10.1]',
    options: [
      { type: 'declare-combat', side, environ },
      { type: 'no-combat', side, environ },
    ],
  };
}

/**
 * A galactic game at the Imperial movement, with its planets in play that are not secret, and a first
 * one (`rising`) with a planet of another star system one hyperjump route away (`near`).
 */
function galacticImperialMovement(seed: string) {
  const game = testGame('galactic-lucent-spiral', seed, SINGLE);
  passUntil(game, atMovementOf('imperial'));
  const w = game.world;
  const c = w.c;
  const systemOf = (planet: number) => systemOfPlanet(w, planet);
  const planets = allOf(w, 'planet').filter((p) => hasComponent(w, p, c.InPlay) && !hasComponent(w, p, c.Secret));
  const routed = (p: number, q: number) => systemOf(q) !== systemOf(p) && routeBetween(game, systemOf(p), systemOf(q)) !== null;
  const rising = planets.find((p) => planets.some((q) => routed(p, q)))!;
  const near = planets.find((q) => routed(rising, q))!;
  return { game, w, c, systemOf, planets, rising, near };
}

/**
 * The Imperial movement asked again once a position is set up (its options then list the new units),
 * with only its unit picks and its end: no ship flies or changes hands (`startVoyage`, `pilotIdleShip`).
 */
function unitMovesOnly(game: Game): Decision {
  game.pending = null;
  advance(game);
  const d = game.pending!;
  return { ...d, options: d.options.filter((o) => (o.type === 'pick' && game.world.kinds[o.piece as number] === 'unit') || o.type === 'end-movement') };
}

function plan(game: Game, decision: Decision, skills?: PlanSkills): Command {
  return planFor({ content: game.content, view: viewFor(game, decision.side, { events: false }), decision, side: decision.side, memory: {}, skills });
}

/** Play a side's movement (the Empire's unless told) by the plans, with `skills`, until the first stack lands. */
function firstMove(game: Game, skills: PlanSkills, side: SideId = 'imperial') {
  const memory = {};
  for (let i = 0; i < 20; i++) {
    const d = game.pending!;
    if (d.side !== side || (d.kind !== 'movement' && d.kind !== 'move-group')) return;
    const command = planFor({ content: game.content, view: viewFor(game, side, { events: false }), decision: d, side, memory, skills });
    expect(apply(game, command)).toEqual({ ok: true });
    if (command.type === 'move-to' || command.type === 'end-movement') return command;
  }
}

describe('the Empire holds its planets in rebellion [15.52, 15.53]', () => {
  it('[15.53] sends a mobile unit to a planet in rebellion that has no Imperial unit, before it falls', () => {
    const game = testGame('start-of-rebellion', 'hold');
    passUntil(game, atMovementOf('imperial'));
    strip(game, 'gallowmere');
    const gallowmere = eid(game, 'planet', 'gallowmere');
    expect(unitsOnPlanet(game, gallowmere, 'imperial')).toEqual([]);
    game.world.c.PlanetState.value[gallowmere] = REBELLION;
    const agent = agentFactory('normal')({ side: 'imperial', seed: 'hold' });
    // pick a unit, then a destination: the plan's choices, through the engine
    for (let i = 0; i < 3 && game.pending?.kind !== 'movement-done'; i++) {
      const d = game.pending!;
      if (d.kind !== 'movement' && d.kind !== 'move-group') break;
      const command = agent.decide(viewFor(game, 'imperial', { events: false }), d);
      expect(apply(game, command)).toEqual({ ok: true });
      if (command.type === 'move-to') break;
    }
    expect(unitsOnPlanet(game, gallowmere, 'imperial').length).toBeGreaterThan(0);
  });

  /**
   * Wendmoor at the Imperial movement: Gallowmere in rebellion and bare, Tollis down to one mobile unit
   * (the others gone), Wendhaven's units unable to move. Only Tollis's last unit could save Gallowmere.
   */
  function lastUnitPosition() {
    const game = testGame('start-of-rebellion', 'strip');
    passUntil(game, atMovementOf('imperial'));
    const w = game.world;
    strip(game, 'gallowmere');
    const tollis = eid(game, 'planet', 'tollis');
    const wendhaven = eid(game, 'planet', 'wendhaven');
    const gallowmere = eid(game, 'planet', 'gallowmere');
    for (const u of unitsOnPlanet(game, tollis, 'imperial').slice(0, -1)) eliminateUnit(game, u, '[test]');
    w.c.Unit.mobile[unitsOnPlanet(game, tollis, 'imperial')[0]!] = 1;
    for (const u of unitsOnPlanet(game, wendhaven, 'imperial')) w.c.Unit.mobile[u] = 0;
    w.c.PlanetState.value[gallowmere] = REBELLION;
    return { game, tollis, gallowmere };
  }

  it('[15.53] does not strip a planet of its last unit to do it', () => {
    const { game, tollis } = lastUnitPosition();
    expect(unitsOnPlanet(game, tollis, 'imperial')).toHaveLength(1);
    expect(plan(game, game.pending!)).toMatchObject({ type: 'end-movement' });
  });

  // In Wendmoor a planet that falls to the Rebel ends the game at once [15.53, Victory SRS]: the plan's
  // caution above would lose it. `hard` weighs the move in imagined games and strips Tollis instead.
  it('[15.53] "hard" strips a planet of its last unit when the fall would lose the game', () => {
    const { game, tollis, gallowmere } = lastUnitPosition();
    const hard = agentFactory('hard')({ side: 'imperial', seed: 'strip' });
    while (game.pending?.side === 'imperial' && (game.pending.kind === 'movement' || game.pending.kind === 'move-group')) {
      const d = game.pending;
      expect(apply(game, hard.decide(viewFor(game, 'imperial', { events: false }), d, beliefOf(game, 'imperial')))).toEqual({ ok: true });
    }
    expect(unitsOnPlanet(game, gallowmere, 'imperial')).toHaveLength(1);
    expect(unitsOnPlanet(game, tollis, 'imperial')).toEqual([]);
  });
});

describe('with the skill, the Empire sends units only where a hyperjump route leads [5.22, 15.53]', () => {
  /**
   * The galactic game at the Imperial movement: a planet in rebellion, bare. Every Imperial unit is
   * immobile but two pairs: a strong mobile unit (combat 6) on a planet whose system no route joins to
   * the rising planet's, and a weaker one (combat 2) on a planet one route away.
   */
  function routePosition() {
    const { game, w, c, systemOf, planets, rising, near } = galacticImperialMovement('routes');
    const far = planets.find((q) => systemOf(q) !== systemOf(rising) && !routeBetween(game, systemOf(rising), systemOf(q)))!;
    for (const u of allOf(w, 'unit')) if (c.Owner.side[u] === 1) c.Unit.mobile[u] = 0;
    strip(game, refOf(w, rising));
    c.PlanetState.value[rising] = REBELLION;
    const pair = (planet: number, combat: number) => {
      const environ = environsOf(w, planet)[0]!;
      const mover = putUnit(game, 'line', environ);
      c.Unit.mobile[putUnit(game, 'line', environ)] = 0; // the unit that stays: a planet is not stripped to hold another
      c.Unit.mobile[mover] = 1;
      c.Unit.combat[mover] = combat;
      return mover;
    };
    const strong = pair(far, 6);
    const weak = pair(near, 2);
    game.pending = null;
    advance(game); // the movement's step again: its options now list the new units
    // units only: the Empire's ships would fly its teams first (`startVoyage`)
    const d = game.pending!;
    const decision = { ...d, options: d.options.filter((o) => o.type !== 'pick' || w.kinds[o.piece as number] === 'unit') };
    return { game, decision, strong, weak };
  }

  it('[5.22] the weaker unit one route away goes: the stronger has no route there', () => {
    const { game, decision, weak } = routePosition();
    expect(plan(game, decision, { routeAware: true })).toMatchObject({ type: 'pick', piece: weak });
  });

  it('without it (`normal`), the stronger unit is picked, though no move can take it there', () => {
    const { game, decision, strong } = routePosition();
    expect(plan(game, decision)).toMatchObject({ type: 'pick', piece: strong });
  });

  /**
   * The galactic game at the Imperial movement: a bare planet in rebellion, and every Imperial unit
   * immobile but the mobile ones put on a planet one route away whose hyperjump may drift [5.22].
   */
  function bareRising(movers: number, stayer: boolean) {
    const { game, w, c, systemOf, planets } = galacticImperialMovement('bare');
    // a route its units' navigation (1) does not always cross safely
    const risky = (p: number, q: number) => {
      const route = systemOf(p) !== systemOf(q) ? routeBetween(game, systemOf(p), systemOf(q)) : null;
      return route !== null && (hyperjumpOddsOn(game.content.tables.hyperjump, route.distance, 1).safe ?? 0) < 1 - 0.1;
    };
    const rising = planets.find((p) => planets.some((q) => risky(p, q)))!;
    const near = planets.find((q) => risky(rising, q))!;
    for (const u of allOf(w, 'unit')) if (c.Owner.side[u] === 1) c.Unit.mobile[u] = 0;
    strip(game, refOf(w, rising));
    strip(game, refOf(w, near));
    c.PlanetState.value[rising] = REBELLION;
    c.Loyalty.value[near] = LOYALTIES.indexOf('loyal');
    const environ = environsOf(w, near)[0]!;
    if (stayer) c.Unit.mobile[putUnit(game, 'line', environ)] = 0;
    const units = Array.from({ length: movers }, () => {
      const unit = putUnit(game, 'line', environ);
      c.Unit.mobile[unit] = 1;
      return unit;
    });
    return { game, decision: unitMovesOnly(game), units };
  }

  it('[5.22, 15.53] a second unit follows the first to a bare planet in rebellion while a drift could leave it unheld', () => {
    const { game, decision, units } = bareRising(2, true);
    const memory = {};
    const ask = (skills: PlanSkills) => planFor({ content: game.content, view: viewFor(game, 'imperial', { events: false }), decision, side: 'imperial', memory, skills });
    expect(ask({ routeAware: true })).toMatchObject({ type: 'pick', piece: units[0] });
    expect(ask({ routeAware: true })).toMatchObject({ type: 'pick', piece: units[1] });
  });

  it('without it (`normal`), one unit is sent, its strength counted as arrived', () => {
    const { game, decision, units } = bareRising(2, true);
    const memory = {};
    const ask = () => planFor({ content: game.content, view: viewFor(game, 'imperial', { events: false }), decision, side: 'imperial', memory });
    expect(ask()).toMatchObject({ type: 'pick', piece: units[0] });
    expect(ask()).not.toMatchObject({ type: 'pick', piece: units[1] });
  });

  it('[15.53] with it, a loyal planet spares its last unit to hold a bare planet in rebellion; `normal` does not', () => {
    const { game, decision, units } = bareRising(1, false);
    expect(plan(game, decision, { routeAware: true })).toMatchObject({ type: 'pick', piece: units[0] });
    expect(plan(game, decision)).not.toMatchObject({ type: 'pick', piece: units[0] });
  });
});

describe('with the skill, the Empire holds a rising against the Rebel\'s attack [10.1, 10.3, 15.53]', () => {
  /**
   * The galactic game at the Imperial movement: a planet in rebellion (not secret) held by one Imperial
   * line unit (3) beside one Rebel unit of strength 2 of its environ's type, every other Imperial unit
   * immobile but one mobile unit on a planet one route away that keeps another unit.
   */
  function heldRising() {
    const { game, w, c, rising, near } = galacticImperialMovement('holds');
    for (const u of allOf(w, 'unit')) if (c.Owner.side[u] === 1) c.Unit.mobile[u] = 0;
    bareRebellion(game, rising);
    const front = environsOf(w, rising)[0]!;
    c.Unit.mobile[putUnit(game, 'line', front)] = 0;
    putRebelUnit(game, 'rebel-2-1', front);
    const home = environsOf(w, near)[0]!;
    c.Unit.mobile[putUnit(game, 'line', home)] = 0;
    const mover = putUnit(game, 'line', home);
    c.Unit.mobile[mover] = 1;
    return { game, decision: unitMovesOnly(game), mover };
  }

  it('[10.3, 15.53] a second unit goes to a planet in rebellion whose one unit a Rebel attack may leave bare', () => {
    const { game, decision, mover } = heldRising();
    expect(plan(game, decision, { routeAware: true, holdsFast: true })).toMatchObject({ type: 'pick', piece: mover });
  });

  it('without it, the unit stays: the Imperial strength there already matches the Rebels\'', () => {
    const { game, decision, mover } = heldRising();
    expect(plan(game, decision, { routeAware: true })).not.toMatchObject({ type: 'pick', piece: mover });
  });

  it('[16.15, 15.53] a reinforcement unit arrives beside the unit that holds a rising, not in its other environ', () => {
    const game = testGame('galactic-lucent-spiral', 'reinforce', SINGLE);
    const planet = eid(game, 'planet', 'lyrr');
    const [urban, wild] = environsOf(game.world, planet) as [number, number];
    bareRebellion(game, planet);
    for (let i = 0; i < 3; i++) putRebelUnit(game, 'rebel-2-1', urban);
    putUnit(game, 'line', wild);
    putRebelUnit(game, 'rebel-2-1', wild);
    const decision: Decision = {
      side: 'imperial',
      kind: 'place-reinforcement',
      prompt: '',
      rule: '[16.15]',
      options: [urban, wild].map((environ) => ({ type: 'place-reinforcement', side: 'imperial', environ })),
      context: { arrival: { unit: 'line', environType: null } },
    };
    expect(plan(game, decision, { holdsFast: true })).toMatchObject({ environ: wild });
    expect(plan(game, decision)).toMatchObject({ environ: urban }); // without it: either environ of the planet, the first
  });

  /** An Imperial line unit (3) and one Rebel unit (1) of a wild environ's type there, on a planet in rebellion. */
  function lastStand() {
    const game = testGame('galactic-lucent-spiral', 'stand', SINGLE);
    const w = game.world;
    const c = w.c;
    const environ = allOf(w, 'environ').find((e) => c.Environ.type[e] === ENVIRON_TYPES.indexOf('wild') && !hasComponent(w, planetOfEnviron(w, e), c.Secret) && environsOf(w, planetOfEnviron(w, e)).length === 1)!;
    bareRebellion(game, planetOfEnviron(w, environ));
    putUnit(game, 'line', environ);
    putRebelUnit(game, 'rebel-1-0', environ);
    return { game, decision: declareCombat('imperial', environ) };
  }

  it('[10.1, 10.5, 15.53] its last unit on the planet does not attack at 1-1 (3-1 shifted two against it), which may lose it', () => {
    const { game, decision } = lastStand();
    expect(plan(game, decision, { holdsFast: true })).toMatchObject({ type: 'no-combat' });
  });

  it('without it, the table\'s edge decides: it attacks', () => {
    const { game, decision } = lastStand();
    expect(plan(game, decision)).toMatchObject({ type: 'declare-combat' });
  });
});

describe('with the skill, the Empire flies its characters to where unrest is about to rise [15.2, 13.53]', () => {
  /**
   * Embers of the Reach at the Imperial movement, the Empire's ship and its pilot at home. Every planet
   * loyal, except `unrest` (at unrest) and `rising` (in rebellion).
   */
  function troubledGalaxy() {
    const game = testGame('embers-of-the-reach', 'fly', SINGLE);
    passUntil(game, atMovementOf('imperial'));
    const ship = viewFor(game, 'imperial', { events: false }).ships.find((s) => s.side === 'imperial' && s.holder)!;
    const home = planetOfEnviron(game.world, ship.environ);
    // [5.22] planets its pilot reaches with no hyperjump roll: in the home system, or one route away and within his navigation
    const reachable = (p: number) => {
      const [a, b] = [systemOfPlanet(game.world, home), systemOfPlanet(game.world, p)];
      const route = a === b ? null : routeBetween(game, a, b);
      return a === b || (route !== null && route.distance < pilotNavigation(game, ship.holder));
    };
    const others = allOf(game.world, 'planet').filter((p) => p !== home && hasComponent(game.world, p, game.world.c.InPlay) && reachable(p));
    const unrest = others.find((p) => environsOf(game.world, p).length >= 2)!;
    const rising = others.find((p) => p !== unrest)!;
    // one Imperial unit on the planet at unrest, in the environ a team would land in otherwise (the biggest)
    for (const u of unitsOnPlanet(game, unrest, 'imperial')) eliminateUnit(game, u, '[test]');
    const size = (environ: number) => game.world.c.Environ.size[environ] as number;
    const guarded = environsOf(game.world, unrest).reduce((a, b) => (size(b) > size(a) ? b : a));
    for (const environ of environsOf(game.world, unrest)) game.world.c.Environ.type[environ] = ENVIRON_TYPES.indexOf('urban');
    place(game.world, spawnUnit(game.world, game.content, game.ruleset.sides, 'patrol', null), guarded);
    for (const planet of allOf(game.world, 'planet')) game.world.c.Loyalty.value[planet] = LOYALTIES.indexOf('loyal');
    game.world.c.Loyalty.value[unrest] = LOYALTIES.indexOf('unrest');
    game.world.c.Loyalty.value[rising] = LOYALTIES.indexOf('unrest');
    game.world.c.PlanetState.value[rising] = REBELLION;
    return { game, ship, unrest, guarded };
  }

  it('the ship carries its pilot and his friends to the planet at unrest, ahead of the one in rebellion, away from the Imperial unit there', () => {
    const { game, ship, unrest, guarded } = troubledGalaxy();
    const crew = viewFor(game, 'imperial', { events: false }).characters.filter((c) => c.side === 'imperial' && c.environ === ship.environ).map((c) => c.eid);
    const landing = firstMove(game, { imperialVoyages: true });
    expect(landing).toMatchObject({ type: 'move-to' });
    const to = landing!.to as number;
    expect(planetOfEnviron(game.world, to)).toBe(unrest);
    for (const ch of crew.slice(0, 6)) expect(environOf(game.world, ch)).toBe(to);
    expect(to).not.toBe(guarded);
    expect(unitsIn(game, to, 'imperial')).toEqual([]);
  });

  it('[15.53] with routeAware, a planet in rebellion that no Imperial unit holds comes first: it falls at the end of the turn', () => {
    const { game, ship } = troubledGalaxy();
    const rising = allOf(game.world, 'planet').find((p) => game.world.c.PlanetState.value[p] === REBELLION)!;
    for (const u of unitsOnPlanet(game, rising, 'imperial')) eliminateUnit(game, u, '[test]');
    const landing = firstMove(game, { imperialVoyages: true, routeAware: true });
    expect(landing).toMatchObject({ type: 'move-to' });
    expect(planetOfEnviron(game.world, landing!.to as number)).toBe(rising);
    expect(environOf(game.world, ship.holder)).toBe(landing!.to);
  });

  it("without it (`normal`), the characters stay where they started", () => {
    const { game, ship } = troubledGalaxy();
    firstMove(game, {});
    expect(environOf(game.world, ship.holder)).toBe(ship.environ);
  });
});

describe('with the skill, the Empire\'s domino shifts pull planets back from unrest [15.2]', () => {
  /**
   * The galactic game: three planets the Empire sees, one loyal, one at dissent and one at unrest, all
   * under Imperial control, and an Imperial domino effect to spend on them.
   */
  function threePlanets() {
    const game = testGame('galactic-lucent-spiral', 'firebreaks', SINGLE);
    const w = game.world;
    const [loyal, dissent, unrest] = allOf(w, 'planet').filter((p) => hasComponent(w, p, w.c.InPlay) && !hasComponent(w, p, w.c.Secret)) as [number, number, number];
    const set = (planet: number, loyalty: (typeof LOYALTIES)[number]) => {
      w.c.Loyalty.value[planet] = LOYALTIES.indexOf(loyalty);
      w.c.PlanetState.value[planet] = IMPERIAL_CONTROL;
    };
    set(loyal, 'loyal');
    set(dissent, 'dissent');
    set(unrest, 'unrest');
    return { game, loyal, dissent, unrest };
  }
  const pickPlanet = (planets: number[]): Decision => ({
    side: 'imperial',
    kind: 'domino-planet',
    prompt: 'which planet shifts?',
    rule: '[15.2c]',
    options: planets.map((planet) => ({ type: 'domino-planet', side: 'imperial', planet })),
  });

  it('[15.2] the planet at unrest first (a Start Rebellion needs unrest), then the one at dissent', () => {
    const { game, loyal, dissent, unrest } = threePlanets();
    expect(plan(game, pickPlanet([loyal, dissent, unrest]), { firebreaks: true })).toMatchObject({ planet: unrest });
    expect(plan(game, pickPlanet([loyal, dissent]), { firebreaks: true })).toMatchObject({ planet: dissent });
  });

  it('without it (`normal`), the most loyal planet is shifted further', () => {
    const { game, loyal, dissent, unrest } = threePlanets();
    expect(plan(game, pickPlanet([loyal, dissent, unrest]))).toMatchObject({ planet: loyal });
  });

  it('[15.2c] the chart\'s "one planet, which may be at the extreme" when it reaches a planet at unrest that "two, not at the extreme" cannot', () => {
    const { game, loyal, dissent, unrest } = threePlanets();
    const w = game.world;
    const decision: Decision = {
      side: 'imperial',
      kind: 'domino-option',
      prompt: 'two planets, or one?',
      rule: '[15.2c]',
      options: [
        { type: 'domino-option', side: 'imperial', shift: 'two' },
        { type: 'domino-option', side: 'imperial', shift: 'one' },
      ],
      context: { targets: { two: [refOf(w, loyal), refOf(w, dissent)], one: [refOf(w, loyal), refOf(w, dissent), refOf(w, unrest)] } },
    };
    expect(plan(game, decision, { firebreaks: true })).toMatchObject({ shift: 'one' });
    expect(plan(game, decision)).toMatchObject({ shift: 'two' });
  });
});

describe('the Empire hunts detected Rebels with units it can spare [9.41, 11.0]', () => {
  /** Wendmoor at the Imperial movement, with one Rebel detected in `hideout`. */
  function huntingPosition(hideout: string) {
    const game = testGame('start-of-rebellion', 'hunt');
    passUntil(game, atMovementOf('imperial'));
    const w = game.world;
    const rebel = w.byKind.character!.find((ch) => w.c.Owner.side[ch] === game.ruleset.sides.indexOf('rebel'))!;
    place(w, rebel, eid(game, 'environ', hideout));
    tag(w, rebel, w.c.Detected);
    return game;
  }

  /** Play the Imperial movement segment by the plain plan; the units that moved into `hideout`. */
  function huntersIn(game: Game, hideout: string): number[] {
    const environ = eid(game, 'environ', hideout);
    const before = unitsIn(game, environ, 'imperial');
    const memory = {};
    for (let i = 0; i < 40 && (game.pending?.kind === 'movement' || game.pending?.kind === 'move-group'); i++) {
      const d = game.pending!;
      expect(apply(game, planFor({ content: game.content, view: viewFor(game, 'imperial', { events: false }), decision: d, side: 'imperial', memory }))).toEqual({ ok: true });
    }
    return unitsIn(game, environ, 'imperial').filter((u) => !before.includes(u));
  }

  it("units already on the Rebel's planet hunt first: a move within a planet strips no other planet", () => {
    const game = huntingPosition('tollis.2');
    const tollisMobile = unitsOnPlanet(game, eid(game, 'planet', 'tollis'), 'imperial').filter((u) => game.world.c.Unit.mobile[u]);
    expect(tollisMobile.length).toBeGreaterThan(0);
    const hunters = huntersIn(game, 'tollis.2');
    for (const u of tollisMobile) expect(hunters).toContain(u);
  });

  it('[15.53] no unit leaves a planet in rebellion to hunt, and the hunt takes only the strength it needs', () => {
    const game = huntingPosition('gallowmere.2');
    const tollis = eid(game, 'planet', 'tollis');
    game.world.c.PlanetState.value[tollis] = REBELLION;
    const holding = unitsOnPlanet(game, tollis, 'imperial');
    const hunters = huntersIn(game, 'gallowmere.2');
    expect(unitsOnPlanet(game, tollis, 'imperial')).toEqual(holding);
    const strength = hunters.reduce((sum, u) => sum + (game.world.c.Unit.combat[u] as number), 0);
    expect(strength).toBeGreaterThan(0);
    // the last hunter sent brought the hunt up to strength 4: without the strongest, it was short
    expect(strength - Math.max(...hunters.map((u) => game.world.c.Unit.combat[u] as number))).toBeLessThan(4);
  });
});

describe('attacks are judged on the tables [10.0-10.7]', () => {
  function standoff(rebelUnits: string[], imperialUnits: string[]) {
    const game = testGame('start-of-rebellion', 'standoff');
    const w = game.world;
    const environ = eid(game, 'environ', 'gallowmere.1');
    for (const type of rebelUnits) place(w, spawnUnit(w, game.content, game.ruleset.sides, type, ENVIRON_TYPES[w.c.Environ.type[environ] as number] ?? null), environ);
    for (const type of imperialUnits) place(w, spawnUnit(w, game.content, game.ruleset.sides, type, null), environ);
    return { game, environ };
  }
  it('[10.22] the Empire attacks three Rebel irregulars with three line units (3-1 before shifts)', () => {
    const { game, environ } = standoff(['rebel-1-0'], ['line', 'line', 'line']);
    expect(plan(game, declareCombat('imperial', environ))).toMatchObject({ type: 'declare-combat' });
  });

  it('[10.22, 10.5] the Empire does not attack a stronger Rebel stack at 1-2 on its own ground', () => {
    const { game, environ } = standoff(['rebel-2-1', 'rebel-2-1', 'rebel-2-1'], ['patrol', 'patrol']);
    expect(plan(game, declareCombat('imperial', environ))).toMatchObject({ type: 'no-combat' });
  });
});

describe('the Rebel spreads his characters over an environ\'s missions [13.41, 13.6]', () => {
  /** The plan's mission for Mirra at Wendhaven 1 (unrest), with Jax already on Start Rebellion there or not. */
  function mirrasMission(jaxOnRebellion: boolean): Command {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    const mirra = put(game, 'mirra-solvane', 'wendhaven.1');
    toSegment(game, 'mission assignment');
    if (jaxOnRebellion) assignOne(game, jax, 'R');
    act(game, { type: 'pick-for-mission', piece: mirra });
    return plan(game, game.pending!);
  }

  it('alone, Mirra takes Start Rebellion, the best mission on a planet in unrest [15.2]', () => {
    expect(mirrasMission(false).letter).toBe('R');
  });

  it('beside Jax on it, she takes a second mission: each card drawn there may then pay, and her leadership adds no bonus draw', () => {
    // Rebellion's bonus draws come from the group's best leadership [13.6]: Mirra's 1 adds nothing to Jax's 1
    const command = mirrasMission(true);
    expect(command.type).toBe('assign-mission');
    expect(command.letter).not.toBe('R');
  });
});

describe('with the skill, the Rebel recruits before any mission but Start Rebellion [13.2 G, 15.2]', () => {
  /** The plan's mission for Mirra, alone in `environ`, with `skills`. */
  function mirrasMission(environ: string, skills: PlanSkills): Command {
    const { game } = emptyBoard();
    const mirra = put(game, 'mirra-solvane', environ);
    toSegment(game, 'mission assignment');
    act(game, { type: 'pick-for-mission', piece: mirra });
    return plan(game, game.pending!, skills);
  }

  it('on Gallowmere (dissent), `normal` talks the planet round (Diplomacy); the recruiter gains a character', () => {
    expect(mirrasMission('gallowmere.1', {}).letter).toBe('D');
    expect(mirrasMission('gallowmere.1', { recruiting: true }).letter).toBe('G');
  });

  it('on Wendhaven (unrest), the recruiter still starts the rebellion first', () => {
    expect(mirrasMission('wendhaven.1', { recruiting: true }).letter).toBe('R');
  });
});

describe('Summon Sovereign where the side plans Diplomacy [13.2 E]', () => {
  /** The plan's mission for Ysmena at Wendhaven 2 (a sovereign's environ), in a province game, with Nilo on `nilos` there or alone. */
  function ysmenasMission(nilos: string | null, court: 'rebel' | 'imperial' | null = null): Command {
    const { game } = emptyBoard();
    (game as { scenario: Game['scenario'] }).scenario = { ...game.scenario, kind: 'province' };
    const ysmena = put(game, 'ysmena-coil', 'wendhaven.2');
    const nilo = nilos ? put(game, 'nilo-brevant', 'wendhaven.2') : 0;
    if (court) summonSovereign(game, entityOf(game.world, 'environ', 'wendhaven.2'), court);
    toSegment(game, 'mission assignment', 'imperial');
    if (nilos) assignOne(game, nilo, nilos);
    act(game, { type: 'pick-for-mission', piece: ysmena });
    return plan(game, game.pending!);
  }

  it('alone on a planet at unrest, the Empire talks it down itself (Diplomacy before the sovereign)', () => {
    expect(ysmenasMission(null).letter).toBe('D');
  });

  it('beside a friend on Diplomacy, she summons the sovereign: his bonus draws serve that Diplomacy this very phase', () => {
    expect(ysmenasMission('D').letter).toBe('E');
  });

  it('with the sovereign already at her court, E is not offered and she does something else', () => {
    expect(ysmenasMission('D', 'imperial').letter).not.toBe('E');
  });
});

describe('the Rebel subverts troops without guessing hidden strengths [13.2 T, 7.22]', () => {
  /** A mission-subvert decision at Tollis 1 with `left` points, over a militia and a hidden line unit. */
  function subvert(left: number) {
    const game = testGame('start-of-rebellion', 'subvert');
    const w = game.world;
    const environ = eid(game, 'environ', 'tollis.1');
    const militia = spawnUnit(w, game.content, game.ruleset.sides, 'militia', null);
    const line = spawnUnit(w, game.content, game.ruleset.sides, 'line', null);
    place(w, militia, environ);
    place(w, line, environ);
    const decision: Decision = {
      side: 'rebel',
      kind: 'mission-subvert',
      prompt: '',
      rule: '[13.2]',
      options: [line, militia].map((unit) => ({ type: 'subvert-unit', side: 'rebel', unit })),
      context: { pointsLeft: left },
    };
    return { chosen: plan(game, decision).unit, militia, line };
  }

  it('with two points, the sure militia before the hidden unit (a line unit would be too strong)', () => {
    const { chosen, militia } = subvert(2);
    expect(chosen).toBe(militia);
  });

  it('with three points, the hidden unit first: whatever it is, the points win it over', () => {
    const { chosen, line } = subvert(3);
    expect(chosen).toBe(line);
  });
});

describe('with the skill, characters fight only where the combat table favours them [11.31, 12.6]', () => {
  /**
   * Rebels in an environ with one detected Imperial character, searching him in the search phase
   * (the search procedure at its first decision, the Rebel's search-by).
   */
  function rebelsSearch(rebels: string[], imperial: string, units: string[] = []) {
    const game = clearedGame();
    const environ = anEnviron(game);
    for (const id of rebels) putCharacter(game, id, environ);
    for (const type of units) putUnit(game, type, environ);
    const enemy = putCharacter(game, imperial, environ);
    tag(game.world, enemy, game.world.c.Detected);
    run(game, 'search', { environ, searchingSide: 'rebel', group: [enemy], calledByCard: false });
    expect(game.pending?.kind).toBe('search-by');
    return { game, environ };
  }
  const declareSearch = (environ: number, side: SideId = 'rebel'): Decision => ({
    side,
    kind: 'declare-search',
    prompt: '',
    rule: '[11.1]',
    options: [true, false].map((search) => ({ type: 'declare-search', side, environ, search })),
    context: { environ },
  });
  const cautious: PlanSkills = { cautiousSearches: true };

  it('Mirra (combat 2) alone does not search for Dravona Esk (combat 8): `normal` does', () => {
    const { game, environ } = rebelsSearch(['mirra-solvane'], 'dravona-esk');
    expect(plan(game, declareSearch(environ), cautious)).toMatchObject({ search: false });
    expect(plan(game, declareSearch(environ))).toMatchObject({ search: true });
    expect(plan(game, game.pending!, cautious)).toMatchObject({ by: 'none' });
    expect(plan(game, game.pending!)).toMatchObject({ by: 'characters' });
  });

  it('Jax, Brokk and Harrow (combat 4, 8 and 5) search for Varo Kettrigan (combat 6) and attack him when found', () => {
    const { game, environ } = rebelsSearch(['jax-tollaway', 'brokk-hallgar', 'harrow-tesk'], 'varo-kettrigan');
    expect(plan(game, declareSearch(environ), cautious)).toMatchObject({ search: true });
    expect(plan(game, game.pending!, cautious)).toMatchObject({ by: 'characters' });
    rigDice(game, [1]);
    choose(game, { by: 'characters' });
    expect(game.pending?.kind).toBe('attack-found');
    expect(plan(game, game.pending!, cautious)).toMatchObject({ attack: true });
  });

  it('found by her own search, Mirra does not attack Dravona Esk', () => {
    const { game } = rebelsSearch(['mirra-solvane'], 'dravona-esk');
    rigDice(game, [1]);
    choose(game, { by: 'characters' });
    expect(game.pending?.context).toMatchObject({ foundBy: 'characters' });
    expect(plan(game, game.pending!, cautious)).toMatchObject({ attack: false });
    expect(plan(game, game.pending!)).toMatchObject({ attack: true });
  });

  it('[12.6] Jax (combat 4) does not search for Varo Kettrigan (combat 6): at a differential of -2 the table favours the defender', () => {
    const { game, environ } = rebelsSearch(['jax-tollaway'], 'varo-kettrigan');
    expect(plan(game, declareSearch(environ), cautious)).toMatchObject({ search: false });
    expect(plan(game, game.pending!, cautious)).toMatchObject({ by: 'none' });
  });

  it("`hard`'s Empire has the skill too: Iseult Marn (combat 2) alone does not search for Brokk Hallgar (combat 8)", () => {
    const game = clearedGame();
    const environ = anEnviron(game);
    putCharacter(game, 'iseult-marn', environ);
    tag(game.world, putCharacter(game, 'brokk-hallgar', environ), game.world.c.Detected);
    const declare = declareSearch(environ, 'imperial');
    expect(plan(game, declare, LEVELS.hard.skills.imperial)).toMatchObject({ search: false });
    expect(plan(game, declare)).toMatchObject({ search: true });
    // beside her, Dravona Esk (combat 8) and Oren Vastrel (6) make it a fight the table favours
    putCharacter(game, 'dravona-esk', environ);
    putCharacter(game, 'oren-vastrel', environ);
    expect(plan(game, declare, LEVELS.hard.skills.imperial)).toMatchObject({ search: true });
  });

  it('[11.0, 12.12] beside Rebel units she still searches: units search, and a squad fights for them', () => {
    const { game, environ } = rebelsSearch(['mirra-solvane'], 'dravona-esk', ['rebel-2-1', 'rebel-2-1', 'rebel-2-1']);
    expect(plan(game, declareSearch(environ), cautious)).toMatchObject({ search: true });
    expect(plan(game, game.pending!, cautious)).toMatchObject({ by: 'units' });
    rigDice(game, [1]);
    choose(game, { by: 'units', leader: 0 });
    expect(game.pending).toMatchObject({ kind: 'attack-found', context: { foundBy: 'units' } });
    expect(plan(game, game.pending!, cautious)).toMatchObject({ attack: true });
  });
});

describe('with the skill, a team lands away from a creature [13.45]', () => {
  /**
   * Hrodmar at the Rebel's first movement, his ship and team on Ironmaw; Cairnfell at unrest (the planet
   * to fly to), Skaldrun loyal. Cairnfell's wild environ (size 3) is the Glass Wyrm's; its fire environ
   * is size 2.
   */
  function flightToCairnfell() {
    const game = testGame('armageddon', 'wyrm');
    expect(game.pending).toMatchObject({ side: 'rebel', kind: 'movement' });
    game.world.c.Loyalty.value[eid(game, 'planet', 'cairnfell')] = LOYALTIES.indexOf('unrest');
    game.world.c.Loyalty.value[eid(game, 'planet', 'skaldrun')] = LOYALTIES.indexOf('loyal');
    return game;
  }
  const creatureIn = (game: Game, environ: number) => game.content.environs.get(refOf(game.world, environ))?.creature;

  it('the team lands in the fire environ, not the wyrm\'s', () => {
    const game = flightToCairnfell();
    const landing = firstMove(game, { avoidsCreatures: true }, 'rebel');
    expect(landing).toMatchObject({ type: 'move-to' });
    expect(planetOfEnviron(game.world, landing!.to as number)).toBe(eid(game, 'planet', 'cairnfell'));
    expect(creatureIn(game, landing!.to as number)).toBeNull();
  });

  it('without it (`normal`), the team lands in the bigger environ, where the wyrm lives', () => {
    const game = flightToCairnfell();
    const landing = firstMove(game, {}, 'rebel');
    expect(planetOfEnviron(game.world, landing!.to as number)).toBe(eid(game, 'planet', 'cairnfell'));
    expect(creatureIn(game, landing!.to as number)).toBe('glass-wyrm');
  });
});

describe('with the skill, a Rebel team leaves some of its characters behind when it flies [13.2 G, 13.41]', () => {
  const where = (game: Game, id: string) => environOf(game.world, eid(game, 'character', id));
  const onPlanet = (game: Game, planet: string) =>
    ['brokk-hallgar', 'harrow-tesk', 'cassio-veln', 'veyra-ashfall', 'orsolo-benn'].filter((id) => planetOfEnviron(game.world, where(game, id)) === eid(game, 'planet', planet));

  /** Hrodmar's first movement: the team and Orsolo's Old Tessaly on Ironmaw, which the Rebel controls; Skaldrun at unrest. */
  it('from Ironmaw, his own planet, all but one fly to Skaldrun; Veyra Ashfall (no leadership, no diplomacy, the least combat) stays to recruit', () => {
    const game = testGame('armageddon', 'split');
    const landing = firstMove(game, LEVELS.hard.skills.rebel, 'rebel');
    expect(planetOfEnviron(game.world, landing!.to as number)).toBe(eid(game, 'planet', 'skaldrun'));
    expect(onPlanet(game, 'ironmaw')).toEqual(['veyra-ashfall']);
    expect(onPlanet(game, 'skaldrun')).toHaveLength(4);
  });

  it('without it (`normal`), the whole team flies', () => {
    const game = testGame('armageddon', 'split');
    firstMove(game, {}, 'rebel');
    expect(onPlanet(game, 'skaldrun')).toHaveLength(5);
  });

  it('from Skaldrun in rebellion to Cairnfell at unrest, half the team flies (rounded up), the front line first: Orsolo (the pilot), Brokk (leadership 1, combat 8), Cassio (diplomacy 2)', () => {
    const game = testGame('armageddon', 'split');
    const w = game.world;
    const skaldrun = eid(game, 'planet', 'skaldrun');
    const [city] = environsOf(w, skaldrun);
    for (const id of ['brokk-hallgar', 'harrow-tesk', 'cassio-veln', 'veyra-ashfall', 'orsolo-benn']) place(w, eid(game, 'character', id), city!);
    place(w, ship(game, 'old-tessaly'), city!);
    w.c.PlanetState.value[skaldrun] = REBELLION;
    w.c.Loyalty.value[eid(game, 'planet', 'cairnfell')] = LOYALTIES.indexOf('unrest');
    const landing = firstMove(game, LEVELS.hard.skills.rebel, 'rebel');
    expect(planetOfEnviron(w, landing!.to as number)).toBe(eid(game, 'planet', 'cairnfell'));
    expect(onPlanet(game, 'cairnfell').sort()).toEqual(['brokk-hallgar', 'cassio-veln', 'orsolo-benn']);
    expect(onPlanet(game, 'skaldrun').sort()).toEqual(['harrow-tesk', 'veyra-ashfall']);
  });
});

describe('the galactic Empire weighs its strategic assignment (docs/rules.md, "Galactic events and strategic assignments")', () => {
  /**
   * The galactic game at the Empire's first movement, the board cleared but for one team: Lucan Halvaris
   * with the Throne's Lance and two friends on `home` (Thistlemoor, in Sylvane). Every planet loyal and
   * Imperial, but for two of Sylvane's: Arborel, the Verdant Drift's capital, in rebellion, and Mossfall at
   * unrest. The Empire holds "Hold the Capitals" (no capital in rebellion or Rebel control), judged in
   * `turnsLeft` turns.
   */
  function capitalInRebellion(home = 'thistlemoor', turnsLeft = 0) {
    const game = testGame('galactic-lucent-spiral', 'assignment', SINGLE);
    passUntil(game, atMovementOf('imperial'));
    clearBoard(game);
    const w = game.world;
    for (const p of allOf(w, 'planet')) {
      w.c.Loyalty.value[p] = LOYALTIES.indexOf('loyal');
      w.c.PlanetState.value[p] = IMPERIAL_CONTROL;
    }
    const [landing] = environsOf(w, eid(game, 'planet', home));
    const lucan = eid(game, 'character', 'lucan-halvaris');
    hold(w, ship(game, 'throne-lance'), lucan);
    for (const id of ['lucan-halvaris', 'oren-vastrel', 'serath-kaine']) place(w, eid(game, 'character', id), landing!);
    w.c.PlanetState.value[eid(game, 'planet', 'arborel')] = REBELLION;
    w.c.Loyalty.value[eid(game, 'planet', 'arborel')] = LOYALTIES.indexOf('unrest');
    w.c.Loyalty.value[eid(game, 'planet', 'mossfall')] = LOYALTIES.indexOf('unrest');
    game.vars.assignment = { id: 'hold-the-capitals', deadline: game.turn + turnsLeft, risenAtDraw: 0 };
    game.ruleset.refresh(game);
    return game;
  }
  const landedOn = (game: Game, landing: Command | undefined) => refOf(game.world, planetOfEnviron(game.world, landing!.to as number));

  it('both sides see the assignment and the planets it covers (it is public)', () => {
    const game = capitalInRebellion();
    const capitals = game.content.galaxy.provinces.map((p) => eid(game, 'planet', p.capital)).sort((a, b) => a - b);
    for (const side of ['rebel', 'imperial'] as const)
      expect(viewFor(game, side, { events: false }).assignment).toEqual({ id: 'hold-the-capitals', goal: 'no-rising', units: 0, deadline: 1, planets: capitals, risenAtDraw: 0 });
  });

  it('`normal` (and `hard`, with its skills) flies the team to the capital in rebellion (Stop Rebellion [13.53]) before the planet at unrest it would talk down otherwise', () => {
    for (const skills of [{}, LEVELS.hard.skills.imperial]) {
      const game = capitalInRebellion();
      expect(landedOn(game, firstMove(game, skills))).toBe('arborel');
    }
  });

  it('without the assignment, the planet at unrest comes first [15.2]', () => {
    const game = capitalInRebellion();
    delete game.vars.assignment;
    expect(landedOn(game, firstMove(game, {}))).toBe('mossfall');
  });

  it('a capital the Rebel already controls fails the assignment whatever the team does: it is not weighed', () => {
    const game = capitalInRebellion();
    game.world.c.PlanetState.value[eid(game, 'planet', 'valcairn')] = REBEL_CONTROL;
    game.ruleset.refresh(game);
    expect(landedOn(game, firstMove(game, {}))).toBe('mossfall');
  });

  it('two hyperjumps away (Palatine, Ivoris), with two movements left, the team flies one jump toward the capital (Kilnhaven, Harrowmere)', () => {
    const game = capitalInRebellion('palatine', 1);
    expect(landedOn(game, firstMove(game, {}))).toBe('kilnhaven');
  });

  it('with one movement left it could not get there: the team stays', () => {
    const game = capitalInRebellion('palatine', 0);
    expect(firstMove(game, {})).toMatchObject({ type: 'end-movement' });
  });

  it('on the capital, every character goes on Stop Rebellion: each adds his bonus draws [13.6]', () => {
    const game = capitalInRebellion('arborel');
    passUntil(game, (g) => g.pending?.kind === 'assign-mission' || g.pending?.kind === 'pick-for-mission');
    const memory = {};
    for (let i = 0; i < 20 && (game.pending?.kind === 'assign-mission' || game.pending?.kind === 'pick-for-mission'); i++) {
      const d = game.pending;
      expect(apply(game, planFor({ content: game.content, view: viewFor(game, 'imperial', { events: false }), decision: d, side: 'imperial', memory }))).toEqual({ ok: true });
    }
    const assigned = game.events.filter((e) => e.kind === 'mission-assigned' && e.when.startsWith('imperial')).map((e) => e.text);
    expect(assigned).toHaveLength(3);
    for (const line of assigned) expect(line).toMatch(/Stop Rebellion at Arborel/);
  });
});

describe('the galactic Rebel flies every team it can, and spreads them over the planets [5.22, 9.55, 9.56, 14.57]', () => {
  /**
   * The galactic game at the Rebel's first movement, the board cleared: every planet loyal and Imperial.
   * Lio Quen (navigation 4) holds Kestrel's Due (two seats) on `home`, in a star system with two more
   * planets in play (`a`, `b`), reached with no hyperjump roll.
   */
  function quietGalaxy() {
    const game = testGame('galactic-lucent-spiral', 'spread', SINGLE);
    passUntil(game, atMovementOf('rebel'));
    clearBoard(game);
    const w = game.world;
    for (const p of allOf(w, 'planet')) {
      w.c.Loyalty.value[p] = LOYALTIES.indexOf('loyal');
      w.c.PlanetState.value[p] = IMPERIAL_CONTROL;
    }
    const inPlay = allOf(w, 'planet').filter((p) => hasComponent(w, p, w.c.InPlay) && !hasComponent(w, p, w.c.Secret));
    const home = inPlay.find((p) => inPlay.filter((q) => systemOfPlanet(w, q) === systemOfPlanet(w, p)).length >= 3)!;
    const [a, b] = inPlay.filter((q) => q !== home && systemOfPlanet(w, q) === systemOfPlanet(w, home));
    const [landing] = environsOf(w, home);
    const lio = eid(game, 'character', 'lio-quen');
    hold(w, ship(game, 'kestrels-due'), lio);
    place(w, lio, landing!);
    game.ruleset.refresh(game);
    return { game, w, home, a: a!, b: b!, landing: landing!, lio };
  }
  const reaskMovement = (game: Game) => {
    game.pending = null;
    advance(game);
  };

  it('a team goes to the planet at dissent where no Rebel works, not to the one at unrest where six already do', () => {
    const { game, w, a, b, lio } = quietGalaxy();
    w.c.Loyalty.value[a] = LOYALTIES.indexOf('unrest');
    w.c.Loyalty.value[b] = LOYALTIES.indexOf('dissent');
    const [there] = environsOf(w, a);
    for (const id of ['kaelen-dray', 'mirra-solvane', 'ansel-wirra', 'seska-vire', 'cassio-veln', 'nym-oshaya']) place(w, eid(game, 'character', id), there!);
    game.ruleset.refresh(game);
    reaskMovement(game);
    const landing = firstMove(game, {}, 'rebel');
    expect(landing).toMatchObject({ type: 'move-to' });
    expect(planetOfEnviron(w, landing!.to as number)).toBe(b);
    expect(planetOfEnviron(w, environOf(w, lio))).toBe(b);
  });

  it('with nobody at the planet at unrest, the team goes there', () => {
    const { game, w, a, b } = quietGalaxy();
    w.c.Loyalty.value[a] = LOYALTIES.indexOf('unrest');
    w.c.Loyalty.value[b] = LOYALTIES.indexOf('dissent');
    reaskMovement(game);
    expect(planetOfEnviron(w, firstMove(game, {}, 'rebel')!.to as number)).toBe(a);
  });

  it('a companion fills a seat: a friend who brings one stays when the ship has no room for both, and the ship still flies', () => {
    const { game, w, a, landing, lio } = quietGalaxy();
    w.c.Loyalty.value[a] = LOYALTIES.indexOf('unrest');
    // two friends beside the pilot; the first the plan would take brings a companion, which the two seats cannot hold
    const friends = ['kaelen-dray', 'mirra-solvane'].map((id) => eid(game, 'character', id)).sort((x, y) => x - y);
    for (const f of friends) place(w, f, landing);
    hold(w, ship(game, 'tick-nine'), friends[0]!);
    game.ruleset.refresh(game);
    reaskMovement(game);
    const move = firstMove(game, {}, 'rebel');
    expect(move).toMatchObject({ type: 'move-to' });
    expect(planetOfEnviron(w, environOf(w, lio))).toBe(a);
    expect(planetOfEnviron(w, environOf(w, friends[1]!))).toBe(a);
    expect(environOf(w, friends[0]!)).toBe(landing);
  });

  it('[9.55] a ship whose pilot is elsewhere is handed to a navigator beside it, who flies it', () => {
    const { game, w, a, landing } = quietGalaxy();
    w.c.Loyalty.value[a] = LOYALTIES.indexOf('unrest');
    const jax = eid(game, 'character', 'jax-tollaway');
    const dawnrunner = ship(game, 'dawnrunner');
    hold(w, dawnrunner, eid(game, 'character', 'brokk-hallgar'));
    place(w, eid(game, 'character', 'brokk-hallgar'), environsOf(w, a)[0]!);
    place(w, dawnrunner, landing);
    place(w, jax, landing);
    game.ruleset.refresh(game);
    reaskMovement(game);
    const memory = {};
    const first = planFor({ content: game.content, view: viewFor(game, 'rebel', { events: false }), decision: game.pending!, side: 'rebel', memory, skills: {} });
    expect(first).toMatchObject({ type: 'assign-ship', ship: dawnrunner, character: jax });
  });
});
