import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { OutputChunk } from 'rolldown';
import type { Plugin, UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
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

type ModuleInfoOf = (
  id: string,
) => { isEntry: boolean; importers: readonly string[]; dynamicImporters: readonly string[] } | null;

const PUBLIC_SCREENS = new Set(Object.values(PAGE_SCREENS).map((module) => path.resolve(import.meta.dirname, module)));
const isRouteTable = (id: string) => /apps[\\/]web[\\/]src[\\/]app[\\/]routes\.tsx$/.test(id);

const isOwnShared = (id: string) => /apps[\\/]web[\\/]src[\\/]shared[\\/]/.test(id);

/**
 * Whether a public page (or the entry itself) needs a module: a way up its importers reaches the
 * entry or a public page's screen without passing through another (back-office) screen. With
 * `throughLazyImports`, also through the parts a page loads later (a map, a media viewer); without,
 * only what runs before the page's first paint.
 */
function usedByPublicPages(
  id: string,
  moduleInfo: ModuleInfoOf,
  options: { throughLazyImports: boolean },
  seen = new Set<string>(),
): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  if (PUBLIC_SCREENS.has(id)) return true;
  const info = moduleInfo(id);
  if (!info) return false;
  if (info.isEntry) return true;
  if (info.dynamicImporters.some(isRouteTable)) return false;
  const importers = options.throughLazyImports ? [...info.importers, ...info.dynamicImporters] : info.importers;
  return importers.some((importer) => usedByPublicPages(importer, moduleInfo, options, seen));
}

/**
 * Whether a library belongs with the public shared code: the app shell or src/shared imports it
 * (directly or through other libraries) on the way to a public page's first paint.
 */
function neededByPublicShared(id: string, moduleInfo: ModuleInfoOf, seen = new Set<string>()): boolean {
  if (seen.has(id)) return false;
  seen.add(id);
  return (moduleInfo(id)?.importers ?? []).some((importer) =>
    /node_modules/.test(importer)
      ? neededByPublicShared(importer, moduleInfo, seen)
      : !/apps[\\/]web[\\/]src[\\/]features[\\/]/.test(importer) &&
        usedByPublicPages(importer, moduleInfo, { throughLazyImports: false }),
  );
}

/**
 * The server's build of the app (src/entry-server.tsx, decision 0042) into dist/.ssr/, with every
 * library in it, so the server needs nothing of the web app's packages at run time. Never served:
 * the server's static files leave out dot folders.
 */
const serverRenderBuild: UserConfig = {
  plugins: [react()],
  resolve: { tsconfigPaths: true },
  ssr: { noExternal: true },
  build: {
    outDir: 'dist/.ssr',
    emptyOutDir: true,
    copyPublicDir: false,
  },
};

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? serverRenderBuild
    : {
        plugins: [
          react(),
          tailwindcss(),
          precompress(),
          pagePreloads(),
          // src/sw.ts as dist/sw.js, with the release's files listed in it (registered by /collect).
          VitePWA({
            strategies: 'injectManifest',
            srcDir: 'src',
            filename: 'sw.ts',
            injectRegister: false,
            manifest: false,
            injectManifest: {
              globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
              // The 3D viewer's chunk is 0.8 MB, the default limit 2 MiB: every file of the release is kept.
              maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
            },
          }),
        ],
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
                  // The app's shared code in two chunks — what the public pages use, and what only the
                  // back office uses — rather than the dozen 1–2 KB chunks the screens' overlapping imports
                  // would make: each file is a request of its own, and on a slow connection a dozen round trips
                  // cost more than the few KB a screen loads that it does not use. The back office's part
                  // stays apart because every schema a chunk defines is built when the chunk runs, before the
                  // page's first paint. Lazily imported modules (the maps, the media viewers, the languages)
                  // stay chunks of their own.
                  {
                    name: (id, ctx) => {
                      if (ctx.getModuleInfo(id)?.dynamicImporters.length) return null;
                      const moduleInfo: ModuleInfoOf = (module) => ctx.getModuleInfo(module);
                      if (isOwnShared(id)) {
                        return usedByPublicPages(id, moduleInfo, { throughLazyImports: true })
                          ? 'shared'
                          : 'shared-back-office';
                      }
                      // A library joins when the entry or the public shared code needs it; one that a single
                      // screen, a lazily loaded part (a map, a media viewer) or the back office uses stays with them.
                      return /node_modules/.test(id) && neededByPublicShared(id, moduleInfo) ? 'shared' : null;
                    },
                  },
                ],
              },
            },
          },
        },
        // Which files run, and how they share modules, the repository's vitest.config.ts decides.
        test: {
          environment: 'jsdom',
          setupFiles: ['./src/shared/testing/setup-tests.ts'],
          restoreMocks: true,
          // A journey through a screen (the survey editor's took 4.4 s alone) runs beside server tests.
          testTimeout: 30_000,
        },
      },
);
