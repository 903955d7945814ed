/**
 * The SQLite store's group commit [issue 55]: the writes of many games sent at once are kept together,
 * each answered only once kept; a write the data refuses (a move numbered twice) fails alone, and the
 * others of its group are kept; what a read returns includes every write answered before it.
 */
import { describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/server/sqlite-store';
import type { Command } from '../../src/core/engine/types';
import { databaseFile } from './helpers';

const progress = { waitingFor: 'imperial', turn: 1, clocks: {}, clockSince: 0 };
const move = (n: number) => [{ type: 'move-to', side: 'rebel', to: n } as unknown as Command<string>];
const newGame = (id: string) => ({ id, ruleset: 'star-system', scenario: 's', seed: '0', seedHash: 'sha256' as const, options: {}, handPlacement: [], seats: [], seatTimeoutSeconds: 60, pace: 'live', waitingFor: 'rebel', turn: 1, clocks: {}, clockSince: 0 });

describe('the SQLite store keeps the writes of the moment together [issue 55]', () => {
  it('many games\' moves at once are all kept; a move numbered twice fails alone; reads see what was answered', async () => {
    const file = databaseFile();
    const store = await SqliteStore.open(file);
    const ids = Array.from({ length: 20 }, (_, i) => `g${i}`);
    await Promise.all(ids.map((id) => store.createGame(newGame(id))));
    // three rounds of every game's next move, sent together
    for (let n = 0; n < 3; n++) await Promise.all(ids.map((id) => store.addCommands(id, n, move(n), progress)));
    // in one group: a move numbered twice (g0's move 0 again) among good ones
    const results = await Promise.allSettled([store.addCommands('g1', 3, move(3), progress), store.addCommands('g0', 0, move(9), progress), store.addCommands('g2', 3, move(3), progress)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(String((results[1] as PromiseRejectedResult).reason.message)).toMatch(/kept already/);
    expect(store.failing).toBeNull();
    expect((await store.commands('g0')).map((c) => (c as unknown as { to: number }).to)).toEqual([0, 1, 2]);
    expect((await store.commands('g1')).length).toBe(4);
    expect((await store.commands('g2')).length).toBe(4);
    expect((await store.commands('g3')).length).toBe(3);
    expect((await store.game('g5'))?.waitingFor).toBe('imperial');
    await store.close();
    // and on the disk: a store opened again finds them all
    const again = await SqliteStore.open(file);
    expect((await again.commands('g19')).length).toBe(3);
    await again.close();
  });
});
