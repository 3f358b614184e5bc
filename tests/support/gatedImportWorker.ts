/**
 * A Solana import worker (server/src/lib/solanaImportWorker.ts) that says 'started' and plans only
 * once told 'go', on the BroadcastChannel 'gated-import-worker': solanaImport.test.ts counts with
 * it how many imports are planned at once. Only ever loaded as a worker: importing it waits.
 */
import { BroadcastChannel } from 'node:worker_threads';

const channel = new BroadcastChannel('gated-import-worker');
await new Promise<void>((resolve) => {
  channel.onmessage = (event) => {
    if (event.data === 'go') resolve();
  };
  channel.postMessage('started');
});
channel.close();
await import('../../server/src/lib/solanaImportWorker.ts');
