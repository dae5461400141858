import type { FilterSelection } from '@trashegimia/contract/assets';
import type { DatasetFilter } from '@trashegimia/contract/datasets';

/** Chosen options per question: question id → option ids. */
export type ChosenFilters = Record<number, number[]>;

/** 'Data' (newest first) or 'A - ZH' (by name). */
export type AssetSort = 'date' | 'name';

/** Which lookup lists the assets (spec §5: search beats filters; filters need a token). */
export type AssetQuery =
  { kind: 'plain' } | { kind: 'search'; search: string } | { kind: 'filtered'; filters: FilterSelection[] };

/** Questions offered as filters: those with an id and at least one option (spec §5). */
export const filterableQuestions = (items: DatasetFilter[]): DatasetFilter[] =>
  items.filter(
    ({ question }) => Number.isInteger(question.id) && question.id > 0 && (question.questionOptions?.length ?? 0) > 0,
  );

/**
 * The filters to send: for each question, only the chosen options that the question really has
 * (spec §5); questions left with none are dropped.
 */
export const toFilterSelections = (chosen: ChosenFilters, questions: DatasetFilter[]): FilterSelection[] =>
  questions.flatMap(({ question }) => {
    const wanted = new Set(chosen[question.id] ?? []);
    const options = question.questionOptions.filter((option) => wanted.has(option.id));
    if (options.length === 0) return [];
    return [
      {
        questionId: question.id,
        questionOptionIds: options.map((option) => option.id),
        questionOptionValues: options.map((option) => option.value),
      },
    ];
  });

export const chooseAssetQuery = ({
  search,
  filters,
  hasToken,
}: {
  search: string;
  filters: FilterSelection[];
  hasToken: boolean;
}): AssetQuery => {
  const text = search.trim();
  if (text) return { kind: 'search', search: text };
  if (filters.length > 0 && hasToken) return { kind: 'filtered', filters };
  return { kind: 'plain' };
};

/** `12:3,4` → question 12 with options 3 and 4; the page keeps its filters in the address. */
export const parseFilterParams = (values: string[]): ChosenFilters => {
  const chosen: ChosenFilters = {};
  for (const value of values) {
    const match = /^(\d+):(\d+(?:,\d+)*)$/.exec(value.trim());
    if (!match?.[1] || !match[2]) continue;
    const questionId = Number(match[1]);
    const optionIds = match[2].split(',').map(Number);
    chosen[questionId] = [...new Set([...(chosen[questionId] ?? []), ...optionIds])];
  }
  return chosen;
};

export const serializeFilterParams = (chosen: ChosenFilters): string[] =>
  Object.entries(chosen)
    .filter(([, optionIds]) => optionIds.length > 0)
    .map(([questionId, optionIds]) => `${questionId}:${optionIds.join(',')}`);
