/**
 * How typed answers read: NUMBER answers and numeric limits (a decimal comma or dot), DATE answers
 * (a calendar day). Shared by every way answers come in, so a value one accepts, all accept.
 */

/** A number as a person writes it (12, -3.5, 3,5), or null. */
export function readNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!/^[-+]?(\d+([.,]\d*)?|[.,]\d+)([eE][-+]?\d+)?$/.test(trimmed)) return null;
  const number = Number(trimmed.replace(',', '.'));
  return Number.isFinite(number) ? number : null;
}

/** A limit (free text in the spec) that bounds an answer when it reads as a number; null otherwise. */
export const numericLimit = (limit: string | null): number | null => (limit === null ? null : readNumber(limit));

/**
 * A calendar day, YYYY-MM-DD, from that form or an ISO 8601 timestamp at midnight UTC (what a
 * spreadsheet's date cell reads as); null for anything else or a day the calendar lacks.
 */
export function readDay(text: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(T00:00(:00(\.0+)?)?Z)?$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${match[1]}-${match[2]}-${match[3]}`;
}
