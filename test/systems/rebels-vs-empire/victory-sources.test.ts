/**
 * The VP breakdown by source (tables.md "Loyalty, control and victory"): each planet that scores and
 * each kill, capture and gathering of information on its own line, adding up to the total.
 */
import { describe, expect, it } from 'vitest';
import { IMPERIAL_CONTROL, REBELLION, REBEL_CONTROL } from '../../../src/core/world/components';
import { applyCapture } from '../../../systems/rebels-vs-empire/capture';
import { killCharacter } from '../../../systems/rebels-vs-empire/character-combat';
import { NEUTRAL, PATRIOTIC, UNREST } from '../../../systems/rebels-vs-empire/loyalty';
import { planetsInPlay } from '../../../systems/rebels-vs-empire/sides';
import { rebelVictoryPoints, score, victorySources } from '../../../systems/rebels-vs-empire/victory';
import { missionPhase } from '../../../systems/rebels-vs-empire/missions';
import { act, assign, deck, emptyBoard, put } from './mission-helpers';
import { eid, testGame } from '../../fixtures';
import { scoreLines } from '../../../src/ui/score-lines';

const sum = (xs: { points: number }[]) => xs.reduce((n, x) => n + x.points, 0);

describe('victory points by source', () => {
  it('[VP] each scoring planet is its own line: Rebel control +9, rebellion +6, unrest +3, patriotic -2', () => {
    const game = testGame('start-of-rebellion', 'sources');
    const c = game.world.c;
    for (const p of planetsInPlay(game)) [c.Loyalty.value[p], c.PlanetState.value[p]] = [NEUTRAL, IMPERIAL_CONTROL];
    const set = (id: string, loyalty: number, state: number) => {
      const p = eid(game, 'planet', id);
      [c.Loyalty.value[p], c.PlanetState.value[p]] = [loyalty, state];
    };
    set('wendhaven', UNREST, REBEL_CONTROL);
    set('tollis', UNREST, REBELLION);
    set('gallowmere', PATRIOTIC, IMPERIAL_CONTROL);
    const lines = victorySources(game);
    const vp = game.content.tables.victoryPoints;
    expect(lines.map((l) => [l.planet, l.points])).toEqual([
      ['wendhaven', vp.rebelControlled],
      ['tollis', vp.rebellion],
      ['gallowmere', vp.patriotic],
    ]);
    expect(lines[0]!.text).toMatch(/Wendhaven: Rebel control/);
    expect(sum(lines)).toBe(rebelVictoryPoints(game));
  });

  it('[12.73, 12.81] each kill and each capture is its own line, naming the character, and the lines add up to the total', () => {
    const game = testGame('start-of-rebellion', 'sources');
    const imperial = eid(game, 'character', 'ysmena-coil');
    const rebel = eid(game, 'character', 'jax-tollaway');
    const other = eid(game, 'character', 'nilo-brevant');
    killCharacter(game, imperial, 'in a test');
    applyCapture(game, rebel, other);
    const events = victorySources(game).filter((l) => l.kind === 'event');
    const vp = game.content.tables.victoryPoints;
    expect(events.map((e) => [e.points, e.rule])).toEqual([
      [vp.imperialKilled, '[12.73]'],
      [vp.rebelCaptured, '[12.81]'],
    ]);
    expect(events[0]!.text).toContain(game.content.characters.get('ysmena-coil')!.name);
    expect(events[1]!.text).toContain(game.content.characters.get('jax-tollaway')!.name);
    expect(events.every((e) => e.turn === game.turn)).toBe(true);
    expect(sum(victorySources(game))).toBe(rebelVictoryPoints(game));
  });

  it('[13.2] each gathering of information is its own line with its points', () => {
    const { game } = emptyBoard();
    put(game, 'jax-tollaway', 'tollis.1');
    deck(game, [81, 86]); // urban FI, FI
    assign(game, 'rebel', [['jax-tollaway', 'I']]);
    act(game, { type: 'draw-action' });
    act(game, { type: 'draw-action' });
    act(game, { type: 'stop-mission', group: missionPhase(game)!.groups.find((g) => g.letter === 'I')!.id });
    const events = victorySources(game).filter((l) => l.kind === 'event');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ points: 2 * game.content.tables.victoryPoints.gatherInformation, rule: '[13.2]' });
    expect(events[0]!.text).toMatch(/gathered information at Tollis/);
    expect(sum(victorySources(game))).toBe(rebelVictoryPoints(game));
  });

  it('[VP] the score carries the lines for every view', () => {
    const game = testGame('start-of-rebellion', 'sources');
    killCharacter(game, eid(game, 'character', 'ysmena-coil'), 'in a test');
    const s = score(game) as { sources: { points: number; kind: string }[]; rebelPoints: number };
    expect(sum(s.sources)).toBe(s.rebelPoints);
    expect(s.sources.some((l) => l.kind === 'event')).toBe(true);
  });
});

describe('the VP lines a player reads', () => {
  it('one line per source, signed, events with their turn; an older score reads its totals by reason', () => {
    const game = testGame('start-of-rebellion', 'lines');
    killCharacter(game, eid(game, 'character', 'ysmena-coil'), 'in a test');
    const lines = scoreLines(score(game));
    const vp = game.content.tables.victoryPoints;
    expect(lines.some((l) => l.startsWith(`${vp.imperialKilled > 0 ? '+' : ''}${vp.imperialKilled} `) && /Ysmena Coil/.test(l) && /\(turn \d+\)/.test(l))).toBe(true);
    expect(lines.length).toBe(victorySources(game).length);
    expect(scoreLines({ breakdown: { 'unrest planets': 3, 'patriotic planets': 0 } })).toEqual(['unrest planets: +3']);
    expect(scoreLines({ sources: 'broken' })).toEqual([]);
  });
});
