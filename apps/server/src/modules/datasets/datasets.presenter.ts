import type { Language } from '@trashegimia/contract/common';
import type { Dataset, DatasetFilters } from '@trashegimia/contract/datasets';
import { localize, localizedFields } from '@trashegimia/contract/localized-text';
import type { DatasetRow, DatasetWithStats } from './datasets.repo';
import type { ChoiceQuestion } from './datasets.service';

type DatasetNames = Pick<DatasetRow, 'name' | 'nameEn' | 'nameSr'>;

/** The three names as the contract's trilingual texts name them: the `name` column is the Albanian one. */
const namesOf = ({ name, nameEn, nameSr }: DatasetNames) => ({ nameXk: name, nameEn, nameSr });

/** The dataset's name in the language, else the Albanian one. */
export const datasetNameIn = (dataset: DatasetNames, language: Language): string =>
  localize(namesOf(dataset), 'name', language) ?? dataset.name;

const presentDatasetBase = (row: DatasetRow, language: Language): Omit<Dataset, 'stats'> => ({
  id: row.id,
  ...namesOf(row),
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
