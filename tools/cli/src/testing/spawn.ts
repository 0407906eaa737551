import { fileURLToPath } from 'node:url';

/** `node` arguments that run the qi CLI from its TypeScript source (through the cached module hooks). */
export function qiArgs(...args: string[]): string[] {
  const register = fileURLToPath(new URL('./register.mjs', import.meta.url));
  const bin = fileURLToPath(new URL('../bin.ts', import.meta.url));
  return ['--import', register, bin, ...args];
}
