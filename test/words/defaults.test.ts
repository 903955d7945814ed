/**
 * [9.57, issue 44] needless questions answered by their default unless the player asks to be asked
 * every time: organize stacks keeps each character's stack as it stands, a one-option decision is taken.
 */
import { describe, expect, it } from 'vitest';
import { hasComponent } from 'bitecs';
import { PlayEngine } from '../../src/ui/play/play-engine';
import { needless, needlessAnswer } from '../../src/words/defaults';
import type { Decision } from '../../src/core/engine/types';
import { content, eid, testGame } from '../fixtures';

/** Play the galactic Empire's first two turns, always ending or taking the first choice; count what the human is asked. */
function asked(askEveryTime: boolean): { kinds: string[]; oneOption: number } {
  const e = new PlayEngine(content);
  e.askEveryTime = askEveryTime;
  e.start({ scenario: 'galactic-lucent-spiral', seed: '5', players: { rebel: { kind: 'ai', agent: 'normal' }, imperial: { kind: 'human' } } });
  const kinds: string[] = [];
  let oneOption = 0;
  for (let i = 0; i < 4000 && e.game!.turn <= 2 && !e.game!.winner; i++) {
    if (e.stepAI()) continue;
    const s = e.state();
    const d = s.play.decision;
    if (!d) continue;
    kinds.push(d.kind);
    if (d.options.length === 1) oneOption++;
    const end = d.options.findIndex((o) => /^(end|no|stop|drop)-/.test(o.type));
    e.answer('imperial', Math.max(0, end));
  }
  return { kinds, oneOption };
}

describe('needless questions [issue 44]', () => {
  it('[9.57] organize stacks is asked every time only when the player wants it; by default the stack stays', () => {
    const every = asked(true);
    const byDefault = asked(false);
    expect(every.kinds.filter((k) => k === 'organize-stacks').length).toBeGreaterThan(2);
    expect(byDefault.kinds.filter((k) => k === 'organize-stacks').length).toBe(0);
    expect(byDefault.oneOption).toBe(0);
    expect(byDefault.kinds.length).toBeLessThan(every.kinds.length);
  });

  it('[9.57] the default keeps what stands: a character stacked with units stays so, one in the mission stack stays there', () => {
    const e = new PlayEngine(content);
    e.askEveryTime = true;
    e.start({ scenario: 'galactic-lucent-spiral', seed: '5', players: { rebel: { kind: 'ai', agent: 'normal' }, imperial: { kind: 'human' } } });
    for (let i = 0; i < 4000; i++) {
      if (e.stepAI()) continue;
      const g = e.game!;
      const d = g.pending!;
      if (d.kind === 'organize-stacks') {
        const ch = d.options[0]!.character as number;
        const w = g.world;
        const answer = needlessAnswer(g, d)!;
        expect(answer.type).toBe(hasComponent(w, ch, w.c.StackedWithUnits) ? 'stack-with-units' : 'mission-stack');
        return;
      }
      const end = d.options.findIndex((o) => /^(end|no|stop|drop)-/.test(o.type));
      e.answer('imperial', Math.max(0, end));
    }
    throw new Error('no organize-stacks decision');
  });
});

describe('questions without a difference are not asked [issue 53, issue 59]', () => {
  /** Play `scenario` as `human` against normal's AI for `turns` game-turns, ending or taking the first choice; the decisions asked. */
  function played(scenario: string, human: 'rebel' | 'imperial', askEveryTime: boolean, turns = 3) {
    const e = new PlayEngine(content);
    e.askEveryTime = askEveryTime;
    const other = human === 'rebel' ? 'imperial' : 'rebel';
    e.start({ scenario, seed: '7', players: { [human]: { kind: 'human' }, [other]: { kind: 'ai', agent: 'normal' } } as never });
    const asked: { d: Decision }[] = [];
    const logged: string[] = [];
    for (let i = 0; i < 3000 && e.game!.turn <= turns && !e.game!.winner; i++) {
      if (e.stepAI()) continue;
      const s = e.state();
      logged.push(...s.events.filter((x) => x.kind === 'answered').map((x) => x.text));
      const d = s.play.decision;
      if (!d) continue;
      asked.push({ d: e.game!.pending! });
      // search when it may, to come to the way of searching; else end or the first choice
      const search = d.options.findIndex((o) => o.type === 'declare-search' && o.search === true);
      const end = d.options.findIndex((o) => /^(end|no|stop|drop)-/.test(o.type));
      for (const m of e.answer(human, search >= 0 ? search : Math.max(0, end))) if (m.type === 'state') logged.push(...m.events.filter((x) => x.kind === 'answered').map((x) => x.text));
    }
    return { asked, logged };
  }

  it('[9.6] a reaction is asked only when a reaction move reaches enemy units or a detected enemy; the rest are logged', () => {
    const every = played('armageddon', 'imperial', true);
    const byDefault = played('armageddon', 'imperial', false);
    const reactions = (x: typeof every) => x.asked.filter(({ d }) => d.kind === 'reaction');
    expect(reactions(every).length).toBeGreaterThan(0);
    expect(reactions(byDefault).length).toBeLessThan(reactions(every).length);
    expect(byDefault.logged.some((t) => /^No reaction: .*\[9\.6\]/.test(t))).toBe(true);
  });

  it('[11.23] the way to search, right after the search was declared, is not asked when there is one way only', () => {
    const byDefault = played('start-of-rebellion', 'imperial', false);
    const every = played('start-of-rebellion', 'imperial', true);
    const ways = (x: typeof every) => x.asked.filter(({ d }) => d.kind === 'search-by');
    const onlyOne = ways(every).filter(({ d }) => d.options.filter((o) => o.by !== 'none').length === 1);
    expect(onlyOne.length).toBeGreaterThan(0);
    for (const { d } of ways(byDefault)) expect(d.options.filter((o) => o.by !== 'none').length).toBeGreaterThan(1);
    expect(byDefault.logged.some((t) => /the only way to search there \[11\.23\]/.test(t))).toBe(true);
  });

  it('[10.4] leaders of equal leadership are not a question: the one with fewest wounds leads; different ones are asked', () => {
    const game = testGame('start-of-rebellion', 1);
    const [a, b, c] = ['jax-tollaway', 'mirra-solvane', 'ansel-wirra'].map((id) => eid(game, 'character', id)) as [number, number, number];
    const w = game.world;
    const ask = (chars: number[]): Decision => ({ side: 'rebel', kind: 'name-leader', prompt: '', rule: '[10.4]', options: chars.map((character) => ({ type: 'name-leader', side: 'rebel', character })) });
    w.c.Character.leadership[a] = 2;
    w.c.Character.leadership[b] = 2;
    w.c.Wounds.value[a] = 1;
    const same = needless(game, ask([a, b]))!;
    expect(same.option.character).toBe(b);
    expect(same.why).toMatch(/same leadership \(2\).*\[10\.4\]/);
    w.c.Character.leadership[c] = 3;
    expect(needless(game, ask([a, b, c]))).toBeNull();
  });

  it('[000 15.2c] domino options that shift the same planets are one answer; one that leaves a choice of planets is asked', () => {
    const game = testGame('start-of-rebellion', 1);
    const ask = (targets: Record<string, string[]>): Decision => ({
      side: 'rebel',
      kind: 'domino-option',
      prompt: '',
      rule: '[000 15.2c]',
      options: Object.keys(targets).map((shift) => ({ type: 'domino-option', side: 'rebel', shift })),
      context: { source: 'wendhaven', level: 1, race: null, targets },
    });
    const same = needless(game, ask({ two: ['tollis'], one: ['tollis'] }))!;
    expect(same.option.shift).toBe('two');
    expect(same.why).toMatch(/every option shifts the same planet, Tollis/);
    expect(needless(game, ask({ two: ['tollis', 'gallowmere'], one: ['tollis', 'gallowmere'] }))).toBeNull();
    expect(needless(game, ask({ two: ['tollis'], one: ['gallowmere'] }))).toBeNull();
  });
});
