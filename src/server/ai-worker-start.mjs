// The AI worker thread's first file (see ai-pool.ts). A worker thread does not inherit the TypeScript
// loader the server runs under, so it registers tsx's own, then loads the worker itself.
import { register } from 'tsx/esm/api';

register();
await import('./ai-worker.ts');
