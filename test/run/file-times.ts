/**
 * A vitest reporter that writes, after every run, each test file's time (importing it, its hooks and
 * its tests) and number of tests to test-results/file-times.json, with the run's wall time. `.ci/run`
 * prints the slowest files from it (`npm run test:slowest`), so a slow test is seen the day it lands.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { COMMANDS_DIR, FILE_TIMES } from './paths';

export interface FileTime {
  file: string;
  project: string;
  /** Milliseconds: setting up, importing the file, and its hooks and tests. */
  ms: number;
  tests: number;
  state: string;
}

export interface FileTimes {
  /** The whole run's wall time, in milliseconds. */
  wallMs: number;
  files: FileTime[];
}

export default class FileTimesReporter implements Reporter {
  private started = performance.now();

  onTestRunStart(): void {
    this.started = performance.now();
    // the property tests' counts are this run's only
    rmSync(COMMANDS_DIR, { recursive: true, force: true });
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const files = modules.map((m): FileTime => {
      const d = m.diagnostic();
      return {
        file: relative(process.cwd(), m.moduleId),
        project: m.project.name,
        ms: Math.round(d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration),
        tests: [...m.children.allTests()].length,
        state: m.state(),
      };
    });
    const times: FileTimes = { wallMs: Math.round(performance.now() - this.started), files };
    mkdirSync(dirname(FILE_TIMES), { recursive: true });
    writeFileSync(FILE_TIMES, JSON.stringify(times, null, 1));
  }
}
