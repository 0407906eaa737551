import { defineConfig } from 'vitest/config';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// Unit tests: the UI logic (session, seats, game folders, i18n) runs in plain Node, no DOM; the Svelte plugin only
// compiles the components a game folder imports (its settings form and panel), which the tests never mount.
export default defineConfig({
  plugins: [svelte()],
  resolve: { conditions: ['qi-source'] },
  // Node-environment tests resolve through the SSR conditions, so the source condition goes there too.
  ssr: { resolve: { conditions: ['qi-source'] } },
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['../../vitest.tmpdir.ts'],
    // The workspace's test timeout (vitest.shared.ts), not vitest's 5 s: the hint test runs the real bot's one-second
    // hint (wall time by design), over a quarter of 5 s on a slow machine, and the players' waits allow 10–20 s.
    testTimeout: 120_000,
    // The JSON report lets `npm test` print one closing line with the totals of every package.
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
