/**
 * The code the browser loads never reads Node's `process` (there is none in the page: a module that
 * reads it at load throws, and everything importing it fails). Experiment switches belong in the CLI.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const BROWSER_CODE = ['src/ai', 'src/ui', 'src/core', 'src/render', 'src/audio', 'systems', 'src/main.ts'];

function files(path: string): string[] {
  if (statSync(path).isFile()) return path.endsWith('.ts') ? [path] : [];
  return readdirSync(path).flatMap((name) => files(join(path, name)));
}

const readsProcess = (file: string) => /\bprocess\s*\./.test(readFileSync(file, 'utf8'));

describe('browser-safe code', () => {
  it('no module the page loads reads process', () => {
    const offenders = BROWSER_CODE.flatMap(files).filter(readsProcess);
    expect(offenders).toEqual([]);
  });

  it('finds a module that reads process where there is one (the check itself can fail)', () => {
    expect(BROWSER_CODE.flatMap(files).length).toBeGreaterThan(100);
    expect(files('src/cli').filter(readsProcess).length).toBeGreaterThan(0);
  });
});
