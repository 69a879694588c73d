// The benchmark runs the server's modules outside Next.js, as their own server process would. Their
// `import 'server-only'` marker (which throws outside a React server build) becomes a no-op here,
// as it is in Next's server build and in the tests (vitest.config.ts).
import Module, { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const file = require.resolve('server-only');
const marker = new Module(file);
marker.filename = file;
marker.loaded = true;
marker.exports = {};
require.cache[file] = marker;
