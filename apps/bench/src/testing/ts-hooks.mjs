// Node module hooks that let a worker thread run TypeScript sources in the bench's tests (Node 20 cannot):
// `.js` specifiers fall back to the `.ts` file beside them, `@qi/*` packages resolve to their source through the
// `qi-source` export condition, and `.ts` files are transpiled (types stripped) with the TypeScript compiler.
import { readFile } from 'node:fs/promises';
import ts from 'typescript';

export async function resolve(specifier, context, next) {
  const ctx = { ...context, conditions: [...context.conditions, 'qi-source'] };
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
  const { outputText } = ts.transpileModule(source, {
    fileName: url,
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, sourceMap: false },
  });
  return { format: 'module', source: outputText, shortCircuit: true };
}
