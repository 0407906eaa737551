import { defineConfig } from 'vitest/config';

// End-to-end tests: drive the BUILT app (dist/) in a real headless Chromium; turbo builds before e2e.
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['../../vitest.tmpdir.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest-e2e.json' },
  },
});
