/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { fontStack } from './font-stack.ts';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;
// Everything the API answers on the shared origin; the rest is the single-page app.
const apiPrefixes = ['/auth', '/bff', '/info', '/health', '/docs', '/dev', '/uploads', '/avatars', '/media'];
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

const LOCALE_PREFIX = 'virtual:locale/';
const LOCALE_TEXT_PREFIX = 'virtual:locale-text/';

/**
 * The member app runs on Preact through preact/compat: the app's code and every library it uses (antd,
 * react-router, TanStack Query, react-i18next) import React by name and get Preact, about 200 KB less
 * JavaScript on every screen than react-dom. Exact names only: `react-router` is not `react`.
 */
const preactInPlaceOfReact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  // react-i18next's stand-in for older Reacts: CommonJS, whose require('react') Node would answer with
  // the real React in the unit tests. preact/compat has the hook itself.
  { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
];

/**
 * `import texts from 'virtual:locale/cart+nav'`: those top-level sections of locales/en.json and
 * th.json (or parts of one: `catalogue.status`), as one loader per language (`texts.th()`), each a
 * chunk of its own: a page downloads its own language's texts only, the other's if the member switches. Each import is a module of its own,
 * so a screen's texts come with that screen rather than in a shared chunk the shell downloads.
 */
const localeSections = (): Plugin => ({
  name: 'locale-sections',
  resolveId: (id) =>
    id.startsWith(LOCALE_PREFIX) || id.startsWith(LOCALE_TEXT_PREFIX) ? `\0${id}` : undefined,
  load(id) {
    if (id.startsWith(`\0${LOCALE_PREFIX}`)) {
      const sections = id.slice(LOCALE_PREFIX.length + 1);
      const loader = (lang: string) => `${lang}: () => import('${LOCALE_TEXT_PREFIX}${lang}/${sections}')`;
      return `export default { ${['en', 'th'].map(loader).join(', ')} };`;
    }
    if (!id.startsWith(`\0${LOCALE_TEXT_PREFIX}`)) return undefined;
    const [lang, list = ''] = id.slice(LOCALE_TEXT_PREFIX.length + 1).split('/');
    const file = join(repoRoot, 'locales', `${lang}.json`);
    this.addWatchFile(file);
    const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    // A section may be a part of one (`catalogue.status`): what the shell needs of a screen's texts.
    const picked: Record<string, unknown> = {};
    for (const section of list.split('+')) {
      const path = section.split('.');
      let from: unknown = all;
      let into = picked;
      for (const [i, key] of path.entries()) {
        if (typeof from !== 'object' || from === null || !(key in from))
          throw new Error(`locales/${lang}.json has no section ${section}`);
        from = (from as Record<string, unknown>)[key];
        if (i === path.length - 1) into[key] = from;
        else into = (into[key] ??= {}) as Record<string, unknown>;
      }
    }
    return `export default ${JSON.stringify(picked)};`;
  },
});

/**
 * main.tsx's start steps (src/app/boot/), in the order it runs them, each evaluated in a task of its own:
 * each is an entry of the build and a chunk of the first download, holding the libraries named here and
 * the last one everything else the shell needs. Entries, because the bundler's `$initial` tag (a module
 * an entry imports, directly or not, and the build keeps) is what picks those modules out: a group by
 * package alone took every part of a library, those only a screen uses too, and a group by the import
 * graph took modules the bundler otherwise drops (a barrel's unused re-exports) — each ~10–20 KB more.
 */
const BOOT_STEPS = [
  { name: 'boot-texts', file: 'texts.ts', libraries: /\/node_modules\/(i18next|react-i18next)\// },
  {
    name: 'boot-session',
    file: 'session.ts',
    libraries: /\/node_modules\/(@tanstack\/query-core|zustand)\//,
  },
  { name: 'boot-start', file: 'start.tsx', libraries: undefined },
];
const bootStep = (file: string) => fileURLToPath(new URL(`./src/app/boot/${file}`, import.meta.url));

/**
 * A `<link rel="modulepreload">` in index.html for each start step's code (src/app/boot/) and what it
 * imports, and a stylesheet link for the styles they bring: main.tsx imports the steps one after the
 * other, and without these each step's download would start only once the step before it had run, and
 * the layout's styles would arrive after its first paint.
 */
const bootStepPreloads = (): Plugin => ({
  name: 'boot-step-preloads',
  apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
  transformIndexHtml: {
    order: 'post',
    handler(html, { bundle }) {
      if (!bundle) return html;
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const steps = new Set(BOOT_STEPS.map(({ file }) => bootStep(file)));
      const files = new Set<string>();
      const styles = new Set<string>();
      const visit = (file: string) => {
        const chunk = byFile.get(file);
        if (!chunk || files.has(file)) return;
        files.add(file);
        for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
        for (const imported of chunk.imports) visit(imported);
      };
      for (const chunk of chunks) if (steps.has(chunk.facadeModuleId ?? '')) visit(chunk.fileName);
      const fresh = (file: string) => !html.includes(`/${file}"`);
      const link = (rel: string, file: string) => ({
        tag: 'link',
        attrs: { rel, crossorigin: true, href: `/${file}` },
        injectTo: 'head' as const,
      });
      return [
        ...[...styles].filter(fresh).map((file) => link('stylesheet', file)),
        ...[...files].filter(fresh).map((file) => link('modulepreload', file)),
      ];
    },
  },
});

/** The app's colour: the header, the boot screen and the installed app's title bar. */
const THEME_COLOUR = '#14213d';

/**
 * The installed app's manifests, one per language (/manifest-en.webmanifest, /manifest-th.webmanifest):
 * names from the locales' `pwa` section, the Thai one starting at /th/home. index.html links the English
 * one; the app points the link at its language's once it runs (pwa/start.ts), and the server does so
 * for a Thai page it renders. Both share one `id`: one app, whichever language installed it.
 */
const webManifests = (): Plugin => ({
  name: 'web-manifests',
  apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
  generateBundle() {
    for (const lang of ['en', 'th'] as const) {
      const file = join(repoRoot, 'locales', `${lang}.json`);
      const { pwa } = JSON.parse(readFileSync(file, 'utf8')) as {
        pwa: { name: string; shortName: string; description: string };
      };
      const manifest = {
        id: '/',
        name: pwa.name,
        short_name: pwa.shortName,
        description: pwa.description,
        lang,
        start_url: lang === 'th' ? '/th/home' : '/home',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: THEME_COLOUR,
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      };
      this.emitFile({
        type: 'asset',
        fileName: `manifest-${lang}.webmanifest`,
        source: `${JSON.stringify(manifest, null, 2)}\n`,
      });
    }
  },
  transformIndexHtml: () => [
    { tag: 'link', attrs: { rel: 'manifest', href: '/manifest-en.webmanifest' }, injectTo: 'head' },
    {
      tag: 'link',
      attrs: { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
      injectTo: 'head',
    },
  ],
});

export default defineConfig(({ isSsrBuild, command }) => ({
  resolve: {
    alias: process.env.VITEST
      ? // Vitest resolves with Node's condition too: the icons' entry for Node wraps their CommonJS build.
        [...preactInPlaceOfReact, { find: /^@ant-design\/icons$/, replacement: '@ant-design/icons/es' }]
      : [
          ...preactInPlaceOfReact,
          // React Router's package points every import at its development build (warnings, checks);
          // the app's build takes the production one beside it. (remix-run/react-router#14102)
          ...(command === 'build'
            ? [
                {
                  find: /^react-router$/,
                  replacement: fileURLToPath(
                    new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
                  ),
                },
              ]
            : []),
        ],
    // In the unit tests, the browser's choice of a library's files (Vite's defaults for the browser):
    // Vitest would pick their CommonJS builds (react-router's by its conditions, antd's lib/ by its
    // main field), whose require('react') Node answers with the real React.
    ...(process.env.VITEST
      ? {
          conditions: ['module', 'browser', 'development|production'],
          mainFields: ['browser', 'module', 'jsnext:main', 'jsnext'],
        }
      : {}),
  },
  plugins: [
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
    !isSsrBuild && webManifests(),
    bootStepPreloads(),
    // The service worker (src/pwa/sw.ts → dist/sw.js): the app's files precached, pages network-first,
    // push. The app registers it itself, after the first screen (src/pwa/start.ts), and asks before
    // a new version takes over (src/pwa/update-prompt.tsx).
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'src/pwa',
        filename: 'sw.ts',
        injectRegister: false,
        manifest: false,
        injectManifest: {
          // The shell, every screen's code and styles, the Thai web font (woff2: every browser that runs
          // a service worker reads it) and the icons: what an offline start needs, and what a screen
          // opened offline for the first time needs. The precompressed copies are the same files.
          globPatterns: [
            'index.html',
            'assets/*.{js,css,woff2}',
            'favicon.svg',
            'icons/*.png',
            '*.webmanifest',
          ],
          maximumFileSizeToCacheInBytes: 1024 * 1024,
        },
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
  // Every library in the server's build too: left to node_modules, antd and react-router would import
  // the real React, and their elements would not be Preact's.
  ssr: { noExternal: isSsrBuild ? true : undefined },
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
        // WEB_SOURCEMAP=1 for scripts/bench/start-profile.mjs, which reads the maps; never in a shipped build.
        sourcemap: process.env.WEB_SOURCEMAP === '1',
        chunkSizeWarningLimit: 600,
        // The bench reads it to add up what the home route downloads.
        manifest: true,
        rolldownOptions: {
          // Few files per screen rather than one per shared module: on HTTP/1.1 a phone fetches six at a
          // time, each costing a round trip, and each import() added a <link> per dependency on the main
          // thread. The first download is main.tsx's chunk and one per start step (BOOT_STEPS); common
          // chunks under 16 kB (before minifying) are copied into each screen that uses them. A screen's
          // download grows by little (home 144 → 143 KiB, brotli), its file count falls from 22 to 4.
          output: {
            codeSplitting: {
              groups: [
                // main.tsx and what it imports itself: the one script the page runs, which starts as soon
                // as it is here (Vite's modulepreload polyfill, which the page's script runs first, left
                // to the last step's chunk made the page wait for that whole chunk before running main).
                {
                  name: 'app',
                  tags: ['$initial'],
                  test: /\/src\/main\.tsx|\/src\/app\/initial-language|\/src\/app\/boot\/held-input|\/src\/shared\/next-task|modulepreload-polyfill|\/index\.html/,
                  priority: BOOT_STEPS.length + 1,
                },
                ...BOOT_STEPS.map(({ name, libraries }, i) => ({
                  name,
                  tags: ['$initial' as const],
                  test: libraries,
                  priority: BOOT_STEPS.length - i,
                })),
              ],
              experimentalInlineCommonChunks: { maxSize: 16_000 },
            },
          },
          input: {
            index: fileURLToPath(new URL('./index.html', import.meta.url)),
            ...Object.fromEntries(BOOT_STEPS.map(({ name, file }) => [name, bootStep(file)])),
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
    // Libraries that import React go through Vite too, so the aliases give them Preact as in the build
    // (left to Node, they would load the real React beside the app's Preact).
    server: { deps: { inline: true } },
    // The heavy libraries bundled once into a file each (Vite's dependency optimizer, aliases applied,
    // Preact in it too so that every bundle shares one copy) rather than each of their hundreds of
    // modules imported afresh by every test file: the suite's import time fell from ~155 s to ~50 s
    // (summed over files) and its processor time by a third, same tests passing.
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: [
            'antd',
            '@ant-design/icons',
            'react-router',
            '@tanstack/react-query',
            'i18next',
            'react-i18next',
            'dayjs',
            'zustand',
            '@testing-library/preact',
            'preact',
            'preact/compat',
            'preact/hooks',
            'preact/jsx-runtime',
          ],
        },
      },
    },
    restoreMocks: true,
    // Form tests type into antd fields key by key; on a busy 2-core machine 5 s was seen to run out.
    testTimeout: 15_000,
  },
}));
