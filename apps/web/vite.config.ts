import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

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

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
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
            { name: 'zod', test: (id) => /node_modules[\\/]zod[\\/]|zod-jitless/.test(id) },
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
