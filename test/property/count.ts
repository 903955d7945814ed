/**
 * Counts the commands the property tests check their invariants after, so a change to how many games
 * they play can be shown not to check less. Each test file counts its own (`commandCounter(file)`) and
 * writes its total to test-results/commands/, where `npm run test:slowest` adds them up after `npm test`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';
import { COMMANDS_DIR } from '../run/paths';

/**
 * How many times the usual games the property tests play: 1 in `npm test`; `npm run soak` sets SOAK=20
 * to play twenty times as many, the same invariants checked after every command (CI may skip it).
 */
export const SOAK = Math.max(1, Math.floor(Number(process.env.SOAK ?? 1)) || 1);

export interface CommandCounter {
  /** The check, counting every command it is called after. */
  after<G>(check: (game: G) => void): (game: G) => void;
  /** Count commands checked some other way (e.g. a whole game compared at every refresh). */
  add(commands: number): void;
}

/** A counter for one test file (pass its import.meta.url); it writes its total when the file's tests end. */
export function commandCounter(fileUrl: string): CommandCounter {
  const file = fileURLToPath(fileUrl);
  let commands = 0;
  afterAll(() => {
    mkdirSync(COMMANDS_DIR, { recursive: true });
    const name = file.split(/[\\/]test[\\/]/).pop()!.replace(/[\\/]/g, '__');
    writeFileSync(join(COMMANDS_DIR, `${name}.json`), JSON.stringify({ file: `test/${file.split(/[\\/]test[\\/]/).pop()}`, commands }));
    console.log(`${basename(file)}: invariants checked after ${commands.toLocaleString('en')} commands`);
  });
  return {
    after: (check) => (game) => {
      check(game);
      commands++;
    },
    add: (n) => {
      commands += n;
    },
  };
}
