import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['qi-source'] },
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 120_000,
  },
});
