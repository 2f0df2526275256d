import { z } from 'zod';

// Browsers run the web app under a Content-Security-Policy without 'unsafe-eval'. While building the
// first object schema Zod probes for eval (`new Function`); the failure is caught, yet the browser still
// reports a policy violation. Without the probe Zod interprets its schemas, fast enough for forms; the
// API (no document) keeps the compiled parsers. Every schema file takes `z` from here, so however a
// bundler splits the contracts, this runs before the first schema is built.
if ('document' in globalThis) z.config({ jitless: true });

export { z };
