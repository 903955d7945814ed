/**
 * The mission action segment and the action deck [13.0, 13.3-13.52], card events [13.4x], completion
 * [13.5], continuing missions [13.5-13.53] and the capture rule of failed missions [12.87].
 * Cards used (urban / special / wild letters, events in brackets):
 *   68 HR / B(creature) / P    69 D / CS / PI(irate)   70 PI(raid) / SC / P   72 PG(wild) / C / DH(creature)
 *   73 D / GI / RS             76 A(abort) / BE / FB   77 C / SE(creature) / FI 79 SH(search) / GP / B(windfall)
 *   80 RE(wild) / FP / CS      83 DS(accident) / RQ / F(irate)  87 SC / R / FG  88 T(to-rebel) / F(abort) / BJ
 *   89 CE / P(windfall) / R    92 SG / FI / RT         93 RB / F(accident) / SC  95 RH(abort) / FI / B
 *   96 AT / DE(detected) / P   97 F(wild) / SH / D
 */
import { addComponent, hasComponent } from 'bitecs';
import { describe, expect, it } from 'vitest';
import type { Game } from '../../../src/core/engine/types';
import { viewFor } from '../../../src/core/view';
import { sampleBelief } from '../../../src/core/belief';
import { GuardedBy } from '../../../src/core/world/relations';
import { REBELLION, REBELLION_STOPPED } from '../../../src/core/world/components';
import { entityOf, environOf, holderOf, tag, unplace } from '../../../src/core/world/world';
import { SENTRY_ROBOT_STRENGTH, ignoredBecause, sectionFor } from '../../../systems/rebels-vs-empire/action-cards';
import { campIn } from '../../../systems/rebels-vs-empire/rebel-camp';
import { missionPhase } from '../../../systems/rebels-vs-empire/missions';
import { unitsIn } from '../../../systems/rebels-vs-empire/sides';
import { act, assign, assignOne, ch, deck, emptyBoard, env, hasOption, lettersFor, planet, put, segmentName, toSegment, unit } from './mission-helpers';

const drawsSoFar = (game: Game) => game.stack.find((f) => f.proc === 'mission-action')?.data.draws;
const group = (game: Game, letter: string) => missionPhase(game)!.groups.find((g) => g.letter === letter)!;
const kill = (game: Game, character: number) => {
  tag(game.world, character, game.world.c.Dead);
  unplace(game.world, character);
};

describe('the action segment', () => {
  it('[13.0] each environ is resolved in turn, in the order the phasing player chooses', () => {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'wendhaven.1');
    put(game, 'mirra-solvane', 'tollis.1');
    assign(game, 'rebel', [
      ['jax-tollaway', 'D'],
      ['mirra-solvane', 'D'],
    ]);
    expect(game.pending?.kind).toBe('choose-mission-environ');
    expect(game.pending?.options.map((o) => o.environ)).toEqual([env(game, 'wendhaven.1'), env(game, 'tollis.1')]);
    act(game, { type: 'resolve-environ', environ: env(game, 'tollis.1') });
    expect(game.pending?.kind).toBe('mission-draw');
    expect(game.pending?.options[0]?.environ).toBe(env(game, 'tollis.1'));
    // tollis.1 is resolved completely before wendhaven.1 starts
    act(game, { type: 'stop-drawing' });
    expect(game.pending?.options[0]?.environ).toBe(env(game, 'wendhaven.1'));
  });

  it('[13.3] the draws are one at a time, up to the environ size in total for all its groups', () => {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'tollis.2'); // liquid, size 2
    put(game, 'mirra-solvane', 'tollis.2');
    deck(game, [69, 70, 68, 68, 68, 68, 68, 68, 68, 68]);
    assign(game, 'rebel', [
      ['jax-tollaway', 'D'],
      ['mirra-solvane', 'I'],
    ]);
    act(game, { type: 'draw-action' });
    expect(drawsSoFar(game)).toBe(1);
    act(game, { type: 'draw-action' });
    // two groups, but only two draws in all: the segment is over
    expect(segmentName(game)).not.toBe('mission action');
    expect(game.events.filter((e) => e.kind === 'action-card' && e.rule === '[13.3]')).toHaveLength(2);
  });

  it('[13.3] the groups may stop drawing at any time, and then have no bonus draws', () => {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'tollis.1');
    assign(game, 'rebel', [['jax-tollaway', 'D']]);
    expect(hasOption(game, { type: 'stop-drawing' })).toBe(true);
    act(game, { type: 'stop-drawing' });
    expect(game.events.some((e) => e.kind === 'bonus-draw')).toBe(false);
    expect(game.events.some((e) => e.kind === 'action-card')).toBe(false);
  });

  it('[13.32] urban environs read the urban section, wild the wild one, the others the special one', () => {
    const { game } = emptyBoard();
    const card = game.content.actions.find((a) => a.number === 68)!;
    expect(sectionFor(game, card, env(game, 'wendhaven.1')).letters).toBe('HR');
    expect(sectionFor(game, card, env(game, 'wendhaven.2')).letters).toBe('P');
    expect(sectionFor(game, card, env(game, 'tollis.2')).letters).toBe('B');
    expect(sectionFor(game, card, env(game, 'gallowmere.2')).letters).toBe('B');
  });

  it('[13.41] a card none of whose letters is a mission performed there is not considered: no event, but it counts', () => {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'wendhaven.1');
    deck(game, [70]); // urban PI, locals raid
    assign(game, 'rebel', [['jax-tollaway', 'D']]);
    act(game, { type: 'draw-action' });
    expect(game.world.c.Pdb.up[planet(game, 'wendhaven')]).toBe(1);
    expect(drawsSoFar(game)).toBe(1);
  });

  it('[13.41] a card is considered when its letter is the mission of any group in the environ', () => {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'wendhaven.1');
    put(game, 'mirra-solvane', 'wendhaven.1');
    deck(game, [70]); // urban PI, locals raid: matches mirra's P, not jax's D
    assign(game, 'rebel', [
      ['jax-tollaway', 'D'],
      ['mirra-solvane', 'P'],
    ]);
    act(game, { type: 'draw-action' });
    expect(game.world.c.Pdb.up[planet(game, 'wendhaven')]).toBe(0);
  });

  it('[13.42] a card whose event repeats one drawn before is ignored and another drawn, not counting', () => {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'wendhaven.1');
    put(game, 'mirra-solvane', 'wendhaven.1');
    deck(game, [72, 80, 73, 68, 68, 68]);
    assign(game, 'rebel', [
      ['jax-tollaway', 'P'],
      ['mirra-solvane', 'R'],
    ]);
    game.vars.possessionDeck = [];
    act(game, { type: 'draw-action' }); // 72: populace goes wild, P
    act(game, { type: 'draw-action' }); // 80: populace goes wild again: ignored; 73 drawn instead
    expect(game.events.some((e) => e.rule === '[13.42]' && e.text.includes('Card 80'))).toBe(true);
    expect(group(game, 'R').letters).toBe(0); // 80's R did not count
    expect(drawsSoFar(game)).toBe(2);
    expect(game.vars.actionDiscard).toEqual([72, 80, 73]);
  });

  it('[13.42] a card whose event contradicts one drawn before is ignored', () => {
    const { game } = emptyBoard();
    const e = env(game, 'wendhaven.1');
    expect(ignoredBecause(game, 'loyalty-to-imperial', e, ['loyalty-to-rebel'])).toMatch(/contradicts/);
    expect(ignoredBecause(game, 'loyalty-to-rebel', e, ['loyalty-to-imperial'])).toMatch(/contradicts/);
    expect(ignoredBecause(game, 'loyalty-to-rebel', e, ['accident'])).toBeNull();
    expect(ignoredBecause(game, null, e, ['accident'])).toBeNull();
  });

  it('[13.43, 13.2] an event hits one active group of characters, never a rebel camp', () => {
    const { game } = emptyBoard();
    foundRebelCampAt(game, 'tollis.2');
    const jax = put(game, 'jax-tollaway', 'tollis.2');
    deck(game, [96]); // special DE, characters detected
    toSegment(game, 'mission assignment');
    assignOne(game, campIn(game, env(game, 'tollis.2')), 'D');
    assignOne(game, jax, 'D');
    act(game, { type: 'draw-action' });
    expect(hasComponent(game.world, jax, game.world.c.Detected)).toBe(true);
  });

  it('[13.44, 13.2] an aborted mission takes no more letters; an aborted assassination never risks capture', () => {
    const { game, calls } = emptyBoard({ 'character-combat': null });
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    const ysmena = put(game, 'ysmena-coil', 'wendhaven.1');
    tag(game.world, ysmena, game.world.c.Detected);
    unit(game, 'militia', 'wendhaven.1');
    deck(game, [76, 68, 68, 68, 68]); // urban A, mission aborted
    assign(game, 'rebel', [['jax-tollaway', 'A']]);
    const a = group(game, 'A');
    act(game, { type: 'draw-action' });
    expect(a.status).toBe('aborted');
    expect(a.letters).toBe(0);
    expect(hasComponent(game.world, ysmena, game.world.c.Dead)).toBe(false); // the A letter did not take effect
    expect(calls).toHaveLength(0);
    expect(environOf(game.world, jax)).toBe(env(game, 'wendhaven.1'));
  });

  /** Jax's Coup at Wendhaven aborted by a card (Mirra beside him on Start Rebellion), on a board of this kind. */
  function abortedCoup(kind: Game['scenario']['kind'], withUnits: boolean) {
    const { game, calls } = emptyBoard({ 'character-combat': null });
    (game as { scenario: Game['scenario'] }).scenario = { ...game.scenario, kind }; // the same board, by that game's rules
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    const militia = withUnits ? unit(game, 'militia', 'wendhaven.1') : 0;
    put(game, 'mirra-solvane', 'wendhaven.1');
    deck(game, [95]); // urban RH, mission aborted
    assign(game, 'rebel', [
      ['jax-tollaway', 'C'],
      ['mirra-solvane', 'R'],
    ]);
    game.rng.pick = <T>(list: readonly T[]) => list[0] as T; // the coup group is hit
    act(game, { type: 'draw-action' });
    expect(group(game, 'C').status).toBe('aborted');
    return { game, calls, jax, militia };
  }

  it('[12.87] an aborted coup with enemy units present is attacked by them; with none, nobody is captured', () => {
    for (const withUnits of [true, false]) {
      const { game, calls, jax, militia } = abortedCoup('star-system', withUnits);
      if (withUnits)
        expect(calls).toEqual([
          {
            proc: 'character-combat',
            data: { environ: env(game, 'wendhaven.1'), attackerSide: 'imperial', attacker: { kind: 'squad', strength: 1, leader: 0, units: [militia] }, defenders: [jax] },
          },
        ]);
      else expect(calls).toHaveLength(0);
    }
  });

  it('[13.45] a creature attack: the environ\'s creature attacks a group in character combat', () => {
    const { game, calls } = emptyBoard({ 'character-combat': null });
    const jax = put(game, 'jax-tollaway', 'wendhaven.2');
    deck(game, [72]); // wild DH, creature attacks
    assign(game, 'rebel', [['jax-tollaway', 'D']]);
    act(game, { type: 'draw-action' });
    expect(calls).toEqual([
      { proc: 'character-combat', data: { environ: env(game, 'wendhaven.2'), attackerSide: 'imperial', attacker: { kind: 'creature', creature: 'mire-lurker' }, defenders: [jax] } },
    ]);
  });

  it('[13.46, 15.51] with no creature, sentry robots attack only where the non-phasing player controls the planet', () => {
    for (const state of [0, REBELLION]) {
      const { game, calls } = emptyBoard({ 'character-combat': null });
      const jax = put(game, 'jax-tollaway', 'tollis.2'); // liquid, no creature
      game.world.c.PlanetState.value[planet(game, 'tollis')] = state;
      deck(game, [68]); // special B, creature attacks
      assign(game, 'rebel', [['jax-tollaway', 'B']]);
      act(game, { type: 'draw-action' });
      if (state === 0)
        expect(calls[0]?.data).toEqual({
          environ: env(game, 'tollis.2'),
          attackerSide: 'imperial',
          attacker: { kind: 'squad', strength: SENTRY_ROBOT_STRENGTH, leader: 0, units: [] },
          defenders: [jax],
        });
      else expect(calls).toHaveLength(0); // in rebellion nobody controls Tollis
    }
  });

  it('[13.2] in the province and galactic games an aborted group does not roll: an aborted coup is not attacked', () => {
    for (const kind of ['province', 'galactic'] as const) expect(abortedCoup(kind, true).calls).toHaveLength(0);
  });

  it('[13.2 J] Spaceship Quest: not in the star-system game; in the province and galactic games its letter gives a starship from the deck', () => {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'wendhaven.1');
    game.vars.possessionDeck = ['burrowfox', 'dawnrunner'];
    toSegment(game, 'mission assignment', 'rebel');
    expect(lettersFor(game, ch(game, 'jax-tollaway'))).not.toContain('J');

    const province = emptyBoard().game;
    (province as { scenario: Game['scenario'] }).scenario = { ...province.scenario, kind: 'province' };
    put(province, 'jax-tollaway', 'wendhaven.1');
    province.vars.possessionDeck = ['burrowfox', 'dawnrunner'];
    deck(province, [71]); // urban CJ, no event
    assign(province, 'rebel', [['jax-tollaway', 'J']]);
    act(province, { type: 'draw-action' });
    expect(province.pending?.kind).toBe('assign-possession');
    expect(JSON.stringify(province.pending)).toMatch(/Dawnrunner/); // the one spaceship in the deck, not the companion
  });

  it('[13.2 Q] Question Prisoner (province and galactic games): only his guard questions a prisoner; he names the hidden enemy characters of the province', () => {
    const { game } = emptyBoard();
    (game as { scenario: Game['scenario'] }).scenario = { ...game.scenario, kind: 'province' };
    const ysmena = put(game, 'ysmena-coil', 'wendhaven.1');
    const nilo = put(game, 'nilo-brevant', 'wendhaven.1');
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    tag(game.world, jax, game.world.c.Captured);
    addComponent(game.world, jax, GuardedBy(ysmena));
    const mirra = put(game, 'mirra-solvane', 'tollis.2'); // hidden elsewhere in the province
    toSegment(game, 'mission assignment', 'imperial');
    expect(lettersFor(game, ysmena)).toEqual(['Q']); // the guard: questioning only
    expect(lettersFor(game, nilo)).not.toContain('Q'); // not his prisoner
    deck(game, [94]); // urban DQ, no event
    assign(game, 'imperial', [['ysmena-coil', 'Q']]);
    act(game, { type: 'draw-action' });
    // [13.2 Q] he names her, and "for the rest of the game-turn" the Empire sees where she is; she is not
    // detected [9.31]. The Imperial mission phase ends the game-turn, so here it is already over
    expect(game.events.find((e) => e.kind === 'questioned')).toMatchObject({ visibleTo: 'imperial', turn: 1 });
    expect(game.events.find((e) => e.kind === 'questioned')?.entities).toContain(mirra);
    expect(hasComponent(game.world, mirra, game.world.c.Detected)).toBe(false);
    expect(game.turn).toBe(2);
    expect(viewFor(game, 'imperial').characters.find((c) => c.eid === mirra)).toBeUndefined();
  });

  it("[13.2 Q] the Rebel's questioned prisoner shows the Empire's hidden units of his province for the rest of the game-turn, not those of other provinces", () => {
    const { game } = emptyBoard();
    (game as { scenario: Game['scenario'] }).scenario = { ...game.scenario, kind: 'province' };
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    const ysmena = put(game, 'ysmena-coil', 'wendhaven.1');
    tag(game.world, ysmena, game.world.c.Captured);
    addComponent(game.world, ysmena, GuardedBy(jax));
    const line = unit(game, 'line', 'tollis.2');
    const nilo = put(game, 'nilo-brevant', 'tollis.1'); // undetected
    const typeOf = () => viewFor(game, 'rebel').units.find((u) => u.eid === line)?.type;
    const seen = () => viewFor(game, 'rebel').characters.some((c) => c.eid === nilo);
    expect([typeOf(), seen()]).toEqual(['hidden', false]); // [7.22, 9.31]
    toSegment(game, 'mission assignment', 'rebel');
    deck(game, [94]); // urban DQ, no event
    assign(game, 'rebel', [['jax-tollaway', 'Q']]);
    act(game, { type: 'draw-action' });
    expect([typeOf(), seen()]).toEqual(['line', true]);
    expect(hasComponent(game.world, nilo, game.world.c.Detected)).toBe(false); // seen, not detected
    // what the Rebel imagines keeps what he was told
    const imagined = sampleBelief(game, 'rebel', 'q');
    expect(environOf(imagined.world, nilo)).toBe(environOf(game.world, nilo));
    expect(imagined.world.c.Unit.type[line]).toBe(game.world.c.Unit.type[line]);
    game.turn++;
    expect([typeOf(), seen()]).toEqual(['hidden', false]);
  });

  it('[13.2 H] Steal Enemy Resources (province and galactic games): on an enemy planet its weakest unit is lost and the thief raises a unit of strength 1', () => {
    const { game } = emptyBoard();
    (game as { scenario: Game['scenario'] }).scenario = { ...game.scenario, kind: 'province' };
    put(game, 'jax-tollaway', 'wendhaven.1');
    const militia = unit(game, 'militia', 'wendhaven.1');
    const line = unit(game, 'line', 'wendhaven.2');
    deck(game, [68]); // urban HR, no event
    assign(game, 'rebel', [['jax-tollaway', 'H']]);
    act(game, { type: 'draw-action' });
    expect(hasComponent(game.world, militia, game.world.c.Eliminated)).toBe(true); // the weakest, not the line
    expect(hasComponent(game.world, line, game.world.c.Eliminated)).toBe(false);
    const raised = unitsIn(game, env(game, 'wendhaven.1'), 'rebel');
    expect(raised.map((u) => game.content.tables.unitTypes[game.world.c.Unit.type[u] as number]?.id)).toEqual(['rebel-1-0']);
  });

  it('[13.47] irate locals: the first race of the environ on the Irate Locals Chart attacks', () => {
    const { game, calls } = emptyBoard({ 'character-combat': null });
    const jax = put(game, 'jax-tollaway', 'wendhaven.2'); // bruuk, ondrani
    deck(game, [69]); // wild PI, irate locals
    assign(game, 'rebel', [['jax-tollaway', 'P']]);
    act(game, { type: 'draw-action' });
    expect(calls[0]?.data).toEqual({ environ: env(game, 'wendhaven.2'), attackerSide: 'imperial', attacker: { kind: 'irate-locals', race: 'bruuk' }, defenders: [jax] });
  });

  it('[13.47] irate locals are ignored for a Rebel mission on a planet in rebellion or Rebel-controlled', () => {
    const { game, calls } = emptyBoard({ 'character-combat': null });
    put(game, 'jax-tollaway', 'wendhaven.2');
    game.world.c.PlanetState.value[planet(game, 'wendhaven')] = REBELLION;
    deck(game, [69]);
    game.vars.possessionDeck = ['burrowfox'];
    assign(game, 'rebel', [['jax-tollaway', 'P']]);
    act(game, { type: 'draw-action' });
    expect(calls).toHaveLength(0);
    expect(game.pending?.kind).toBe('assign-possession'); // the P letter still took effect
  });

  it('[13.48] an enemy search: the non-phasing player searches one group at once, each group once a phase', () => {
    const { game, calls } = emptyBoard({ search: null });
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    deck(game, [79, 79, 73, 68, 68, 68]); // urban SH, enemy search
    assign(game, 'rebel', [['jax-tollaway', 'S']]);
    act(game, { type: 'draw-action' });
    expect(calls).toEqual([{ proc: 'search', data: { environ: env(game, 'wendhaven.1'), searchingSide: 'imperial', group: [jax], calledByCard: true } }]);
    // [9.31] told to both sides, but not who is searched: Jax is undetected
    expect(game.events.find((e) => e.rule === '[13.48]')?.text).toBe('The enemy searches for a mission group of 1 character.');
    act(game, { type: 'draw-action' }); // a second search card: every group searched, the card is ignored
    expect(calls).toHaveLength(1);
    expect(game.events.some((e) => e.text.includes('every group has been searched'))).toBe(true);
    expect(drawsSoFar(game)).toBe(2);
    expect(group(game, 'S').letters).toBe(1);
  });

  it('[13.42, 13.48] a second search card is not ignored while a group remains unsearched', () => {
    const { game, calls } = emptyBoard({ search: null });
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    const mirra = put(game, 'mirra-solvane', 'wendhaven.1');
    deck(game, [79, 79]);
    assign(game, 'rebel', [
      ['jax-tollaway', 'S'],
      ['mirra-solvane', 'S'],
    ]);
    act(game, { type: 'draw-action' });
    act(game, { type: 'draw-action' });
    expect(calls).toHaveLength(1); // one group: the two S characters are one group [13.1]
    const { game: g2, calls: c2 } = emptyBoard({ search: null });
    put(g2, 'jax-tollaway', 'wendhaven.1');
    put(g2, 'mirra-solvane', 'wendhaven.1');
    deck(g2, [79, 79]);
    assign(g2, 'rebel', [
      ['jax-tollaway', 'S'],
      ['mirra-solvane', 'I'],
    ]);
    act(g2, { type: 'draw-action' });
    act(g2, { type: 'draw-action' });
    expect(c2.map((c) => c.data.group)).toEqual(expect.arrayContaining([[jax], [mirra]]));
    expect(drawsSoFar(g2)).toBe(2);
  });

  it('[13.51] a continuing mission that is aborted is not completed: its letters have no effect', () => {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'tollis.1'); // loyal
    put(game, 'mirra-solvane', 'tollis.1');
    deck(game, [73, 95]); // urban D; urban RH with an abort
    assign(game, 'rebel', [
      ['jax-tollaway', 'D'],
      ['mirra-solvane', 'R'],
    ]);
    game.rng.pick = <T>(list: readonly T[]) => list[0] as T; // the D group is hit
    const d = group(game, 'D');
    act(game, { type: 'draw-action' });
    act(game, { type: 'draw-action' });
    expect(d.status).toBe('aborted');
    expect(d.letters).toBe(1);
    expect(game.world.c.Loyalty.value[planet(game, 'tollis')]).toBe(1);
  });

  it('[13.2] a rebel camp never moves', () => {
    const { game } = emptyBoard();
    const camp = foundRebelCampAt(game, 'tollis.2');
    toSegment(game, 'movement', 'rebel');
    expect(game.pending?.options.some((o) => o.piece === camp)).toBe(false);
  });

  it('[13.5] a mission completes on its letter; its group draws no more while others go on', () => {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'wendhaven.1');
    put(game, 'mirra-solvane', 'wendhaven.1');
    deck(game, [74, 73]); // urban P; urban D
    game.vars.possessionDeck = ['burrowfox'];
    assign(game, 'rebel', [
      ['jax-tollaway', 'P'],
      ['mirra-solvane', 'D'],
    ]);
    act(game, { type: 'draw-action' });
    act(game, { type: 'assign-possession', character: jax });
    expect(holderOf(game.world, entityOf(game.world, 'possession', 'burrowfox'))).toBe(jax);
    expect(group(game, 'P').status).toBe('completed');
    expect(game.pending?.kind).toBe('mission-draw');
    expect(hasOption(game, { type: 'stop-mission', group: group(game, 'P').id })).toBe(false);
    act(game, { type: 'draw-action' });
    expect(group(game, 'P').letters).toBe(1);
    expect(group(game, 'D').letters).toBe(1);
  });

  it('[13.51, 13.52] a continuing mission accumulates letters; stopping it after a card completes it with all of them', () => {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'tollis.1'); // Tollis is loyal
    deck(game, [69, 73]); // two urban D
    assign(game, 'rebel', [['jax-tollaway', 'D']]);
    act(game, { type: 'draw-action' });
    act(game, { type: 'draw-action' });
    expect(game.world.c.Loyalty.value[planet(game, 'tollis')]).toBe(1); // not yet
    act(game, { type: 'stop-mission', group: group(game, 'D').id });
    expect(game.world.c.Loyalty.value[planet(game, 'tollis')]).toBe(3);
  });

  it('[13.52] a continuing mission out of draws completes, with its bonus draws, and all its letters count', () => {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'tollis.2'); // liquid, size 2
    deck(game, [73, 92, 95]); // special GI, FI, then FI as the bonus draw
    assign(game, 'rebel', [['jax-tollaway', 'I']]);
    act(game, { type: 'draw-action' });
    act(game, { type: 'draw-action' });
    // jax: intelligence 3 gives one bonus draw [13.6]
    expect(game.vars.tally).toBe(3 * game.content.tables.victoryPoints.gatherInformation);
  });

  it('[13.3, 13.52] a group all killed during a card\'s event: its letter does not take effect, no effects', () => {
    const { game } = emptyBoard({
      'character-combat': (g, data) => {
        for (const d of data.defenders as number[]) kill(g, d);
        return { killed: data.defenders as number[], captured: [], brokeOff: false, attackerDefeated: false };
      },
    });
    put(game, 'jax-tollaway', 'wendhaven.2');
    deck(game, [72]); // wild DH: creature attacks, D
    const loyalty = game.world.c.Loyalty.value[planet(game, 'wendhaven')];
    game.world.c.Loyalty.value[planet(game, 'wendhaven')] = 1;
    assign(game, 'rebel', [['jax-tollaway', 'D']]);
    const d = group(game, 'D');
    act(game, { type: 'draw-action' });
    expect(d.status).toBe('lost');
    expect(d.letters).toBe(0);
    expect(game.world.c.Loyalty.value[planet(game, 'wendhaven')]).toBe(1);
    expect(loyalty).toBe(4);
  });

  it('[13.53] Stop Rebellion needs two R letters', () => {
    for (const [cards, stopped] of [
      [[68, 93], true],
      [[68, 73], false],
    ] as const) {
      const { game } = emptyBoard();
      put(game, 'ysmena-coil', 'tollis.1');
      game.world.c.PlanetState.value[planet(game, 'tollis')] = REBELLION;
      unit(game, 'militia', 'tollis.2'); // so Tollis does not pass to the Rebel in the interphase
      deck(game, [...cards]);
      assign(game, 'imperial', [['ysmena-coil', 'R']]);
      act(game, { type: 'draw-action' });
      act(game, { type: 'draw-action' });
      act(game, { type: 'stop-mission', group: group(game, 'R').id });
      expect(game.world.c.PlanetState.value[planet(game, 'tollis')]).toBe(stopped ? REBELLION_STOPPED : REBELLION);
    }
  });
});

describe('events of the action cards', () => {
  it('[13.3, 9.4] the cards an undetected group draws are not in the enemy\'s view; a detection is', () => {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'tollis.2');
    deck(game, [96]); // special DE: characters detected
    assign(game, 'rebel', [['jax-tollaway', 'D']]);
    act(game, { type: 'draw-action' });
    const seen = viewFor(game, 'imperial').events;
    expect(seen.some((e) => e.kind === 'action-card' || e.kind === 'mission-assigned')).toBe(false);
    expect(seen.some((e) => e.rule === '[9.42]')).toBe(true);
    expect(viewFor(game, 'rebel').events.some((e) => e.kind === 'action-card')).toBe(true);
  });

  it('[9.42] characters detected: the group becomes detected', () => {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'tollis.2');
    deck(game, [96]);
    assign(game, 'rebel', [['jax-tollaway', 'D']]);
    expect(hasComponent(game.world, jax, game.world.c.Detected)).toBe(false);
    act(game, { type: 'draw-action' });
    expect(hasComponent(game.world, jax, game.world.c.Detected)).toBe(true);
  });

  it('[8.31] locals raid: the planet\'s PDB goes down', () => {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'wendhaven.1');
    deck(game, [70]);
    game.vars.possessionDeck = [];
    assign(game, 'rebel', [['jax-tollaway', 'P']]);
    act(game, { type: 'draw-action' });
    expect(game.world.c.Pdb.up[planet(game, 'wendhaven')]).toBe(0);
  });

  it('[15.12] loyalty events shift the planet\'s loyalty one space', () => {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'tollis.1');
    unit(game, 'militia', 'tollis.1');
    deck(game, [88]); // urban T, loyalty to the Rebel
    assign(game, 'rebel', [['jax-tollaway', 'T']]);
    act(game, { type: 'draw-action' });
    expect(game.world.c.Loyalty.value[planet(game, 'tollis')]).toBe(2);
  });

  it('[12.7] an accident wounds one character of a group', () => {
    const { game } = emptyBoard();
    const jax = put(game, 'jax-tollaway', 'tollis.1');
    deck(game, [83]); // urban DS, accident
    assign(game, 'rebel', [['jax-tollaway', 'D']]);
    act(game, { type: 'draw-action' });
    expect(game.world.c.Wounds.value[jax]).toBe(1);
  });

  it('[13.6] a windfall gives the group a bonus draw', () => {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'tollis.2');
    put(game, 'mirra-solvane', 'tollis.2');
    deck(game, [89]); // special P, windfall
    game.vars.possessionDeck = [];
    assign(game, 'rebel', [
      ['jax-tollaway', 'D'],
      ['mirra-solvane', 'P'],
    ]);
    game.rng.pick = <T>(list: readonly T[]) => list[0] as T;
    act(game, { type: 'draw-action' });
    expect(group(game, 'D').windfall).toBe(1);
  });
});

/** Found a camp (the B mission's effect) in an environ. */
function foundRebelCampAt(game: Game, environ: string): number {
  const e = env(game, environ);
  put(game, 'pip-tock', environ);
  deck(game, [74]); // special "BH", no event (68's special B would bring a creature)
  toSegment(game, 'mission assignment');
  assignOne(game, ch(game, 'pip-tock'), 'B');
  act(game, { type: 'draw-action' });
  unplace(game.world, ch(game, 'pip-tock'));
  return campIn(game, e);
}

