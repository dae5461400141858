import type { Language } from '@trashegimia/contract/common';
import type { Dataset, DatasetFilters } from '@trashegimia/contract/datasets';
import { localizedFields } from '@trashegimia/contract/localized-text';
import type { DatasetRow, DatasetWithStats } from './datasets.repo';
import type { ChoiceQuestion } from './datasets.service';

const presentDatasetBase = (row: DatasetRow, language: Language): Omit<Dataset, 'stats'> => ({
  id: row.id,
  name: row.name,
  pillColor: row.pillColor,
  isActive: row.isActive,
  ...localizedFields(row, 'description', language),
});

export const presentDataset = (row: DatasetWithStats, language: Language): Dataset => ({
  ...presentDatasetBase(row, language),
  stats: row.stats,
});

export const presentDatasetStatsItem = (row: DatasetWithStats, language: Language) => ({
  dataset: presentDatasetBase(row, language),
  stats: row.stats,
});

export const presentDatasetFilters = (questions: ChoiceQuestion[], language: Language): DatasetFilters => ({
  items: questions.map((question) => ({
    question: {
      id: question.questionId,
      questionType: question.questionType,
      questionIdentifier: question.questionIdentifier,
      ...localizedFields(question, 'title', language),
      questionOptions: question.options.map((option) => ({
        id: option.optionId,
        value: option.value,
        ...localizedFields(option, 'description', language),
      })),
    },
  })),
});
