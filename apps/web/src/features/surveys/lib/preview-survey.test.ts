import type { QuestionNode } from '@trashegimia/contract/questions';
import type { Survey } from '@trashegimia/contract/surveys';
import { describe, expect, it } from 'vitest';
import { makeChapter, makeQuestion } from '@/shared/testing/question-fixtures';
import { previewSurvey } from './preview-survey';
import { blankOption, blankQuestion, draftFrom, type DraftQuestion, type EditorDraft } from './survey-draft';

const SAVED_SURVEY: Survey = {
  id: 5,
  surveyState: 1,
  defaultDatasetId: 1,
  insBy: 'admin',
  insDate: '2026-01-01T00:00:00.000Z',
  ludBy: 'admin',
  lud: '2026-01-01T00:00:00.000Z',
  description: 'Monumentet',
  descriptionXk: 'Monumentet',
  descriptionEn: 'Monuments',
  descriptionSr: null,
  longDescription: null,
  longDescriptionXk: null,
  longDescriptionEn: null,
  longDescriptionSr: null,
};

/**
 * Saved: chapter 1 holding 1.1, a choice whose 'Jo' skips to 2 and whose 'Rrënojë' is marked
 * deleted; and 2, which borrows the options of 1.1. Unsaved: 1.1 renamed in English, a new 1.3
 * offering 'Kullë' only when 1.1 is 'Po', and a new 1.2 whose option depends on the new 1.3.
 */
const editedDraft = (): EditorDraft => {
  const status = makeQuestion({ id: 11, questionNr: '1.1', title: 'Statusi' }, [
    { value: 'Po' },
    { value: 'Jo', validateType: 'NEXT_QUESTION', toQuestionNr: '2' },
    { value: 'Rrënojë' },
  ]);
  const borrower = makeQuestion({ id: 20, questionNr: '2', title: 'Statusi i mëparshëm', questionOptionsId: 11 });
  const saved = draftFrom(SAVED_SURVEY, [makeChapter(10, '1', 'Identifikimi', [status]), borrower]);

  const kind: DraftQuestion = {
    ...blankQuestion('1.3', 'q10'),
    questionType: 'SINGLE_CHOICE',
    titleXk: 'Lloji',
    options: [{ ...blankOption(1), value: 'Kullë', conditionalParentKey: 'q11', conditionalParentQuestionValue: 'Po' }],
  };
  const detail: DraftQuestion = {
    ...blankQuestion('1.2', 'q10'),
    titleXk: 'Përshkrimi',
    options: [{ ...blankOption(1), conditionalParentKey: kind.key, conditionalParentQuestionValue: 'Kullë' }],
  };
  const questions = saved.questions.map((question) =>
    question.key === 'q11'
      ? {
          ...question,
          titleEn: 'Status',
          options: question.options.map((option) => ({ ...option, isDeleted: option.value === 'Rrënojë' })),
        }
      : question,
  );
  return {
    ...saved,
    survey: { ...saved.survey, descriptionSr: 'Spomenici' },
    questions: [...questions, kind, detail],
  };
};

const inTreeOrder = (nodes: QuestionNode[]): QuestionNode[] =>
  nodes.flatMap((node) => [node, ...inTreeOrder(node.children)]);

const byNr = (nodes: QuestionNode[], questionNr: string): QuestionNode => {
  const found = inTreeOrder(nodes).find((node) => node.questionNr === questionNr);
  if (!found) throw new Error(`no question ${questionNr} in the preview`);
  return found;
};

describe('previewSurvey', () => {
  it('shows the edits that are not saved yet', () => {
    const { survey, questions } = previewSurvey(editedDraft());
    expect(survey).toMatchObject({ id: 5, descriptionXk: 'Monumentet', descriptionSr: 'Spomenici' });
    expect(byNr(questions, '1.1')).toMatchObject({ titleXk: 'Statusi', titleEn: 'Status' });
  });

  it('places new questions under their chapter in number order, with ids no saved question has', () => {
    const { questions } = previewSurvey(editedDraft());
    const [chapter, borrower] = questions;
    expect(chapter?.children.map((question) => [question.questionNr, question.questionOrder])).toEqual([
      ['1.1', 1],
      ['1.2', 2],
      ['1.3', 3],
    ]);
    const ids = [chapter!.id, ...chapter!.children.map((question) => question.id), borrower!.id];
    expect(new Set(ids).size).toBe(ids.length);
    expect(byNr(questions, '1.2').id).toBeLessThan(0);
    expect(byNr(questions, '1.2').questionParentId).toBe(10);
  });

  it('ties a conditional option to the question it depends on, even one not saved yet', () => {
    const { questions } = previewSurvey(editedDraft());
    expect(byNr(questions, '1.3').options[0]).toMatchObject({
      value: 'Kullë',
      conditionalParentQuestionId: 11,
      conditionalParentQuestionValue: 'Po',
    });
    expect(byNr(questions, '1.2').options[0]?.conditionalParentQuestionId).toBe(byNr(questions, '1.3').id);
  });

  it('leaves out options marked deleted and keeps skip logic pointing at its question number', () => {
    const { questions } = previewSurvey(editedDraft());
    const options = byNr(questions, '1.1').options;
    expect(options.map((option) => option.value)).toEqual(['Po', 'Jo']);
    expect(options[1]).toMatchObject({ validateType: 'NEXT_QUESTION', toQuestionNr: '2' });
  });

  it('offers borrowed options as the question they belong to offers them', () => {
    const { questions } = previewSurvey(editedDraft());
    expect(byNr(questions, '2').options.map((option) => [option.value, option.questionId])).toEqual([
      ['Po', 11],
      ['Jo', 11],
    ]);
  });
});
