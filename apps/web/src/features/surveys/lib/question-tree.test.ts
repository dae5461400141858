import { describe, expect, it } from 'vitest';
import {
  addImportedQuestions,
  addQuestion,
  inReadingOrder,
  moveQuestion,
  removeQuestion,
  withCategory,
  withType,
} from './question-tree';
import { blankOption, blankQuestion, type DraftQuestion } from './survey-draft';

const numbers = (questions: DraftQuestion[]) => inReadingOrder(questions).map((question) => question.questionNr);

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

  it('moving updates skip logic that pointed at a moved number', () => {
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

  it('deleting a chapter takes its sub-questions, and conditions on them are dropped', () => {
    const { questions, chapter, inner, last } = sample();
    const conditional = questions.map((question) =>
      question.key === last.key
        ? {
            ...question,
            options: [{ ...blankOption(1), conditionalParentKey: inner.key, conditionalParentQuestionValue: 'Po' }],
          }
        : question,
    );
    const left = removeQuestion(conditional, chapter.key);
    expect(numbers(left)).toEqual(['2']);
    expect(left[0]!.options[0]).toMatchObject({ conditionalParentKey: null, conditionalParentQuestionValue: '' });
  });

  it('a question turned into TEXT without options gets one blank option', () => {
    const choice = { ...blankQuestion('1', null), questionType: 'SINGLE_CHOICE' as const, options: [] };
    const text = withType(choice, 'TEXT');
    expect(text.options).toHaveLength(1);
    expect(text.options[0]!.value).toBe('');
    expect(withType(text, 'TEXT').options).toHaveLength(1);
  });

  it('a chapter keeps only its number and titles', () => {
    const question = {
      ...blankQuestion('1', null),
      questionIdentifier: 'ASSET_NAME' as const,
      limMin: '1',
      limMax: '5',
    };
    expect(withCategory(question, 'CHAPTER')).toMatchObject({
      questionType: null,
      questionIdentifier: null,
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
