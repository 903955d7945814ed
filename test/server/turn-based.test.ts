/**
 * Games played at your own pace [issue 55]: a turn-based game's seats each have a clock that runs only
 * while the decision is theirs; with nobody at the table the game lives in the store (no room), where a
 * player's list of games reads whose move it is and the clocks; a seat whose clock has run out may be
 * handed to the AI by another player, never by itself, never before; a finished game is a save to replay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { bundledContent } from '../../src/core/content/bundled';
import { stateHash } from '../../src/core/engine/game';
import { loadSave } from '../../src/core/save';
import { starSystemRuleset } from '../../systems/rebels-vs-empire/star-system-ruleset';
import { createOnlineGame, OnlineSeat } from '../../src/online/client';
import { paceOf } from '../../src/online/protocol';
import { startGameServer, type GameServer, type PublicGame } from '../../src/server/game-server';
import { databaseFile, freePort, playSeat, pollFor, serverStatus, waitFor } from './helpers';

const content = bundledContent();
const database = databaseFile();
let server: GameServer;
const DAY = paceOf('day')!.turnMs!;

beforeAll(async () => {
  server = await startGameServer({ port: await freePort(), database, aiWorkers: 1, content });
});
afterAll(async () => {
  await server?.close();
});

const game = (pace?: string) => ({ ruleset: 'star-system', scenario: 'start-of-rebellion', ...(pace ? { pace } : {}), seats: [{ side: 'rebel', kind: 'open' as const }, { side: 'imperial', kind: 'open' as const }] });
const listed = async (ids: string[]): Promise<PublicGame[]> => ((await (await fetch(`${server.url}/api/games?ids=${ids.join(',')}`)).json()) as { games: PublicGame[] }).games;

describe('turn-based games [issue 55]', () => {
  it('each seat has a day a turn; only the seat to move spends it; with nobody at the table the game waits in the store', async () => {
    const made = await createOnlineGame(server.url, game('day'), 'rebel');
    const rebel = await OnlineSeat.join(server.url, { gameId: made.gameId, token: made.token! });
    const imperial = await OnlineSeat.join(server.url, { gameId: made.gameId, side: 'imperial' });
    const first = await waitFor(() => rebel.latest, 'a state');
    expect(first.pace).toBe('day');
    expect(first.clocks!.map((c) => c.side).sort()).toEqual(['imperial', 'rebel']);
    for (const c of first.clocks!) {
      expect(c.running).toBe(c.side === first.waitingFor);
      expect(c.leftMs).toBeLessThanOrEqual(DAY);
      expect(c.leftMs).toBeGreaterThan(DAY - 60_000);
    }
    // a few moves: the one who moved has spent a little of its day, the other none
    await Promise.all([playSeat(rebel, 'r', [], (s) => s.step >= 6), playSeat(imperial, 'i', [], (s) => s.step >= 6)]);
    const [mine] = await listed([made.gameId]);
    expect(mine).toMatchObject({ gameId: made.gameId, pace: 'day', status: 'playing', waitingFor: expect.any(String) });
    expect(mine!.turn).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(mine)).not.toContain('tokenHash');

    // everyone leaves: no room holds the game (it is not in memory), and the hand-over waits for no timer
    await Promise.all([rebel.leave(), imperial.leave()]);
    await pollFor(async () => ((await serverStatus(server.url, made.gameId)).rooms === 0 ? true : null), 'the room to go');
    const stored = (await server.store.game(made.gameId))!;
    expect(stored.seats.every((s) => s.handOverAt === undefined)).toBe(true);
    expect(stored.waitingFor).toBe(mine!.waitingFor);

    // the waited-for seat's day runs out while nobody is there (its clock set back in the store)
    const late = stored.waitingFor!;
    const other = late === 'rebel' ? 'imperial' : 'rebel';
    const db = new Database(database);
    db.prepare('update games set clocks = ?, clock_since = ? where id = ?').run(JSON.stringify({ ...stored.clocks, [late]: 1000 }), Date.now() - 5000, made.gameId);
    db.close();
    const [out] = await listed([made.gameId]);
    expect(out!.clocks!.find((c) => c.side === late)).toMatchObject({ leftMs: 0, running: true });
    // the other player comes back, and may hand the late seat to the AI; not its own, not a live seat
    const otherToken = other === 'rebel' ? made.token! : imperial.joined.token!;
    const lateToken = late === 'rebel' ? made.token! : imperial.joined.token!;
    const back = await OnlineSeat.join(server.url, { gameId: made.gameId, token: otherToken });
    await waitFor(() => back.latest, 'the game back from the store');
    back.room.send('hand-over', { side: other });
    await waitFor(() => back.refusals.find((r) => /it is your own seat/.test(r)), 'its own seat refused');
    back.room.send('hand-over', { side: late });
    await waitFor(() => (back.latest?.seats.find((s) => s.side === late)?.kind === 'ai' ? true : null), 'the late seat handed to the AI');
    expect(back.latest!.seats.find((s) => s.side === late)).toMatchObject({ kind: 'ai', agent: 'normal' });
    await expect(OnlineSeat.join(server.url, { gameId: made.gameId, token: lateToken })).rejects.toThrow(/an AI has taken over the .* seat: its clock ran out/);
    // and the AI plays it: the game goes on
    const step = back.latest!.step;
    await playSeat(back, 'alone', [], (s) => s.step >= step + 4);
    await back.leave();
  });

  it('a seat with time left is not handed over, nor any seat of a live game, which has no clocks', async () => {
    const made = await createOnlineGame(server.url, game('hours'), 'rebel');
    const rebel = await OnlineSeat.join(server.url, { gameId: made.gameId, token: made.token! });
    rebel.room.send('hand-over', { side: 'imperial' });
    await waitFor(() => rebel.refusals.find((r) => /clock has \d+ minutes left/.test(r)), 'the refusal');
    await rebel.leave();
    const live = await createOnlineGame(server.url, game(), 'rebel');
    const host = await OnlineSeat.join(server.url, { gameId: live.gameId, token: live.token! });
    const state = await waitFor(() => host.latest, 'a state');
    expect(state.clocks).toBeUndefined();
    host.room.send('hand-over', { side: 'imperial' });
    await waitFor(() => host.refusals.find((r) => /a live game hands a seat over by itself/.test(r)), 'the refusal');
    await host.leave();
    const bad = await fetch(`${server.url}/api/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: game('fortnightly') }) });
    expect(((await bad.json()) as { error: string }).error).toMatch(/a game's pace is one of live, hours, day, days/);
  });

  it('a finished game is a save to replay, its seed told only then; the replay is the game played', async () => {
    const made = await createOnlineGame(server.url, { ...game('day'), seats: [{ side: 'rebel', kind: 'open' }, { side: 'imperial', kind: 'ai', agent: 'random' }] }, 'rebel');
    expect((await fetch(`${server.url}/api/games/${made.gameId}/replay`)).status).toBe(403);
    const rebel = await OnlineSeat.join(server.url, { gameId: made.gameId, token: made.token! });
    await playSeat(rebel, 'r');
    const over = await waitFor(() => rebel.over, 'the end');
    await rebel.leave();
    const text = await (await fetch(`${server.url}/api/games/${made.gameId}/replay`)).text();
    const loaded = loadSave(text, { content, ruleset: starSystemRuleset });
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.save).toMatchObject({ replay: true, seed: over.seed, seedHash: 'sha256' });
    expect(stateHash(loaded.game)).toBe(over.hash);
    const [done] = await listed([made.gameId]);
    expect(done).toMatchObject({ status: 'over', waitingFor: null });
    expect(done!.clocks).toBeUndefined();
  });
});
