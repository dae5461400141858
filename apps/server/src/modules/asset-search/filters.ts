import type { FilterSelection } from '@trashegimia/contract/assets';
import type { Executor } from '../../db/client';
import { findChoiceQuestionOptions } from '../datasets';
import type { ResolvedFilter } from './criteria';

/**
 * Checks the filters against the dataset's choice questions (spec §5): options are named by id or
 * by value; an option the question does not have is ignored, a filter left without options is
 * dropped, as is a filter on a question outside the dataset's surveys. Two filters on one question
 * merge (OR).
 */
export async function resolveFilters(
  db: Executor,
  datasetId: number,
  filters: FilterSelection[],
): Promise<ResolvedFilter[]> {
  if (filters.length === 0) return [];
  const questionIds = [...new Set(filters.map((filter) => filter.questionId))];
  const options = await findChoiceQuestionOptions(db, { ofDataset: datasetId }, questionIds);

  const chosen = new Map<number, Set<number>>();
  for (const filter of filters) {
    const ids = new Set(filter.questionOptionIds ?? []);
    const values = new Set(filter.questionOptionValues ?? []);
    for (const option of options) {
      if (option.questionId !== filter.questionId) continue;
      if (!ids.has(option.optionId) && !values.has(option.value)) continue;
      let selected = chosen.get(option.questionId);
      if (!selected) chosen.set(option.questionId, (selected = new Set()));
      selected.add(option.optionId);
    }
  }
  return [...chosen].map(([questionId, selected]) => ({ questionId, optionIds: [...selected] }));
}
