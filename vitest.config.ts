import { defineConfig } from 'vitest/config';

// One config, one project per workspace and one for scripts/; e2e has its own runner (it needs a built app).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'] } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'] } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Files in one worker share their imports: each file builds its own app and database, and none
          // mocks a module, so nothing a file does reaches the next through them. Importing the app's
          // module graph afresh per file was a third of the suite's processor time (docs/decisions.md).
          isolate: false,
        },
      },
      './apps/web/vite.config.ts',
      './apps/admin/vite.config.ts',
    ],
  },
});
