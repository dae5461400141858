import { pino } from 'pino';
import type { Config } from './config';

/** JSON lines on stdout at LOG_LEVEL; start-up and the seed log through it before Fastify exists. */
export function createLogger(level: Config['logLevel']) {
  return pino({ level, redact: ['req.headers.authorization'] });
}
