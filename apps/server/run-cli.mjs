// `npm run <command>` in the repository: runs a maintenance command (src/cli/main.ts) from source
// through tsx, so it is always the checkout's code, never an older build. A release runs the
// bundled one (server/dist/cli.js; scripts/release.mjs).
const { register } = await import('tsx/esm/api');
register();
await import(new URL('./src/cli/main.ts', import.meta.url).href);
