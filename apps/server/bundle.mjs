// Bundles a server entry point the way it ships. The workspace contract ships TypeScript source, so
// it is bundled; every npm dependency stays external and is loaded from node_modules at run time
// (native and WASM packages such as @node-rs/argon2 and PGlite cannot be bundled anyway), which is
// why the output must sit inside this package.
import { cp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const here = (file) => new URL(file, import.meta.url).pathname;

/**
 * Writes `outfile` (ESM, ending in .js) with the spreadsheet worker, the migrations and demo media
 * beside it, and beside them too each of `besideEntries` (output name without .js → source), which
 * so finds the migrations as the server does; returns how many packages stay external.
 */
export async function bundleServer(entry, outfile, besideEntries = {}) {
  const { dependencies } = JSON.parse(await readFile(here('./package.json'), 'utf8'));
  const bundled = ['@trashegimia/contract'];
  const external = Object.keys(dependencies).filter((name) => !bundled.includes(name));
  const outdir = path.dirname(outfile);
  await rm(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [
      { in: entry, out: path.basename(outfile, '.js') },
      // The worker thread that reads imported spreadsheets; spreadsheet.ts finds it beside the bundle.
      { in: here('./src/modules/imports/sheet-worker.ts'), out: 'sheet-worker' },
      ...Object.entries(besideEntries).map(([out, source]) => ({ in: source, out })),
    ],
    outdir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    // Subpath imports such as 'drizzle-orm/pglite' and 'altcha-lib/algorithms/pbkdf2' too.
    external: external.flatMap((name) => [name, `${name}/*`]),
    logLevel: 'warning',
  });
  // db/client.ts finds its migrations next to itself: src/db/migrations in development, beside the bundle here.
  await cp(here('./src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
  // The demo's committed media files (the videos), found beside the seed code the same way.
  await cp(here('./src/db/seed/demo-media'), path.join(outdir, 'demo-media'), { recursive: true });
  return external.length;
}
