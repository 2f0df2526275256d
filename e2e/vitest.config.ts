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
    // In CI only: one more try for a journey that failed. A browser journey waits on a real server,
    // mail and payment jobs on a shared 2-core machine; one such failure sank a whole landing once and
    // did not come back in later runs. A real fault fails both tries; locally a failure shows at once.
    retry: process.env.CI ? 1 : 0,
    // A poll waits on the server and the browser: a second (vitest's default) is too short for a round
    // trip on a 2-core machine also running the API suite. A fault still fails, ten seconds later.
    expect: { poll: { timeout: 10_000 } },
  },
});
