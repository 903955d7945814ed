/**
 * The game server [issue 27]: Colyseus rooms for the games (game-room.ts), a small HTTP API to create a
 * game and list the open ones (the lobby), and the built site, all on one port. Games live in the store
 * (store.ts), so a server started again on the same database plays on where the last one stopped.
 *
 * Beyond one process [issue 55]: with `redis` the matchmaking (which room holds a game, seat reservations,
 * the one-room claim) goes through Colyseus' Redis presence and driver, shared by every process; with a
 * PostgreSQL `database` the games are kept there, shared too. Any process then serves any game: a room
 * lives in one process, its game in the store.
 *
 *   POST /api/games   { game: NewOnlineGame, side?: string }  ->  { gameId, side, token, reserved }
 *   GET  /api/games   the lobby: games being played with a seat open to anyone with the link, those played
 *                     most recently first; ?ruleset= &scenario= &side= (an open seat of that side) &offset=
 *                     ?ids=a,b,c instead: those games (a player's own list), with where each stands
 *   GET  /api/games/:id  one game's start, seats and where it stands (no tokens, no seed)
 *   GET  /api/games/:id/replay  a finished game as a save to replay (its seed, told now the game is over)
 *   GET  /api/status  the rooms open (?game=: one game's), how many in this process, whether the database
 *                     writes and the matchmaking store answers (an operator's look, a health check)
 *
 * Its limits [issue 46, 55]: request bodies (the API's and the matchmaker's) are capped; games made, seats
 * asked for and lobby reads are rate-limited per address; a room nobody joins goes after a short while.
 */
import { Server, matchMaker } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import express from 'express';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { Content } from '../core/content/validate';
import type { AnyGame } from '../core/engine/types';
import { bundledContent } from '../core/content/bundled';
import { newGame } from '../core/engine/game';
import { GAME_ROOM, PACES, paceOf, type NewOnlineGame, type SeatClock, type SeatInfo } from '../online/protocol';
import { SAVE_FORMAT_VERSION, type SaveFile } from '../core/save';
import { AiPool } from './ai-pool';
import { GameRoom, setRoomContext } from './game-room';
import { keepSnapshot, seatsToStore } from './game-snapshots';
import { newGameId, newSeed, newToken, StoreError, tokenHash, type GameStore, type StoredGame } from './store';
import { SqliteStore } from './sqlite-store';
import { clocksToSend, startingClocks } from './clocks';
import { ONLINE_RULESETS } from './online-rulesets';
import { RateLimit } from './rate-limit';
import { MATCHMAKING_DOWN, redisMatchmaking, watchingMatchmaking } from './redis-matchmaking';

export interface GameServerOptions {
  port: number;
  host?: string;
  /** Where the games are kept: a SQLite file (':memory:' for none), or a PostgreSQL URL (postgres://...). */
  database: string;
  /** A Redis URL (redis://...): matchmaking shared with every other process on the same Redis [issue 55]. */
  redis?: string;
  /** Where clients reach this process's rooms (host:port, or host/path behind a proxy that routes the path
   * here): a seat reserved through another process connects here. Needed with `redis`. */
  publicAddress?: string;
  /** The built site to serve (dist/), if any. */
  site?: string;
  /** AI worker threads (default: one fewer than the cores, at least one). */
  aiWorkers?: number;
  content?: Content;
  /** How long a write waits for another program's lock on the database, in ms (default 250). */
  busyTimeoutMs?: number;
  /** The largest the database may grow, in MB (default: as large as the disk allows). */
  maxDatabaseMegabytes?: number;
  /** A room nobody joins is disposed after this many seconds (default 30). */
  emptyRoomSeconds?: number;
  /** Games one address may make a minute, seats it may ask for (joins) a minute, and lobby reads a minute
   * (defaults 20, 120, 120). */
  gamesPerMinute?: number;
  joinsPerMinute?: number;
  lobbyPerMinute?: number;
  /** A seat's budget of server time: ms a second (default 250: a quarter of the one thread), its burst
   * (default 3000 ms) [issue 55]. */
  seatMsPerSecond?: number;
  seatBurstMs?: number;
  /** SQLite's `synchronous` (default FULL): only the bench sets NORMAL, to measure what FULL costs. */
  synchronous?: 'FULL' | 'NORMAL';
  /** Behind a reverse proxy: take the client's address from X-Forwarded-For (set by the proxy). */
  trustProxy?: boolean;
}

export interface GameServer {
  url: string;
  store: GameStore;
  /** AI worker threads started so far (each is started by the first game that needs it). */
  aiWorkersStarted(): number;
  close(): Promise<void>;
}

/** The largest request body the API and the matchmaker read: a new game is a few hundred bytes. */
export const MAX_BODY_BYTES = 16 * 1024;

/**
 * How long a player's request for a seat may go unanswered before it is told the matchmaking cannot serve
 * it (MATCHMAKING_DOWN) [issue 55]. Colyseus' own waits are shorter (a Redis command 3 s, a remote room 2 s,
 * its process's health check 2 s more, the join tried again after them): the slowest join that succeeds,
 * one whose room's process has died, took 4.7 s at load 20.
 */
export const MATCHMAKE_ANSWER_MS = 20_000;

export async function startGameServer(options: GameServerOptions): Promise<GameServer> {
  const content = options.content ?? bundledContent();
  const store = await openStore(options);
  // Redis first: a server that cannot reach it does not start half-shared
  const shared = options.redis ? await redisMatchmaking(options.redis).catch(async (e: Error) => {
    await store.close();
    throw e;
  }) : null;
  const ai = new AiPool(options.aiWorkers ?? Math.max(1, availableParallelism() - 1));
  const perSecond = options.seatMsPerSecond ?? 250;
  const burst = options.seatBurstMs ?? 3000;
  setRoomContext({ content, store, ai, emptyRoomSeconds: options.emptyRoomSeconds ?? 30, seatBudget: { perSecond, burst, refuseBelow: burst } });
  const games = new RateLimit(options.gamesPerMinute ?? 20, 60_000);
  const joins = new RateLimit(options.joinsPerMinute ?? 120, 60_000);
  const reads = new RateLimit(options.lobbyPerMinute ?? 120, 60_000);

  const http = createServer();
  // an idle connection is kept longer than a client or a proxy keeps it, so neither reuses one the server
  // has just closed (a request lost on the way in)
  http.keepAliveTimeout = 65_000;
  http.headersTimeout = 66_000;
  const transport = new WebSocketTransport({ server: http, maxPayload: 64 * 1024 });
  const server = new Server({
    transport,
    greet: false,
    gracefullyShutdown: false,
    ...(shared ? { presence: shared.presence, driver: shared.driver } : {}),
    ...(options.publicAddress ? { publicAddress: options.publicAddress } : {}),
    express: (app) => {
      if (options.trustProxy) app.set('trust proxy', true);
      app.use('/api', express.json({ limit: MAX_BODY_BYTES }));
      app.post('/api/games', async (req, res) => {
        const made = await createGame(content, store, req.body);
        if ('error' in made) res.status('unavailable' in made ? 503 : 400).json({ error: made.error });
        else res.json(made);
      });
      app.get('/api/games', async (req, res) => {
        const q = req.query as Record<string, unknown>;
        const text = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v.slice(0, 80) : undefined);
        // a player's own games (its browser keeps their ids): at most 50 at a time
        if (typeof q.ids === 'string') return answer(res, async () => ({ games: (await store.games(q.ids!.toString().split(',').slice(0, 50).map((id) => id.slice(0, 80)))).map(publicGame) }));
        const offset = Number(q.offset ?? 0);
        return answer(res, async () => ({ games: (await store.lobby({ ruleset: text(q.ruleset), scenario: text(q.scenario), side: text(q.side), offset: Number.isInteger(offset) ? offset : 0 })).map(publicGame) }));
      });
      app.get('/api/games/:id', (req, res) => {
        const id = String(req.params.id).slice(0, 80);
        return answer(res, async () => {
          const game = await store.game(id);
          return game ? publicGame(game) : { refuse: 404, error: `there is no game "${id.slice(0, 40)}" on this server` };
        });
      });
      app.get('/api/games/:id/replay', (req, res) => {
        const id = String(req.params.id).slice(0, 80);
        return answer(res, async () => {
          const game = await store.game(id);
          if (!game) return { refuse: 404, error: `there is no game "${id.slice(0, 40)}" on this server` };
          // the seed is the game's secret until it is over: then anyone may watch it again
          if (game.status !== 'over') return { refuse: 403, error: `game ${id} is still being played: its replay opens when it is over` };
          return replaySave(content.version, game, await store.commands(id));
        });
      });
      app.get('/api/status', async (req, res) => {
        const game = typeof req.query.game === 'string' ? { gameId: req.query.game.slice(0, 80) } : {};
        let rooms: Awaited<ReturnType<typeof matchMaker.query>> = [];
        let matchmaking: string | null = null;
        try {
          rooms = await matchMaker.query({ name: GAME_ROOM, ...game });
        } catch (e) {
          matchmaking = `the matchmaking store (Redis) does not answer: ${(e as Error).message}`;
        }
        res.json({
          rooms: rooms.length,
          // of them, those this process holds (with Redis, the others are in other processes)
          here: rooms.filter((r) => r.processId === matchMaker.processId).length,
          clients: rooms.reduce((n, r) => n + r.clients, 0),
          database: store.failing ? { kind: store.kind, writes: false, problem: store.failing } : { kind: store.kind, writes: true },
          matchmaking: matchmaking ? { shared: shared !== null, answers: false, problem: matchmaking } : { shared: shared !== null, answers: true },
        });
      });
      // a malformed body (not JSON, too large) gets its reason, not a stack trace
      app.use('/api', (err: Error & { status?: number }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
        res.status(err.status ?? 400).json({ error: `the request could not be read: ${err.message}` });
      });
      if (options.site && existsSync(options.site)) app.use(express.static(options.site));
    },
  });
  server.define(GAME_ROOM, GameRoom).filterBy(['gameId']);
  await server.listen(options.port, options.host ?? '127.0.0.1');
  guardRequests(http, { games, joins, reads, trustProxy: options.trustProxy === true, matchmaking: shared ? shared.answers : () => true });
  const url = `http://${options.host ?? '127.0.0.1'}:${options.port}`;
  return {
    url,
    store,
    aiWorkersStarted: () => ai.started,
    async close() {
      await matchMaker.gracefullyShutdown().catch(() => {});
      transport.shutdown();
      await ai.close();
      await store.close();
    },
  };
}

/**
 * A gate before everything the HTTP server does (Colyseus's matchmaker included, which reads any body
 * whole and has no rate of its own): making a game and asking for a seat are counted per address, and a
 * matchmaker request's body is read here, at most MAX_BODY_BYTES of it, before the matchmaker sees it.
 */
function guardRequests(http: ReturnType<typeof createServer>, limits: { games: RateLimit; joins: RateLimit; reads: RateLimit; trustProxy: boolean; matchmaking: () => boolean }): void {
  const handlers = http.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  http.removeAllListeners('request');
  const refuse = (res: ServerResponse, status: number, error: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error }));
  };
  // a handler's throw here would be an uncaught exception of the whole process: it is answered instead
  const pass = (req: IncomingMessage, res: ServerResponse) => {
    try {
      for (const handler of handlers) handler.call(http, req, res);
    } catch (e) {
      console.error(`${req.method} ${(req.url ?? '').slice(0, 80)} failed: ${(e as Error).stack ?? String(e)}`);
      if (!res.headersSent) refuse(res, 500, 'the server failed on this request');
    }
  };
  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0] as string;
    const address = clientAddress(req, limits.trustProxy);
    // [issue 55] the lobby and a game's page read the database: counted too
    if (req.method === 'GET' && path.startsWith('/api/games') && !limits.reads.take(address)) return refuse(res, 429, `too many lobby requests from your address: at most ${limits.reads.max} a minute`);
    if (req.method !== 'POST') return pass(req, res);
    if (path === '/api/games' && !limits.games.take(address)) return refuse(res, 429, `too many games made from your address: at most ${limits.games.max} a minute`);
    if (!path.startsWith('/matchmake/')) return pass(req, res);
    if (!limits.joins.take(address)) return refuse(res, 429, `too many seats asked for from your address: at most ${limits.joins.max} a minute`);
    // [issue 55] without its Redis the matchmaker cannot find a game's room: said, not tried
    if (!limits.matchmaking()) return refuse(res, 503, MATCHMAKING_DOWN);
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) return refuse(res, 413, `a request may be at most ${MAX_BODY_BYTES} bytes`);
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        refuse(res, 413, `a request may be at most ${MAX_BODY_BYTES} bytes`);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) return;
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        (req as IncomingMessage & { body?: unknown }).body = text ? JSON.parse(text) : {};
      } catch {
        return refuse(res, 400, 'the request could not be read: its body is not JSON');
      }
      answerInTime(req, res);
    });
  });
  /**
   * [issue 55] a request for a seat is answered whatever becomes of it in the matchmaker: told
   * MATCHMAKING_DOWN at once when a failure on its way would leave it unanswered (redis-matchmaking.ts), or
   * when it has waited MATCHMAKE_ANSWER_MS. The matchmaker's own answer, should it come later, finds the
   * response written (Colyseus then closes the connection, the answer long sent).
   */
  const answerInTime = (req: IncomingMessage, res: ServerResponse) => {
    const tell = (why: string | null) => {
      if (res.headersSent) return;
      if (why) console.error(`${req.method} ${(req.url ?? '').slice(0, 80)}: ${why}; the player is told the matchmaking store cannot be reached`);
      refuse(res, 503, MATCHMAKING_DOWN);
    };
    const deadline = setTimeout(() => tell(`no answer in ${MATCHMAKE_ANSWER_MS / 1000} s`), MATCHMAKE_ANSWER_MS);
    res.once('close', () => clearTimeout(deadline));
    watchingMatchmaking(() => tell(null), () => pass(req, res));
  };
}

/** Whom a request comes from: the socket's address, or behind a trusted proxy the first one it names. */
function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = req.headers['x-forwarded-for'];
  if (trustProxy && typeof forwarded === 'string' && forwarded.length > 0) return (forwarded.split(',')[0] as string).trim();
  return req.socket.remoteAddress ?? 'unknown';
}

/** A game as anyone may see it: its start, who sits where and where it stands, never a token or the seed. */
export interface PublicGame {
  gameId: string;
  ruleset: string;
  scenario: string;
  created: number;
  updated: number;
  status: string;
  winner: string | null;
  pace: string;
  waitingFor: string | null;
  turn: number;
  clocks?: SeatClock[];
  seats: Omit<SeatInfo, 'connected'>[];
}

function publicGame(game: StoredGame): PublicGame {
  const clocks = game.status === 'playing' ? clocksToSend(game) : undefined;
  return {
    gameId: game.id,
    ruleset: game.ruleset,
    scenario: game.scenario,
    created: game.created,
    updated: game.updated,
    status: game.status,
    winner: game.winner,
    pace: game.pace,
    waitingFor: game.waitingFor,
    turn: game.turn,
    ...(clocks ? { clocks } : {}),
    seats: game.seats.map((s) => ({ side: s.side, kind: s.kind, ...(s.agent ? { agent: s.agent } : {}) })),
  };
}

/** A finished game as a save, made to be watched from its start (src/core/save.ts). */
function replaySave(contentVersion: string, game: StoredGame, commands: SaveFile<string>['commands']): SaveFile<string> {
  const starSystem = game.ruleset === 'star-system';
  return {
    formatVersion: SAVE_FORMAT_VERSION,
    contentVersion,
    ...(starSystem ? {} : { ruleset: game.ruleset, options: game.options }),
    ...(starSystem && Object.keys(game.options).length ? { options: game.options } : {}),
    scenario: game.scenario,
    seed: game.seed,
    ...(game.seedHash !== 'xmur3' ? { seedHash: game.seedHash } : {}),
    ...(game.handPlacement.length ? { handPlacement: game.handPlacement } : {}),
    replay: true,
    commands,
  };
}

/** A refusal an API answer gives: its HTTP status and words. */
interface Refusal {
  refuse: number;
  error: string;
}

/** An API answer: what `make` gives (a `Refusal`: that), or the store's failure in words. */
async function answer(res: express.Response, make: () => Promise<object>): Promise<void> {
  try {
    const body = await make();
    if ('refuse' in body) res.status((body as Refusal).refuse).json({ error: (body as Refusal).error });
    else res.json(body);
  } catch (e) {
    const what = `${res.req.method} ${res.req.originalUrl.slice(0, 80)}`;
    if (e instanceof StoreError) {
      console.error(`${what}: ${e.problem}`);
      return void res.status(503).json({ error: `the server cannot read its games now: ${e.problem}; try again later` });
    }
    // a row that does not read (damaged by hand): that game's fault, said without its insides
    console.error(`${what}: its stored row does not read: ${(e as Error).message}`);
    res.status(500).json({ error: 'what was asked for cannot be read on this server' });
  }
}

/** The store `options.database` names: PostgreSQL for a postgres:// URL, else a SQLite file. */
async function openStore(options: GameServerOptions): Promise<GameStore> {
  // PostgreSQL's client loads only when it is asked for (the embedded server starts without it)
  if (/^postgres(ql)?:\/\//.test(options.database)) return (await import('./postgres-store')).PostgresStore.open(options.database);
  return SqliteStore.open(options.database, {
    busyTimeoutMs: options.busyTimeoutMs ?? 250,
    ...(options.maxDatabaseMegabytes !== undefined ? { maxMegabytes: options.maxDatabaseMegabytes } : {}),
    ...(options.synchronous ? { synchronous: options.synchronous } : {}),
  });
}

/**
 * A new game from a host's request, checked whole (ruleset, scenario, options, seats, AI levels) before
 * anything is stored. The host takes `side` (or only watches the link go round); each reserved seat gets
 * a link of its own.
 */
export async function createGame(
  content: Content,
  store: GameStore,
  body: unknown,
): Promise<{ gameId: string; side: string | null; token: string | null; reserved: { side: string; token: string }[] } | { error: string; unavailable?: true }> {
  if (typeof body !== 'object' || body === null) return { error: 'the request must be a JSON object { game, side }' };
  const { game, side } = body as { game?: NewOnlineGame; side?: unknown };
  if (typeof game !== 'object' || game === null) return { error: 'the request has no "game"' };
  const online = ONLINE_RULESETS[String(game.ruleset)];
  if (!online) return { error: `this server plays ${Object.keys(ONLINE_RULESETS).join(' and ')} games, not "${String(game.ruleset).slice(0, 40)}"` };
  if (typeof game.scenario !== 'string') return { error: 'a game needs a scenario' };
  // the seed is the server's secret: a host who chose it could replay the game and see every hidden thing
  if ('seed' in game) return { error: 'an online game\'s seed is drawn by the server and kept secret until the end; the request may not name one' };
  const seed = newSeed();
  if (game.options !== undefined && (typeof game.options !== 'object' || game.options === null || Array.isArray(game.options))) return { error: 'a game\'s options must be an object' };
  const handPlacement = game.handPlacement ?? [];
  if (!Array.isArray(handPlacement) || handPlacement.some((s) => typeof s !== 'string')) return { error: 'a game\'s placement by hand must be a list of sides' };
  let engine;
  try {
    engine = newGame({ content, ruleset: online.ruleset, scenario: game.scenario, seed, seedHash: 'sha256', options: game.options ?? {}, handPlacement });
  } catch (e) {
    return { error: `this game cannot be played: ${(e as Error).message}` };
  }
  const sides = online.seatsOf(engine);
  if (!Array.isArray(game.seats) || game.seats.length !== sides.length) return { error: `a ${online.id} game of these options has ${sides.length} seats: ${sides.join(', ')}` };
  for (const [i, seat] of game.seats.entries()) {
    if (typeof seat !== 'object' || seat === null) return { error: `seat ${i + 1} is not a seat` };
    if (seat.side !== sides[i]) return { error: `seat ${i + 1} is the ${sides[i]} seat, not "${String(seat.side).slice(0, 40)}"` };
    if (!['open', 'ai', 'reserved'].includes(seat.kind)) return { error: `seat ${i + 1} (${seat.side}) must be open, ai or reserved` };
    if (seat.kind === 'ai' && !online.agentNames.includes(seat.agent ?? 'normal')) return { error: `seat ${i + 1}: there is no AI "${String(seat.agent).slice(0, 40)}"; there are ${online.agentNames.join(', ')}` };
  }
  if (side !== undefined && side !== null && !game.seats.some((s) => s.side === side && s.kind !== 'ai'))
    return { error: `the host cannot sit at "${String(side).slice(0, 40)}": it is not a seat for a person` };
  const timeout = game.seatTimeoutSeconds ?? 120;
  if (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout < 1 || timeout > 86_400) return { error: 'the seat timeout must be 1 second to a day' };
  const pace = game.pace ?? 'live';
  if (!paceOf(String(pace))) return { error: `a game's pace is one of ${PACES.map((p) => p.id).join(', ')}, not "${String(pace).slice(0, 40)}"` };

  const seats = seatsToStore(game.seats);
  const hostToken = typeof side === 'string' ? newToken() : null;
  const reserved: { side: string; token: string }[] = [];
  for (const seat of seats) {
    if (seat.side === side) {
      seat.kind = 'human';
      seat.tokenHash = tokenHash(hostToken as string);
    } else if (seat.kind === 'reserved') {
      const token = newToken();
      seat.tokenHash = tokenHash(token);
      reserved.push({ side: seat.side, token });
    }
  }
  const id = newGameId();
  try {
    await store.createGame({
      id,
      ruleset: online.id,
      scenario: game.scenario,
      seed,
      seedHash: 'sha256',
      options: game.options ?? {},
      handPlacement: engine.handPlacement as string[],
      seats,
      seatTimeoutSeconds: Math.round(timeout),
      pace,
      waitingFor: engine.pending?.side ?? null,
      turn: engine.turn,
      clocks: startingClocks(pace, sides),
      clockSince: Date.now(),
    });
  } catch (e) {
    if (!(e instanceof StoreError)) throw e;
    console.error(`game ${id}: could not be made: ${e.problem}`);
    return { error: `the server cannot make games now: ${e.problem}; try again later`, unavailable: true };
  }
  // its first room starts from the game just made, not from a second making of it
  keepSnapshot(id, engine as AnyGame);
  return { gameId: id, side: typeof side === 'string' ? side : null, token: hostToken, reserved };
}
