/**
 * The order of a survey's questions, wherever it is needed: the server's trees, skip logic and
 * exports, the editor, the collector's screens and the page's test fakes. Dotted numbers (spec §4)
 * sort by segment, numerically, each question before the ones under it.
 */

const WHOLE_NUMBER = /^\d+$/;

/**
 * Orders dotted question numbers by segment, numerically: 1 < 1.2 < 1.10 < 2 < 10. A segment that is
 * not a whole number (odd stored or imported data) sorts after the numeric ones, by text, so every
 * pair has one order and a sort never meets NaN.
 */
export function compareQuestionNr(a: string, b: string): number {
  const left = a.split('.');
  const right = b.split('.');
  for (let index = 0; index < Math.max(left.length, right.length); index++) {
    const x = left[index];
    const y = right[index];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    const difference = compareSegment(x, y);
    if (difference !== 0) return difference;
  }
  return 0;
}

function compareSegment(x: string, y: string): number {
  const xIsNumber = WHOLE_NUMBER.test(x);
  const yIsNumber = WHOLE_NUMBER.test(y);
  if (xIsNumber && yIsNumber) return Number(x) - Number(y);
  if (xIsNumber !== yIsNumber) return xIsNumber ? -1 : 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** A copy of the questions, sorted by number. */
export const byQuestionNr = <Question extends { questionNr: string }>(questions: readonly Question[]) =>
  [...questions].sort((a, b) => compareQuestionNr(a.questionNr, b.questionNr));

type TreeQuestion<Question> = { questionNr: string; questionCategory: string; children: readonly Question[] };

/** The questions that take answers (PARENT), in the order a collector meets them. */
export function* answerableInOrder<Question extends TreeQuestion<Question>>(
  questions: readonly Question[],
): Generator<Question> {
  for (const question of byQuestionNr(questions)) {
    if (question.questionCategory === 'PARENT') yield question;
    yield* answerableInOrder(question.children);
  }
}

/**
 * Numbers for `count` new questions under the question numbered `parentNr` (null: the top level),
 * after its children's (`siblingNrs`), skipping any in `taken`: 1.4 after 1.3. What counts of a
 * sibling is the segment after the parent's number, even where its own number runs deeper.
 */
export function nextQuestionNumbers(
  parentNr: string | null,
  siblingNrs: readonly string[],
  taken: ReadonlySet<string>,
  count: number,
): string[] {
  const prefix = parentNr === null ? '' : `${parentNr}.`;
  const last = Math.max(
    0,
    ...siblingNrs
      .filter((nr) => nr.startsWith(prefix))
      .map((nr) => Number(nr.slice(prefix.length).split('.')[0]))
      .filter(Number.isInteger),
  );
  const numbers: string[] = [];
  for (let next = last + 1; numbers.length < count; next++) {
    if (!taken.has(`${prefix}${next}`)) numbers.push(`${prefix}${next}`);
  }
  return numbers;
}
