import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script of the workspace, without type declarations
import { apiReport, apiReportPath } from '../../../scripts/api-report.mjs';

const dir = new URL('..', import.meta.url).pathname;

it('exports exactly the public API in api.md (rerun `node scripts/api-report.mjs` to change it on purpose)', () => {
  const committed = readFileSync(apiReportPath(dir), 'utf8');
  expect(apiReport(dir) as string).toBe(committed);
}, 120_000);
