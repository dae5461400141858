import { describe, expect, it } from 'vitest';
import { makeFormQuestion } from '../testing/xlsform-fixtures';
import { countXlsForm } from './xlsform-counts';

describe('countXlsForm', () => {
  it('counts the questions at every depth, the required ones, and the chapters and groups apart', () => {
    const tree = [
      makeFormQuestion('1', {
        questionCategory: 'CHAPTER',
        questionType: null,
        children: [
          makeFormQuestion('1.1', { required: true }),
          makeFormQuestion('1.2', {
            questionCategory: 'GROUP',
            questionType: null,
            children: [makeFormQuestion('1.2.1', { questionType: 'NUMBER', required: true })],
          }),
        ],
      }),
      makeFormQuestion('2', { questionType: 'DATE' }),
    ];
    expect(countXlsForm(tree)).toEqual({ questions: 3, required: 2, chaptersAndGroups: 2 });
    expect(countXlsForm([])).toEqual({ questions: 0, required: 0, chaptersAndGroups: 0 });
  });
});
