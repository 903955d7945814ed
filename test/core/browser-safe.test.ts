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

describe('browser-safe code', () => {
  it('no module the page loads reads process', () => {
    const offenders = BROWSER_CODE.flatMap(files).filter((f) => /\bprocess\s*\./.test(readFileSync(f, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
