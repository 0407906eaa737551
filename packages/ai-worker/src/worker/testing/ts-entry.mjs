// Worker-thread entry when running from TypeScript source (tests, dev): installs the TypeScript hooks, then runs
// the module named in workerData.entry.
import { register } from 'node:module';
import { workerData } from 'node:worker_threads';

register('../../../../../scripts/ts-hooks.mjs', import.meta.url);
await import(workerData.entry);
