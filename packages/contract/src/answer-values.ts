/**
 * How answers read, wherever they come in: the collector and the asset editor in the page, and the
 * server's submissions, edits and imports. One definition, so a value one accepts, all accept:
 * NUMBER and DATE answers, what makes a limit (free text, spec §5) a numeric bound, the values a
 * choice chose and which conditional options those offer.
 */

/** What joins the values a multiple choice chose in one answer (spec §5). */
export const MULTIPLE_CHOICE_SEPARATOR = ',';

type ChoiceQuestion = { questionType: string | null; options: readonly { value: string }[] };

/**
 * The option values an answer chose: a multiple choice's comma-separated values, once each, unless
 * the whole value is itself one of its options (an option may hold a comma); any other question's
 * whole value. None for a blank answer.
 */
export function chosenValues(question: ChoiceQuestion | undefined, value: string): string[] {
  const whole = value.trim();
  if (whole === '') return [];
  if (question?.questionType !== 'MULTIPLE_CHOICE') return [whole];
  if (question.options.some((option) => option.value === whole)) return [whole];
  const parts = whole
    .split(MULTIPLE_CHOICE_SEPARATOR)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  return [...new Set(parts)];
}

type ConditionalOption = { conditionalParentQuestionId: number | null; conditionalParentQuestionValue: string | null };

/**
 * Whether an option is offered now, given the values chosen in each question (`chosenIn`): a
 * conditional option only while its parent question's answer chose its value.
 */
export const isOptionOffered = (option: ConditionalOption, chosenIn: (questionId: number) => readonly string[]) =>
  option.conditionalParentQuestionId === null ||
  chosenIn(option.conditionalParentQuestionId).includes(option.conditionalParentQuestionValue ?? '');

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
