import { type Logger as PinoLogger, pino } from 'pino';
import { prettyFactory } from 'pino-pretty';
import type { Config } from './config';

export type Logger = PinoLogger;

/**
 * Everything the server and its commands say, at LOG_LEVEL, on stdout: readable lines when a
 * person watches it (a terminal), JSON lines otherwise (a log collector, a file, a pipe).
 * Start-up, the seed and the commands log through it before Fastify exists.
 */
export function createLogger(
  level: Config['logLevel'],
  stdout: Pick<NodeJS.WriteStream, 'isTTY' | 'write'> = process.stdout,
) {
  const options = { level, redact: ['req.headers.authorization'] };
  if (!stdout.isTTY) return pino(options);
  // Formatted as each line is written, so nothing waits in a buffer when the process exits at once.
  const pretty = prettyFactory({ translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
  return pino(options, { write: (line: string) => stdout.write(pretty(line)) });
}

/**
 * What the operator must see whatever LOG_LEVEL says: a password shown only once, where the server
 * listens, what a command did.
 */
export function operatorLog(logger: Logger): Logger {
  return logger.child({}, { level: 'info' });
}
