// `npm run build`: the server as it ships, in dist/main.js, and its maintenance commands in
// dist/cli.js (see bundle.mjs).
import { bundleServer } from './bundle.mjs';

const here = (file) => new URL(file, import.meta.url).pathname;
const external = await bundleServer(here('./src/main.ts'), here('./dist/main.js'), {
  cli: here('./src/cli/main.ts'),
});
console.log(
  `Bundled the server into dist/main.js and its commands into dist/cli.js (${external} packages left external)`,
);
