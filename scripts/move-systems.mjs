#!/usr/bin/env node
/**
 * Give the Rebels-vs-Empire ruleset a folder of its own, like conquest/ and solitaire/, and put what any
 * ruleset may share on a floor of its own [issue 47]:
 *
 *   systems/<flat file>.ts          -> systems/rebels-vs-empire/<file>.ts   (systems/common/<file>.ts for COMMON)
 *   test/systems/<flat file>.ts     -> test/systems/rebels-vs-empire/<file>.ts   (but the tests of all of systems/)
 *
 * then rewrites, in every file of src/, systems/, test/, scripts/ and the top folder:
 * - each relative path in quotes (imports, dynamic imports, re-exports, paths from __dirname) that names
 *   a file or folder which moved, or is written in a file which moved;
 * - each mention of a moved file's path in words (`systems/victory.ts`), there and in README.md and docs/;
 * - the layout's description in docs/architecture.md and README.md.
 *
 * Run it once from the top folder of a clean checkout, after every branch is merged:
 *   node scripts/move-systems.mjs            (moves with git mv, so history follows the files)
 *   node scripts/move-systems.mjs --dry-run  (says what it would do, changes nothing)
 * then `npx tsc --noEmit`, the tests, and commit. It refuses to run twice.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const FOLDER = 'rebels-vs-empire';
/** What any ruleset may share: answers kept while the world stands still (memo.ts). */
const COMMON = ['memo.ts'];
/** Tests of the whole of systems/, which stay where they are. */
const KEEP_TESTS = ['import-circles.test.ts'];
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git']);

const dryRun = process.argv.includes('--dry-run');
const root = process.cwd();
const abs = (p) => resolve(root, p);
const rel = (p) => relative(root, p).split(sep).join('/');

function fail(message) {
  console.error(`move-systems: ${message}`);
  process.exit(1);
}

if (!existsSync(abs('systems/star-system-ruleset.ts')))
  fail(`run it from the top folder of the repository, with the flat systems/*.ts files in place (no systems/star-system-ruleset.ts in ${root})`);
if (existsSync(abs(`systems/${FOLDER}`)) || existsSync(abs('systems/common'))) fail(`systems/${FOLDER}/ or systems/common/ exists already: has it run before?`);
if (!dryRun && execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).trim())
  fail('the work tree has changes: commit or stash them first, so the move is a commit of its own');

// ------------------------------------------------------------------ what moves where

const flatFiles = (dir) => readdirSync(abs(dir)).filter((name) => name.endsWith('.ts') && statSync(abs(join(dir, name))).isFile());
/** Old absolute path -> new absolute path. */
const moves = new Map();
for (const name of flatFiles('systems')) moves.set(abs(`systems/${name}`), abs(COMMON.includes(name) ? `systems/common/${name}` : `systems/${FOLDER}/${name}`));
for (const name of flatFiles('test/systems')) if (!KEEP_TESTS.includes(name)) moves.set(abs(`test/systems/${name}`), abs(`test/systems/${FOLDER}/${name}`));
for (const name of COMMON) if (!moves.has(abs(`systems/${name}`))) fail(`COMMON names systems/${name}, which is not there`);

const newPath = (p) => moves.get(p) ?? p;

// ------------------------------------------------------------------ the files to rewrite

function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return SKIP_DIRS.has(name) ? [] : walk(path);
    return [path];
  });
}
const self = resolve(process.argv[1] ?? '');
const codeFiles = [...['src', 'systems', 'test', 'scripts'].flatMap((d) => walk(abs(d))), ...readdirSync(root).map(abs).filter((p) => statSync(p).isFile())].filter(
  (p) => CODE.test(p) && p !== self, // this script names the old paths on purpose
);
const docFiles = [abs('README.md'), ...walk(abs('docs')).filter((p) => p.endsWith('.md'))].filter(existsSync);

/** What a relative specifier written in `from` names on disk today: a file, a module without its extension, or a folder. */
function target(from, spec) {
  const base = resolve(dirname(from), spec);
  if (existsSync(base)) return { path: base, suffix: '' };
  for (const ext of ['.ts', '.tsx', '.mts', '/index.ts']) if (existsSync(base + ext)) return { path: base + ext, suffix: ext };
  if (/\.js$/.test(base) && existsSync(base.replace(/\.js$/, '.ts'))) return { path: base.replace(/\.js$/, '.ts'), suffix: '.js->.ts' };
  return null;
}

/** The specifier that names `to` from `from`, written as `spec` was (with or without its extension). */
function specifier(from, to, suffix) {
  let path = to;
  if (suffix === '.js->.ts') path = to.replace(/\.ts$/, '.js');
  else if (suffix) path = to.slice(0, -suffix.length);
  let out = relative(dirname(from), path).split(sep).join('/');
  if (!out.startsWith('.')) out = `./${out}`;
  return out;
}

const IMPORT_CONTEXT = /(\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+|\bexport\s+\*\s+from\s*)$/;
const report = { moved: moves.size, imports: 0, otherPaths: [], mentions: 0, docEdits: [], missing: [] };
const writes = new Map(); // new absolute path -> text

/** A mention in words of a moved file (`systems/victory.ts`, `test/systems/loyalty.test.ts`) -> its new path. */
const mentionPattern = new RegExp(
  String.raw`(?<![\w./-])((?:test/)?systems/[\w.-]+\.ts)\b`,
  'g',
);
function rewriteMentions(text) {
  return text.replace(mentionPattern, (whole, path) => {
    const to = moves.get(abs(path));
    if (!to) return whole;
    report.mentions += 1;
    return rel(to);
  });
}

for (const file of codeFiles) {
  const text = readFileSync(file, 'utf8');
  const to = newPath(file);
  let out = text.replace(/(['"])(\.\.?\/[^'"\n]*)\1/g, (whole, quote, spec, offset) => {
    const found = target(file, spec);
    if (!found) return whole;
    const next = specifier(to, newPath(found.path), found.suffix);
    if (next === spec) return whole;
    const before = text.slice(text.lastIndexOf('\n', offset) + 1, offset);
    if (IMPORT_CONTEXT.test(before)) report.imports += 1;
    else report.otherPaths.push(`${rel(to)}: ${spec} -> ${next}`);
    return `${quote}${next}${quote}`;
  });
  out = rewriteMentions(out);
  if (out !== text || to !== file) writes.set(to, out);
}

// ------------------------------------------------------------------ the layout in words

/** Exact replacements in the docs; one not found (the text changed since) is reported, not guessed at. */
const LAYOUT_TEXT = [
  [
    'docs/architecture.md',
    `systems/    rules, one module per system, and the ruleset that orders them (star-system-ruleset.ts); the other
            rulesets in folders of their own, their state plain data in game.vars: conquest/ (002, 2-6 factions),
            solitaire/ (001, the Emperor against Chaos), each with its agents in src/ai/<ruleset>/ and its
            screens in src/ui/<ruleset>/ (the parts they share in src/ui/game-screen/)`,
    `systems/    the rulesets, a folder each: ${FOLDER}/ (004 and 000: the star-system, province and galactic game,
            one module per rules system, and star-system-ruleset.ts, which orders them into a game-turn; its
            agents are src/ai/'s own, its screens src/ui/play/ and the spectator); conquest/ (002, 2-6
            factions) and solitaire/ (001, the Emperor against Chaos), their state plain data in game.vars,
            each with its agents in src/ai/<ruleset>/ and its screens in src/ui/<ruleset>/ (the parts they
            share in src/ui/game-screen/); and common/, what any ruleset may use (memo.ts)`,
  ],
  [
    'docs/architecture.md',
    '1. Read the rules section whole. Put the code in `systems/<system>.ts`, named after the system.',
    `1. Read the rules section whole. Put the code in \`systems/${FOLDER}/<system>.ts\` (or the folder of its
   ruleset), named after the system.`,
  ],
  [
    'docs/architecture.md',
    "4. Test it in `test/systems/<system>.test.ts`, each test named with its rule: `it('[9.35] ...')`.",
    `4. Test it in \`test/systems/${FOLDER}/<system>.test.ts\`, each test named with its rule: \`it('[9.35] ...')\`.`,
  ],
  [
    'docs/architecture.md',
    'Within `systems/`, no module imports one that imports it back',
    `Within \`systems/\`, a ruleset's folder imports \`common/\` and no other ruleset's, \`common/\` imports no
ruleset, and no module imports one that imports it back`,
  ],
  [
    'README.md',
    `- \`systems/\` — one module per rules system, and the ruleset that orders them into a game-turn; the
  conquest (\`systems/conquest/\`) and solitaire (\`systems/solitaire/\`) rulesets in folders of their own.`,
    `- \`systems/\` — the rulesets, a folder each: Rebels vs Empire (\`systems/${FOLDER}/\`: one module per
  rules system, and the ruleset that orders them into a game-turn), conquest (\`systems/conquest/\`) and
  solitaire (\`systems/solitaire/\`); what any ruleset may share in \`systems/common/\`.`,
  ],
];
for (const file of docFiles) {
  const text = readFileSync(file, 'utf8');
  const out = rewriteMentions(text);
  if (out !== text) writes.set(file, out);
}
for (const [file, from, to] of LAYOUT_TEXT) {
  const path = abs(file);
  const text = writes.get(path) ?? readFileSync(path, 'utf8');
  if (!text.includes(from)) {
    report.missing.push(`${file}: ${from.split('\n')[0].slice(0, 90)}...`);
    continue;
  }
  writes.set(path, text.replace(from, to));
  report.docEdits.push(`${file}: ${to.split('\n')[0].slice(0, 90)}...`);
}

// ------------------------------------------------------------------ do it

if (dryRun) {
  for (const [from, to] of moves) console.log(`move ${rel(from)} -> ${rel(to)}`);
} else {
  for (const [from, to] of moves) {
    mkdirSync(dirname(to), { recursive: true });
    execFileSync('git', ['mv', rel(from), rel(to)]);
  }
  for (const [path, text] of writes) writeFileSync(path, text);
}
console.log(`${dryRun ? 'would move' : 'moved'} ${report.moved} files; ${report.imports} imports rewritten, ${report.mentions} mentions of a moved file's path`);
if (report.otherPaths.length) console.log(`other relative paths rewritten (check them):\n  ${report.otherPaths.join('\n  ')}`);
if (report.docEdits.length) console.log(`the layout in words:\n  ${report.docEdits.join('\n  ')}`);
if (report.missing.length) {
  console.log(`NOT FOUND, write these by hand:\n  ${report.missing.join('\n  ')}`);
  process.exitCode = 2;
}
if (!dryRun) console.log('next: npx tsc --noEmit, the tests of test/systems/, and commit');
