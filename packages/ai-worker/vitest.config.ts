import { defineConfig } from 'vitest/config';

export default defineConfig({
  // Vitest runs tests in Vite's SSR environment, which reads ssr.resolve, not resolve: set both so that
  // @qi/engine resolves to its TypeScript source (a stale dist/ would otherwise be picked up).
  resolve: { conditions: ['qi-source'] },
  ssr: { resolve: { conditions: ['qi-source'], externalConditions: ['qi-source'] } },
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 120_000,
    // The JSON report lets `npm test` print one closing line with the totals of every package.
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
