/**
 * Exactly one live room per game [issue 46], on a real server process with its own database file and real
 * websocket clients: however the joins come (a second tab on a seat, a rejoin while the old connection is
 * frozen, the matchmaker's `create` for a game already open, a crowd of joins at once), the game has one
 * room, the seat goes to the newest connection (the old one told why and closed), the game goes on, and
 * the server still serves another game with no committed move lost.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { Client } from '@colyseus/sdk';
import Database from 'better-sqlite3';
import { bundledContent } from '../../src/core/content/bundled';
import { createOnlineGame, OnlineSeat } from '../../src/online/client';
import { GAME_ROOM } from '../../src/online/protocol';
import { databaseFile, freePort, mover, nextMove, serverStatus, spawnScript, spawnServer, waitFor } from './helpers';

const scenario = [...bundledContent().scenarios.keys()][0]!;
const database = databaseFile();
let server: ChildProcess;
let url: string;
let helpers: ChildProcess[] = [];
const seats: OnlineSeat[] = [];

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = await spawnServer(port, database, ['--joins-per-minute', '1000']);
});
afterEach(async () => {
  for (const h of helpers) h.kill('SIGKILL');
  helpers = [];
  await Promise.all(seats.splice(0).map((s) => s.leave()));
});
afterAll(() => {
  server?.kill('SIGKILL');
});

/** A two-seat game with both seats taken: the host's rebel by its token, the imperial by the open seat. */
async function twoPlayers(): Promise<{ gameId: string; rebelToken: string; imperialToken: string; rebel: OnlineSeat; imperial: OnlineSeat }> {
  const made = await createOnlineGame(url, { ruleset: 'star-system', scenario, seats: [{ side: 'rebel', kind: 'open' }, { side: 'imperial', kind: 'open' }] }, 'rebel');
  const rebel = await OnlineSeat.join(url, { gameId: made.gameId, token: made.token! });
  const imperial = await OnlineSeat.join(url, { gameId: made.gameId, side: 'imperial' });
  seats.push(rebel, imperial);
  return { gameId: made.gameId, rebelToken: made.token!, imperialToken: imperial.token!, rebel, imperial };
}

/** One move by whoever is to move; every seat in `watchers` sees it. */
async function oneMove(players: OnlineSeat[], watchers: OnlineSeat[]): Promise<void> {
  const seat = await mover(players);
  const { step, option } = await nextMove(seat);
  seat.send(option);
  for (const w of watchers) await waitFor(() => (w.latest?.step ?? 0) > step, `${w.side} to see move ${step + 1}`);
}

const storedMoves = (gameId: string) => {
  const db = new Database(database, { readonly: true });
  const n = (db.prepare('select count(*) as n from commands where game_id = ?').get(gameId) as { n: number }).n;
  db.close();
  return n;
};

describe('one live room per game [issue 46]', () => {
  it('a second tab on a seat takes it: the first is told why and closed, the other player sees the new tab\'s moves, one room', async () => {
    const game = await twoPlayers();
    const other = await twoPlayers();
    const tab2 = await OnlineSeat.join(url, { gameId: game.gameId, token: game.rebelToken });
    seats.push(tab2);
    expect(tab2.side).toBe('rebel');
    await waitFor(() => game.rebel.closedWith, 'the first tab to be closed');
    expect(game.rebel.closedWith).toBe(4000);
    expect(game.rebel.refusals.join(' ')).toMatch(/this seat was opened elsewhere/);
    expect(game.rebel.closedBecause).toMatch(/opened elsewhere/);
    // moves either way reach both players (a second room would leave the imperial's screen still)
    for (let i = 0; i < 4; i++) await oneMove([tab2, game.imperial], [tab2, game.imperial]);
    expect((await serverStatus(url, game.gameId)).rooms).toBe(1);
    expect(storedMoves(game.gameId)).toBe(tab2.latest!.step);
    // the other game was never disturbed
    await oneMove([other.rebel, other.imperial], [other.rebel, other.imperial]);
  });

  it('a seat whose connection is frozen (SIGSTOP) is taken back by its link at once; the game goes on', async () => {
    const game = await twoPlayers();
    // the imperial seat moves to a process of its own, which is then frozen
    const frozen = await spawnScript('seat-process.ts', [url, game.gameId, game.imperialToken], 'seated imperial');
    helpers.push(frozen);
    await waitFor(() => game.imperial.closedWith, 'the in-test imperial connection to give way');
    let heard = '';
    frozen.stdout!.on('data', (chunk: Buffer) => (heard += chunk.toString()));
    frozen.kill('SIGSTOP');
    const back = await OnlineSeat.join(url, { gameId: game.gameId, token: game.imperialToken });
    seats.push(back);
    expect(back.side).toBe('imperial');
    for (let i = 0; i < 4; i++) await oneMove([game.rebel, back], [game.rebel, back]);
    expect((await serverStatus(url, game.gameId)).rooms).toBe(1);
    expect(storedMoves(game.gameId)).toBe(back.latest!.step);
    // "at once", shown without a clock: woken, the frozen tab reads that its seat was opened elsewhere
    // (4000), sent while it was still connected. Had the server waited for the transport to find it
    // unresponsive (its pings unanswered), it would have been cut off with no close code of ours (1006).
    frozen.kill('SIGCONT');
    await waitFor(() => /closed \d+/.test(heard), 'the woken tab to read how its connection closed', 20_000);
    expect(heard).toContain("closed 4000"); // REPLACED_CODE
  });

  it('the matchmaker\'s create for a game whose room is open is refused; the game goes on in its one room', async () => {
    const game = await twoPlayers();
    const sdk = new Client(url);
    await expect(sdk.create(GAME_ROOM, { gameId: game.gameId })).rejects.toThrow(/open in another room already/);
    await expect(sdk.create(GAME_ROOM, { gameId: game.gameId, token: game.rebelToken })).rejects.toThrow(/open in another room already/);
    await oneMove([game.rebel, game.imperial], [game.rebel, game.imperial]);
    expect((await serverStatus(url, game.gameId)).rooms).toBe(1);
  });

  it('a crowd of joins at once for a full game makes no room: each is refused with its reason', async () => {
    const game = await twoPlayers();
    const attempts = await Promise.allSettled(Array.from({ length: 40 }, (_, i) => OnlineSeat.join(url, { gameId: game.gameId, ...(i % 2 ? { side: 'imperial' } : {}) })));
    expect(attempts.filter((a) => a.status === 'fulfilled')).toEqual([]);
    for (const a of attempts) expect(String((a as PromiseRejectedResult).reason)).toMatch(/seat is taken|every seat of this game is taken|open in another room already/);
    expect((await serverStatus(url, game.gameId)).rooms).toBe(1);
    await oneMove([game.rebel, game.imperial], [game.rebel, game.imperial]);
    expect(storedMoves(game.gameId)).toBe(game.rebel.latest!.step);
  });
});
