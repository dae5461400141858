import { formatDate, intlLocaleFor } from '@/shared/format/format';
import type { Language } from '@/shared/i18n/language';

/**
 * A moment as its date in the visitor's language and its time as hours and minutes, e.g.
 * '19 nëntor 2026, 14:05'; the date part also works where the browser lacks Albanian data.
 */
export const formatDateTime = (value: string, language: Language) => {
  const moment = new Date(value);
  if (Number.isNaN(moment.getTime())) return value;
  // A 24-hour clock, as Kosovo reads it; also where the browser has no Albanian data and would fall back to 'PM'.
  const time = new Intl.DateTimeFormat(intlLocaleFor(language), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(moment);
  return `${formatDate(moment, language)}, ${time}`;
};
