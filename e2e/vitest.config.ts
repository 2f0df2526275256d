import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    setupFiles: ['./support/csp-guard.ts'],
    testTimeout: 60_000,
    hookTimeout: 240_000,
    // One app instance is shared; files run one after another to keep the 2-core machine calm.
    fileParallelism: false,
  },
});
