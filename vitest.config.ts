import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // The usual output, then what was skipped, why, and how to get it run.
    reporters: ['default', './test/helpers/skip-report.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Server tests spawn real processes; keep the 2-core machines from thrashing.
    maxWorkers: 2,
  },
});
