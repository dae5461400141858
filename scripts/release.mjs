// `npm run release`: builds the app and writes release/trashegimia-<version>/ and its .tgz, which
// run with production dependencies only:
//
//   tar -xzf trashegimia-<version>.tgz && cd trashegimia-<version>
//   npm ci --omit=dev && cp .env.example .env && npm start
//
// The folder holds the bundled server and its commands (server/dist, with the migrations), the built
// web app (web/dist, where the server looks for it, with its server entry in .ssr), a package.json whose dependencies are only
// the packages the server loads, and their package-lock.json, cut from the repository's so a release
// installs exactly what the tests ran with. `--prebuilt` packs the build already in the tree.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const SERVER = 'apps/server';
/** Workspace packages the server's bundle holds (bundle.mjs): not installed by a release. */
const BUNDLED = new Set(['@trashegimia/contract']);
/** The maintenance commands of src/cli/main.ts, as scripts of the release. */
const COMMANDS = ['migrate', 'backup', 'restore', 'reset-password', 'create-admin'];

const rootPackage = readJson('package.json');
const serverPackage = readJson(`${SERVER}/package.json`);
const lock = readJson('package-lock.json');
const name = `trashegimia-${rootPackage.version}`;
const releaseDir = path.join(root, 'release');
const out = path.join(releaseDir, name);

if (!process.argv.includes('--prebuilt')) {
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
const BUILT = [
  `${SERVER}/dist/main.js`,
  `${SERVER}/dist/cli.js`,
  'apps/web/dist/index.html',
  // The web app's server entry, with every library it needs inside (decision 0042).
  'apps/web/dist/.ssr/entry-server.js',
];
for (const built of BUILT) {
  if (!existsSync(path.join(root, built))) throw new Error(`${built} is missing: run npm run build first`);
}

rmSync(out, { recursive: true, force: true });
rmSync(`${out}.tgz`, { force: true });
mkdirSync(out, { recursive: true });
cpSync(path.join(root, SERVER, 'dist'), path.join(out, 'server/dist'), { recursive: true });
cpSync(path.join(root, 'apps/web/dist'), path.join(out, 'web/dist'), { recursive: true });
// What an operator reads: the configuration table, installing and running.
for (const file of ['.env.example', 'README.md', 'docs/deploy.md', 'docs/operations.md']) {
  cpSync(path.join(root, file), path.join(out, file));
}

const { dependencies, packages } = releaseLock();
const releasePackage = {
  name: 'trashegimia',
  version: rootPackage.version,
  private: true,
  type: 'module',
  engines: rootPackage.engines,
  scripts: {
    // .env beside package.json when there is one; the environment otherwise (docs/deploy.md).
    start: 'node --env-file-if-exists=.env server/dist/main.js',
    ...Object.fromEntries(
      COMMANDS.map((command) => [command, `node --env-file-if-exists=.env server/dist/cli.js ${command}`]),
    ),
  },
  dependencies,
};
writeFileSync(path.join(out, 'package.json'), `${JSON.stringify(releasePackage, null, 2)}\n`);
const releaseRoot = { name: 'trashegimia', version: rootPackage.version, dependencies, engines: rootPackage.engines };
const releaseLockFile = { name: 'trashegimia', version: rootPackage.version, lockfileVersion: 3, requires: true };
releaseLockFile.packages = { '': releaseRoot, ...packages };
writeFileSync(path.join(out, 'package-lock.json'), `${JSON.stringify(releaseLockFile, null, 2)}\n`);
execFileSync('tar', ['-czf', `${name}.tgz`, name], { cwd: releaseDir });
console.log(`Wrote ${path.relative(root, out)}/ and ${path.relative(root, out)}.tgz`);

/**
 * The server's dependencies at the versions installed, and the lock entries of everything they
 * load, found as Node finds a package (the nearest node_modules up from the one asking) and moved
 * from apps/server/node_modules to the release's node_modules.
 */
function releaseLock() {
  const entries = lock.packages;
  const taken = new Map();
  const resolve = (from, dependency) => {
    for (let dir = from; ; dir = dir.includes('/') ? path.posix.dirname(dir) : '') {
      const candidate = dir ? `${dir}/node_modules/${dependency}` : `node_modules/${dependency}`;
      if (!dir.endsWith('node_modules') && entries[candidate]) return candidate;
      if (!dir) return undefined;
    }
  };
  const releasePath = (lockPath) => lockPath.replace(`${SERVER}/`, '');
  const visit = (lockPath) => {
    const at = releasePath(lockPath);
    const held = taken.get(at);
    if (held?.lockPath === lockPath) return;
    if (held) throw new Error(`${held.lockPath} and ${lockPath} would both be ${at} in a release`);
    const { dev: _dev, devOptional, peer: _peer, ...entry } = entries[lockPath];
    taken.set(at, { lockPath, entry: devOptional ? { ...entry, optional: true } : entry });
    const wanted = { ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies };
    for (const dependency of Object.keys(wanted)) {
      const found = resolve(lockPath, dependency);
      const optional =
        dependency in (entry.optionalDependencies ?? {}) || entry.peerDependenciesMeta?.[dependency]?.optional;
      if (found) visit(found);
      else if (!optional) throw new Error(`${lockPath} needs ${dependency}, which the lock file does not hold`);
    }
  };
  const dependencies = {};
  for (const dependency of Object.keys(serverPackage.dependencies).filter((name) => !BUNDLED.has(name))) {
    const found = resolve(SERVER, dependency);
    if (!found) throw new Error(`${dependency} is not installed: run npm install`);
    dependencies[dependency] = entries[found].version;
    visit(found);
  }
  const packages = Object.fromEntries(
    [...taken].sort(([a], [b]) => a.localeCompare(b)).map(([at, { entry }]) => [at, entry]),
  );
  return { dependencies, packages };
}
