import { pino } from 'pino';
import type { Logger } from '../logger';

export type LogLine = { level: number; msg: string; [field: string]: unknown };

/** A logger at `level` that keeps its JSON lines, parsed, for a test to read. */
export function loggedLines(level = 'debug'): { logger: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const logger = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  return { logger, lines };
}
