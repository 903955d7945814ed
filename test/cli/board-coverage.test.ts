/**
 * [issue 53] every Rebels-vs-Empire decision has its board form: over a few games of every scenario, random
 * and normal, both sides' forces placed by hand in half of them, every option of every decision met is
 * reached on the board (a marker, a counter, a button), none is left to the list alone. The full count,
 * over twenty games a scenario, is `npm run board-coverage`.
 */
import { describe, expect, it } from 'vitest';
import { boardCoverage } from '../../src/cli/board-coverage';
import { content } from '../fixtures';

describe('the board covers every decision [issue 53]', () => {
  it('two games a scenario, a random and a normal (each its first 250 decisions): no decision kind with an option only the list offers', () => {
    const out = boardCoverage({ scenarios: [...content.scenarios.keys()], games: 2, stopAfter: 250, seed: 'coverage-test', content });
    // the games met the decisions that matter: movement, missions, card draws, combat, setup by hand
    for (const kind of ['movement', 'pick-for-mission', 'assign-mission', 'mission-draw', 'declare-combat', 'place-characters', 'reaction']) expect(out.kinds[kind]?.met, kind).toBeGreaterThan(0);
    expect(Object.keys(out.kinds).length).toBeGreaterThan(20);
    expect(out.listOnly).toEqual([]);
    expect(out.optionsWithoutBoardForm).toBe(0);
    for (const [kind, k] of Object.entries(out.kinds)) expect(k.presented, kind).toBe(k.options);
  });
});
