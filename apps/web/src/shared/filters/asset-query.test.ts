import type { DatasetFilter } from '@trashegimia/contract/datasets';
import { describe, expect, it } from 'vitest';
import {
  chooseAssetQuery,
  filterableQuestions,
  parseFilterParams,
  serializeFilterParams,
  toFilterSelections,
} from './asset-query';

const option = (id: number, value: string) => ({
  id,
  value,
  description: value,
  descriptionXk: value,
  descriptionEn: value,
  descriptionSr: value,
});

const question = (id: number, options: ReturnType<typeof option>[]): DatasetFilter => ({
  question: {
    id,
    questionType: 'SINGLE_CHOICE',
    questionIdentifier: null,
    questionOptions: options,
    title: `Q${id}`,
    titleXk: `Q${id}`,
    titleEn: `Q${id}`,
    titleSr: `Q${id}`,
  },
});

describe('asset query rules', () => {
  it('hides questions without options', () => {
    const questions = [question(1, [option(10, 'a')]), question(2, [])];
    expect(filterableQuestions(questions).map((item) => item.question.id)).toEqual([1]);
  });

  it('sends only options the question has', () => {
    const questions = [question(1, [option(10, 'Prishtinë'), option(11, 'Prizren')]), question(2, [option(20, 'x')])];
    expect(toFilterSelections({ 1: [11, 999], 2: [998], 3: [30] }, questions)).toEqual([
      { questionId: 1, questionOptionIds: [11], questionOptionValues: ['Prizren'] },
    ]);
  });

  it('lets search beat filters, and uses filters only with a token', () => {
    const filters = [{ questionId: 1, questionOptionIds: [11], questionOptionValues: ['Prizren'] }];
    expect(chooseAssetQuery({ search: '  kulla ', filters, hasToken: true })).toEqual({
      kind: 'search',
      search: 'kulla',
    });
    expect(chooseAssetQuery({ search: '', filters, hasToken: true })).toEqual({ kind: 'filtered', filters });
    expect(chooseAssetQuery({ search: '', filters, hasToken: false })).toEqual({ kind: 'plain' });
    expect(chooseAssetQuery({ search: ' ', filters: [], hasToken: true })).toEqual({ kind: 'plain' });
  });

  it('keeps chosen filters in the address and reads them back', () => {
    expect(serializeFilterParams({ 12: [3, 4], 15: [], 7: [1] })).toEqual(['7:1', '12:3,4']);
    expect(parseFilterParams(['12:3,4', 'bad', '12:4,5', '7:1'])).toEqual({ 12: [3, 4, 5], 7: [1] });
  });
});
