import type { DatasetFilter } from '@trashegimia/contract/datasets';
import type { Language } from '@/shared/i18n/language';
import { pickLocalized } from '@/shared/i18n/localized-text';

/** The question identifiers whose answers the analytics show as columns and chart bars. */
export type LabelledIdentifier = 'MUNICIPALITY_NAME' | 'ASSET_TYPE' | 'USABILITY' | 'ACCESS';

/** A stored answer value in the reader's language, or the value itself when no option names it. */
export type ValueLabeler = (identifier: LabelledIdentifier, value: string | null) => string | null;

/**
 * Assets keep the chosen option's value ('Kullë'); the option's description says it in each
 * language ('Stone tower house'). The dataset's filter questions carry both, so they translate
 * the table's cells and the charts' bars without another call.
 */
export const valueLabeler = (filters: DatasetFilter[], language: Language): ValueLabeler => {
  const labels = new Map<string, Map<string, string>>();
  for (const { question } of filters) {
    if (!question.questionIdentifier) continue;
    let byValue = labels.get(question.questionIdentifier);
    if (!byValue) labels.set(question.questionIdentifier, (byValue = new Map()));
    for (const option of question.questionOptions) {
      const label = pickLocalized(option, 'description', language);
      if (label && !byValue.has(option.value.trim())) byValue.set(option.value.trim(), label);
    }
  }
  return (identifier, value) => {
    const text = value?.trim();
    if (!text) return null;
    return labels.get(identifier)?.get(text) ?? text;
  };
};
