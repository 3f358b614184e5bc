// The entry of the server's worker threads (txReaders.ts, solanaImports.ts): loads TypeScript
// through tsx, as the server's own `node --import tsx` does (Node 20 runs no --import hooks in
// worker threads), then the worker module named by workerData.entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
