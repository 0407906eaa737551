import { defineConfig } from 'vitest/config';

// Unit tests: the UI logic (store, i18n) runs in plain Node, no DOM and no Svelte compiler needed.
export default defineConfig({
  resolve: { conditions: ['qi-source'] },
  // Node-environment tests resolve through the SSR conditions, so the source condition goes there too.
  ssr: { resolve: { conditions: ['qi-source'] } },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // The JSON report lets `npm test` print one closing line with the totals of every package.
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
