import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Vitest runs tests in Vite's SSR environment, which reads ssr.resolve, not resolve: set both so that workspace
// packages resolve to their TypeScript source (a stale dist/ would otherwise be picked up).
const conditions = ['qi-source', 'module', 'node', 'development|production'];

/** The vitest configuration every Node package of the workspace shares. */
export const nodePackageConfig = defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['qi-source'] } },
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: [fileURLToPath(new URL('./vitest.tmpdir.ts', import.meta.url))],
    testTimeout: 120_000,
    // The JSON report lets `npm test` print one closing line with the totals of every package.
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
