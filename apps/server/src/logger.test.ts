import { describe, expect, it } from 'vitest';
import { createLogger, operatorLog } from './logger';

/** What a person watching the terminal reads, and what LOG_LEVEL leaves out. */
function terminal() {
  const written: string[] = [];
  return { stdout: { isTTY: true, write: (text: string) => written.push(text) > 0 }, written };
}

describe('the logger', () => {
  it('writes readable lines, not JSON, when stdout is a terminal', () => {
    const { stdout, written } = terminal();
    createLogger('info', stdout).warn({ userName: 'admin' }, 'something to see');
    const text = written.join('');
    expect(text).toMatch(/WARN.*something to see/);
    expect(text).toContain('userName: "admin"');
    expect(() => JSON.parse(text)).toThrow();
  });

  it('shows what the operator must see whatever LOG_LEVEL says', () => {
    const { stdout, written } = terminal();
    const logger = createLogger('error', stdout);
    logger.info('left out');
    operatorLog(logger).info('Admin account created');
    expect(written.join('')).not.toContain('left out');
    expect(written.join('')).toContain('Admin account created');
  });
});
