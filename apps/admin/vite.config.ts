/// <reference types="vitest/config" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * `import texts from 'virtual:locale-admin'`: the "admin" and "errors" sections of locales/en.json and
 * th.json as `{ en, th }`. Only those two: the member app's and the e-mails' texts never ship here.
 */
const adminTexts = (): Plugin => ({
  name: 'admin-locale',
  resolveId: (id) => (id === 'virtual:locale-admin' ? '\0virtual:locale-admin' : undefined),
  load(id) {
    if (id !== '\0virtual:locale-admin') return undefined;
    const pick = (lang: string) => {
      const file = join(repoRoot, 'locales', `${lang}.json`);
      this.addWatchFile(file);
      const all = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      return { admin: all.admin ?? {}, errors: all.errors ?? {} };
    };
    return `export default ${JSON.stringify({ en: pick('en'), th: pick('th') })};`;
  },
});

// The back office is its own app, served by the API under /admin (apps/api/src/http/admin-web.ts): nothing
// here is shared with the member app's bundle, so the member pages never load a byte of it.
export default defineConfig({
  base: '/admin/',
  plugins: [react(), adminTexts()],
  server: {
    port: 5174,
    // The API's paths the back office calls: its own, the store list (/bff), pictures, the dev mailbox.
    proxy: Object.fromEntries(
      ['/admin/api', '/bff', '/media', '/dev'].map((prefix) => [
        `^${prefix}(?:[/?]|$)`,
        { target: apiTarget, changeOrigin: false },
      ]),
    ),
    fs: { allow: [repoRoot] },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: false,
    // antd alone is most of the download; in chunks of their own the libraries stay cached across
    // deploys of the screens (staff reload the app after each one).
    chunkSizeWarningLimit: 1400,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[a-z-]+)[\\/]/ },
            // The dashboard's charts load with that screen only (React.lazy), not with every screen; the
            // one package they share with react-i18next stays with the other libraries.
            { name: 'libs', test: /node_modules[\\/]use-sync-external-store[\\/]/ },
            {
              name: 'charts',
              test: /node_modules[\\/](recharts|victory-vendor|d3-[a-z-]+|internmap|@reduxjs|react-redux|redux|redux-thunk|reselect|immer|decimal\.js-light|es-toolkit|eventemitter3|tiny-invariant)[\\/]/,
            },
            // The counter's code reader (ZXing as WebAssembly) loads on that screen only, and only in a
            // browser without its own BarcodeDetector.
            { name: 'scanner', test: /node_modules[\\/](barcode-detector|zxing-wasm)[\\/]/ },
            { name: 'libs', test: /node_modules[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    name: 'admin',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
