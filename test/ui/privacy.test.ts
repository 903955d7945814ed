import { describe, expect, it } from 'vitest';
import { secretsShownFor } from '../../src/ui/shell/privacy';

const seats = (over: Partial<Parameters<typeof secretsShownFor<string>>[0]>) =>
  secretsShownFor({ humans: ['red', 'blue'], acting: 'red', revealed: 'red', handingOver: false, over: false, ...over });

describe('whose secrets a screen may draw', () => {
  it('hot-seat: the seat that acts and has taken the screen sees its own', () => {
    expect(seats({})).toBe('red');
  });
  it('hot-seat: nobody\'s while an AI acts after a human\'s turn (the last human\'s cards and mission are not left on screen)', () => {
    expect(seats({ acting: 'green' })).toBe('nobody');
  });
  it('hot-seat: nobody\'s while another human is to act, before and during the hand-over', () => {
    expect(seats({ acting: 'blue' })).toBe('nobody');
    expect(seats({ acting: 'blue', handingOver: true })).toBe('nobody');
    expect(seats({ handingOver: true })).toBe('nobody');
  });
  it('one human against AIs: always that human\'s; watching or after the end: everyone\'s', () => {
    expect(secretsShownFor({ humans: ['red'], acting: 'green', revealed: null, handingOver: false, over: false })).toBe('red');
    expect(secretsShownFor({ humans: [], acting: 'green', revealed: null, handingOver: false, over: false })).toBeNull();
    expect(seats({ over: true, acting: null })).toBeNull();
  });
});
