/**
 * A fresh server's network warm-up [issue 55] (src/server/network-warm-up.ts): before `npm run serve` listens,
 * games are played over real sockets on a loopback server of its own. It must leave no trace a player, the
 * store or the shared matchmaking can see: nothing written to Redis, no game in the lobby or the store, no
 * room listed, no rate-limit budget spent; and the server started after it plays as one started without it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundledContent } from '../../src/core/content/bundled';
import { createOnlineGame, OnlineSeat } from '../../src/online/client';
import { freePort } from '../../src/server/free-port';
import { startGameServer } from '../../src/server/game-server';
import { startRedis, type RedisService } from '../../src/server/local-services';
import { warmUpNetwork } from '../../src/server/network-warm-up';
import { ONLINE_RULESETS } from '../../src/server/online-rulesets';

const content = bundledContent();
let redis: RedisService;
let folder: string;

beforeAll(async () => {
  redis = await startRedis();
  folder = mkdtempSync(join(tmpdir(), 'gu-network-warm-up-'));
});
afterAll(async () => {
  await redis?.remove();
  rmSync(folder, { recursive: true, force: true });
});

describe('the server\'s network warm-up [issue 55]', () => {
  it('plays games of every online ruleset over sockets and leaves no trace: nothing in Redis, the store, the lobby or the rate limits', async () => {
    const admin = new Redis(redis.url);
    try {
      const rulesets = Object.keys(ONLINE_RULESETS);
      const warm = await warmUpNetwork(content, 2 * rulesets.length, 12);
      expect(new Set(warm.games.map((g) => g.split('/')[0]))).toEqual(new Set(rulesets));
      expect(warm.commands).toBeGreaterThanOrEqual(2 * rulesets.length * 12);
      // the warm-up never reached the shared matchmaking
      expect(await admin.dbsize()).toBe(0);

      // the server players reach, started after it as `npm run serve` starts it: one game a minute, one lobby read
      const port = await freePort();
      const server = await startGameServer({ content, port, database: join(folder, 'games.sqlite'), redis: redis.url, publicAddress: `127.0.0.1:${port}`, aiWorkers: 1, gamesPerMinute: 1, lobbyPerMinute: 1 });
      try {
        const status = (await (await fetch(`${server.url}/api/status`)).json()) as { rooms: number; here: number; clients: number };
        expect(status).toMatchObject({ rooms: 0, here: 0, clients: 0 });
        // the lobby's one read this minute is still there to spend, and finds nothing
        expect(await (await fetch(`${server.url}/api/games`)).json()).toEqual({ games: [] });
        expect(await server.store.lobby({})).toEqual([]);
        // nothing of the warm-up's rooms in Redis: no room listed, no game claimed
        expect(await admin.hlen('roomcaches')).toBe(0);
        expect(await admin.keys('gu:*')).toEqual([]);

        // and the server plays: its one game of the minute is made, both seats taken, a command applied
        const made = await createOnlineGame(server.url, { ruleset: 'star-system', scenario: [...content.scenarios.keys()][0]!, seats: [{ side: 'rebel', kind: 'open' }, { side: 'imperial', kind: 'open' }] }, 'rebel');
        const seats = [await OnlineSeat.join(server.url, { gameId: made.gameId, token: made.token! }), await OnlineSeat.join(server.url, { gameId: made.gameId, side: 'imperial' })];
        const first = await new Promise<{ step: number; decision?: { side: string; options: unknown[] } }>((resolve) => seats[0]!.onState((s) => s.decision && resolve(s as never)));
        const mover = seats.find((s) => s.side === first.decision!.side)!;
        const applied = new Promise<number>((resolve) => mover.onState((s) => s.step > first.step && resolve(s.step)));
        mover.send(first.decision!.options[0] as never);
        expect(await applied).toBeGreaterThan(first.step);
        expect(((await (await fetch(`${server.url}/api/status`)).json()) as { rooms: number }).rooms).toBe(1);
        await Promise.all(seats.map((s) => s.leave()));
      } finally {
        await server.close();
      }
    } finally {
      admin.disconnect();
    }
  }, 30_000);
});
