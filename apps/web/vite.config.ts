import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { LANGUAGE_TEXTS, PAGE_SCREENS, type PagePreloads } from './src/app/page-preloads.ts';

/**
 * Writes a .br and a .gz copy beside every script, stylesheet and the page, at the strongest
 * settings: the server sends them as they are (preCompressed), about 15% smaller than the quick
 * compression it would otherwise apply to each response.
 */
const precompress = (): Plugin => ({
  name: 'precompress',
  apply: 'build',
  writeBundle(options, bundle) {
    for (const fileName of Object.keys(bundle)) {
      if (!/\.(js|css|svg|html)$/.test(fileName)) continue;
      const file = path.join(options.dir!, fileName);
      const content = readFileSync(file);
      const params = {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
      };
      writeFileSync(`${file}.br`, brotliCompressSync(content, { params }));
      writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    }
  },
});

/**
 * Writes dist/.vite/page-preloads.json: for each page of PAGE_SCREENS and each language, the chunks
 * its module needs beyond what the entry already loads. The server names them in index.html as
 * modulepreload links, so they download beside the entry rather than after it has run.
 */
const pagePreloads = (): Plugin => {
  let root = '';
  let base = '/';
  return {
    name: 'page-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output): output is OutputChunk => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const byModule = new Map(chunks.map((chunk) => [chunk.facadeModuleId, chunk]));
      const withStaticImports = (fileName: string, found = new Set<string>()) => {
        if (found.has(fileName)) return found;
        found.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) withStaticImports(imported, found);
        return found;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('page-preloads: the build has no entry chunk');
      const loadedByEntry = withStaticImports(entry.fileName);
      const filesOf = (module: string) => {
        const chunk = byModule.get(path.resolve(root, module));
        if (!chunk) throw new Error(`page-preloads: no chunk starts at ${module}`);
        return [...withStaticImports(chunk.fileName)]
          .filter((file) => !loadedByEntry.has(file))
          .map((file) => base + file);
      };
      const filesByKey = (modules: Record<string, string>) =>
        Object.fromEntries(Object.entries(modules).map(([key, module]) => [key, filesOf(module)]));
      const preloads: PagePreloads = { pages: filesByKey(PAGE_SCREENS), languages: filesByKey(LANGUAGE_TEXTS) };
      this.emitFile({ type: 'asset', fileName: '.vite/page-preloads.json', source: JSON.stringify(preloads, null, 2) });
    },
  };
};

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress(), pagePreloads()],
  resolve: {
    // `@/…` → src/…, from tsconfig.json's `paths`.
    tsconfigPaths: true,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:8080',
    },
  },
  build: {
    // No inline scripts or data-URI modules: everything the page runs is a file under 'self' (CSP).
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    // dist/.vite/manifest.json: which chunks each screen loads (scripts/route-sizes.mjs).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Zod and the switch to its jitless mode share a chunk, so the switch runs before any chunk
            // builds a schema; otherwise zod's eval probe trips the CSP (a violation in Chrome's Issues).
            { name: 'zod', priority: 1, test: (id) => /node_modules[\\/]zod[\\/]|zod-jitless/.test(id) },
            // The app's shared code in one chunk, rather than the dozen 1–2 KB chunks the
            // screens' overlapping imports would make: each file is a request of its own, and on a slow
            // connection a dozen round trips cost more than the few KB a screen loads that it does not use.
            // Lazily imported modules (the maps, the media viewers, the languages) stay chunks of their own.
            {
              name: (id, ctx) =>
                /apps[\\/]web[\\/]src[\\/]shared[\\/]/.test(id) && !ctx.getModuleInfo(id)?.dynamicImporters.length
                  ? 'shared'
                  : null,
            },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/shared/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
  },
});
