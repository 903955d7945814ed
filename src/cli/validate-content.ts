/**
 * `npx tsx src/cli/validate-content.ts [folder]`: check a content folder (default assets/content)
 * and print every problem with its file and JSON path, or a summary of what it holds.
 * `npx tsx src/cli/validate-content.ts --conquest-map <file>`: check a conquest map file [002 I Maps].
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { CONTENT_FILES } from '../core/content/schema';
import { ContentError, formatProblem, parseContentJson, validateContent, type RawContent } from '../core/content/validate';
import { parseConquestMap } from '../../systems/conquest/map';

if (process.argv[2] === '--conquest-map') checkConquestMap(process.argv[3]);

/** Check a conquest map file and exit: 0 with a summary, 1 with every problem. */
function checkConquestMap(file: string | undefined): never {
  if (!file) {
    console.error('validate-content: --conquest-map needs a file');
    process.exit(2);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    console.error(`${file}: ${(e as Error).message}`);
    process.exit(1);
  }
  const result = parseConquestMap(raw, file);
  if (!result.ok) {
    for (const p of result.problems) console.error(formatProblem(p));
    process.exit(1);
  }
  const { map } = result;
  console.log(JSON.stringify({ ok: true, name: map.def.name, territories: map.territories.length, borders: map.def.borders.length, continents: map.def.continents.length }));
  process.exit(0);
}

const folder = process.argv[2] ?? 'assets/content';
const raw: RawContent = {};
try {
  for (const file of Object.keys(CONTENT_FILES) as (keyof typeof CONTENT_FILES)[]) {
    const path = join(folder, file);
    if (existsSync(path)) raw[file] = parseContentJson(file, readFileSync(path, 'utf8'));
  }
  const c = validateContent(raw);
  const environs = [...c.environs.values()];
  const byType = Object.fromEntries(
    ['urban', 'wild', 'subterranean', 'liquid', 'air', 'fire'].map((t) => [t, environs.filter((e) => e.type === t).length]),
  );
  const chars = [...c.characters.values()];
  console.log(
    JSON.stringify({
      ok: true,
      version: c.version,
      provinces: c.provinces.size,
      systems: c.systems.size,
      planets: c.planets.size,
      secretPlanets: [...c.planets.values()].filter((p) => p.secret).length,
      environs: c.environs.size,
      environTypes: byType,
      routes: c.galaxy.routes.length,
      routesViaNavigationStar: c.galaxy.routes.filter((r) => r.via !== null).length,
      starFaringRaces: [...c.races.values()].filter((r) => r.starFaring).length,
      nativeRaces: [...c.races.values()].filter((r) => !r.starFaring).length,
      characters: { rebel: chars.filter((x) => x.side === 'rebel').length, imperial: chars.filter((x) => x.side === 'imperial').length },
      possessions: c.possessions.size,
      missions: c.missions.size,
      actions: c.actions.length,
      scenarios: [...c.scenarios.keys()],
    }),
  );
} catch (e) {
  if (e instanceof ContentError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}
