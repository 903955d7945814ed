/**
 * [VP, issue 59] what scores, where the player looks: beside the meter, the planets that score with their
 * points and why, the rest summed; on the map, each scoring planet's tag. Both from the score's own
 * sources (victory.ts victorySources), so they add up to the meter.
 */
import { describe, expect, it } from 'vitest';
import { score } from '../../systems/rebels-vs-empire/victory';
import { scoringPlanets, sourcesInBrief } from '../../src/ui/score-lines';
import { eid, testGame } from '../fixtures';

describe('what scores, in brief [VP]', () => {
  it('[VP] the planets that score, with their points and why, and the rest summed; they add up to the total', () => {
    const game = testGame('start-of-rebellion', 1);
    const name = (id: string) => game.content.planets.get(id as never)?.name ?? id;
    const s = score(game);
    const planets = scoringPlanets(s);
    // Wendhaven starts at unrest in the Wendmoor Tithe: it scores
    expect(planets.get('wendhaven')).toEqual({ points: game.content.tables.victoryPoints.unrest, why: 'at unrest' });
    expect(sourcesInBrief(s, name)).toContain(`Wendhaven +${game.content.tables.victoryPoints.unrest} (at unrest)`);
    game.vars.tally = 2;
    game.vars.tallyLog = [{ points: 2, text: 'Imperial agent killed', rule: '[VP]', turn: 1 }] as never;
    const after = score(game);
    expect(sourcesInBrief(after, name)).toContain('+2 from kills, captures and information');
    const sum = [...scoringPlanets(after).values()].reduce((n, p) => n + p.points, 0) + 2;
    expect(sum).toBe(after.rebelPoints);
    // no planet scoring: said so, and what would
    game.world.c.Loyalty.value[eid(game, 'planet', 'wendhaven')] = 2;
    game.vars.tally = 0;
    game.vars.tallyLog = [] as never;
    expect(sourcesInBrief(score(game), name)).toMatch(/^no planet scores yet/);
  });
});
