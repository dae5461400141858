import type { XlsFormQuestion } from '@trashegimia/contract/xlsform';
import { describe, expect, it } from 'vitest';
import { countXlsForm } from './xlsform-counts';

const question = (questionNr: string, fields: Partial<XlsFormQuestion> = {}): XlsFormQuestion => ({
  questionNr,
  questionCategory: 'PARENT',
  questionType: 'TEXT',
  name: `q${questionNr.replaceAll('.', '_')}`,
  titleXk: null,
  titleEn: null,
  titleSr: null,
  hintXk: null,
  hintEn: null,
  hintSr: null,
  questionIdentifier: null,
  required: false,
  limMin: null,
  limMax: null,
  options: [],
  children: [],
  ...fields,
});

describe('countXlsForm', () => {
  it('counts the questions at every depth, the required ones, and the chapters and groups apart', () => {
    const tree = [
      question('1', {
        questionCategory: 'CHAPTER',
        questionType: null,
        children: [
          question('1.1', { required: true }),
          question('1.2', {
            questionCategory: 'GROUP',
            questionType: null,
            children: [question('1.2.1', { questionType: 'NUMBER', required: true })],
          }),
        ],
      }),
      question('2', { questionType: 'DATE' }),
    ];
    expect(countXlsForm(tree)).toEqual({ questions: 3, required: 2, chaptersAndGroups: 2 });
    expect(countXlsForm([])).toEqual({ questions: 0, required: 0, chaptersAndGroups: 0 });
  });
});
