/**
 * The seed is the server's secret [issue 46]: drawn by the server from the operating system's cryptographic
 * source, 128 bits wide, never chosen by the host, and never sent to a client before the game is over,
 * neither itself nor anything made from it (the generator's state at any step of the game). A whole
 * online game is played on a real server process by two websocket clients, and every message each one
 * receives is read; the `over` message then gives the seed, and a replay from it gives the final hash.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import Database from 'better-sqlite3';
import { bundledContent } from '../../src/core/content/bundled';
import { apply, stateHash } from '../../src/core/engine/game';
import { createOnlineGame, OnlineSeat } from '../../src/online/client';
import { startStoredGame } from '../../src/server/online-rulesets';
import type { Command } from '../../src/core/engine/types';
import { databaseFile, freePort, spawnServer, waitFor } from './helpers';
import { Rng } from '../../src/core/rng';

const content = bundledContent();
const database = databaseFile();
let server: ChildProcess;
let url: string;

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  server = await spawnServer(port, database);
});
afterAll(() => {
  server?.kill('SIGKILL');
});

const stored = (gameId: string) => {
  const db = new Database(database, { readonly: true });
  const game = db.prepare('select * from games where id = ?').get(gameId) as { seed: string; seed_hash: 'sha256' | 'xmur3'; ruleset: string; scenario: string; options: string; hand_placement: string };
  const commands = (db.prepare('select command from commands where game_id = ? order by n').all(gameId) as { command: string }[]).map((r) => JSON.parse(r.command) as Command<string>);
  db.close();
  return { game, commands };
};

describe('the seed is the server\'s secret [issue 46]', () => {
  it('a whole online game: no client hears the seed, or the generator state it makes, before the end; then the over message tells it', async () => {
    const scenario = [...content.scenarios.keys()][0]!;
    const made = await createOnlineGame(url, { ruleset: 'star-system', scenario, seats: [{ side: 'rebel', kind: 'open' }, { side: 'imperial', kind: 'open' }] }, 'rebel');
    const players = [await OnlineSeat.join(url, { gameId: made.gameId, token: made.token!, screen: true }), await OnlineSeat.join(url, { gameId: made.gameId, side: 'imperial', screen: true })];
    // every message each client receives, in order (a state with its view made whole again, a superset
    // of what came on the wire)
    const heard = players.map((seat) => {
      const messages: { type: string; text: string }[] = [{ type: 'joined', text: JSON.stringify(seat.joined) }];
      seat.room.onMessage('*', (type, message) => messages.push({ type: String(type), text: JSON.stringify(message) }));
      seat.onState((state) => messages.push({ type: 'state', text: JSON.stringify(state) }));
      seat.onRefused((reason) => messages.push({ type: 'refused', text: reason }));
      seat.onOver((over) => messages.push({ type: 'over', text: JSON.stringify(over) }));
      return messages;
    });
    await Promise.all(
      players.map(
        (seat, k) =>
          new Promise<void>((resolve) => {
            const rng = Rng.fromSeed(`player-${k}`);
            let answered = -1;
            seat.onOver(() => resolve());
            seat.onState((state) => {
              if (!state.decision || answered === state.step) return;
              answered = state.step;
              seat.send(rng.pick(state.decision.options));
            });
          }),
      ),
    );
    const { game, commands } = stored(made.gameId);
    // wide and the server's own: 128 bits as hex
    expect(game.seed).toMatch(/^[0-9a-f]{32}$/);
    // and all of it makes the generator's state [issue 55]
    expect(game.seed_hash).toBe('sha256');
    // what the seed makes: the generator's state before every command and after the last
    const replayed = startStoredGame(content, { ruleset: game.ruleset, scenario: game.scenario, seed: game.seed, seedHash: game.seed_hash, options: JSON.parse(game.options), handPlacement: JSON.parse(game.hand_placement) });
    const states = [replayed.rng.state()];
    for (const command of commands) {
      expect(apply(replayed, command).ok).toBe(true);
      states.push(replayed.rng.state());
    }
    const secrets = new Set([game.seed, ...states.map((s) => s.join(',')), ...states.flat().filter((n) => n > 99_999).map(String)]);
    for (const messages of heard) {
      const end = messages.findIndex((m) => m.type === 'over');
      expect(end).toBeGreaterThan(0);
      const before = messages.slice(0, end).map((m) => m.text).join('\n');
      for (const secret of secrets) expect(before.includes(secret), `a client heard "${secret}" before the end`).toBe(false);
      // the over message tells the seed, and the replay from it is the game that was played
      const over = JSON.parse(messages[end]!.text) as { seed: string; hash: string };
      expect(over.seed).toBe(game.seed);
      expect(over.hash).toBe(stateHash(replayed));
    }
    await Promise.all(players.map((p) => p.leave()));
  }, 60_000);

  it('the host may not choose the seed; two games never share one', async () => {
    const seats = [{ side: 'rebel', kind: 'open' }, { side: 'imperial', kind: 'open' }] as const;
    const scenario = [...content.scenarios.keys()][0]!;
    const response = await fetch(`${url}/api/games`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game: { ruleset: 'star-system', scenario, seed: '42', seats }, side: 'rebel' }) });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/seed is drawn by the server/);
    const a = await createOnlineGame(url, { ruleset: 'star-system', scenario, seats: [...seats] });
    const b = await createOnlineGame(url, { ruleset: 'star-system', scenario, seats: [...seats] });
    expect(stored(a.gameId).game.seed).not.toBe(stored(b.gameId).game.seed);
    // nor does anyone read it from the game's page
    expect(await (await fetch(`${url}/api/games/${a.gameId}`)).text()).not.toContain(stored(a.gameId).game.seed);
  });
});
