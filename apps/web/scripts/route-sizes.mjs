// `npm run sizes -w apps/web` (after `npm run build`): the gzipped JavaScript each page needs, from
// Vite's manifest. "first load of /" is the entry with everything it imports statically, the default
// language's texts and the home screen; every other line is what a screen adds on top of the entry when first visited.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const gzipped = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

/** The chunk and every chunk it imports statically, as manifest keys. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
  return seen;
}

const size = (keys) => [...keys].reduce((sum, key) => sum + gzipped(manifest[key].file), 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entry = closure(entryKey);
const routes = Object.keys(manifest)
  .filter((key) => manifest[key].isDynamicEntry && /-route\.tsx$/.test(key))
  .map((key) => ({ name: path.basename(key, '.tsx'), added: new Set([...closure(key)].filter((k) => !entry.has(k))) }));

const home = routes.find((route) => route.name === 'home-route');
// The page renders once the visitor's language has loaded: the default one's texts count too.
const defaultTexts = Object.keys(manifest).find((key) => /locale-xk\.ts$/.test(key));
const textsAdded = defaultTexts ? new Set([...closure(defaultTexts)].filter((k) => !entry.has(k))) : new Set();
const firstLoad = size(entry) + size(textsAdded) + (home ? size(home.added) : 0);
console.log(`| page | gzipped JS |\n|---|---|`);
console.log(`| first load of / (entry + xk texts + home) | ${kb(firstLoad)} |`);
for (const route of routes.sort((a, b) => a.name.localeCompare(b.name))) {
  console.log(`| + ${route.name.replace(/-route$/, '')} | ${kb(size(route.added))} |`);
}
const lazy = Object.keys(manifest).filter((key) => manifest[key].isDynamicEntry && !/-route\.tsx$/.test(key));
for (const key of lazy.sort())
  console.log(`| lazy: ${path.basename(key)} | ${kb(size(new Set([...closure(key)].filter((k) => !entry.has(k)))))} |`);
