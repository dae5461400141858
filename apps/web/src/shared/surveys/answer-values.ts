/**
 * How NUMBER and DATE answers read, as the server reads them: the collector, the asset editor and
 * the survey editor's limits all go by these.
 */

/** A number as people type it, integer or decimal, with a decimal comma or dot; null when the text is none. */
export const readNumber = (text: string | null | undefined): number | null => {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return null;
  const number = Number(trimmed.replace(',', '.'));
  return Number.isFinite(number) ? number : null;
};

/** A typed number as the answer is sent: trimmed, with a decimal dot. */
export const numberAnswer = (text: string) => text.trim().replace(',', '.');

/** Whether the text is a day that exists, written YYYY-MM-DD (what a date input gives and the server takes). */
export const isCalendarDate = (text: string): boolean => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};
