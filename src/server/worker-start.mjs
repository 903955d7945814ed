// A worker thread's first file when the server runs from its TypeScript (server-worker.ts). A
// worker thread does not inherit the TypeScript loader the server runs under, so it registers tsx's own,
// then loads the worker itself, named in its data (`module`: a file URL).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.module);
