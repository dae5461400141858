import path from 'node:path';
import type { z } from 'zod';
import { BackupError } from '../backup/backup';
import { type Config, ConfigError, loadConfig } from '../config';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { AppError } from '../errors';
import { type Logger, createLogger, operatorLog } from '../logger';

/** A command's refusal the operator can act on: its message is all they are told. */
export class CommandError extends Error {
  override name = 'CommandError';
}

export type CommandContext = {
  config: Config;
  /** Opened with every migration applied. */
  database: DatabaseHandle;
  /** At info whatever LOG_LEVEL says, for what the command did. */
  report: Logger;
};

/**
 * Runs a maintenance command on the database the server is configured with (the same environment
 * variables), through the same logger: `parseArguments` first, so a mistaken call is told how to
 * call before anything is opened. Paths are relative to where npm was run (INIT_CWD), as for
 * `npm start`, not to this package's folder. A failure sets exit code 1: a refusal or a
 * configuration mistake as its message alone, anything else with its stack.
 */
export async function runCommand<Arguments>(
  parseArguments: () => Arguments,
  work: (context: CommandContext, args: Arguments) => Promise<void>,
) {
  // At info until the configuration names LOG_LEVEL: a configuration mistake is reported through it too.
  const logger = createLogger('info');
  const report = operatorLog(logger);
  try {
    const args = parseArguments();
    process.chdir(process.env.INIT_CWD ?? process.cwd());
    const config = loadConfig();
    logger.level = config.logLevel;
    const database = await openDatabase(config.database, logger);
    try {
      await work({ config, database, report }, args);
    } finally {
      await database.close();
    }
  } catch (error) {
    if (isOperatorsToFix(error)) report.error(error.message);
    else report.error({ err: error }, 'the command failed');
    process.exitCode = 1;
  }
}

const isOperatorsToFix = (error: unknown): error is Error =>
  error instanceof CommandError ||
  error instanceof ConfigError ||
  error instanceof BackupError ||
  // The services' refusals (a password too easy to guess), worded for any caller.
  (error instanceof AppError && error.statusCode < 500);

/** Backup and restore copy the local blob folder; an Azure container is Azure's tools' to copy. */
export function localBlobFolder(config: Config): string {
  if (config.storage.driver !== 'local') {
    throw new ConfigError(
      'STORAGE_DRIVER: backup and restore copy the local blob folder only; back up the Azure container with Azure tools.',
    );
  }
  return path.join(config.dataDir, 'blobs');
}

/** The command's arguments, `min` to `max` of them, or a refusal saying how to call it. */
export function argumentsOf(args: string[], usage: string, min: number, max: number): string[] {
  if (args.length < min || args.length > max || args.some((argument) => argument === '')) {
    throw new CommandError(`Usage: ${usage}`);
  }
  return args;
}

/** What the contract's schema found wrong with the command's input, one line per problem. */
export function refusalOf(error: z.ZodError): CommandError {
  return new CommandError(error.issues.map((issue) => `${issue.path.join('.')}: ${problemOf(issue)}`).join('\n'));
}

/** Lengths in words an operator reads at once; zod's own message otherwise. */
const problemOf = (issue: z.core.$ZodIssue) => {
  if (issue.code === 'too_small' && issue.origin === 'string') {
    return issue.minimum === 1 ? 'must not be blank' : `must be at least ${issue.minimum} characters`;
  }
  if (issue.code === 'too_big' && issue.origin === 'string') return `must be at most ${issue.maximum} characters`;
  return issue.message;
};
