/**
 * The solitaire content [001] (assets/content/solitaire.json): checked when first read, and a broken file
 * refused with the file, the JSON path and the reason.
 */
import { describe, expect, it } from 'vitest';
import raw from '../../../assets/content/solitaire.json';
import { parseSolitaire } from '../../../systems/solitaire/content';
import { ContentError } from '../../../src/core/content/validate';
import { content } from './fixtures';

function problemOf(change: (file: any) => void): string {
  const file = structuredClone(raw) as any;
  change(file);
  try {
    parseSolitaire(file, content);
  } catch (e) {
    expect(e).toBeInstanceOf(ContentError);
    return (e as Error).message;
  }
  throw new Error('the broken file was accepted');
}

describe('[001] solitaire content', () => {
  it('the bundled file reads: 25 sectors from the Core outward, every sector reachable, six scenarios and their Sweep of Empire', () => {
    const c = parseSolitaire(raw, content);
    expect(c.sectors).toHaveLength(25);
    const distances = c.sectors.map((s) => c.coreDistance.get(s)!);
    expect(distances[0]).toBe(0);
    expect(distances).toEqual([...distances].sort((a, b) => a - b)); // numbered outward
    expect([...c.scenarios.keys()].filter((id) => !id.endsWith('-sweep'))).toHaveLength(6);
    expect([...c.scenarios.values()].filter((s) => s.sweep)).toHaveLength(6);
  });

  it('a broken file is refused with its file, path and reason', () => {
    expect(problemOf((f) => (f.sectors[3] = 'nowhere'))).toMatch(/solitaire\.json.*sectors\[3\].*"nowhere" does not exist/);
    expect(problemOf((f) => (f.sectors[0] = f.sectors[1]))).toMatch(/solitaire\.json.*sectors/);
    expect(problemOf((f) => (f.combatTable.columns[2].results[4] = 'X9'))).toMatch(/solitaire\.json.*combatTable\.columns\[2\]\.results\[4\]/);
    expect(problemOf((f) => (f.scenarios[0].id = 'twilight'))).toMatch(/solitaire\.json.*scenarios\[0\]\.id.*chaos-/);
    expect(problemOf((f) => (f.scenarios[5].poolChanges.addOnTurn[0].event = 'comet'))).toMatch(/there is no event "comet"/);
    expect(problemOf((f) => f.operationsTable.rebel.pop())).toMatch(/operationsTable\.rebel/);
  });
});
