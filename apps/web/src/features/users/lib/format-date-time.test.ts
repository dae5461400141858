import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format-date-time';

// Built in the local time zone, so the expected clock time holds wherever the tests run.
const AFTERNOON = new Date(2026, 10, 19, 14, 5).toISOString();

describe('formatDateTime', () => {
  it('writes the date in the visitor’s language and the time on a 24-hour clock', () => {
    expect(formatDateTime(AFTERNOON, 'xk')).toBe('19 nëntor 2026, 14:05');
    expect(formatDateTime(AFTERNOON, 'en')).toBe('November 19, 2026, 14:05');
    expect(formatDateTime(AFTERNOON, 'sr')).toMatch(/^19\. novembar 2026\.?, 14:05$/);
  });

  it('shows an unreadable value as it came', () => {
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
  });
});
