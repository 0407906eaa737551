import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['qi-source'] },
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 120_000,
    // The JSON report lets `npm test` print one closing line with the totals of every package.
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
