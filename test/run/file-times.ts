/**
 * A vitest reporter that writes, after every run, each test file's time (importing it, its hooks and
 * its tests) and number of tests to test-results/file-times.json, with the run's wall time. `.ci/run`
 * prints the slowest files from it (`npm run test:slowest`), so a slow test is seen the day it lands.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { COMMANDS_DIR, CPU_DIR, FILE_TIMES } from './paths';

/**
 * `npm test` runs two vitests side by side (scripts/test.mjs), each a part of the run: each writes
 * file-times.<part>.json, its files timed from the whole run's start, and scripts/test.mjs puts them
 * together (it empties the folders below before both start).
 */
const PART = process.env.GU_TEST_PART;
const RUN_STARTED_AT = Number(process.env.GU_TEST_STARTED_AT) || undefined;

export interface FileTime {
  file: string;
  project: string;
  /** Milliseconds: setting up, importing the file, and its hooks and tests. */
  ms: number;
  /** Milliseconds of CPU the file's worker spent on it (file-cpu.ts), without the processes it started; null if not measured. */
  cpuMs: number | null;
  tests: number;
  state: string;
  /** When the file started and ended, in milliseconds from the run's start, and its worker's process id (file-cpu.ts); absent if not measured. */
  startMs?: number;
  endMs?: number;
  worker?: number;
}

export interface FileTimes {
  /** The whole run's wall time, in milliseconds. */
  wallMs: number;
  files: FileTime[];
}

export default class FileTimesReporter implements Reporter {
  private started = performance.now();
  private startedAt = Date.now();

  onTestRunStart(): void {
    this.started = performance.now();
    this.startedAt = RUN_STARTED_AT ?? Date.now();
    if (PART) return;
    // the property tests' counts and the files' CPU times are this run's only
    rmSync(COMMANDS_DIR, { recursive: true, force: true });
    rmSync(CPU_DIR, { recursive: true, force: true });
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const cpu = new Map<string, { cpuMs: number; startedAt?: number; endedAt?: number; worker?: number }>();
    for (const name of existsSync(CPU_DIR) ? readdirSync(CPU_DIR) : []) {
      const measured = JSON.parse(readFileSync(join(CPU_DIR, name), 'utf8')) as { file: string; cpuMs: number; startedAt?: number; endedAt?: number; worker?: number };
      cpu.set(measured.file, measured);
    }
    const files = modules.map((m): FileTime => {
      const d = m.diagnostic();
      const measured = cpu.get(relative(process.cwd(), m.moduleId));
      const at = (t: number | undefined) => (t === undefined ? undefined : t - this.startedAt);
      return {
        file: relative(process.cwd(), m.moduleId),
        project: m.project.name,
        ms: Math.round(d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration),
        cpuMs: measured?.cpuMs ?? null,
        tests: [...m.children.allTests()].length,
        state: m.state(),
        startMs: at(measured?.startedAt),
        endMs: at(measured?.endedAt),
        worker: measured?.worker,
      };
    });
    const times: FileTimes = { wallMs: Math.round(performance.now() - this.started), files };
    mkdirSync(dirname(FILE_TIMES), { recursive: true });
    writeFileSync(PART ? FILE_TIMES.replace(/\.json$/, `.${PART}.json`) : FILE_TIMES, JSON.stringify(times, null, 1));
  }
}
