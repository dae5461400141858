// Runs sheet-worker.ts from TypeScript source (under tsx or Vitest). Node 20 does not apply
// `--import tsx` to a worker thread, so the worker registers tsx's loader itself.
import { register } from 'tsx/esm/api';

register();
await import('./sheet-worker.ts');
