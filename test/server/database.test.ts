/**
 * A database that cannot write never ends the server [issue 46]: a real server process on a real SQLite
 * file, real websocket clients. The file is locked by another program past the busy timeout, made
 * read-only (immutable: the server runs as root here, whom a mode does not stop), and filled to its size
 * limit (SQLite's max_page_count). Each time the move is refused with the reason, the game is on hold
 * for everyone at its table, the store keeps exactly the moves that were answered, another game is still
 * served, and once the database writes again the game goes on. A seat left while a write waits for
 * another program's lock is shown left to the others only once its hand-over time is kept [issue 55].
 */
import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { bundledContent } from '../../src/core/content/bundled';
import { createOnlineGame, OnlineSeat } from '../../src/online/client';
import { databaseFile, freePort, mover, nextMove, playSeat, pollFor, serverOutput, serverStatus, spawnScript, spawnServer, waitFor } from './helpers';

const scenario = [...bundledContent().scenarios.keys()][0]!;
let children: ChildProcess[] = [];
let seats: OnlineSeat[] = [];
let immutable: string[] = [];
afterEach(async () => {
  for (const file of immutable.splice(0)) execFileSync('chattr', ['-i', file]);
  await Promise.all(seats.splice(0).map((s) => s.leave()));
  for (const c of children.splice(0)) c.kill('SIGKILL');
});

async function server(database: string, flags: string[] = []): Promise<{ url: string; child: ChildProcess; port: number }> {
  const port = await freePort();
  // a flag given comes first, so it overrides the default after it (the server reads the first)
  const child = await spawnServer(port, database, [...flags, '--busy-timeout-ms', '100']);
  children.push(child);
  return { url: `http://127.0.0.1:${port}`, child, port };
}

async function twoPlayers(url: string) {
  const made = await createOnlineGame(url, { ruleset: 'star-system', scenario, seats: [{ side: 'rebel', kind: 'open' }, { side: 'imperial', kind: 'open' }] }, 'rebel');
  const rebel = await OnlineSeat.join(url, { gameId: made.gameId, token: made.token! });
  const imperial = await OnlineSeat.join(url, { gameId: made.gameId, side: 'imperial' });
  seats.push(rebel, imperial);
  return { gameId: made.gameId, tokens: { rebel: made.token!, imperial: imperial.token! }, rebel, imperial };
}

/** A seat's hand-over time as the store has it (read beside the server, as another program would). */
const storedHandOver = (database: string, gameId: string, side: string) => {
  const db = new Database(database, { readonly: true });
  const row = db.prepare('select seats from games where id = ?').get(gameId) as { seats: string };
  db.close();
  return (JSON.parse(row.seats) as { side: string; handOverAt?: number }[]).find((s) => s.side === side)?.handOverAt;
};

const storedMoves = (database: string, gameId: string) => {
  const db = new Database(database, { readonly: true });
  const n = (db.prepare('select count(*) as n from commands where game_id = ?').get(gameId) as { n: number }).n;
  db.close();
  return n;
};

/** A move sent while the database cannot write: refused with the reason, the game on hold, nothing kept. */
async function refusedOnHold(game: Awaited<ReturnType<typeof twoPlayers>>, database: string, problem: RegExp): Promise<void> {
  const seat = await mover([game.rebel, game.imperial]);
  const { step, option } = await nextMove(seat);
  const before = storedMoves(database, game.gameId);
  expect(before).toBe(step);
  seat.send(option);
  await waitFor(() => seat.refusals.find((r) => /on hold/.test(r)), 'the move to be refused');
  expect(seat.refusals.at(-1)).toMatch(problem);
  // everyone at the table is told, and the game is as it was
  for (const s of [game.rebel, game.imperial]) await waitFor(() => s.latest?.hold, `${s.side} to hear of the hold`);
  expect(game.rebel.latest!.hold).toMatch(problem);
  expect(game.rebel.latest!.step).toBe(step);
  expect(storedMoves(database, game.gameId)).toBe(before);
}

/** Once the database writes again: the hold lifts by itself and the move goes through. */
async function goesOn(game: Awaited<ReturnType<typeof twoPlayers>>, database: string): Promise<void> {
  for (const s of [game.rebel, game.imperial]) await waitFor(() => s.latest && !s.latest.hold, `${s.side} to hear the game go on`);
  const seat = await mover([game.rebel, game.imperial]);
  const { step, option } = await nextMove(seat);
  seat.send(option);
  await waitFor(() => (seat.latest?.step ?? 0) > step, 'the move to be played');
  expect(storedMoves(database, game.gameId)).toBe(seat.latest!.step);
}

describe('a database that cannot write puts its games on hold, never ends the server [issue 46]', () => {
  it('locked by another program past the busy timeout: on hold while it lasts, then the game goes on', async () => {
    const database = databaseFile();
    const { url, child } = await server(database);
    const game = await twoPlayers(url);
    const other = await twoPlayers(url);
    const lock = await spawnScript('lock-process.mjs', [database, '20'], 'locked');
    children.push(lock);
    await refusedOnHold(game, database, /locked by another program/);
    expect((await serverStatus(url)).database).toEqual({ kind: 'sqlite', writes: false, problem: expect.stringMatching(/locked/) });
    // the server still serves: the other game's page, the lobby
    expect((await fetch(`${url}/api/games/${other.gameId}`)).status).toBe(200);
    expect((await fetch(`${url}/api/games`)).status).toBe(200);
    lock.stdin!.write('release\n');
    await goesOn(game, database);
    await goesOn(other, database);
    expect(serverOutput(child)).toContain(`game ${game.gameId}: on hold: the database is locked by another program`);
  });

  it('made read-only while running: on hold, and on again when it can be written', async () => {
    const database = databaseFile();
    const { url } = await server(database);
    const game = await twoPlayers(url);
    for (const file of [database, `${database}-wal`]) {
      if (!existsSync(file)) continue;
      execFileSync('chattr', ['+i', file]);
      immutable.push(file);
    }
    await refusedOnHold(game, database, /cannot be written/);
    for (const file of immutable.splice(0)) execFileSync('chattr', ['-i', file]);
    await goesOn(game, database);
  });

  it('filled to its size limit while running: on hold with every answered move kept; a server given room plays on', async () => {
    const database = databaseFile();
    const first = await server(database, ['--max-database-mb', '0.035']);
    const game = await twoPlayers(first.url);
    // the two play until the database is full
    await Promise.all([playSeat(game.rebel, 'r', [], (s) => s.hold !== undefined), playSeat(game.imperial, 'i', [], (s) => s.hold !== undefined)]);
    const held = await waitFor(() => (game.rebel.latest?.hold ? game.rebel.latest : null), 'the hold');
    expect(held.hold).toMatch(/full/);
    expect(storedMoves(database, game.gameId)).toBe(held.step);
    expect((await fetch(`${first.url}/api/games/${game.gameId}`)).status).toBe(200);
    // a server started again with room for it brings the game back where it stopped
    await Promise.all(seats.splice(0).map((s) => s.leave()));
    first.child.kill('SIGTERM');
    await new Promise((r) => first.child.once('exit', r));
    children.push(await spawnServer(first.port, database));
    const rebel = await OnlineSeat.join(first.url, { gameId: game.gameId, token: game.tokens.rebel });
    const imperial = await OnlineSeat.join(first.url, { gameId: game.gameId, token: game.tokens.imperial });
    seats.push(rebel, imperial);
    await goesOn({ ...game, rebel, imperial }, database);
    expect(rebel.latest!.step).toBe(held.step + 1);
  });
});

describe('what the table is told of a seat left waits for the store [issue 55]', () => {
  it('a seat is shown left (its hand-over to an AI promised) only once its hand-over time is kept', async () => {
    const database = databaseFile();
    // the store waits for another program's lock instead of failing: the hand-over time's write waits with it
    const { url } = await server(database, ['--busy-timeout-ms', '15000']);
    const game = await twoPlayers(url);
    const lock = await spawnScript('lock-process.mjs', [database, '20'], 'locked');
    children.push(lock);
    await game.imperial.leave();
    await pollFor(async () => ((await serverStatus(url, game.gameId)).clients === 1 ? true : null), 'the leave to reach the server');
    // a state sent while the write waits, for another reason: the Rebel opens the game in a second tab
    const tab = await OnlineSeat.join(url, { gameId: game.gameId, token: game.tokens.rebel });
    seats.push(tab);
    const first = await waitFor(() => tab.latest, "the new tab's first state");
    expect(storedHandOver(database, game.gameId, 'imperial')).toBeUndefined();
    expect(first.seats.find((s) => s.side === 'imperial')).toMatchObject({ kind: 'human', connected: true });
    // once it is kept, the table is told
    lock.stdin!.write('release\n');
    await waitFor(() => tab.latest!.seats.some((s) => s.side === 'imperial' && !s.connected), 'the seat shown left');
    expect(storedHandOver(database, game.gameId, 'imperial')).toBeGreaterThan(Date.now());
  });
});
