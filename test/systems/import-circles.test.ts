/**
 * The rules modules import each other one way: a rule may use the rules below it, never reach back up
 * to one that uses it. A circle of imports (loyalty.ts importing domino.ts, which imports loyalty.ts)
 * makes every module of the circle load and change with every other, and hides which rule comes first.
 * And each ruleset keeps to its own folder of systems/, sharing only what lies on common/, which knows no
 * ruleset. Read from the files themselves, every folder of systems/, so the checks hold wherever the
 * files stand. Type-only imports count: they tie the modules together as well.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(__dirname, '../..');
const SYSTEMS = join(ROOT, 'systems');

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** The modules of systems/ that `file` imports (static, re-exported or dynamic), as absolute paths. */
function importsOf(file: string, modules: Set<string>): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm)) {
    const target = resolve(dirname(file), m[1] as string).replace(/\.js$/, '');
    for (const candidate of [target, `${target}.ts`, join(target, 'index.ts')]) if (modules.has(candidate)) out.push(candidate);
  }
  return out;
}

/** The import circles among `files`: each strongly connected group of two or more, or one importing itself (Tarjan). */
function importCircles(files: string[]): string[][] {
  const modules = new Set(files);
  const edges = new Map(files.map((f) => [f, importsOf(f, modules)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1 || edges.get(v)!.includes(v)) circles.push(group.sort());
  };
  for (const f of files) if (!index.has(f)) visit(f);
  return circles;
}

/** A circle in words: each module and the modules of the circle it imports. */
function describeCircle(group: string[], modules: Set<string>): string {
  const name = (f: string) => relative(ROOT, f);
  return group.map((f) => `${name(f)} -> ${importsOf(f, modules).filter((t) => group.includes(t)).map(name).join(', ')}`).join('\n');
}

describe('the rules modules import one way', () => {
  it('no import circle among the files of systems/', () => {
    const files = tsFiles(SYSTEMS);
    const modules = new Set(files);
    expect(files.length).toBeGreaterThan(30); // the check reads the real tree, not an empty one
    expect(importCircles(files).map((group) => describeCircle(group, modules))).toEqual([]);
  });

  it('no import circle among the files of the picture (src/render) either: the scene stands on its layers', () => {
    const files = tsFiles(join(ROOT, 'src/render'));
    const modules = new Set(files);
    expect(files.length).toBeGreaterThan(10);
    expect(importCircles(files).map((group) => describeCircle(group, modules))).toEqual([]);
  });

  it('a ruleset imports only its own folder of systems/ and common/, and common/ imports no ruleset', () => {
    // each folder of systems/ is a ruleset (the files lying in systems/ itself count as one), but common/
    const folderOf = (file: string) => relative(SYSTEMS, dirname(file)).split(sep)[0] || '.';
    const files = tsFiles(SYSTEMS);
    const modules = new Set(files);
    const strays = files.flatMap((file) =>
      importsOf(file, modules)
        .filter((to) => folderOf(to) !== folderOf(file) && (folderOf(file) === 'common' || folderOf(to) !== 'common'))
        .map((to) => `${relative(ROOT, file)} -> ${relative(ROOT, to)}`),
    );
    expect(strays).toEqual([]);
  });

  it('the check finds a circle of any length, through type-only, re-exported and dynamic imports', () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-circles-'));
    try {
      const write = (name: string, text: string) => writeFileSync(join(dir, name), text);
      write('a.ts', "import { b } from './b';\nexport const a = b;\n");
      write('b.ts', "import type { C } from './c';\nexport const b = 1 as unknown as C;\n");
      write('c.ts', "export type C = number;\nexport const later = () => import('./a');\n");
      write('d.ts', "export { a } from './a';\n"); // imports the circle, is not part of it
      write('e.ts', "export * from './e';\n");
      const files = tsFiles(dir);
      const circles = importCircles(files).map((group) => group.map((f) => relative(dir, f)));
      expect(circles).toContainEqual(['a.ts', 'b.ts', 'c.ts']);
      expect(circles).toContainEqual(['e.ts']);
      expect(circles).toHaveLength(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
