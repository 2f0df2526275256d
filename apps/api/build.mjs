// Builds the API into one ES module, apps/api/dist/server.js, that plain `node` runs: no TypeScript
// loader between the server and the signals a supervisor sends (tsx kills its child 30 ms after a
// SIGTERM). Our own code and the workspace packages (@app/contracts ships TypeScript) are bundled;
// every npm package stays an import that Node resolves from node_modules, as under tsx.
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = dirname(fileURLToPath(import.meta.url));
const outfile = resolve(here, 'dist', 'server.js');

/** Bare imports (`fastify`, `pg/…`) stay imports, except the workspace's own `@app/*` packages. */
const packagesExternal = {
  name: 'packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.kind === 'entry-point' || args.path.startsWith('@app/') ? undefined : { external: true },
    );
  },
};

/**
 * Modules find files beside their source through import.meta.url (config.ts the repository root, the
 * catalogue its artwork in apps/api/assets). In one bundle they would all get dist/server.js's URL;
 * each gets its source file's URL instead, relative to the bundle, so the checkout can move as a whole.
 */
const sourceUrls = {
  name: 'source-urls',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const fromBundle = relative(dirname(outfile), args.path).split(sep).join('/');
      const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`;
      return { contents: text.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

const started = Date.now();
await build({
  entryPoints: [resolve(here, 'src', 'server.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  // Stack traces in the logs point at the .ts lines (`node --enable-source-maps`).
  sourcemap: 'linked',
  // Plugin and error names stay what the source says (Fastify and avvio report plugins by name).
  keepNames: true,
  plugins: [packagesExternal, sourceUrls],
  logLevel: 'warning',
});
console.log(`API built into ${relative(process.cwd(), outfile)} in ${Date.now() - started} ms`);
