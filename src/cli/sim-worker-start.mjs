// A simulator worker thread's first file (see sim-workers.ts). A worker thread does not inherit the
// TypeScript loader the simulator runs under, so it registers tsx's own, then loads the worker itself.
import { register } from 'tsx/esm/api';

register();
await import('./sim-worker.ts');
