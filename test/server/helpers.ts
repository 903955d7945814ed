/**
 * Helpers for the online tests: a real game server on a free loopback port with its own database file,
 * and seats that play by picking among their decision's options with a seeded generator.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Rng } from '../../src/core/rng';
import { OnlineSeat } from '../../src/online/client';
import type { StateMessage } from '../../src/online/protocol';

export { freePort } from '../../src/server/free-port';

/** A fresh directory for a server's database. */
export function databaseFile(): string {
  return join(mkdtempSync(join(tmpdir(), 'gu-online-')), 'games.sqlite');
}

/**
 * Answer every decision that comes to this seat with one of its options, chosen by a seeded generator;
 * resolves when the game is over (or `until` says to stop). Every message the seat receives is kept in
 * `heard` as JSON text.
 */
export function playSeat(seat: OnlineSeat, seed: string, heard: string[] = [], until?: (state: StateMessage) => boolean): Promise<void> {
  const rng = Rng.fromSeed(seed);
  let answered = -1;
  seat.room.onMessage('*', (type, message) => heard.push(`${String(type)}:${JSON.stringify(message)}`));
  return new Promise((resolve) => {
    const act = (state: StateMessage) => {
      heard.push(`state:${JSON.stringify(state)}`);
      if (state.winner || until?.(state)) return resolve();
      // one answer per step: a state repeated (another seat joined) is not a new decision
      if (!state.decision || answered === state.step) return;
      answered = state.step;
      seat.send(rng.pick(state.decision.options));
    };
    seat.onState(act);
    seat.onOver(() => resolve());
  });
}

/** A game server in a child process of its own (so a test can kill it), ready when it prints its address. */
export async function spawnServer(port: number, database: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', '--port', String(port), '--database', database], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start: ${output}`)), 30_000);
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
