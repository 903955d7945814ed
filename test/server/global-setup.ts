/**
 * The server tests' global setup: one temporary folder for the run, under which every test's database
 * gets a folder of its own (`databaseFile`, helpers.ts), removed with everything in it when the run ends.
 * (Each test making its own folder in the system's temporary directory left one behind per database.)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder the run's databases live under. */
    databaseRoot: string;
  }
}

export default function setup(project: TestProject): () => void {
  const root = mkdtempSync(join(tmpdir(), 'gu-online-'));
  project.provide('databaseRoot', root);
  return () => rmSync(root, { recursive: true, force: true });
}
