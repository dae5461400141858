import { describe, expect, it } from 'vitest';
import { brokenLimit, numericLimits, offersAnAnswer, skippedQuestions } from './fill-rules';
import type { QuestionNode, QuestionOption } from './questions';

const option = (value: string, fields: Partial<QuestionOption> = {}): QuestionOption =>
  ({
    id: 0,
    questionId: 0,
    value,
    optionOrder: 0,
    validateType: null,
    toQuestionNr: null,
    conditionalParentQuestionId: null,
    conditionalParentQuestionValue: null,
    isAnother: false,
    ...fields,
  }) as QuestionOption;

const question = (id: number, questionNr: string, options: QuestionOption[] = []): QuestionNode =>
  ({
    id,
    questionNr,
    questionCategory: 'PARENT',
    questionType: options.length > 0 ? 'SINGLE_CHOICE' : 'TEXT',
    limMin: null,
    limMax: null,
    required: false,
    options,
    children: [],
  }) as unknown as QuestionNode;

const answers =
  (chosen: Record<number, string[]>) =>
  (questionId: number): readonly string[] =>
    chosen[questionId] ?? [];

// 1 jumps to 4 on "Jump", ends on "End", jumps back to 1 on "Back"; 3 jumps to 5.
const survey = [
  question(1, '1', [
    option('Jump', { validateType: 'NEXT_QUESTION', toQuestionNr: '4' }),
    option('End', { validateType: 'END_SURVEY' }),
    option('Back', { validateType: 'NEXT_QUESTION', toQuestionNr: '1' }),
  ]),
  question(2, '2'),
  question(3, '3', [option('Far', { validateType: 'NEXT_QUESTION', toQuestionNr: '5' })]),
  question(4, '4'),
  question(5, '5'),
];

describe('skip logic', () => {
  it('skips the questions a chosen option jumps over, naming the question that skipped them', () => {
    expect([...skippedQuestions(survey, answers({ 1: ['Jump'] }))]).toEqual([
      [2, '1'],
      [3, '1'],
    ]);
  });

  it('skips every later question after an END_SURVEY choice', () => {
    expect([...skippedQuestions(survey, answers({ 1: ['End'] })).keys()]).toEqual([2, 3, 4, 5]);
  });

  it('ignores a jump backwards, so a collector cannot loop', () => {
    expect(skippedQuestions(survey, answers({ 1: ['Back'] })).size).toBe(0);
  });

  it('lets a skipped question’s own answer skip nothing', () => {
    expect([...skippedQuestions(survey, answers({ 1: ['Jump'], 3: ['Far'] })).keys()]).toEqual([2, 3]);
  });
});

describe('conditional choices', () => {
  const conditional = question(2, '2', [
    option('Stone', { conditionalParentQuestionId: 1, conditionalParentQuestionValue: 'Building' }),
  ]);

  it('asks for a choice only while an earlier answer offers one of its options', () => {
    expect(offersAnAnswer(conditional, answers({}))).toBe(false);
    expect(offersAnAnswer(conditional, answers({ 1: ['Building'] }))).toBe(true);
    expect(offersAnAnswer(question(3, '3'), answers({}))).toBe(true);
  });
});

describe('limits', () => {
  const limited = (questionType: string, limMin: string | null, limMax: string | null) => ({
    questionType,
    limMin,
    limMax,
  });

  it('bind only when they read as numbers, and only for TEXT, NUMBER and MULTIPLE_CHOICE', () => {
    expect(numericLimits(limited('NUMBER', '1', '12'))).toEqual({ min: 1, max: 12 });
    expect(numericLimits(limited('TEXT', null, '2,5'))).toEqual({ min: null, max: 2.5 });
    expect(numericLimits(limited('TEXT', 'short', 'long'))).toBeNull();
    expect(numericLimits(limited('DATE', '1', '2'))).toBeNull();
  });

  it('want a number within them for typed answers and that many choices for a multiple choice', () => {
    const floors = limited('NUMBER', '1', '12');
    expect(brokenLimit(floors, { text: '4', choiceCount: 0 })).toBeNull();
    expect(brokenLimit(floors, { text: '40', choiceCount: 0 })).toEqual({
      kind: 'number',
      limits: { min: 1, max: 12 },
    });
    expect(brokenLimit(floors, { text: 'three', choiceCount: 0 })?.kind).toBe('number');
    const materials = limited('MULTIPLE_CHOICE', null, '2');
    expect(brokenLimit(materials, { text: '', choiceCount: 2 })).toBeNull();
    expect(brokenLimit(materials, { text: '', choiceCount: 3 })).toEqual({
      kind: 'count',
      limits: { min: null, max: 2 },
    });
  });
});
