import { formatDate, intlLocaleFor } from '@/shared/format/format';
import type { Language } from '@/shared/i18n/language';

/** The day as the app writes dates, and the time of day: when a draft was saved or a survey recorded. */
export const formatDateTime = (value: string, language: Language) => {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const time = new Intl.DateTimeFormat(intlLocaleFor(language), { hour: '2-digit', minute: '2-digit' }).format(date);
  return `${formatDate(date, language)} ${time}`;
};
