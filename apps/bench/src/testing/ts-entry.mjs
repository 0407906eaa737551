// Worker-thread entry for the bench's tests: installs the TypeScript hooks, then runs the module named in
// workerData.entry (the ai-worker's node-worker.ts source), so tests never depend on a stale dist/.
import { register } from 'node:module';
import { workerData } from 'node:worker_threads';

register('../../../../scripts/ts-hooks.mjs', import.meta.url);
await import(workerData.entry);
