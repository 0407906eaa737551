// Node module hooks that run the workspace's TypeScript source (tests and dev runs; Node 20 cannot run .ts itself):
// `.js` specifiers fall back to the `.ts` file beside them, `@qi/*` packages resolve to their source through the
// `qi-source` export condition, and `.ts` files are transpiled with the TypeScript compiler (types stripped).
// Transpiled files are cached by content hash in the temp directory, so a second start loads no compiler.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const cacheDir = join(tmpdir(), 'qi-ts-cache');
let compiler = null;

export async function resolve(specifier, context, next) {
  const ctx = { ...context, conditions: [...new Set([...context.conditions, 'qi-source'])] };
  try {
    return await next(specifier, ctx);
  } catch (error) {
    if (specifier.endsWith('.js') && (specifier.startsWith('.') || specifier.startsWith('file:'))) {
      return next(specifier.slice(0, -3) + '.ts', ctx);
    }
    throw error;
  }
}

export async function load(url, context, next) {
  if (!url.endsWith('.ts')) return next(url, context);
  const source = await readFile(new URL(url), 'utf8');
  const cached = join(cacheDir, createHash('sha1').update(url).update('\0').update(source).digest('hex') + '.js');
  try {
    return { format: 'module', source: await readFile(cached, 'utf8'), shortCircuit: true };
  } catch {
    // not transpiled yet
  }
  compiler ??= (await import('typescript')).default;
  const ts = compiler;
  const { outputText } = ts.transpileModule(source, {
    fileName: url,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, sourceMap: false },
  });
  try {
    await mkdir(cacheDir, { recursive: true });
    const temp = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}`;
    await writeFile(temp, outputText);
    await (await import('node:fs/promises')).rename(temp, cached);
  } catch {
    // a cache that cannot be written only costs time
  }
  return { format: 'module', source: outputText, shortCircuit: true };
}
