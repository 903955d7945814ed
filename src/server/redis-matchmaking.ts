/**
 * Matchmaking shared through Redis [issue 55]: Colyseus' Redis presence and driver, so that any number of
 * server processes share which room holds a game, seat reservations and the one-room claim (room-claim.ts).
 *
 * Redis that is down, gone away or hung is said to a player in the server's words (`MATCHMAKING_DOWN`),
 * never in ioredis's ("Reached the max retries per request limit", "Command timed out"): every request
 * the presence or the driver makes fails so, whichever path (a seat asked for, a room made, a claim)
 * reaches the player, and the cause goes to the server's log.
 *
 * One failure Colyseus loses: a request to another process's room (a seat in a room that lives there, a
 * health check) subscribes to its answer's channel first, inside a promise that its failure never settles
 * (@colyseus/core IPC.ts, `requestFromIPC`), so the player's join would wait for good, and a health check
 * of that process with it (Colyseus keeps one per process: every later one would wait on it). Such a
 * subscription's failure is answered on its channel, as a request that failed; and the player's request on
 * whose way it was (`watchingMatchmaking`) is told MATCHMAKING_DOWN at once (Colyseus would tell it, after
 * its retries, that the room is full).
 */
import { ServerError, type MatchMakerDriver, type Presence } from '@colyseus/core';
import { AsyncLocalStorage } from 'node:async_hooks';
import { where } from './store';

/** What a player is told while the matchmaking store cannot be used. */
export const MATCHMAKING_DOWN = 'the server cannot seat anyone now: its matchmaking store (Redis) cannot be reached; the games at their tables play on; try again in a moment';

/** How long a Redis command may wait for its answer (a hung Redis fails a join in words, never hangs it). */
const COMMAND_TIMEOUT_MS = 3000;

/**
 * Colyseus' Redis presence and driver on `url`, once Redis answers (a server that cannot reach it does
 * not start, saying so). Redis going away later is ioredis's to reconnect; meanwhile joins are refused in
 * words (`MATCHMAKING_DOWN`), the games already open play on. `answers`: whether both connections are up.
 */
export async function redisMatchmaking(url: string): Promise<{ presence: Presence; driver: MatchMakerDriver; answers(): boolean }> {
  // Redis's clients load only when they are asked for
  const [{ Redis }, { RedisPresence }, { RedisDriver }] = await Promise.all([import('ioredis'), import('@colyseus/redis-presence'), import('@colyseus/redis-driver')]);
  // a command waits for a lost connection a moment, then fails (it never hangs a join); each connection's
  // failures are said once until it is back, not at every retry
  const connect = (role: string) => {
    const redis = new Redis(url, { maxRetriesPerRequest: 2, connectTimeout: 2000, commandTimeout: COMMAND_TIMEOUT_MS, retryStrategy: (times) => Math.min(times * 200, 2000) });
    let down = false;
    redis.on('error', (e: Error) => {
      if (!down) console.error(`Redis (${role}) at ${where(url)}: ${e.message}; joins wait until it is back`);
      down = true;
    });
    redis.on('ready', () => {
      if (down) console.log(`Redis (${role}) at ${where(url)} is back`);
      down = false;
    });
    return redis;
  };
  const clients = [connect('presence'), connect('driver')] as const;
  const presence = new RedisPresence(clients[0]);
  const driver = new RedisDriver(clients[1]);
  try {
    await Promise.race([presence.get('gu:probe'), new Promise((_, reject) => setTimeout(() => reject(new Error('no answer in 3 s')), 3000))]);
    await driver.has('gu:probe');
  } catch (e) {
    presence.shutdown();
    await driver.shutdown().catch(() => {});
    throw new Error(`Redis at ${where(url)} cannot be reached: ${(e as Error).message}`);
  }
  return { presence: inWords(presence, 'presence'), driver: inWords(driver, 'driver'), answers: () => clients.every((c) => c.status === 'ready') };
}

/** How an answer on an `ipc:` channel says its request failed (@colyseus/core Protocol.ts, `IpcProtocol.ERROR`,
 * which the package does not export). */
const IPC_ERROR = 1;

/** The player's matchmaker request on whose way a request to Redis is made, if any: what tells it of a lost failure. */
const watching = new AsyncLocalStorage<() => void>();

/**
 * Run `handle` (a player's matchmaker request) so that a subscription to Redis failing on its way (which
 * Colyseus would never answer) calls `lost`: the player is told MATCHMAKING_DOWN then, not left waiting.
 */
export function watchingMatchmaking(lost: () => void, handle: () => void): void {
  watching.run(lost, handle);
}

/**
 * The driver's room listing as Redis last failed to give it, forgotten. The driver shares one reading of the
 * listing among the requests that want it at once, and lets go of it only when it succeeds
 * (@colyseus/redis-driver `getRooms`): one that failed (Redis away) was handed to every later request, so
 * after Redis came back no player could be seated again until the process restarted. The service given is
 * the driver (the presence has no such fields, and is left as it is).
 */
function forgetFailedListing(service: object): void {
  const driver = service as { _concurrentRoomCacheRequest?: unknown; _roomCacheRequestByName?: object };
  if (!('_roomCacheRequestByName' in driver)) return;
  driver._concurrentRoomCacheRequest = undefined;
  driver._roomCacheRequestByName = {};
}

/**
 * `service` (the presence or the driver) whose every failed request fails with `MATCHMAKING_DOWN`, a
 * refusal (503) Colyseus hands the player as it is; the cause is logged, once until a request goes through
 * again. A method is called on the service itself, so its own calls within stay as they are.
 */
function inWords<T extends object>(service: T, role: string): T {
  let said = false;
  const fail = (e: unknown): never => {
    if (!said) console.error(`Redis (${role}): a request failed: ${(e as Error)?.message ?? String(e)}; players are told the matchmaking store cannot be reached`);
    said = true;
    throw Object.assign(new ServerError(503, MATCHMAKING_DOWN), { cause: e });
  };
  return new Proxy(service, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result = (value as (...a: unknown[]) => unknown).apply(target, args);
        // an answer to come: a promise, or a thenable (the driver's `findOne` answers a query to await)
        if (typeof (result as PromiseLike<unknown> | null)?.then !== 'function') return result;
        return Promise.resolve(result).then(
          (answer) => {
            said = false;
            return answer;
          },
          (e: unknown) => {
            forgetFailedListing(target);
            if (key === 'subscribe' && String(args[0]).startsWith('ipc:')) {
              // the request waiting on that channel is answered its failure there, as another process
              // answers a request that failed (so it ends, and lets go of its listener), and the player's
              // request on whose way it was, at once
              (args[1] as (message: unknown) => void)([IPC_ERROR, JSON.stringify({ code: 503, message: MATCHMAKING_DOWN })]);
              watching.getStore()?.();
            }
            return fail(e);
          },
        );
      };
    },
  });
}
