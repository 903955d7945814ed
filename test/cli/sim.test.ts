/**
 * The simulator's contract (other checks rely on it): its last line with --json is one JSON object;
 * the same arguments give the same state hashes; a refused save ends with one clear line and a
 * non-zero exit.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const TSX = join(process.cwd(), 'node_modules', '.bin', 'tsx');
const sim = (...args: string[]) => execFileSync(TSX, ['src/cli/sim.ts', ...args], { encoding: 'utf8' });
const lastJson = (out: string) => JSON.parse(out.trim().split('\n').at(-1) as string);

describe('npm run sim', () => {
  it('plays games and prints a summary whose hashes repeat for the same arguments', () => {
    const args = ['--scenario', 'start-of-rebellion', '--games', '3', '--seed', '7', '--rebel', 'normal', '--imperial', 'random', '--json'];
    const first = lastJson(sim(...args));
    expect(first).toMatchObject({ games: 3, rebel: 'normal', imperial: 'random' });
    for (const key of ['rebelWins', 'imperialWins', 'draws', 'meanTurns', 'msPerGame', 'decisionsPerSecond']) expect(typeof first[key]).toBe('number');
    expect(first.rebelWins + first.imperialWins + first.draws).toBe(3);
    expect(first.stateHashes).toHaveLength(3);
    expect(lastJson(sim(...args)).stateHashes).toEqual(first.stateHashes);
  }, 120_000);

  it('--list --json prints the scenario ids', () => {
    expect(lastJson(sim('--list', '--json'))).toEqual(['start-of-rebellion', 'armageddon', 'embers-of-the-reach', 'songs-of-the-verdant-drift']);
  }, 60_000);

  it('--replay refuses a hostile save with one clear line and a non-zero exit', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gu-'));
    const file = join(dir, 'hostile.json');
    writeFileSync(file, '{"formatVersion":2,"contentVersion":"x","scenario":"armageddon","seed":"1","commands":[],"__proto__":{"a":1}}');
    const run = spawnSync(TSX, ['src/cli/sim.ts', '--replay', file, '--json'], { encoding: 'utf8' });
    expect(run.status).not.toBe(0);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^sim: refused .*hostile\.json: The save is malformed/)]);
  }, 60_000);
});
