/**
 * Imports run one way (docs/architecture.md): the game server stands on core, systems, ai, words and
 * online, never on the page's interface or picture; and in the page, the shell routes to the modes, a
 * mode never reaches back up into the router.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

function files(path: string): string[] {
  if (statSync(path).isFile()) return path.endsWith('.ts') ? [path] : [];
  return readdirSync(path).flatMap((name) => files(join(path, name)));
}

/** Every relative module a file imports (static, re-exported or dynamic), as a path from the repo's top. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.[^'"]+)['"]/gm)].map((m) => m[1] as string);
  return specs.map((s) => relative('.', normalize(join(dirname(file), s))));
}

/** Each file under `from` that imports something under one of `floors`, with what it imports. */
function offenders(from: string, floors: string[]): string[] {
  return files(from).flatMap((f) =>
    importsOf(f)
      .filter((target) => floors.some((floor) => target === floor || target.startsWith(`${floor}/`) || target.startsWith(`${floor}.`)))
      .map((target) => `${f} imports ${target}`),
  );
}

describe('import floors', () => {
  it('the game server never imports the interface (src/ui) or the picture (src/render)', () => {
    expect(offenders('src/server', ['src/ui', 'src/render'])).toEqual([]);
  });

  it('finds an import of the interface where there is one (the check itself can fail)', () => {
    // the page's entry imports the interface, so the same check run over it names it
    expect(offenders('src/main.ts', ['src/ui']).length).toBeGreaterThan(0);
  });


  it('the shell every mode shares (src/ui/shell) imports no mode: what a mode and the shell both need lies below both', () => {
    const modes = ['src/ui/play', 'src/ui/conquest', 'src/ui/solitaire', 'src/ui/spectator'];
    // (types only: the worker's messages the shell shows are the spectator's protocol, a contract, not a mode's code)
    const code = offenders('src/ui/shell', modes).filter((line) => !/spectator-protocol$/.test(line));
    expect(code).toEqual([]);
  });

  it('no mode of the page imports the router (src/ui/app.ts) back: the shell routes to the modes', () => {
    expect(offenders('src/ui', ['src/ui/app']).filter((line) => !line.startsWith('src/ui/app.ts ') && !line.startsWith('src/ui/test-hooks.ts '))).toEqual([]);
  });
});
