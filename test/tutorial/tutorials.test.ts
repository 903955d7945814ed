/**
 * Every bundled tutorial played to its end through the real engine [issue 56]: each scripted command is
 * legal where the script puts it (the player's where a step teaches it, the opponent's whenever it
 * decides), every place a step names is on the board then, and every claim its words make holds (the
 * dice, the card drawn, the planet that shifts). And a tutorial that does not match the engine is
 * refused, naming the step and why.
 */
import { describe, expect, it } from 'vitest';
import { bundledContent } from '../../src/core/content/bundled';
import { BUNDLED_TUTORIALS } from '../../src/tutorial/bundled';
import { compileTutorial } from '../../src/tutorial/compile';
import { parseTutorial, type TutorialDef } from '../../src/tutorial/format';
import { TUTORIAL_RULESETS } from '../../src/tutorial/rulesets';

const content = bundledContent();

function defOf(id: string): TutorialDef {
  const parsed = parseTutorial(`assets/tutorials/${id}`, BUNDLED_TUTORIALS[id]!);
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  return parsed.def;
}

function compile(def: TutorialDef) {
  return compileTutorial(content, def, TUTORIAL_RULESETS[def.ruleset]!);
}

describe('the bundled tutorials', () => {
  for (const id of Object.keys(BUNDLED_TUTORIALS)) {
    it(`${id}: plays to its end, every command legal and every claim true`, () => {
      const result = compile(defOf(id));
      expect(result.ok ? [] : result.problems).toEqual([]);
      if (!result.ok) return;
      const { script } = result;
      // every step but reading ones is taught by the player's own commands, in order
      const taught = script.steps.flatMap((s) => s.def.do ?? []).length;
      expect(script.commands.filter((c) => c.by === 'player')).toHaveLength(taught);
      expect(script.steps.at(-1)?.def.finish).toBeDefined();
    });
  }
});

describe('a tutorial that does not match the engine is refused, naming the step and why', () => {
  const conquest = () => structuredClone(defOf('conquest'));

  it('an illegal taught command', () => {
    const def = conquest();
    const attack = def.steps.findIndex((s) => s.id === 'attack');
    def.steps[attack]!.do = [{ type: 'attack', from: 'rakhar', to: 'solenne' }];
    const result = compile(def);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]).toMatch(new RegExp(`step ${attack + 1} "attack": its command 1 \\(azure attack from="rakhar" to="solenne"\\) is not legal there`));
  });

  it("an opponent's command that is not legal where it comes", () => {
    const def = conquest();
    def.opponent[0] = { type: 'place', territory: 'rakhar', count: 3 };
    const result = compile(def);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]).toMatch(/step \d+ "their-turn": the opponent's command 1 \(crimson place territory="rakhar" count=3\) is not legal there/);
  });

  it('a step naming a place that is not on the board', () => {
    const def = conquest();
    def.steps[1]!.at = 'territory:atlantis';
    const result = compile(def);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toEqual(['tutorial "conquest", step 2 "continents": its place territory:atlantis: there is no territory "atlantis" on the map']);
  });

  it('a step naming a piece that is not on the board, or a command naming one', () => {
    const rebels = structuredClone(defOf('rebels'));
    const move = rebels.steps.findIndex((s) => s.id === 'move');
    rebels.steps[move]!.at = 'piece:pip-tock';
    let result = compile(rebels);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toEqual([`tutorial "rebels", step ${move + 1} "move": its place piece:pip-tock: pip-tock is not on the board (dead, lost, or not yet come)`]);
    const again = structuredClone(defOf('rebels'));
    again.steps[move]!.do![1] = { type: 'pick', piece: '@nobody' };
    result = compile(again);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toEqual([`tutorial "rebels", step ${move + 1} "move": its command 2: there is nothing called "nobody" in this game`]);
    // an Imperial character off the board is no piece of the Rebel's to take along
    again.steps[move]!.do![1] = { type: 'pick', piece: '@serath-kaine' };
    result = compile(again);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]).toMatch(/step 4 "move": its command 2 \(rebel pick piece="@serath-kaine"\) is not legal there/);
  });

  it('a step standing beside a panel its mode does not have', () => {
    const def = conquest();
    def.steps[0]!.at = 'panel:treasury';
    const result = compile(def);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toEqual(['tutorial "conquest", step 1 "welcome": its place panel:treasury: the conquest screen has no panel "treasury" (it has blocs, cards, factions, continents)']);
  });

  it('a claim that does not hold (the dice said otherwise)', () => {
    const def = conquest();
    const roll = def.steps.find((s) => s.id === 'roll')!;
    roll.claims = [{ event: 'roll', says: '6 6 6 against 1 1' }];
    const result = compile(def);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems[0]).toMatch(/step 5 "roll": it claims a "roll" event saying "6 6 6 against 1 1", but the game said: "Azure attacks Orrim from Rakhar: 5 3 3 against 4 4/);
  });

  it('a file of the wrong shape is named with its place', () => {
    const files = structuredClone(BUNDLED_TUTORIALS.conquest!);
    (files.steps as { say?: unknown }[])[0]!.say = 42;
    const parsed = parseTutorial('assets/tutorials/conquest', files);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.problems[0]).toMatch(/^assets\/tutorials\/conquest\/steps\.json at \[0\]\.say: /);
  });

  it('opponent commands left over when the steps end', () => {
    const def = conquest();
    def.opponent.push({ type: 'end-turn' });
    const result = compile(def);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems).toEqual([`tutorial "conquest": the opponent's commands ${def.opponent.length} to ${def.opponent.length} are never played (the steps end first)`]);
  });
});
