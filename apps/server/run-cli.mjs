// `npm run <command>`: runs a maintenance command (src/cli/main.ts) as built into dist/cli.js, the
// code the built server runs, or, before any build, from source through tsx.
import { existsSync } from 'node:fs';

const built = new URL('./dist/cli.js', import.meta.url);
if (existsSync(built)) {
  await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('./src/cli/main.ts', import.meta.url).href);
}
