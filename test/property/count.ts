/**
 * Counts the commands the property tests check their invariants after, so a change to how many games
 * they play can be shown not to check less. Each test file counts its own (`commandCounter(file)`) and
 * writes its total to test-results/commands/, where `.ci/summary.ts` adds them up after `npm test`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll } from 'vitest';

export const COMMANDS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'test-results', 'commands');

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
