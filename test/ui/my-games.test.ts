/**
 * [issue 55] The browser's list of its online games: kept seats, the newest first and a damaged entry left
 * out; listed with those waiting on you first (least time left first), then the others, then the finished.
 */
import { describe, expect, it } from 'vitest';
import { myGamesHtml, mySeats, rememberSeat, sortMyGames, timeWords, type MyGame } from '../../src/ui/my-games';

const memory = () => {
  const items = new Map<string, string>();
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v) };
};
const seat = (gameId: string, side = 'rebel') => ({ gameId, side, token: `t-${gameId}`, ruleset: 'star-system', scenario: 'start-of-rebellion' });
const game = (gameId: string, account: Partial<MyGame['account']> | null, side = 'rebel'): MyGame => ({
  ...seat(gameId, side),
  at: 0,
  account: account && { gameId, status: 'playing', winner: null, pace: 'day', waitingFor: 'imperial', turn: 2, updated: 0, ...account },
});

describe('your online games [issue 55]', () => {
  it('keeps each seat once, the newest first; a damaged list reads as none', () => {
    const storage = memory();
    rememberSeat(seat('a'), storage, 1);
    rememberSeat(seat('b'), storage, 2);
    rememberSeat(seat('a', 'imperial'), storage, 3);
    expect(mySeats(storage).map((s) => [s.gameId, s.side])).toEqual([['a', 'imperial'], ['b', 'rebel']]);
    storage.setItem('gu-online-seats', '{ not json');
    expect(mySeats(storage)).toEqual([]);
  });

  it('lists the games waiting on you first, least time left first, then the others, then the finished ones', () => {
    const list = [
      game('over', { status: 'over', winner: 'rebel', waitingFor: null }),
      game('theirs', { waitingFor: 'imperial', updated: 5 }),
      game('mine-later', { waitingFor: 'rebel', clocks: [{ side: 'rebel', leftMs: 9 * 3_600_000, running: true }] }),
      game('gone', null),
      game('mine-soon', { waitingFor: 'rebel', clocks: [{ side: 'rebel', leftMs: 3_600_000, running: true }] }),
    ];
    expect(sortMyGames(list).map((g) => g.gameId)).toEqual(['mine-soon', 'mine-later', 'theirs', 'over', 'gone']);
    const html = myGamesHtml(list, { scenario: () => 'Start of the Rebellion', side: (s) => s });
    expect(html).toContain('<b>your move</b> · 1 h left');
    expect(html).toContain('over: you won');
    expect(html).toContain('data-replay="over"');
    expect(html).toContain('data-open="mine-soon"');
    expect(html).toContain('not on this server');
  });

  it('says a clock in days, hours and minutes', () => {
    expect(timeWords(0)).toBe('out of time');
    expect(timeWords(59_000)).toBe('1 min');
    expect(timeWords(3 * 3_600_000 + 10 * 60_000)).toBe('3 h 10 min');
    expect(timeWords(50 * 3_600_000)).toBe('2 days 2 h');
  });
});
