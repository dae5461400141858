import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** azurite's well-known development account, which it accepts without configuration. */
const ACCOUNT_NAME = 'devstoreaccount1';
const ACCOUNT_KEY = 'Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==';

const STARTUP_TIMEOUT_MS = 20_000;

export type Azurite = { connectionString: string; stop: () => Promise<void> };

/**
 * Starts the azurite blob emulator on a free port, keeping everything in memory and sending nothing
 * anywhere (no telemetry), and resolves once it listens. `stop` ends it; so does this process's exit.
 */
export async function startAzurite(): Promise<Azurite> {
  const main = createRequire(import.meta.url).resolve('azurite/dist/src/blob/main.js');
  // azurite may write its debug and lock files into its working folder; keep them out of the checkout.
  const workFolder = mkdtempSync(path.join(tmpdir(), 'trashegimia-azurite-'));
  const child = spawn(
    process.execPath,
    [
      main,
      ...['--blobHost', '127.0.0.1', '--blobPort', '0', '--inMemoryPersistence', '--extentMemoryLimit', '256'],
      ...['--disableTelemetry', '--silent', '--skipApiVersionCheck', '--loose'],
    ],
    { cwd: workFolder, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  let endpoint: string;
  try {
    endpoint = await listeningAddress(child);
  } catch (error) {
    child.kill('SIGKILL');
    rmSync(workFolder, { recursive: true, force: true });
    throw error;
  }

  return {
    connectionString: [
      'DefaultEndpointsProtocol=http',
      `AccountName=${ACCOUNT_NAME}`,
      `AccountKey=${ACCOUNT_KEY}`,
      `BlobEndpoint=${endpoint}/${ACCOUNT_NAME}`,
    ].join(';'),
    stop: async () => {
      process.off('exit', killOnExit);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(workFolder, { recursive: true, force: true });
    },
  };
}

/** The `http://127.0.0.1:<port>` azurite prints once it listens; rejects when it exits or takes too long first. */
function listeningAddress(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const fail = (reason: string) => {
      clearTimeout(timer);
      reject(new Error(`azurite did not start: ${reason}\n${output}`));
    };
    const timer = setTimeout(() => fail(`not listening after ${STARTUP_TIMEOUT_MS} ms`), STARTUP_TIMEOUT_MS);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const listening = /successfully listens on (http:\/\/[\d.]+:\d+)/.exec(output);
      if (listening) {
        clearTimeout(timer);
        child.stdout!.off('data', collect);
        child.removeListener('exit', onExit);
        child.stdout!.resume();
        resolve(listening[1]!);
      }
    };
    const onExit = (code: number | null) => fail(`exited with ${code}`);
    child.stdout!.on('data', collect);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', onExit);
  });
}
