// Bundles the server into dist/main.js. The workspace contract ships TypeScript source, so it is
// bundled; every npm dependency stays external and is loaded from node_modules at run time
// (native and WASM packages such as @node-rs/argon2 and PGlite cannot be bundled anyway).
import { cp, readFile, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const here = (path) => new URL(path, import.meta.url);
const { dependencies } = JSON.parse(await readFile(here('./package.json'), 'utf8'));
const BUNDLED = ['@trashegimia/contract'];
const external = Object.keys(dependencies).filter((name) => !BUNDLED.includes(name));

await rm(here('./dist'), { recursive: true, force: true });
await build({
  entryPoints: [here('./src/main.ts').pathname],
  outfile: here('./dist/main.js').pathname,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // Subpath imports such as 'drizzle-orm/pglite' and 'altcha-lib/algorithms/pbkdf2' too.
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
});
// db/client.ts finds its migrations next to itself: src/db/migrations in development, dist/migrations here.
await cp(here('./src/db/migrations'), here('./dist/migrations'), { recursive: true });
console.log(`Bundled the server into dist/main.js (${external.length} packages left external)`);
