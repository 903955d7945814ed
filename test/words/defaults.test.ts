/**
 * [9.57, issue 44] needless questions answered by their default unless the player asks to be asked
 * every time: organize stacks keeps each character's stack as it stands, a one-option decision is taken.
 */
import { describe, expect, it } from 'vitest';
import { hasComponent } from 'bitecs';
import { PlayEngine } from '../../src/ui/play/play-engine';
import { needlessAnswer } from '../../src/words/defaults';
import { content } from '../fixtures';

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
