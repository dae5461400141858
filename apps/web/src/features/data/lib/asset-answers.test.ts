import type { AnswerDetail } from '@trashegimia/contract/assets';
import { describe, expect, it } from 'vitest';
import { groupAnswers } from './asset-answers';

const answer = (overrides: Partial<AnswerDetail>): AnswerDetail => ({
  questionId: 1,
  questionNr: '1',
  questionType: 'TEXT',
  questionIdentifier: null,
  optionId: null,
  value: null,
  value2: null,
  title: null,
  titleXk: null,
  titleEn: null,
  titleSr: null,
  optionDescription: null,
  optionDescriptionXk: null,
  optionDescriptionEn: null,
  optionDescriptionSr: null,
  ...overrides,
});

describe('groupAnswers', () => {
  it("lists a multiple-choice question's options in one row, in the interface language", () => {
    const answers = [
      answer({ questionId: 7, titleXk: 'Materiali', titleEn: 'Material', optionDescriptionEn: 'Stone', value: 'gur' }),
      answer({ questionId: 7, titleXk: 'Materiali', titleEn: 'Material', optionDescriptionEn: 'Wood', value: 'dru' }),
      answer({ questionId: 8, titleEn: 'Height', value: ' 12 ', value2: 'metres' }),
    ];
    expect(groupAnswers(answers, 'en')).toEqual([
      { questionId: 7, title: 'Material', values: ['Stone', 'Wood'] },
      { questionId: 8, title: 'Height', values: ['12 — metres'] },
    ]);
  });

  it('names an untitled question by its number and keeps a question left unanswered', () => {
    expect(groupAnswers([answer({ questionId: 3, questionNr: '2.4' })], 'sr')).toEqual([
      { questionId: 3, title: '2.4', values: [] },
    ]);
  });
});
