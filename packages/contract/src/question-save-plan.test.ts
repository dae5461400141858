import { describe, expect, it } from 'vitest';
import { QuestionInput } from './questions';
import { planQuestionSave, QuestionSaveRefused, type StoredQuestion } from './question-save-plan';

const chapter: StoredQuestion = {
  id: 1,
  parentId: null,
  questionNr: '1',
  questionCategory: 'CHAPTER',
  questionType: null,
  optionsSourceQuestionId: null,
};
const name: StoredQuestion = {
  id: 2,
  parentId: 1,
  questionNr: '1.1',
  questionCategory: 'PARENT',
  questionType: 'TEXT',
  optionsSourceQuestionId: null,
};
const input = (fields: Record<string, unknown>) =>
  QuestionInput.parse({ questionCategory: 'PARENT', questionType: 'TEXT', ...fields });

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof QuestionSaveRefused) return { status: error.status, code: error.code, field: error.field };
    throw error;
  }
  throw new Error('the batch was accepted');
};

describe('a batch of questions to save', () => {
  it('saves new parents before the questions under them, and changes saved ones in place', () => {
    const plan = planQuestionSave(
      [chapter, name],
      [
        input({ tempId: 'child', parentTempId: 'group', questionNr: '2.1' }),
        input({ tempId: 'group', questionNr: '2', questionCategory: 'GROUP', questionType: null }),
        input({ id: 2, questionParentId: 1, questionNr: '1.2' }),
      ],
    );
    expect(plan).toEqual({ insertLevels: [[1], [0]], updates: [2] });
  });

  it('is refused with a conflict on the question that takes a number already in use', () => {
    expect(refusal(() => planQuestionSave([chapter, name], [input({ tempId: 'x', questionNr: '1.1' })]))).toEqual({
      status: 409,
      code: 'question_nr_taken',
      field: 'questions.0.questionNr',
    });
  });

  it('is refused when a question would sit under itself or under a question that is not a chapter or group', () => {
    expect(
      refusal(() => planQuestionSave([chapter, name], [input({ id: 1, questionParentId: 2, questionNr: '1' })])),
    ).toMatchObject({ status: 400, code: 'invalid_parent' });
    expect(
      refusal(() =>
        planQuestionSave([chapter, name], [input({ tempId: 'x', questionParentId: 2, questionNr: '1.1.1' })]),
      ),
    ).toMatchObject({ status: 400, code: 'invalid_parent', field: 'questions.0.questionParentId' });
  });

  it('is refused when it borrows options from a question that has none of its own', () => {
    expect(
      refusal(() => planQuestionSave([chapter, name], [input({ tempId: 'x', questionNr: '2', questionOptionsId: 2 })])),
    ).toMatchObject({ status: 400, code: 'invalid_options_source' });
  });
});
