import { describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, formatNumber, intlLocaleFor, padNumber, truncateText } from './format';

describe('formatting', () => {
  it('pads item numbers to the given width', () => {
    expect(padNumber(1, 4)).toBe('0001');
    expect(padNumber(123, 4)).toBe('0123');
    expect(padNumber(12345, 4)).toBe('12345');
  });

  it('writes whole numbers as Intl does in each language, without asking Intl', () => {
    const values = [0, 7, 999, 1000, 1234, 9999, 12_345, 123_456, 1_234_567, 1_000_000_000, -1234, -12_345];
    const languages = ['xk', 'en', 'sr'] as const;
    const intlText = languages.map((language) => values.map(new Intl.NumberFormat(intlLocaleFor(language)).format));
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    expect(languages.map((language) => values.map((value) => formatNumber(value, language)))).toEqual(intlText);
    expect(numberFormat).not.toHaveBeenCalled();
    expect(formatNumber(12_345, 'xk')).toBe('12\u00a0345');
  });

  it('writes decimals as Intl does in each language, without asking Intl, so the server and every browser agree', () => {
    const values = [0.5, 1.25, 6.12, 42.123456, -21.000004, 1234.5, 12_345.678, 997, 0.0004];
    const digits = [
      { min: 0, max: 1 },
      { min: 5, max: 5 },
      { min: 0, max: 3 },
    ];
    const languages = ['xk', 'en', 'sr'] as const;
    const intlText = languages.map((language) =>
      digits.map(({ min, max }) =>
        values.map(
          new Intl.NumberFormat(intlLocaleFor(language), { minimumFractionDigits: min, maximumFractionDigits: max })
            .format,
        ),
      ),
    );
    const numberFormat = vi.spyOn(Intl, 'NumberFormat');
    const ours = languages.map((language) =>
      digits.map((fraction) => values.map((value) => formatNumber(value, language, fraction))),
    );
    expect(ours).toEqual(intlText);
    expect(numberFormat).not.toHaveBeenCalled();
  });

  it('cuts a text after 50 characters, counting letters with diacritics as one', () => {
    const long = 'ë'.repeat(60);
    expect(truncateText(long, 50)).toBe(`${'ë'.repeat(50)}…`);
    expect(truncateText('Kulla e Jashar Pashës', 50)).toBe('Kulla e Jashar Pashës');
    expect(truncateText('x'.repeat(50), 50)).toBe('x'.repeat(50));
  });

  it('formats dates per language', () => {
    const date = '2024-03-05T10:00:00Z';
    expect(formatDate(date, 'en')).toBe('March 5, 2024');
    expect(formatDate(date, 'xk')).toMatch(/2024/);
    expect(formatDate(date, 'sr')).toMatch(/mart/);
    expect(formatDate('not a date', 'en')).toBe('not a date');
  });

  it('writes Albanian dates itself, as Intl does where it has Albanian data, without asking Intl', () => {
    const dates = Array.from({ length: 12 }, (_, month) => new Date(2026, month, month + 1, 12));
    const intl = new Intl.DateTimeFormat('sq', { day: 'numeric', month: 'long', year: 'numeric' });
    const intlText = dates.map((date) => intl.format(date));
    const dateFormat = vi.spyOn(Intl, 'DateTimeFormat');
    expect(dates.map((date) => formatDate(date, 'xk'))).toEqual(intlText);
    expect(dateFormat).not.toHaveBeenCalled();
    expect(formatDate(new Date(2026, 10, 19, 12), 'xk')).toBe('19 nëntor 2026');
  });

  it('writes a moment as the date in the visitor’s language and the time on a 24-hour clock', () => {
    // 14:05 in Kosovo (UTC+1 in November), wherever the tests or the visitor are.
    const afternoon = '2026-11-19T13:05:00.000Z';
    expect(formatDateTime(afternoon, 'xk')).toBe('19 nëntor 2026, 14:05');
    expect(formatDateTime(afternoon, 'en')).toBe('November 19, 2026, 14:05');
    expect(formatDateTime(afternoon, 'sr')).toMatch(/^19\. novembar 2026\.?, 14:05$/);
    expect(formatDateTime('not a date', 'en')).toBe('not a date');
  });

  it("writes the day it was in Kosovo, whatever the visitor's time zone", () => {
    // 23:30 UTC on 31 December is already New Year's Day in Kosovo (UTC+1 in winter).
    const newYear = '2025-12-31T23:30:00.000Z';
    expect(formatDate(newYear, 'xk')).toBe('1 janar 2026');
    expect(formatDate(newYear, 'en')).toBe('January 1, 2026');
    expect(formatDateTime(newYear, 'xk')).toBe('1 janar 2026, 00:30');
  });
});
