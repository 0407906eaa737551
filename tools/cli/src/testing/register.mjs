// `node --import ./register.mjs src/bin.ts …`: runs the CLI from its TypeScript source (worker threads inherit it).
import { register } from 'node:module';

register('../../../../scripts/ts-hooks.mjs', import.meta.url);
