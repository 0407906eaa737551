// The public API report of a workspace package (api-extractor's idea, kept small): every export of every entry point
// in its package.json `exports`, with its kind and type, written to `<package>/api.md`. Each package's api.test.ts
// compares the report with the committed file, so a change to what a package exports is always a deliberate one.
//
//   node scripts/api-report.mjs packages/engine packages/ai-worker    # rewrite the reports after a deliberate change
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = new URL('..', import.meta.url).pathname;
const PRINT = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope | ts.TypeFormatFlags.WriteArrowStyleSignature;

/** The source files of a package's entry points, by subpath (`.`, `./node`, …); JSON exports are listed as files. */
function entryPoints(dir) {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const out = [];
  for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
    const file = typeof target === 'string' ? target : target['qi-source'];
    out.push({ subpath, file: resolve(dir, file) });
  }
  return { name: pkg.name, entries: out };
}

/** Whether a class member is part of the public surface (not private, protected or #private). */
function isPublicMember(symbol) {
  if (symbol.name.startsWith('#') || symbol.name.startsWith('__')) return false;
  const decl = symbol.valueDeclaration ?? symbol.declarations?.[0];
  if (decl === undefined) return true;
  const flags = ts.getCombinedModifierFlags(decl);
  return (flags & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) === 0;
}

function memberLines(checker, type, location, isClass) {
  const lines = [];
  for (const member of checker.getPropertiesOfType(type)) {
    if (isClass && !isPublicMember(member)) continue;
    const decl = member.valueDeclaration ?? member.declarations?.[0];
    const readonly = decl !== undefined && (ts.getCombinedModifierFlags(decl) & ts.ModifierFlags.Readonly) !== 0 ? 'readonly ' : '';
    const optional = (member.flags & ts.SymbolFlags.Optional) !== 0 ? '?' : '';
    const memberType = checker.getTypeOfSymbolAtLocation(member, location);
    lines.push(`  ${readonly}${member.name}${optional}: ${checker.typeToString(memberType, location, PRINT)}`);
  }
  for (const sig of checker.getSignaturesOfType(type, ts.SignatureKind.Call)) lines.push(`  (call) ${checker.signatureToString(sig, location, PRINT)}`);
  return lines;
}

/** One export's lines: its kind and name, then its type (functions, constants) or its members (classes, interfaces). */
function describe(checker, name, symbol, location) {
  const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
  const f = target.flags;
  const lines = [];
  if (f & ts.SymbolFlags.Class) {
    const ctorType = checker.getTypeOfSymbolAtLocation(target, location);
    lines.push(`class ${name}`);
    for (const sig of ctorType.getConstructSignatures()) lines.push(`  constructor${checker.signatureToString(sig, location, PRINT).replace(/ => .*$/, '')}`);
    const statics = checker.getPropertiesOfType(ctorType).filter((m) => m.name !== 'prototype' && isPublicMember(m));
    for (const m of statics) lines.push(`  static ${m.name}: ${checker.typeToString(checker.getTypeOfSymbolAtLocation(m, location), location, PRINT)}`);
    lines.push(...memberLines(checker, checker.getDeclaredTypeOfSymbol(target), location, true));
  } else if (f & ts.SymbolFlags.Interface) {
    lines.push(`interface ${name}`);
    lines.push(...memberLines(checker, checker.getDeclaredTypeOfSymbol(target), location, false));
  } else if (f & ts.SymbolFlags.TypeAlias) {
    const type = checker.getDeclaredTypeOfSymbol(target);
    lines.push(`type ${name} = ${checker.typeToString(type, location, PRINT | ts.TypeFormatFlags.InTypeAlias)}`);
  } else if (f & ts.SymbolFlags.ValueModule || f & ts.SymbolFlags.NamespaceModule) {
    lines.push(`namespace ${name}`);
    for (const m of checker.getExportsOfModule(target).sort((a, b) => a.name.localeCompare(b.name))) {
      lines.push(...describe(checker, m.name, m, location).map((l) => `  ${l}`));
    }
  } else if (f & ts.SymbolFlags.Function) {
    const type = checker.getTypeOfSymbolAtLocation(target, location);
    for (const sig of type.getCallSignatures()) lines.push(`function ${name}${checker.signatureToString(sig, location, PRINT).replace(/ => /, ': ')}`);
  } else if (f & ts.SymbolFlags.Variable) {
    lines.push(`const ${name}: ${checker.typeToString(checker.getTypeOfSymbolAtLocation(target, location), location, PRINT)}`);
  } else if (f & ts.SymbolFlags.Enum) {
    lines.push(`enum ${name}`);
  } else {
    lines.push(`export ${name}`);
  }
  return lines;
}

/** The report text of the package in `dir` (a path from the repository root or absolute). */
export function apiReport(dir) {
  const abs = resolve(root, dir);
  const { name, entries } = entryPoints(abs);
  const tsEntries = entries.filter((e) => e.file.endsWith('.ts'));
  const config = ts.getParsedCommandLineOfConfigFile(join(abs, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const options = { ...(config?.options ?? {}), noEmit: true, customConditions: ['qi-source'] };
  const program = ts.createProgram(tsEntries.map((e) => e.file), options);
  const checker = program.getTypeChecker();
  const out = [
    `# ${name}: public API`,
    '',
    'Generated by `node scripts/api-report.mjs ' + relative(root, abs) + '` from the entry points in package.json; `api.test.ts`',
    'fails when the exports differ from this file. Change it on purpose: rerun the command and commit the new report.',
    '',
  ];
  for (const entry of entries) {
    out.push(`## ${entry.subpath === '.' ? name : `${name}/${entry.subpath.slice(2)}`}`, '');
    if (!entry.file.endsWith('.ts')) {
      out.push('```', `data file ${relative(abs, entry.file)}`, '```', '');
      continue;
    }
    const source = program.getSourceFile(entry.file);
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (moduleSymbol === undefined) throw new Error(`${relative(root, entry.file)}: no module symbol`);
    const exports = checker.getExportsOfModule(moduleSymbol).sort((a, b) => a.name.localeCompare(b.name));
    out.push('```ts');
    for (const symbol of exports) out.push(...describe(checker, symbol.name, symbol, source));
    out.push('```', '');
  }
  return out.join('\n');
}

/** The committed report's path. */
export function apiReportPath(dir) {
  return join(resolve(root, dir), 'api.md');
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  for (const dir of process.argv.slice(2)) {
    writeFileSync(apiReportPath(dir), apiReport(dir));
    console.log(`wrote ${relative(root, apiReportPath(dir))}`);
  }
}
