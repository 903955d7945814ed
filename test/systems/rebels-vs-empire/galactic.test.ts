/**
 * The galactic game (issue 26; docs/rules.md "The galactic game"): the scenario over the whole galaxy,
 * galactic victory points (tables.md), secret planets and the secret base, the Chaos Index of `001_*`,
 * galactic events and strategic assignments.
 */
import { describe, expect, it } from 'vitest';
import { apply } from '../../../src/core/engine/game';
import type { Game } from '../../../src/core/engine/types';
import { viewFor } from '../../../src/core/view';
import { sampleBelief } from '../../../src/core/belief';
import { IMPERIAL_CONTROL, REBELLION, REBEL_CONTROL } from '../../../src/core/world/components';
import { allOf, has, planetOfEnviron, refOf, tag } from '../../../src/core/world/world';
import { chaosIndex, eventsToDraw, moveChaos, planetResource, victoryLevel } from '../../../systems/rebels-vs-empire/chaos';
import { assignmentInHand, galacticPhase, planetsIn, playEvent } from '../../../systems/rebels-vs-empire/galactic-events';
import { UNREST } from '../../../systems/rebels-vs-empire/loyalty';
import { eliminateUnit } from '../../../systems/rebels-vs-empire/military-combat';
import { groupDestinations } from '../../../systems/rebels-vs-empire/movement';
import { reinforcementEnvirons } from '../../../systems/rebels-vs-empire/reinforcements';
import { checkBase, hiddenFrom, rebelBase } from '../../../systems/rebels-vs-empire/secret-planets';
import { galacticValue, rebelVictoryPoints, score, victory } from '../../../systems/rebels-vs-empire/victory';
import { content, testGame } from '../../fixtures';
import { clearBoard, env, planet, unit } from './ops-helpers';

const GALACTIC = 'galactic-lucent-spiral';

/** A galactic game at its first decision: the Rebel's choice of base. */
function atSetup(seed = 'galactic'): Game {
  const game = testGame(GALACTIC, seed);
  expect(game.pending?.kind).toBe('choose-base');
  return game;
}

/** A galactic game past setup (the base on `base`), at the Rebel's first movement, the board cleared. */
function inPlay(base = 'sorrowgate', seed = 'galactic'): Game {
  const game = atSetup(seed);
  const r = apply(game, { type: 'choose-base', side: 'rebel', planet: planet(game, base) });
  if (!r.ok) throw new Error(r.reason);
  return clearBoard(game);
}

const rebelControl = (game: Game, ids: string[]) => {
  for (const id of ids) game.world.c.PlanetState.value[planet(game, id)] = REBEL_CONTROL;
  game.ruleset.refresh(game);
};

describe('the galactic scenario', () => {
  it('is played over all 25 star systems and 51 planets, for 20 game-turns, with a target of 26', () => {
    const s = content.scenarios.get(GALACTIC)!;
    expect(s.kind).toBe('galactic');
    expect(s.turns).toBe(20);
    expect(s.victory.rebelPoints).toBe(26);
    const game = atSetup();
    const inPlayPlanets = allOf(game.world, 'planet').filter((p) => has(game.world, p, game.world.c.InPlay));
    expect(inPlayPlanets).toHaveLength(51);
    expect(new Set(inPlayPlanets.map((p) => content.planets.get(refOf(game.world, p))?.system)).size).toBe(25);
  });

  it('[tables.md] galactic VP: the throne or the first capital 5, another capital 4, a star-faring home world 3, any other planet 1', () => {
    expect(galacticValue(content, 'aurelion').points).toBe(5); // the throne world
    expect(galacticValue(content, 'corvanth').points).toBe(5); // the first province's capital
    expect(galacticValue(content, 'valcairn').points).toBe(4);
    expect(galacticValue(content, 'saffra').points).toBe(3); // Ferrine home world
    expect(galacticValue(content, 'brask').points).toBe(1);
    const total = content.galaxy.planets.reduce((n, p) => n + galacticValue(content, p.id).points, 0);
    expect(total).toBe(2 * 5 + 4 * 4 + 6 * 3 + 39); // 83
  });

  it('[tables.md] only Rebel-controlled planets score: rebellion, unrest and kills do not', () => {
    const game = inPlay();
    const before = rebelVictoryPoints(game); // Ironmaw, Rebel-controlled from the start
    expect(before).toBe(1);
    const brask = planet(game, 'brask');
    game.world.c.PlanetState.value[brask] = REBELLION;
    game.world.c.Loyalty.value[planet(game, 'tollis')] = UNREST;
    game.vars.tally = 7;
    expect(rebelVictoryPoints(game)).toBe(before);
    rebelControl(game, ['brask', 'saffra']);
    expect(rebelVictoryPoints(game)).toBe(before + 1 + 3);
  });

  it('[tables.md] the Rebel wins at once with 26 galactic VP, on any turn; short of it the game goes on', () => {
    const game = inPlay();
    rebelControl(game, ['aurelion', 'corvanth', 'valcairn', 'thalassine', 'arborel']); // 1 + 5 + 5 + 4 * 3 = 23
    expect(rebelVictoryPoints(game)).toBe(23);
    expect(victory(game, false)).toBeNull();
    rebelControl(game, ['saffra']);
    expect(victory(game, false)).toBe('rebel');
  });
});

describe('secret planets and the secret base', () => {
  it('the Rebel chooses his base among the secret planets before placement, and the Empire does not see it', () => {
    const game = atSetup();
    const choices = game.pending!.options.map((o) => content.planets.get(refOf(game.world, o.planet as number)));
    expect(choices.length).toBeGreaterThan(10);
    expect(choices.every((p) => p?.secret)).toBe(true);
    apply(game, { type: 'choose-base', side: 'rebel', planet: planet(game, 'tarn') });
    expect(rebelBase(game)).toBe(planet(game, 'tarn'));
    expect(viewFor(game, 'rebel').planets.find((p) => p.id === 'tarn')?.rebelBase).toBe(true);
    expect(viewFor(game, 'imperial').planets.some((p) => p.rebelBase)).toBe(false);
    expect(viewFor(game, 'imperial').planets.find((p) => p.id === 'tarn')?.unknownToEmpire).toBe(true);
    expect(game.events.filter((e) => e.kind === 'secret-base').every((e) => e.visibleTo === 'rebel')).toBe(true);
  });

  it('the Empire may not move to an undiscovered secret planet; once discovered, it may', () => {
    const game = inPlay();
    const line = unit(game, 'line', env(game, 'corvanth.1')); // Caldris: Corvanth, Ebbenhall, and the secret Nerith
    const nerith = planet(game, 'nerith');
    expect(hiddenFrom(game, nerith, 'imperial')).toBe(true);
    expect(groupDestinations(game, [line]).some((to) => planetOfEnviron(game.world, to) === nerith)).toBe(false);
    const rebels = unit(game, 'rebel-2-1', env(game, 'ebbenhall.1'));
    expect(groupDestinations(game, [rebels]).some((to) => planetOfEnviron(game.world, to) === nerith)).toBe(true);
    tag(game.world, nerith, game.world.c.Discovered);
    expect(groupDestinations(game, [line]).some((to) => planetOfEnviron(game.world, to) === nerith)).toBe(true);
  });

  it('a secret planet that rises is discovered, told to both sides', () => {
    const game = inPlay();
    const tarn = planet(game, 'tarn');
    game.world.c.PlanetState.value[tarn] = REBELLION;
    game.ruleset.refresh(game);
    expect(hiddenFrom(game, tarn, 'imperial')).toBe(false);
    expect(game.events.at(-1)).toMatchObject({ kind: 'discovered', visibleTo: 'all' });
  });

  it("the Rebel's reinforcements may arrive at his base; the Empire's never on an undiscovered secret planet", () => {
    const game = inPlay('sorrowgate');
    const at = (side: 'rebel' | 'imperial') => new Set(reinforcementEnvirons(game, side, { character: 'kaelen-dray' }).map((e) => planetOfEnviron(game.world, e)));
    expect(at('rebel').has(planet(game, 'sorrowgate'))).toBe(true);
    expect([...at('imperial')].some((p) => hiddenFrom(game, p, 'imperial'))).toBe(false);
  });

  it('a discovered base held by Imperial units alone is destroyed at the interphase (Chaos Index -10)', () => {
    const game = inPlay('sorrowgate');
    const base = planet(game, 'sorrowgate');
    unit(game, 'line', env(game, 'sorrowgate.1'));
    game.ruleset.refresh(game); // an Imperial unit stands there: discovered
    expect(has(game.world, base, game.world.c.Discovered)).toBe(true);
    const rebels = unit(game, 'rebel-1-0', env(game, 'sorrowgate.2'), 'subterranean');
    checkBase(game);
    expect(rebelBase(game)).toBe(base); // a Rebel unit still holds it
    eliminateUnit(game, rebels, '[10.3]');
    const chaos = chaosIndex(game);
    checkBase(game);
    expect(rebelBase(game)).toBe(0);
    expect(chaosIndex(game)).toBe(chaos - 10);
  });
});

describe('what the Empire imagines (beliefs)', () => {
  it("the Empire's imagined games put the undiscovered base on any undiscovered secret planet, not always the real one", () => {
    const game = inPlay('tarn');
    const imagined = new Set([0, 1, 2, 3, 4, 5, 6, 7].map((i) => rebelBase(sampleBelief(game, 'imperial', `b${i}`))));
    expect(imagined.size).toBeGreaterThan(1);
    for (const p of imagined) expect(hiddenFrom(game, p, 'imperial')).toBe(true);
    expect(rebelBase(sampleBelief(game, 'rebel', 'b0'))).toBe(planet(game, 'tarn')); // the Rebel knows his own
    tag(game.world, planet(game, 'tarn'), game.world.c.Discovered);
    expect(rebelBase(sampleBelief(game, 'imperial', 'b0'))).toBe(planet(game, 'tarn')); // once discovered, known
  });
});

describe('the Chaos Index [001 Chaos Index changes chart]', () => {
  it('starts at 25 and stays within 0-100', () => {
    const game = inPlay();
    expect(chaosIndex(game)).toBe(25);
    moveChaos(game, -40, 'test');
    expect(chaosIndex(game)).toBe(0);
    moveChaos(game, 150, 'test');
    expect(chaosIndex(game)).toBe(100);
  });

  it('an Imperial unit lost +2, a Rebel unit lost -1', () => {
    const game = inPlay();
    const imperial = unit(game, 'line', env(game, 'corvanth.1'));
    const rebel = unit(game, 'rebel-2-1', env(game, 'corvanth.1'));
    eliminateUnit(game, imperial, '[10.3]');
    expect(chaosIndex(game)).toBe(27);
    eliminateUnit(game, rebel, '[10.3]');
    expect(chaosIndex(game)).toBe(26);
  });

  it('a planet rising + its resource, falling to the Rebel + twice it, a rebellion stopped - twice it', async () => {
    const { enterRebellion, becomeRebelControlled, stopRebellion } = await import('../../../systems/rebels-vs-empire/loyalty');
    const game = inPlay();
    const brask = planet(game, 'brask'); // one wild environ, resource 2
    expect(planetResource(game, brask)).toBe(2);
    enterRebellion(game, brask, 'test');
    expect(chaosIndex(game)).toBe(27);
    becomeRebelControlled(game, brask, 'test');
    expect(chaosIndex(game)).toBe(31);
    const drossgate = planet(game, 'drossgate'); // resource 3
    enterRebellion(game, drossgate, 'test');
    stopRebellion(game, drossgate, 'test');
    expect(chaosIndex(game)).toBe(31 + 3 - 6);
  });

  it('events drawn per interphase grow with the index: 1 below 35, 2 from 35, 3 from 65', () => {
    const game = inPlay();
    const at = (index: number) => ((game.vars.chaos = index), eventsToDraw(game));
    expect([at(0), at(34), at(35), at(64), at(65), at(100)]).toEqual([1, 1, 2, 2, 3, 3]);
  });

  it('the victory level by the final index, Galactic to Collapse; a Rebel victory is a Collapse', () => {
    const game = inPlay();
    const level = (index: number) => ((game.vars.chaos = index), victoryLevel(game).id);
    expect([level(10), level(15), level(16), level(30), level(50), level(75), level(76)]).toEqual(['galactic', 'galactic', 'expanding', 'expanding', 'survival', 'decline', 'collapse']);
    expect(game.ruleset.winnerText?.('imperial', game)).toBe('The Empire wins, its victory level Collapse (Chaos Index 76).');
    game.vars.chaos = 40;
    expect(game.ruleset.winnerText?.('imperial', game)).toBe('The Empire wins, its victory level Survival (Chaos Index 40).');
    game.vars.chaos = 5;
    game.winner = 'rebel';
    expect(victoryLevel(game).id).toBe('collapse');
    expect(game.ruleset.winnerText?.('rebel', game)).toBe("The Rebellion wins: the Empire's rule ends in Collapse (Chaos Index 5).");
  });

  it('the score shows the index and the level beside the Rebel VP', () => {
    const game = inPlay();
    const s = score(game);
    expect(s).toMatchObject({ chaos: 25, level: 'Expanding' });
  });
});

describe('galactic events and strategic assignments', () => {
  const card = (id: string) => content.galactic.events.find((e) => e.id === id)!;

  it('29 events and 14 assignments in the content', () => {
    expect(content.galactic.events).toHaveLength(29);
    expect(content.galactic.assignments).toHaveLength(14);
  });

  it('[15.52] A Spark Falls: a planet at unrest rises in rebellion', () => {
    const game = inPlay();
    const tollis = planet(game, 'tollis');
    game.world.c.Loyalty.value[tollis] = UNREST;
    for (const p of allOf(game.world, 'planet')) if (p !== tollis && game.world.c.Loyalty.value[p] === UNREST) game.world.c.Loyalty.value[p] = 3;
    playEvent(game, card('spark-of-revolt'));
    expect(game.world.c.PlanetState.value[tollis]).toBe(REBELLION);
  });

  it('a race event shifts only planets where that race lives, toward the Rebel', () => {
    const game = inPlay();
    const aelith = new Set(planetsIn(game, { race: 'aelith' }));
    const before = allOf(game.world, 'planet').map((p) => game.world.c.Loyalty.value[p] as number);
    playEvent(game, card('aelith-chorus'));
    const moved = allOf(game.world, 'planet').filter((p, i) => game.world.c.Loyalty.value[p] !== before[i]);
    expect(moved.length).toBeGreaterThan(0);
    for (const p of moved) expect(aelith.has(p)).toBe(true);
  });

  it('[7.22] Imperial units raised by an event are named to the Rebel by number only', () => {
    const game = inPlay();
    const units = allOf(game.world, 'unit').length;
    playEvent(game, card('fleet-from-the-core'));
    expect(allOf(game.world, 'unit').length).toBe(units + 2);
    const line = game.events.filter((e) => e.kind === 'galactic-event').at(-1)!;
    expect(line.text).toMatch(/2 Imperial units appear on Aurelion/);
    expect(line.text).not.toMatch(/line/i);
  });

  it('A Traitor in the Cell: the Empire discovers the base', () => {
    const game = inPlay('tarn');
    playEvent(game, card('traitor-in-the-cell'));
    expect(hiddenFrom(game, planet(game, 'tarn'), 'imperial')).toBe(false);
    expect(viewFor(game, 'imperial').planets.find((p) => p.id === 'tarn')?.rebelBase).toBe(true);
  });

  it('the galactic phase draws an assignment on turn 1 and judges it at its deadline, moving the index', () => {
    const game = inPlay();
    game.vars.assignmentDeck = ['pacify-ember-reach'];
    galacticPhase(game);
    const held = assignmentInHand(game);
    expect(held?.card.id).toBe('pacify-ember-reach');
    expect(held?.held.deadline).toBe(5);
    // fail it: a planet of the Ember Reach in rebellion at the deadline
    for (const p of allOf(game.world, 'planet')) game.world.c.PlanetState.value[p] = IMPERIAL_CONTROL;
    game.world.c.PlanetState.value[planet(game, 'brask')] = REBELLION;
    game.vars.eventDeck = ['quiet-season', 'quiet-season', 'quiet-season'];
    game.vars.chaos = 40; // two events: two quiet seasons, -3 each
    game.turn = 5;
    galacticPhase(game);
    expect(assignmentInHand(game)?.held.deadline).toBeGreaterThan(5); // judged, and on turn 5 the next one is drawn
    expect(chaosIndex(game)).toBe(40 + 5 - 3 - 3);
    expect(game.events.some((e) => e.kind === 'assignment' && /failed/.test(e.text))).toBe(true);
  });

  it('the event deck is reshuffled when it runs out', () => {
    const game = inPlay();
    game.vars.eventDeck = [];
    galacticPhase(game);
    expect((game.vars.eventDeck as string[]).length).toBe(28);
  });
});
