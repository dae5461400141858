import { htmlLangFor, type Language } from '@/shared/i18n/language';

/** The Intl locale of each interface language: Albanian, English, Serbian in Latin script. */
export const intlLocaleFor = (language: Language): string => htmlLangFor(language);

/**
 * Kosovo's clock: a date is the day it was where the register is kept, whatever the visitor's own
 * time zone, as in the PDFs and spreadsheets (DOCUMENT_TIME_ZONE on the server), and the same text
 * whether the page is rendered by the browser or by the server.
 */
export const DISPLAY_TIME_ZONE = 'Europe/Belgrade';

const DATE_OPTIONS: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: DISPLAY_TIME_ZONE,
};

/**
 * CLDR's Albanian month names. Albanian dates are written here rather than by Intl: some browsers
 * (e.g. Debian's Chromium) have no Albanian data, and elsewhere the first Intl formatter (or even
 * the question whether a locale is supported) makes the browser load its locale data, tens of
 * milliseconds on a phone while a list of dates renders.
 */
const ALBANIAN_MONTHS = [
  'janar',
  'shkurt',
  'mars',
  'prill',
  'maj',
  'qershor',
  'korrik',
  'gusht',
  'shtator',
  'tetor',
  'nëntor',
  'dhjetor',
];

/**
 * Building an Intl formatter costs far more than using one, and a list page formats hundreds of
 * dates and numbers while it renders: each formatter is built once per locale and options.
 */
const memoized = <Value>(build: (key: string) => Value) => {
  const built = new Map<string, Value>();
  return (key: string) => {
    if (!built.has(key)) built.set(key, build(key));
    return built.get(key)!;
  };
};

const dateFormat = memoized((locale) => new Intl.DateTimeFormat(locale, DATE_OPTIONS));
/** The day, month and year in DISPLAY_TIME_ZONE, as numbers: 'en' data every browser has. */
const dayParts = new Intl.DateTimeFormat('en', {
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  timeZone: DISPLAY_TIME_ZONE,
});
const kosovoDay = (date: Date) => {
  const parts = dayParts.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((each) => each.type === type)!.value);
  return { day: part('day'), month: part('month'), year: part('year') };
};
// A 24-hour clock, as Kosovo reads it; also where the browser has no Albanian data and would fall back to 'PM'.
const timeFormat = memoized(
  (locale) =>
    new Intl.DateTimeFormat(locale, {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: DISPLAY_TIME_ZONE,
    }),
);
/**
 * A date (day, month name, year) in Kosovo, in the visitor's language; an unreadable value is shown as it came.
 * Albanian dates are written as CLDR (and so Intl, where it has the data) writes them: '19 nëntor 2026'.
 */
export const formatDate = (value: string | Date, language: Language) => {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  if (language === 'xk') {
    const { day, month, year } = kosovoDay(date);
    return `${day} ${ALBANIAN_MONTHS[month - 1]} ${year}`;
  }
  return dateFormat(intlLocaleFor(language)).format(date);
};

/**
 * A moment as its date in the visitor's language and its time as hours and minutes, e.g.
 * '19 nëntor 2026, 14:05'; the date part also works where the browser lacks Albanian data.
 */
export const formatDateTime = (value: string, language: Language) => {
  const moment = new Date(value);
  if (Number.isNaN(moment.getTime())) return value;
  const time = timeFormat(intlLocaleFor(language)).format(moment);
  return `${formatDate(moment, language)}, ${time}`;
};

/**
 * How each language writes a number, as CLDR (and so Intl) writes it: its decimal sign, and how it
 * groups the digits of the whole part (Albanian leaves four digits together: '1234', '12 345',
 * with a no-break space).
 */
const NUMBER_SIGNS: Record<Language, { decimal: string; group: string; groupFrom: number }> = {
  xk: { decimal: ',', group: '\u00a0', groupFrom: 5 },
  en: { decimal: '.', group: ',', groupFrom: 4 },
  sr: { decimal: ',', group: '.', groupFrom: 4 },
};

/** How many decimals a number shows: `min` always, up to `max` when they are not zeros. */
export type FractionDigits = { min: number; max: number };

/**
 * A number written without Intl, as Intl writes it: a page's first Intl formatter makes the browser
 * load its locale data (tens of milliseconds on a phone while the page renders), and browsers
 * without Albanian data (Debian's Chromium) would write Albanian numbers the English way, unlike
 * the server that renders the page's first view. Up to three decimals, as Intl shows by default.
 */
export const formatNumber = (value: number, language: Language, { min, max }: FractionDigits = { min: 0, max: 3 }) => {
  if (!Number.isFinite(value)) return String(value);
  const { decimal, group, groupFrom } = NUMBER_SIGNS[language];
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const [whole = '', fraction = ''] = Math.abs(value).toFixed(max).split('.');
  const grouped = whole.length < groupFrom ? whole : whole.replace(/\B(?=(\d{3})+$)/g, group);
  const decimals = fraction.replace(/0+$/, '').padEnd(min, '0');
  return sign + grouped + (decimals ? decimal + decimals : '');
};

/** Coordinates with 5 decimals (about a metre), latitude first. */
export const formatCoordinates = (latitude: number, longitude: number, language: Language) => {
  const format = (value: number) => formatNumber(value, language, { min: 5, max: 5 });
  return `${format(latitude)}, ${format(longitude)}`;
};

/** `7` → `0007` (spec §9: item numbers padded to 4 digits). */
export const padNumber = (value: number, digits: number) => String(value).padStart(digits, '0');

/** The first `max` characters and an ellipsis when the text is longer (counted in characters, not UTF-16 units). */
export const truncateText = (text: string, max: number) => {
  const characters = Array.from(text);
  return characters.length > max ? `${characters.slice(0, max).join('')}…` : text;
};
