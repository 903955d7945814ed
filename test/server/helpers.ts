/**
 * Helpers for the online tests: a real game server on a free loopback port with its own database file,
 * and seats that play by picking among their decision's options with a seeded generator.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { Rng } from '../../src/core/rng';
import { OnlineSeat } from '../../src/online/client';
import type { StateMessage } from '../../src/online/protocol';
import type { Command } from '../../src/core/engine/types';

export { freePort } from '../../src/server/free-port';

/** A fresh directory for a server's database, under the run's own (removed at its end: global-setup.ts). */
export function databaseFile(): string {
  return join(mkdtempSync(join(inject('databaseRoot'), 'db-')), 'games.sqlite');
}

/**
 * Answer every decision that comes to this seat with one of its options, chosen by a seeded generator;
 * resolves when the game is over (or `until` says to stop). Every message the seat receives is kept in
 * `heard` as JSON text. An answer refused (a step the server had moved past) is made again to the latest
 * state; a seat that hears nothing for `quietMs` fails with what it last heard, rather than hang.
 */
export function playSeat(seat: OnlineSeat, seed: string, heard: string[] = [], until?: (state: StateMessage) => boolean, quietMs = 30_000): Promise<void> {
  const rng = Rng.fromSeed(seed);
  let answered = -1;
  seat.room.onMessage('*', (type, message) => heard.push(`${String(type)}:${JSON.stringify(message)}`));
  return new Promise((resolve, reject) => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const done = (error?: Error) => {
      clearTimeout(quiet);
      if (error) reject(error);
      else resolve();
    };
    const listen = () => {
      clearTimeout(quiet);
      quiet = setTimeout(() => {
        const last = seat.latest;
        done(new Error(`the ${seat.side} seat heard nothing for ${quietMs} ms: last state step ${last?.step}, decision ${last?.decision ? `${last.decision.kind} of ${last.decision.side}` : 'none'}, refusals [${seat.refusals.join('; ')}], closed ${seat.closedWith ?? 'no'}`));
      }, quietMs);
    };
    const act = (state: StateMessage) => {
      listen();
      heard.push(`state:${JSON.stringify(state)}`);
      if (state.winner || until?.(state)) return done();
      // one answer per step: a state repeated (another seat joined) is not a new decision
      if (!state.decision || answered === state.step) return;
      answered = state.step;
      seat.send(rng.pick(state.decision.options));
    };
    seat.onState(act);
    seat.onRefused(() => {
      answered = -1;
      if (seat.latest) setTimeout(() => seat.latest && answered === -1 && act(seat.latest), 20);
    });
    seat.onOver(() => done());
    listen();
  });
}

/** What each spawned server has printed (its log: errors are logged with their game's id). */
const outputs = new WeakMap<ChildProcess, { text: string }>();
export const serverOutput = (child: ChildProcess): string => outputs.get(child)?.text ?? '';

/** A game server in a child process of its own (so a test can kill it), ready when it prints its address;
 * `flags` are `npm run serve`'s (limits), `env` its variables (DATABASE_URL, REDIS_URL, PUBLIC_ADDRESS). The
 * server is src/server/main.ts built once for the run (global-setup.ts): it starts in a third of the time. */
export async function spawnServer(port: number, database: string, flags: string[] = [], env: Record<string, string> = {}): Promise<ChildProcess> {
  // without its warm-up (warm-up.ts, a few seconds of CPU at each start, tested on its own): these tests
  // time nothing, and the suite starts many servers
  const child = spawn(process.execPath, [inject('serverMain'), '--port', String(port), '--database', database, '--warm-up-commands', '0', ...flags], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  const log = { text: '' };
  outputs.set(child, log);
  child.stdout!.on('data', (chunk: Buffer) => (log.text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log.text += chunk.toString()));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start in 60 s: ${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('game server:')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${output}`)));
  });
  return child;
}

/** A child process that runs `script` (a file of test/server/; TypeScript through tsx), ready when it prints `ready`. */
export async function spawnScript(script: string, args: string[], ready: string): Promise<ChildProcess> {
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, `test/server/${script}`, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not get ready in 60 s: ${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(ready)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}): ${output}`)));
  });
  return child;
}

/** The server's own account: its rooms (of one game, with `gameId`), whether its database writes and its
 * matchmaking store answers. */
export interface ServerStatus {
  rooms: number;
  /** Of them, those in this process. */
  here: number;
  clients: number;
  database: { kind: string; writes: boolean; problem?: string };
  matchmaking: { shared: boolean; answers: boolean; problem?: string };
}
export async function serverStatus(url: string, gameId?: string): Promise<ServerStatus> {
  const response = await fetch(`${url}/api/status${gameId ? `?game=${encodeURIComponent(gameId)}` : ''}`);
  return (await response.json()) as ServerStatus;
}

/** Poll until `get` gives something (a message has arrived), or fail after a while saying what was awaited. */
export async function waitFor<T>(get: () => T | null | undefined | false, what: string, ms = 8_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = get();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The same, for an answer that comes from the server (a status, a row). */
export async function pollFor<T>(get: () => Promise<T | null | undefined | false>, what: string, ms = 8_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await get();
    if (value !== null && value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A seat's decision once it has one, and the first of its options (a legal move to send). */
export async function nextMove(seat: OnlineSeat): Promise<{ step: number; option: Command<string> }> {
  const state = await waitFor(() => (seat.latest?.decision && !seat.latest.hold ? seat.latest : null), `a decision for ${seat.side}`);
  return { step: state.step, option: state.decision!.options[0] as Command<string> };
}

/** Whichever of `seats` has the pending decision. */
export async function mover(seats: OnlineSeat[]): Promise<OnlineSeat> {
  return waitFor(() => seats.find((s) => s.latest?.decision), 'a seat to move');
}
