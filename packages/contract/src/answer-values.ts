/**
 * How NUMBER and DATE answers read, wherever answers come in: the collector and the asset editor
 * in the page, and the server's submissions, edits and imports. One definition, so a value one
 * accepts, all accept. Also what makes a limit (free text, spec §5) a numeric bound.
 */

/** A number as people type it (12, -3.5, 3,5, 1e3), or null for anything else, blank included. */
export function readNumber(text: string | null | undefined): number | null {
  const trimmed = text?.trim() ?? '';
  if (!/^[-+]?(\d+([.,]\d*)?|[.,]\d+)([eE][-+]?\d+)?$/.test(trimmed)) return null;
  const number = Number(trimmed.replace(',', '.'));
  return Number.isFinite(number) ? number : null;
}

/** A typed number as a NUMBER answer is stored and sent: trimmed, with a decimal dot. */
export const numberAnswer = (text: string) => text.trim().replace(',', '.');

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
