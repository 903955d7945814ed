import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChoiceKeys } from '../../src/ui/play/choice-keys';
import type { ListGroup } from '../../src/words/decision-list';

/** A decision of `labels`, its list grouped as `groups` (undefined: flat), recording what the keys take and show. */
function keysFor(labels: string[], groups?: ListGroup[]) {
  const taken: number[] = [];
  const shown: string[] = [];
  const keys = new ChoiceKeys({ options: () => labels.map((label) => ({ label })), groups: () => groups, take: (i) => taken.push(i), showTyped: (t) => shown.push(t) });
  return { keys, taken, shown };
}

const labels = (n: number) => Array.from({ length: n }, (_, i) => `choice ${i}`);

describe('the number keys of a decision [issue 59]', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('with nine choices or fewer, a digit takes its choice at once', () => {
    const { keys, taken } = keysFor(labels(9));
    keys.type('3');
    expect(taken).toEqual([2]);
  });

  it('past the ninth, "1" then "2" takes choice 12, and the first digit is shown while it waits', () => {
    const { keys, taken, shown } = keysFor(labels(14));
    keys.type('1');
    expect(taken).toEqual([]);
    expect(shown).toEqual(['1']);
    keys.type('2');
    expect(taken).toEqual([11]);
    expect(shown.at(-1)).toBe('');
  });

  it('a digit that can begin a two-digit number is taken alone when the moment passes; one that cannot is taken at once', () => {
    const { keys, taken } = keysFor(labels(14));
    keys.type('1');
    vi.advanceTimersByTime(699);
    expect(taken).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(taken).toEqual([0]);
    keys.type('2'); // 20 > 14 choices: no choice begins with a 2 but the 2nd
    expect(taken).toEqual([0, 1]);
  });

  it('a number past the list, or 0, takes nothing', () => {
    const { keys, taken } = keysFor(labels(3));
    keys.type('0');
    keys.type('7');
    expect(taken).toEqual([]);
  });

  it("a grouped list's keys follow the lines as shown, and a merged line's options share its key", () => {
    const options = ['End', 'Pick Line at B', 'Pick Line at A', 'Pick Line at A'];
    const groups: ListGroup[] = [
      { title: 'General', stacks: [{ title: '', items: [{ index: 0, label: 'End', count: 1 }] }] },
      { title: 'Aurelion', stacks: [{ title: 'A', items: [{ index: 2, label: 'Pick Line at A', count: 2 }] }, { title: 'B', items: [{ index: 1, label: 'Pick Line at B', count: 1 }] }] },
    ];
    const { keys, taken } = keysFor(options, groups);
    expect([0, 1, 2, 3].map((i) => keys.keyOf(i))).toEqual([1, 3, 2, 2]);
    keys.type('2');
    expect(taken).toEqual([2]);
  });
});
