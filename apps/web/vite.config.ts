/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { fontStack } from './font-stack.ts';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;
// Everything the API answers on the shared origin; the rest is the single-page app.
const apiPrefixes = ['/auth', '/bff', '/info', '/health', '/docs', '/dev', '/uploads', '/avatars', '/media'];
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const LOCALE_PREFIX = 'virtual:locale/';

/**
 * `import texts from 'virtual:locale/cart+nav'`: those top-level sections of locales/en.json and
 * th.json as `{ en, th }`. Each import is a module of its own, so a screen's texts land in that screen's
 * chunk — importing names from the JSON files themselves would put every section any chunk uses into
 * one shared chunk that the shell downloads.
 */
const localeSections = (): Plugin => ({
  name: 'locale-sections',
  resolveId: (id) => (id.startsWith(LOCALE_PREFIX) ? `\0${id}` : undefined),
  load(id) {
    if (!id.startsWith(`\0${LOCALE_PREFIX}`)) return undefined;
    const sections = id.slice(LOCALE_PREFIX.length + 1).split('+');
    const pick = (lang: string) => {
      const file = join(repoRoot, 'locales', `${lang}.json`);
      this.addWatchFile(file);
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      for (const s of sections) if (!(s in all)) throw new Error(`locales/${lang}.json has no section ${s}`);
      return Object.fromEntries(sections.map((s) => [s, all[s]]));
    };
    return `export default ${JSON.stringify({ en: pick('en'), th: pick('th') })};`;
  },
});

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    localeSections(),
    fontStack(),
    // Compressed once at build, at the highest levels (the server sends these as they are): brotli 11
    // is about a fifth smaller than what the server would compress on the fly for each request.
    !isSsrBuild &&
      compression({
        algorithms: [
          defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          defineAlgorithm('gzip', { level: 9 }),
        ],
        threshold: 1024,
        logLevel: 'silent',
      }),
  ],
  server: {
    port: 5173,
    // `^/dev(/|?|$)` rather than `/dev`: a bare prefix would also swallow a future `/devices` page.
    proxy: Object.fromEntries(
      apiPrefixes.map((prefix) => [`^${prefix}(?:[/?]|$)`, { target: apiTarget, changeOrigin: false }]),
    ),
    // The locales live at the repository root, shared with the API.
    fs: { allow: [repoRoot] },
  },
  preview: { port: 4173 },
  // The server's build (`vite build --ssr`): the API imports it to render a visitor's first screen. Node
  // loads it from disk, so one file per module is fine and nothing is compressed or copied from public/.
  ...(isSsrBuild && { publicDir: false }),
  build: isSsrBuild
    ? {
        outDir: 'dist-server',
        target: 'node20',
        sourcemap: false,
        rolldownOptions: { input: 'src/entry-server.tsx' },
      }
    : {
        outDir: 'dist',
        target: 'es2022',
        sourcemap: false,
        chunkSizeWarningLimit: 600,
        // The bench reads it to add up what the home route downloads.
        manifest: true,
        rolldownOptions: {
          // Few files per screen rather than one per shared module: on HTTP/1.1 a phone fetches six at a
          // time, each costing a round trip, and each import() added a <link> per dependency on the main
          // thread. The first download (everything main.tsx imports) is one chunk; common chunks under 16 kB
          // (before minifying) are copied into each screen that uses them. A screen's download grows by
          // little (home 144 → 143 KiB, brotli), its file count falls from 22 to 4.
          output: {
            codeSplitting: {
              groups: [{ name: 'app', tags: ['$initial'] }],
              experimentalInlineCommonChunks: { maxSize: 16_000 },
            },
          },
          // Required by experimentalInlineCommonChunks; nothing imports the app's chunks from outside.
          preserveEntrySignatures: false,
        },
      },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}', '*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Form tests type into antd fields key by key; on a busy 2-core machine 5 s was seen to run out.
    testTimeout: 15_000,
  },
}));
