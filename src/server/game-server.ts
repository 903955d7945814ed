/**
 * The game server [issue 27]: Colyseus rooms for the games (game-room.ts), a small HTTP API to create a
 * game and list the open ones (the lobby), and the built site, all on one port. Games live in the store
 * (game-store.ts), so a server started again on the same database plays on where the last one stopped.
 *
 *   POST /api/games   { game: NewOnlineGame, side?: string }  ->  { gameId, side, token, links }
 *   GET  /api/games   the lobby: games being played with a seat open to anyone with the link
 *   GET  /api/games/:id  one game's start and seats (no tokens)
 */
import { Server, matchMaker } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import express from 'express';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { Content } from '../core/content/validate';
import { bundledContent } from '../core/content/bundled';
import { newGame } from '../core/engine/game';
import { GAME_ROOM, type NewOnlineGame, type SeatInfo } from '../online/protocol';
import { AiPool } from './ai-pool';
import { GameRoom, seatsToStore, setRoomContext } from './game-room';
import { GameStore, newGameId, newToken, tokenHash, type StoredGame } from './game-store';
import { ONLINE_RULESETS } from './online-rulesets';

export interface GameServerOptions {
  port: number;
  host?: string;
  /** The SQLite file the games are kept in (':memory:' for none). */
  database: string;
  /** The built site to serve (dist/), if any. */
  site?: string;
  /** AI worker threads (default: one fewer than the cores, at least one). */
  aiWorkers?: number;
  content?: Content;
}

export interface GameServer {
  url: string;
  store: GameStore;
  close(): Promise<void>;
}

/** The largest request body the API reads. */
const MAX_BODY = '32kb';

export async function startGameServer(options: GameServerOptions): Promise<GameServer> {
  const content = options.content ?? bundledContent();
  const store = new GameStore(options.database);
  const ai = new AiPool(options.aiWorkers ?? Math.max(1, availableParallelism() - 1));
  setRoomContext({ content, store, ai });

  const transport = new WebSocketTransport({ maxPayload: 64 * 1024 });
  const server = new Server({
    transport,
    greet: false,
    gracefullyShutdown: false,
    express: (app) => {
      app.use('/api', express.json({ limit: MAX_BODY }));
      app.post('/api/games', (req, res) => {
        const made = createGame(content, store, req.body);
        if ('error' in made) res.status(400).json(made);
        else res.json(made);
      });
      app.get('/api/games', (_req, res) => {
        res.json({ games: store.playing().filter((g) => g.seats.some((s) => s.kind === 'open')).map(publicGame) });
      });
      app.get('/api/games/:id', (req, res) => {
        const game = store.game(String(req.params.id));
        if (!game) res.status(404).json({ error: `there is no game "${String(req.params.id).slice(0, 40)}" on this server` });
        else res.json(publicGame(game));
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
  const url = `http://${options.host ?? '127.0.0.1'}:${options.port}`;
  return {
    url,
    store,
    async close() {
      await matchMaker.gracefullyShutdown().catch(() => {});
      transport.shutdown();
      await ai.close();
      store.close();
    },
  };
}

/** A game as anyone may see it: its start and who sits where, never a token. */
function publicGame(game: StoredGame): { gameId: string; ruleset: string; scenario: string; created: number; status: string; winner: string | null; seats: Omit<SeatInfo, 'connected'>[] } {
  return {
    gameId: game.id,
    ruleset: game.ruleset,
    scenario: game.scenario,
    created: game.created,
    status: game.status,
    winner: game.winner,
    seats: game.seats.map((s) => ({ side: s.side, kind: s.kind, ...(s.agent ? { agent: s.agent } : {}) })),
  };
}

/**
 * A new game from a host's request, checked whole (ruleset, scenario, options, seats, AI levels) before
 * anything is stored. The host takes `side` (or only watches the link go round); each reserved seat gets
 * a link of its own.
 */
export function createGame(
  content: Content,
  store: GameStore,
  body: unknown,
): { gameId: string; side: string | null; token: string | null; reserved: { side: string; token: string }[] } | { error: string } {
  if (typeof body !== 'object' || body === null) return { error: 'the request must be a JSON object { game, side }' };
  const { game, side } = body as { game?: NewOnlineGame; side?: unknown };
  if (typeof game !== 'object' || game === null) return { error: 'the request has no "game"' };
  const online = ONLINE_RULESETS[String(game.ruleset)];
  if (!online) return { error: `this server plays ${Object.keys(ONLINE_RULESETS).join(' and ')} games, not "${String(game.ruleset).slice(0, 40)}"` };
  if (typeof game.scenario !== 'string' || typeof game.seed !== 'string' || game.seed.length > 80) return { error: 'a game needs a scenario and a seed (a short text)' };
  if (game.options !== undefined && (typeof game.options !== 'object' || game.options === null || Array.isArray(game.options))) return { error: 'a game\'s options must be an object' };
  const handPlacement = game.handPlacement ?? [];
  if (!Array.isArray(handPlacement) || handPlacement.some((s) => typeof s !== 'string')) return { error: 'a game\'s placement by hand must be a list of sides' };
  let engine;
  try {
    engine = newGame({ content, ruleset: online.ruleset, scenario: game.scenario, seed: game.seed, options: game.options ?? {}, handPlacement });
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
  store.createGame({ id, ruleset: online.id, scenario: game.scenario, seed: game.seed, options: game.options ?? {}, handPlacement: engine.handPlacement as string[], seats, seatTimeoutSeconds: Math.round(timeout) });
  return { gameId: id, side: typeof side === 'string' ? side : null, token: hostToken, reserved };
}
