import { describe, expect, it } from 'vitest';
import {
  addImportedQuestions,
  addQuestion,
  hasRoomBelow,
  inReadingOrder,
  moveDestinations,
  moveQuestion,
  moveQuestionInto,
  removeQuestion,
  withCategory,
  withType,
} from './question-tree';
import { blankOption, blankQuestion, type DraftOption, type DraftQuestion } from './survey-draft';

const numbers = (questions: DraftQuestion[]) => inReadingOrder(questions).map((question) => question.questionNr);
const numberOf = (questions: DraftQuestion[], key: string) =>
  questions.find((question) => question.key === key)?.questionNr;

/**
 * Questions with these numbers, each under the one its number extends; a question with
 * sub-questions is a chapter. `keys` finds a question by its number here.
 */
const survey = (numbered: string[]) => {
  const keys: Record<string, string> = {};
  const questions = numbered.map((nr) => {
    const parentNr = nr.includes('.') ? nr.slice(0, nr.lastIndexOf('.')) : null;
    const holder = numbered.some((other) => other.startsWith(`${nr}.`));
    const question = blankQuestion(nr, parentNr === null ? null : keys[parentNr]!, holder ? 'CHAPTER' : 'PARENT');
    keys[nr] = question.key;
    return { ...question, titleXk: `Pyetja ${nr}` };
  });
  return { questions, keys };
};

const skipTo = (toQuestionNr: string): DraftOption => ({
  ...blankOption(1),
  value: `kalo te ${toQuestionNr}`,
  validateType: toQuestionNr ? 'NEXT_QUESTION' : null,
  toQuestionNr,
});

const withOptions = (questions: DraftQuestion[], key: string, options: DraftOption[]) =>
  questions.map((question) => (question.key === key ? { ...question, options } : question));

/** Chapter 1 with 1.1 and 1.2 (which holds 1.2.1), and question 2. */
const sample = () => {
  let questions: DraftQuestion[] = [];
  const push = (parentKey: string | null, category: 'CHAPTER' | 'GROUP' | 'PARENT' = 'PARENT') => {
    const result = addQuestion(questions, parentKey, category);
    questions = result.questions;
    return result.added;
  };
  const chapter = push(null, 'CHAPTER');
  const first = push(chapter.key);
  const group = push(chapter.key, 'GROUP');
  const inner = push(group.key);
  const last = push(null);
  return { questions, chapter, first, group, inner, last };
};

describe('question tree', () => {
  it('numbers new questions after the last one under their parent', () => {
    const { questions, chapter } = sample();
    expect(numbers(questions)).toEqual(['1', '1.1', '1.2', '1.2.1', '2']);
    expect(addQuestion(questions, chapter.key).added.questionNr).toBe('1.3');
    expect(addQuestion(questions, null).added.questionNr).toBe('3');
  });

  it('moving a question swaps numbers with its neighbour, and its sub-questions follow', () => {
    const { questions, first, group, inner } = sample();
    const moved = moveQuestion(questions, group.key, 'up');
    const numberOf = (key: string) => moved.find((question) => question.key === key)?.questionNr;
    expect(numberOf(group.key)).toBe('1.1');
    expect(numberOf(inner.key)).toBe('1.1.1');
    expect(numberOf(first.key)).toBe('1.2');
    expect(moveQuestion(moved, group.key, 'up')).toBe(moved);
  });

  it('moving up or down updates skip logic that pointed at a moved number', () => {
    const { questions, chapter, last } = sample();
    const pointing = questions.map((question) =>
      question.key === last.key
        ? {
            ...question,
            options: [{ ...blankOption(1), validateType: 'NEXT_QUESTION' as const, toQuestionNr: '1.2.1' }],
          }
        : question,
    );
    const moved = moveQuestion(pointing, chapter.key, 'down');
    const lastAfter = moved.find((question) => question.key === last.key)!;
    expect(lastAfter.questionNr).toBe('1');
    expect(lastAfter.options[0]!.toQuestionNr).toBe('2.2.1');
  });

  it('deleting a chapter takes its sub-questions, renumbers what follows, and drops conditions on them', () => {
    const { questions, chapter, inner, last } = sample();
    const conditional = questions.map((question) =>
      question.key === last.key
        ? {
            ...question,
            options: [{ ...blankOption(1), conditionalParentKey: inner.key, conditionalParentQuestionValue: 'Po' }],
          }
        : question,
    );
    const { questions: left, cleared } = removeQuestion(conditional, chapter.key);
    expect(numbers(left)).toEqual(['1']);
    expect(left[0]!.options[0]).toMatchObject({ conditionalParentKey: null, conditionalParentQuestionValue: '' });
    expect(cleared).toEqual([
      { questionKey: last.key, optionKey: left[0]!.options[0]!.key, kind: 'condition', deletedNr: '1.2.1' },
    ]);
  });

  it('deleting 2 of "1, 2 (2.1, 2.2, 2.2.1), 3 (3.1)" leaves "1, 2 (2.1)": the old 3 and its children move up', () => {
    const { questions, keys } = survey(['1', '2', '2.1', '2.2', '2.2.1', '3', '3.1']);
    const { questions: left } = removeQuestion(questions, keys['2']!);
    expect(numbers(left)).toEqual(['1', '2', '2.1']);
    expect(numberOf(left, keys['3']!)).toBe('2');
    expect(numberOf(left, keys['3.1']!)).toBe('2.1');
  });

  it('deleting a question moves skip logic to the renumbered questions and clears, and reports, skips to deleted ones', () => {
    const { questions, keys } = survey(['1', '2', '2.1', '2.2', '2.2.1', '3', '3.1']);
    const skipping = withOptions(questions, keys['1']!, [skipTo('2.1'), skipTo('3'), skipTo('3.1'), skipTo('')]);
    const { questions: left, cleared } = removeQuestion(skipping, keys['2']!);

    const first = left.find((question) => question.key === keys['1'])!;
    expect(first.options.map((option) => option.toQuestionNr)).toEqual(['', '2', '2.1', '']);
    expect(cleared).toEqual([
      { questionKey: keys['1'], optionKey: first.options[0]!.key, kind: 'skipTarget', deletedNr: '2.1' },
    ]);
  });

  it('deleting a sub-question renumbers only its later siblings, inside the same chapter', () => {
    const { questions, keys } = survey(['1', '1.1', '1.2', '1.3', '1.3.1', '2']);
    const { questions: left } = removeQuestion(questions, keys['1.1']!);
    expect(numbers(left)).toEqual(['1', '1.1', '1.2', '1.2.1', '2']);
    expect(numberOf(left, keys['1.3.1']!)).toBe('1.2.1');
    expect(numberOf(left, keys['2']!)).toBe('2');
  });

  it('a question moved into a chapter goes last there with its options and sub-questions; numbers and skips follow', () => {
    const { questions, keys } = survey(['1', '1.1', '2', '2.1', '3']);
    const skipping = withOptions(questions, keys['3']!, [skipTo('2.1'), skipTo('1.1')]);
    const moved = moveQuestionInto(skipping, keys['2']!, keys['1']!);

    expect(numbers(moved)).toEqual(['1', '1.1', '1.2', '1.2.1', '2']);
    expect(numberOf(moved, keys['2']!)).toBe('1.2');
    expect(numberOf(moved, keys['2.1']!)).toBe('1.2.1');
    expect(numberOf(moved, keys['3']!)).toBe('2');
    const last = moved.find((question) => question.key === keys['3'])!;
    expect(last.options.map((option) => option.toQuestionNr)).toEqual(['1.2.1', '1.1']);
  });

  it('a question moved into a chapter after it lands under the chapter’s new number', () => {
    const { questions, keys } = survey(['1', '2', '3', '3.1']);
    const moved = moveQuestionInto(questions, keys['1']!, keys['3']!);
    expect(numbers(moved)).toEqual(['1', '2', '2.1', '2.2']);
    expect(numberOf(moved, keys['3']!)).toBe('2');
    expect(numberOf(moved, keys['1']!)).toBe('2.2');
  });

  it('a question moves out of its chapter to the top level, and back', () => {
    const { questions, keys } = survey(['1', '1.1', '1.2', '2']);
    const out = moveQuestionInto(questions, keys['1.1']!, null);
    expect(numbers(out)).toEqual(['1', '1.1', '2', '3']);
    expect(numberOf(out, keys['1.1']!)).toBe('3');
    expect(numberOf(out, keys['1.2']!)).toBe('1.1');

    const back = moveQuestionInto(out, keys['1.1']!, keys['1']!);
    expect(numbers(back)).toEqual(['1', '1.1', '1.2', '2']);
    expect(numberOf(back, keys['1.1']!)).toBe('1.2');
  });

  it('a question cannot move under itself, under a plain question, or (once saved) under an unsaved chapter', () => {
    const { questions, keys } = survey(['1', '1.1', '2', '3']);
    expect(moveQuestionInto(questions, keys['1']!, keys['1.1']!)).toBe(questions);
    expect(moveQuestionInto(questions, keys['3']!, keys['2']!)).toBe(questions);

    const saved = questions.map((question) => (question.key === keys['3'] ? { ...question, id: 9 } : question));
    expect(moveQuestionInto(saved, keys['3']!, keys['1']!)).toBe(saved);
    const destinations = moveDestinations(
      saved,
      saved.find((question) => question.key === keys['3'])!,
    );
    expect(destinations.map(({ parent, waitsForSave }) => [parent?.questionNr, waitsForSave])).toEqual([['1', true]]);
  });

  it('nothing goes deeper than a question number of ten parts: no sub-question there, and no move that would need one', () => {
    // 1 > 1.1 > … > 1.1.1.1.1.1.1.1.1 (nine parts, holding a question of ten), and 2 holding 2.1 with 2.1.1.
    const chain = Array.from({ length: 10 }, (_, index) =>
      Array(index + 1)
        .fill('1')
        .join('.'),
    );
    const { questions, keys } = survey([...chain, '2', '2.1', '2.1.1', '3']);
    const byNr = (nr: string) => questions.find((question) => question.key === keys[nr])!;
    expect(hasRoomBelow(byNr(chain[8]!))).toBe(true);
    expect(hasRoomBelow(byNr(chain[9]!))).toBe(false);

    const intoNine = (nr: string) =>
      moveDestinations(questions, byNr(nr)).some(({ parent }) => parent?.questionNr === chain[8]);
    // 3 alone fits under the nine-part group; 2 with two levels below it would need twelve parts.
    expect(intoNine('3')).toBe(true);
    expect(intoNine('2')).toBe(false);
    expect(moveQuestionInto(questions, keys['2']!, keys[chain[8]!]!)).toBe(questions);
    expect(moveDestinations(questions, byNr('2')).map(({ parent }) => parent?.questionNr)).toEqual([
      '1',
      '1.1',
      '1.1.1',
      '1.1.1.1',
      '1.1.1.1.1',
      '1.1.1.1.1.1',
      '1.1.1.1.1.1.1',
    ]);
  });

  it('a question turned into TEXT without options gets one blank option', () => {
    const choice = { ...blankQuestion('1', null), questionType: 'SINGLE_CHOICE' as const, options: [] };
    const text = withType(choice, 'TEXT');
    expect(text.options).toHaveLength(1);
    expect(text.options[0]!.value).toBe('');
    expect(withType(text, 'TEXT').options).toHaveLength(1);
  });

  it('a NUMBER or DATE question keeps one blank option as TEXT does, and borrows none', () => {
    const borrowing = {
      ...blankQuestion('2', null),
      questionType: 'DROPDOWN' as const,
      questionOptionsId: 7,
      options: [],
    };
    const number = withType(borrowing, 'NUMBER');
    expect(number.questionOptionsId).toBeNull();
    expect(number.options).toHaveLength(1);
    expect(number.options[0]!.value).toBe('');
    expect(withType(number, 'DATE').options).toHaveLength(1);
  });

  it('a DATE question drops its limits; a NUMBER question keeps them as its bounds', () => {
    const year = { ...blankQuestion('1', null), limMin: '1200', limMax: '2025' };
    expect(withType(year, 'NUMBER')).toMatchObject({ limMin: '1200', limMax: '2025' });
    expect(withType(year, 'DATE')).toMatchObject({ limMin: '', limMax: '' });
  });

  it('a chapter keeps only its number, titles and hints, and is never required', () => {
    const question = {
      ...blankQuestion('1', null),
      questionIdentifier: 'ASSET_NAME' as const,
      required: true,
      hintXk: 'Si në regjistër',
      limMin: '1',
      limMax: '5',
    };
    expect(withCategory(question, 'CHAPTER')).toMatchObject({
      questionType: null,
      questionIdentifier: null,
      required: false,
      hintXk: 'Si në regjistër',
      limMin: '',
      limMax: '',
    });
    expect(withCategory(withCategory(question, 'CHAPTER'), 'PARENT').questionType).toBe('TEXT');
  });

  it('imported questions whose number an unsaved question took move to the next free number', () => {
    const { questions } = sample();
    const imported = { ...blankQuestion('2', null), key: 'q77', id: 77 };
    expect(numbers(addImportedQuestions(questions, [imported]))).toEqual(['1', '1.1', '1.2', '1.2.1', '2', '3']);
  });
});
