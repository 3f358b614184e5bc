// The entry of a reader thread (txReaders.ts): loads TypeScript through tsx, as the server's own
// `node --import tsx` does (Node 20 runs no --import hooks in worker threads), then the worker.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
