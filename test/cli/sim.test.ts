/**
 * The simulator's contract (other checks rely on it): its last line with --json is one JSON object;
 * the same arguments give the same state hashes; a refused save ends with one clear line and a
 * non-zero exit. The cases run the simulator in this process (runSimulator, the very function
 * `npm run sim` runs); two cases start `npm run sim`'s own entry (the simulator built: scripts/built.mjs),
 * for the games it plays built and the exit code and stderr a shell sees.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSimulator, SIM_OPTIONS } from '../../src/cli/simulator';
import { agentNames } from '../../src/ai/registry';
import { CONQUEST_AGENTS } from '../../src/ai/conquest/registry';
import { SOLITAIRE_AGENTS } from '../../src/ai/solitaire/registry';
import { DOMINO_RULES } from '../../src/core/content/schema';
import { CARD_OPTIONS } from '../../systems/conquest/content';
import { DECKS } from '../../systems/conquest/cards';
import { OPTIONAL_RULES } from '../../systems/solitaire/content';

/** `npm run sim`'s entry: the simulator built, then run (scripts/built.mjs). */
const BUILT = join(process.cwd(), 'scripts', 'built.mjs');

/** What one run printed, and how it ended. */
async function run(...args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runSimulator(args, (line) => out.push(line), (line) => err.push(line));
  return { status, stdout: out.join('\n'), stderr: err.join('\n') };
}
const sim = async (...args: string[]) => {
  const result = await run(...args);
  if (result.status !== 0) throw new Error(`sim ${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return result.stdout;
};
const lastJson = (out: string) => JSON.parse(out.trim().split('\n').at(-1) as string);

describe('npm run sim', () => {
  it('plays games and prints a summary whose hashes repeat for the same arguments', async () => {
    const args = ['--scenario', 'start-of-rebellion', '--games', '3', '--seed', '7', '--rebel', 'normal', '--imperial', 'random', '--json'];
    const first = lastJson(await sim(...args));
    expect(first).toMatchObject({ games: 3, rebel: 'normal', imperial: 'random' });
    for (const key of ['rebelWins', 'imperialWins', 'draws', 'meanTurns', 'msPerGame', 'decisionsPerSecond']) expect(typeof first[key]).toBe('number');
    expect(first.rebelWins + first.imperialWins + first.draws).toBe(3);
    expect(first.stateHashes).toHaveLength(3);
    expect(lastJson(await sim(...args)).stateHashes).toEqual(first.stateHashes);
    // how long the games lasted: a histogram of the deciding turn, in all and by winner, and its median
    const counts = (h: Record<string, number>) => Object.values(h).reduce((a, b) => a + b, 0);
    expect(counts(first.lengths)).toBe(3);
    expect(Object.keys(first.lengths).every((t) => Number(t) >= 1)).toBe(true);
    const meanFromHistogram = Object.entries(first.lengths as Record<string, number>).reduce((s, [t, n]) => s + Number(t) * n, 0) / 3;
    expect(meanFromHistogram).toBeCloseTo(first.meanTurns);
    expect(counts(first.lengthsByWinner.rebel ?? {})).toBe(first.rebelWins);
    expect(counts(first.lengthsByWinner.imperial ?? {})).toBe(first.imperialWins);
    const turns = Object.entries(first.lengths as Record<string, number>).flatMap(([t, n]) => Array(n).fill(Number(t))).sort((a, b) => a - b);
    expect(first.medianTurn).toBe(turns[1]);
  }, 120_000);

  it('a galactic summary counts the Empire\'s victory levels, the mean final Chaos Index and the assignments carried out and failed', async () => {
    const summary = lastJson(await sim('--scenario', 'galactic-lucent-spiral', '--games', '2', '--seed', '7', '--json'));
    const g = summary.galactic;
    expect(Object.keys(g.levels)).toEqual(['Galactic', 'Expanding', 'Survival', 'Decline', 'Collapse']);
    expect(Object.values(g.levels as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(2);
    expect(g.levels.Collapse).toBeGreaterThanOrEqual(summary.rebelWins); // a Rebel win is a Collapse
    expect(g.meanChaos).toBeGreaterThanOrEqual(0);
    const byGoal = Object.values(g.assignments.byGoal as Record<string, { met: number; failed: number }>);
    expect(g.assignments.met).toBe(byGoal.reduce((n, t) => n + t.met, 0));
    expect(g.assignments.failed).toBe(byGoal.reduce((n, t) => n + t.failed, 0));
    expect(g.assignments.met + g.assignments.failed).toBeGreaterThan(0);
    // the other games' summaries have none
    expect(lastJson(await sim('--scenario', 'start-of-rebellion', '--games', '1', '--seed', '7', '--json')).galactic).toBeUndefined();
  }, 120_000);

  it('--help lists every option of every ruleset, each with the values it takes', async () => {
    const help = await sim('--help');
    // the options of the star-system, province and galactic games, of conquest and of solitaire
    for (const option of ['scenario', 'games', 'seed', 'json', 'list', 'replay', 'rebel', 'imperial', 'domino', 'players', 'agents', 'cards', 'deck', 'map', 'auto-place', 'no-recycle', 'manual-defend', 'rules'])
      expect(help, `--${option}`).toMatch(new RegExp(`^ *--${option}\\b`, 'm'));
    for (const values of [agentNames(), DOMINO_RULES, Object.keys(CONQUEST_AGENTS), CARD_OPTIONS, Object.keys(DECKS), OPTIONAL_RULES, Object.keys(SOLITAIRE_AGENTS)]) expect(help).toContain(values.join(', '));
    // and the parser takes exactly the options it lists
    for (const o of SIM_OPTIONS) expect((await run(`--${o.name}`, ...(o.value ? ['x'] : []), '--help')).status, `--${o.name}`).toBe(0);
    expect((await run('--warp')).stderr).toMatch(/^sim: unknown option --warp \(--help lists them\)$/);
  });

  it('--list --json prints the scenario ids', async () => {
    expect(lastJson(await sim('--list', '--json'))).toEqual([
      'start-of-rebellion',
      'armageddon',
      'embers-of-the-reach',
      'songs-of-the-verdant-drift',
      'galactic-lucent-spiral',
      // the Rebels-vs-Empire tutorial's own [issue 56]
      'tutorial-first-spark',
      'conquest-domination',
      'conquest-capital',
      'conquest-mission',
      'conquest-blocs',
      'conquest-blocs-capital',
      'conquest-blocs-mission',
      ...['long-twilight', 'divided-heavens', 'reconquest', 'undying-emperor', 'transhuman-revolt', 'second-empire'].flatMap((id) => [`chaos-${id}`, `chaos-${id}-sweep`]),
    ]);
  }, 60_000);

  it('[001] plays solitaire games: games by victory level, and the same hashes for the same arguments', async () => {
    const args = ['--scenario', 'chaos-long-twilight', '--games', '4', '--seed', '7', '--imperial', 'normal', '--json'];
    const first = lastJson(await sim(...args));
    expect(first).toMatchObject({ scenario: 'chaos-long-twilight', imperial: 'normal', games: 4 });
    expect(Object.keys(first.levels)).toEqual(['collapse', 'decline', 'survival', 'expanding', 'galactic']);
    expect(Object.values(first.levels as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(4);
    expect(first.survivalOrBetter).toBe(first.levels.survival + first.levels.expanding + first.levels.galactic);
    expect(first.stateHashes).toHaveLength(4);
    expect(lastJson(await sim(...args)).stateHashes).toEqual(first.stateHashes);
    const withRules = lastJson(await sim(...args.slice(0, -1), '--rules', 'expeditions,trans-humans', '--json'));
    expect(withRules.stateHashes).not.toEqual(first.stateHashes);
    for (const [extra, message] of [
      [['--imperial', 'oracle'], /there is no solitaire agent "oracle"/],
      [['--rules', 'warp-drive'], /there is no optional rule "warp-drive"/],
      [['--rebel', 'normal'], /--rebel is not for a solitaire game/],
    ] as const) {
      const result = await run('--scenario', 'chaos-reconquest', '--games', '1', ...extra, '--json');
      expect(result.status).not.toBe(0);
      expect(result.stderr.trim()).toMatch(message);
    }
  }, 120_000);

  it('[002] plays conquest games: wins by seat, and the same hashes for the same arguments', async () => {
    const args = ['--scenario', 'conquest-domination', '--players', '4', '--agents', 'normal,random,random,random', '--games', '3', '--seed', '7', '--json'];
    const first = lastJson(await sim(...args));
    expect(first).toMatchObject({ scenario: 'conquest-domination', players: 4, games: 3, agents: ['normal', 'random', 'random', 'random'], cards: 'increasing' });
    expect(first.winsBySeat).toHaveLength(4);
    expect(first.winsBySeat.reduce((a: number, b: number) => a + b, 0) + first.draws).toBe(3);
    expect(first.stateHashes).toHaveLength(3);
    expect(lastJson(await sim(...args)).stateHashes).toEqual(first.stateHashes);
    const italian = lastJson(await sim(...args.slice(0, -1), '--cards', 'italian', '--json'));
    expect(italian.stateHashes).not.toEqual(first.stateHashes);
  }, 120_000);

  it('[003] plays bloc games: wars declared, wins by bloc, winsBySeat crediting the leading faction, the bloc figures, the same hashes again', async () => {
    const args = ['--scenario', 'conquest-blocs', '--players', '4', '--agents', 'normal,normal,random,random', '--games', '3', '--seed', '7', '--json'];
    const first = lastJson(await sim(...args));
    expect(first.warsDeclared).toBeGreaterThanOrEqual(0);
    expect(first.warsDeclared).toBeLessThanOrEqual(3);
    const seatWins = (first.winsBySeat as number[]).reduce((a, b) => a + b, 0);
    const blocWins = Object.values(first.winsByBloc as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(blocWins).toBe(seatWins);
    expect(seatWins + first.draws).toBe(3);
    expect(lastJson(await sim(...args)).stateHashes).toEqual(first.stateHashes);
    // [3B3c, 3F3, 3F4d] the bloc figures: defections, sneak attacks, truces; a defector never wins; a won war reads won
    const figures = first.blocs as Record<string, unknown>;
    for (const key of ['defections', 'defectionsEndingTheGame', 'vendettas', 'sneakAttacks', 'truces']) expect(figures[key], key).toBeTypeOf('number');
    expect(figures).toMatchObject({ warsDeclared: first.warsDeclared, defectorWins: 0, winsWithoutExtremist: 0 });
    expect(Object.keys(figures.stateAfterBlocVictory as object).filter((state) => state !== 'won')).toEqual([]);
    // a game without blocs says nothing of them
    expect(lastJson(await sim('--scenario', 'conquest-domination', '--players', '2', '--games', '1', '--json')).winsByBloc).toBeUndefined();
  }, 120_000);

  it('[002] a bad conquest argument ends with one clear line', async () => {
    for (const [args, message] of [
      [['--players', '7', '--agents', 'random,random'], /--agents names 2 agents for 7 players|--players must be 2 to 6/],
      [['--agents', 'normal,genius'], /there is no conquest agent "genius"/],
      [['--agents', 'normal,random', '--cards', 'tarot'], /--cards must be one of increasing, fixed, italian/],
      [['--agents', 'normal,random', '--rebel', 'normal'], /--rebel is for the star-system game/],
    ] as const) {
      const result = await run('--scenario', 'conquest-capital', ...args, '--games', '1', '--json');
      expect(result.status).not.toBe(0);
      expect(result.stderr.trim()).toMatch(message);
    }
  }, 120_000);

  it('an agent named like a property of every object is refused in words, in every ruleset', async () => {
    for (const [args, message] of [
      [['--scenario', 'conquest-domination', '--agents', 'constructor,random'], /^sim: there is no conquest agent "constructor"; there are: random, easy, normal, hard$/],
      [['--scenario', 'chaos-reconquest', '--imperial', '__proto__'], /^sim: there is no solitaire agent "__proto__"; there are: random, normal, hard$/],
      [['--scenario', 'start-of-rebellion', '--rebel', 'toString'], /^sim: there is no agent "toString"; there are: random, easy, normal, hard$/],
      [['--scenario', 'conquest-domination', '--agents', 'random,random', '--deck', 'hasOwnProperty'], /^sim: --deck must be one of classic, wild, got "hasOwnProperty"$/],
    ] as const) {
      const result = await run(...args, '--games', '1', '--json');
      expect(result.status).toBe(2);
      expect(result.stderr.trim()).toMatch(message);
    }
  }, 120_000);

  it('--workers: the same games, hashes and summary on one thread as on two (each game a record, summed in game order)', async () => {
    const timings = (summary: Record<string, unknown>) => ({ ...summary, msPerGame: 0, decisionsPerSecond: 0 });
    // a bloc game's record is the richest: its seat, its coalition and its bloc figures, summed
    const args = ['--scenario', 'conquest-blocs', '--agents', 'normal,random,random,random', '--games', '5', '--seed', 'w', '--json'];
    const one = lastJson(await sim(...args, '--workers', '1'));
    const two = lastJson(await sim(...args, '--workers', '2'));
    expect(one.stateHashes).toHaveLength(5);
    expect(timings(two)).toEqual(timings(one));
    expect((await run('--scenario', 'armageddon', '--workers', '0')).stderr).toMatch(/^sim: --workers must be a whole number from 1, got "0"$/);
  }, 120_000);

  it('on a terminal a long run shows its progress on one line, then clears it; with --json it shows none', async () => {
    const shown: (string | null)[] = [];
    const progress = (line: string | null) => shown.push(line);
    // progressAfterMs 0: every run counts as long here
    await runSimulator(['--scenario', 'start-of-rebellion', '--games', '3', '--seed', 'p'], () => {}, () => {}, { progress, progressAfterMs: 0 });
    expect(shown.at(-1)).toBeNull();
    expect(shown.slice(0, -1).length).toBeGreaterThan(0);
    for (const line of shown.slice(0, -1)) expect(line).toMatch(/^start-of-rebellion: [1-3]\/3 games, [\d.]+ games\/s on 1 thread, \d+ (s|min) left$/);
    shown.length = 0;
    await runSimulator(['--scenario', 'start-of-rebellion', '--games', '3', '--seed', 'p', '--json'], () => {}, () => {}, { progress, progressAfterMs: 0 });
    expect(shown).toEqual([]);
  }, 60_000);

  it('npm run sim, built (scripts/built.mjs): the same games as from its TypeScript, on two worker threads of its own build', async () => {
    const args = ['--scenario', 'embers-of-the-reach', '--games', '2', '--seed', 'b', '--json'];
    const built = spawnSync(process.execPath, [BUILT, 'sim', ...args, '--workers', '2'], { encoding: 'utf8' });
    expect(built.stderr).toBe('');
    expect(built.status).toBe(0);
    const fromTypeScript = lastJson(await sim(...args, '--workers', '1'));
    expect(lastJson(built.stdout).stateHashes).toHaveLength(2);
    expect(lastJson(built.stdout).stateHashes).toEqual(fromTypeScript.stateHashes);
  }, 120_000);

  it('npm run sim: --replay refuses a hostile save with one clear line on stderr and a non-zero exit code', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gu-'));
    const file = join(dir, 'hostile.json');
    writeFileSync(file, '{"formatVersion":2,"contentVersion":"x","scenario":"armageddon","seed":"1","commands":[],"__proto__":{"a":1}}');
    const run = spawnSync(process.execPath, [BUILT, 'sim', '--replay', file, '--json'], { encoding: 'utf8' });
    rmSync(dir, { recursive: true, force: true });
    expect(run.status).not.toBe(0);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^sim: refused .*hostile\.json: The save is malformed/)]);
  }, 60_000);
});
