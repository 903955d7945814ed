/**
 * Beyond one process [issue 55]: two server processes share one Redis (Colyseus' presence and driver) and
 * one PostgreSQL, both real, Debian's, started here (services.ts). A game made through one process is
 * joined through the other (its seat reserved across Redis, the client sent on to the room's process), its
 * process is killed mid-game (SIGKILL: nothing said on the way out) and the players finish it through the
 * other, which takes the game over from the store; joins raced through both make one room with one seat
 * each. PostgreSQL going away puts the game on hold and nothing is lost; Redis hanging or going away
 * refuses joins in the server's words and the game at the table plays on. One cluster of each for the
 * file, short games.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { Redis } from 'ioredis';
import type { ChildProcess } from 'node:child_process';
import { bundledContent } from '../../src/core/content/bundled';
import { stateHash } from '../../src/core/engine/game';
import { createOnlineGame, OnlineSeat } from '../../src/online/client';
import { replay } from '../../src/server/game-snapshots';
import { PostgresStore } from '../../src/server/postgres-store';
import { freePort, nextMove, playSeat, pollFor, serverOutput, serverStatus, spawnServer, waitFor } from './helpers';
import { startPostgres, startRedis, type RedisService, type Service } from '../../src/server/local-services';
import { MATCHMAKING_DOWN } from '../../src/server/redis-matchmaking';

const content = bundledContent();
// the star-system scenario a random game ends in fewest commands (about 260)
const scenario = 'start-of-rebellion';
let redis: RedisService;
let postgres: Service;
let store: PostgresStore;
const servers: { url: string; port: number; child: ChildProcess }[] = [];
const allServers: typeof servers = [];

async function startServer(): Promise<{ url: string; port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = await spawnServer(port, ':memory:', ['--public-address', `127.0.0.1:${port}`], { REDIS_URL: redis.url, DATABASE_URL: postgres.url });
  const server = { url: `http://127.0.0.1:${port}`, port, child };
  servers.push(server);
  allServers.push(server);
  return server;
}

beforeAll(async () => {
  [redis, postgres] = await Promise.all([startRedis(), startPostgres()]);
  await Promise.all([startServer(), startServer()]);
  store = await PostgresStore.open(postgres.url);
}, 120_000);

afterAll(async () => {
  if (process.env.SCALE_DEBUG) for (const s of allServers) console.log(`---- ${s.port}\n${serverOutput(s.child)}`);
  for (const s of servers) s.child.kill('SIGKILL');
  await store?.close();
  await Promise.all([redis?.remove(), postgres?.remove()]);
});

const twoSeats = { ruleset: 'star-system', scenario, seats: [{ side: 'rebel', kind: 'open' as const }, { side: 'imperial', kind: 'open' as const }] };

describe('two processes, one Redis, one PostgreSQL [issue 55]', () => {
  it('a game made on one process is played through both; the process holding its room is killed and the game is finished through the other', async () => {
    const [first, second] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const made = await createOnlineGame(first.url, twoSeats, 'rebel');
    // the seat link works whichever process the player reaches: each comes through another
    const rebel = await OnlineSeat.join(first.url, { gameId: made.gameId, token: made.token! });
    const imperial = await OnlineSeat.join(second.url, { gameId: made.gameId, side: 'imperial' });
    const imperialToken = imperial.joined.token!;
    // one room for the game in either process's account of the cluster, held by one of them (the
    // matchmaker puts a new room where there are fewest)
    const status = await Promise.all([serverStatus(first.url, made.gameId), serverStatus(second.url, made.gameId)]);
    expect(status.map((s) => s.rooms)).toEqual([1, 1]);
    expect(status.map((s) => s.here).sort()).toEqual([0, 1]);
    const [a, b] = status[0]!.here === 1 ? [first, second] : [second, first];
    // the dead process is replaced for the next tests, whatever this one finds
    onTestFinished(async () => {
      servers.splice(servers.indexOf(a), 1);
      await startServer();
    });
    const halfway = (s: { step: number }) => s.step >= 30;
    await Promise.all([playSeat(rebel, 'r', [], halfway), playSeat(imperial, 'i', [], halfway)]);
    const step = rebel.latest!.step;

    // the room's process dies; both players come back through the other, by their links
    a.child.kill('SIGKILL');
    await new Promise((r) => a.child.once('exit', r));
    const rebel2 = await OnlineSeat.join(b.url, { gameId: made.gameId, token: made.token! });
    const imperial2 = await OnlineSeat.join(b.url, { gameId: made.gameId, token: imperialToken });
    expect([rebel2.side, imperial2.side]).toEqual(['rebel', 'imperial']);
    await waitFor(() => rebel2.latest, 'the restored game');
    // every command answered before the kill was kept (at most the one in flight was not)
    expect(rebel2.latest!.step).toBeGreaterThanOrEqual(step - 1);
    // taken over without asking the dead process again whether it lives: its channel in Redis went with it
    await waitFor(() => new RegExp(`game ${made.gameId}: its room .* was lost with its process \\(it no longer listens\\); taken over`).test(serverOutput(b.child)), 'the takeover in the log');
    await Promise.all([playSeat(rebel2, 'r2'), playSeat(imperial2, 'i2')]);
    const over = await new Promise<NonNullable<OnlineSeat['over']>>((resolve) => rebel2.onOver(resolve));
    await Promise.all([rebel2.leave(), imperial2.leave()]);
    // the game PostgreSQL keeps is the one played: its log replayed gives the final hash
    const stored = (await store.game(made.gameId))!;
    expect(stored.status).toBe('over');
    expect(stateHash(replay(content, stored, await store.commands(made.gameId)))).toBe(over.hash);
  });

  it('joins raced through both processes for one game make one room, one seat each', async () => {
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const made = await createOnlineGame(b.url, twoSeats);
    // four at once, two through each process, none naming a seat: two sit, one at each seat; two are refused
    const joins = await Promise.allSettled([a, b, a, b].map((s) => OnlineSeat.join(s.url, { gameId: made.gameId })));
    const seated = joins.filter((j): j is PromiseFulfilledResult<OnlineSeat> => j.status === 'fulfilled').map((j) => j.value);
    const refused = joins.filter((j): j is PromiseRejectedResult => j.status === 'rejected').map((j) => (j.reason as Error).message);
    expect(seated.map((s) => s.side).sort()).toEqual(['imperial', 'rebel']);
    expect(refused).toHaveLength(2);
    for (const reason of refused) expect(reason).toMatch(/every seat of this game is taken/);
    expect((await serverStatus(a.url, made.gameId)).rooms).toBe(1);
    // the two play in that one room: a move of one is seen by the other
    const mover = await waitFor(() => seated.find((s) => s.latest?.decision), 'a seat to move');
    const other = seated.find((s) => s !== mover)!;
    const { step, option } = await nextMove(mover);
    mover.send(option);
    await waitFor(() => (other.latest!.step === step + 1 ? true : null), 'the move seen by the other seat');
    await Promise.all(seated.map((s) => s.leave()));
  });

  it('PostgreSQL going away puts the game on hold, said why; back, the game goes on and nothing is lost', async () => {
    const [a, b] = servers as [(typeof servers)[0], (typeof servers)[0]];
    const made = await createOnlineGame(a.url, twoSeats, 'rebel');
    const seats = [await OnlineSeat.join(a.url, { gameId: made.gameId, token: made.token! }), await OnlineSeat.join(b.url, { gameId: made.gameId, side: 'imperial' })];
    const mover = await waitFor(() => seats.find((s) => s.latest?.decision), 'a seat to move');
    const { step, option } = await nextMove(mover);
    await postgres.stop();
    mover.send(option);
    await waitFor(() => seats.every((s) => /on hold: the server cannot save moves \(the database server cannot be reached\)/.test(s.latest?.hold ?? '')), 'the hold said to both seats');
    expect(mover.latest!.step).toBe(step);
    await postgres.start();
    // the store finds it can write again by itself; the move is made again and kept
    await waitFor(() => (seats.every((s) => s.latest?.hold === undefined) ? true : null), 'the game resumed', 15_000);
    mover.send(option);
    await pollFor(async () => ((await store.commands(made.gameId)).length === step + 1 ? true : null), 'the move kept', 10_000);
    for (const s of servers) expect(s.child.exitCode).toBeNull();
    await Promise.all(seats.map((s) => s.leave()));
  });

  it('Redis hanging or going away refuses joins in the server\'s words; the game at the table plays on; no process ends', async () => {
    const [a] = servers as [(typeof servers)[0]];
    const made = await createOnlineGame(a.url, twoSeats, 'rebel');
    const rebel = await OnlineSeat.join(a.url, { gameId: made.gameId, token: made.token! });
    const imperial = await OnlineSeat.join(a.url, { gameId: made.gameId, side: 'imperial' });
    const join = () => OnlineSeat.join(a.url, { gameId: made.gameId, token: made.token! }).then(
      () => 'joined',
      (e: Error) => e.message,
    );
    // a Redis that hangs keeps its connections open, so the server's clients find nothing wrong and the join
    // reaches Redis: it fails there (ioredis: "Command timed out"), said in the server's words
    redis.pause();
    let hung: string;
    try {
      hung = await join();
    } finally {
      redis.resume();
    }
    expect(hung).toBe(MATCHMAKING_DOWN);
    // gone: a join at once, before the server's clients have noticed or after, is told the same (before,
    // ioredis's own words came back: "Reached the max retries per request limit")
    await redis.stop();
    expect(await join()).toBe(MATCHMAKING_DOWN);
    await pollFor(async () => ((await serverStatus(a.url)).matchmaking.answers ? null : true), 'the server to find Redis gone');
    expect(await join()).toBe(MATCHMAKING_DOWN);
    expect((await serverStatus(a.url)).matchmaking).toMatchObject({ shared: true, answers: false });
    // the two at the table play on: their moves go to the room, not through Redis
    const seats = [rebel, imperial];
    const mover = await waitFor(() => seats.find((s) => s.latest?.decision), 'a seat to move');
    const { step, option } = await nextMove(mover);
    mover.send(option);
    await pollFor(async () => ((await store.commands(made.gameId)).length === step + 1 ? true : null), 'the move kept');
    // back (empty: it keeps nothing), each process's matchmaking answers again, and a player is seated (the
    // driver once handed its failed reading of the room listing to every later join, for good)
    await redis.start();
    for (const s of servers) await pollFor(async () => ((await serverStatus(s.url)).matchmaking.answers ? true : null), 'the matchmaking back on each process');
    expect(await join()).toBe('joined');
    for (const s of servers) expect(s.child.exitCode).toBeNull();
    await Promise.all(seats.map((s) => s.leave()));
  });

  it('a seat in a room of the other process, asked for while Redis refuses the channel its answer comes by, is refused in the server\'s words, never left waiting', async () => {
    const made = await createOnlineGame(servers[0]!.url, twoSeats, 'rebel');
    const rebel = await OnlineSeat.join(servers[0]!.url, { gameId: made.gameId, token: made.token! });
    const [, other] = (await serverStatus(servers[0]!.url, made.gameId)).here === 1 ? servers : [servers[1]!, servers[0]!];
    // the seat is asked of the room's process through Redis, the answer awaited on a channel ipc:<request>
    // (Colyseus' IPC): Redis's own access rules now refuse that channel, so subscribing to it fails, as
    // any request to a Redis that hangs does (the matchmaker lost that failure and never answered the join)
    const admin = new Redis(redis.url);
    await admin.call('ACL', 'SETUSER', 'default', 'resetchannels', '&[^i]*');
    let told: string;
    try {
      told = await Promise.race([
        OnlineSeat.join(other!.url, { gameId: made.gameId, side: 'imperial' }).then((seat) => (void seat.leave(), 'joined'), (e: Error) => e.message),
        new Promise<string>((resolve) => setTimeout(() => resolve('no answer in 8 s'), 8000)),
      ]);
    } finally {
      await admin.call('ACL', 'SETUSER', 'default', 'allchannels');
      admin.disconnect();
    }
    expect(told).toBe(MATCHMAKING_DOWN);
    // Redis whole again: the same seat is taken through the same process
    const imperial = await OnlineSeat.join(other!.url, { gameId: made.gameId, side: 'imperial' });
    expect(imperial.side).toBe('imperial');
    await Promise.all([rebel.leave(), imperial.leave()]);
  });
});
