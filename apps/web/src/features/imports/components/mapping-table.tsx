import type { Import, ImportMapping } from '@trashegimia/contract/imports';
import type { QuestionNode } from '@trashegimia/contract/questions';
import { useTranslation } from 'react-i18next';
import { pickLocalized } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { DataTable } from '@/shared/ui/data-table';
import { SAMPLE_VALUES_PER_COLUMN } from '../lib/import-constants';
import {
  IMPORT_FIELDS,
  NOT_IMPORTED,
  sampleValues,
  takenElsewhere,
  targetKey,
  withTarget,
} from '../lib/import-targets';

type MappingTableProps = {
  created: Import;
  questions: QuestionNode[];
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
  disabled: boolean;
};

/**
 * Step 2: one row per column of the file, with a few of its values and where it goes. A target
 * another column already has is offered disabled, since each question or field takes one column.
 */
export const MappingTable = ({ created, questions, mapping, onChange, disabled }: MappingTableProps) => {
  const { t } = useTranslation('imports');
  const language = useLanguage();

  return (
    <DataTable
      caption={t('mapping.caption')}
      columns={[t('mapping.column'), t('mapping.samples'), t('mapping.target')]}
    >
      {created.headers.map((header, column) => {
        const name = header.trim() || t('mapping.untitledColumn', { number: column + 1 });
        const samples = sampleValues(created.sampleRows, column, SAMPLE_VALUES_PER_COLUMN);
        const taken = takenElsewhere(mapping, column);
        return (
          <tr key={column}>
            <th scope="row" className="px-4 py-3 font-medium text-stone-900">
              {name}
            </th>
            <td className="px-4 py-3 text-stone-600">
              {samples.length > 0 ? (
                <ul className="flex flex-col gap-0.5">
                  {samples.map((value, index) => (
                    <li key={index} className="max-w-xs truncate" title={value}>
                      {value}
                    </li>
                  ))}
                </ul>
              ) : (
                <span className="text-stone-400">{t('mapping.noSamples')}</span>
              )}
            </td>
            <td className="px-4 py-3">
              <select
                aria-label={t('mapping.targetLabel', { header: name })}
                value={targetKey(mapping[String(column)])}
                onChange={(event) => onChange(withTarget(mapping, column, event.target.value))}
                disabled={disabled}
                className="block w-full min-w-64 rounded-md border border-stone-300 bg-white px-3 py-2 text-stone-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-amber-600/40 disabled:bg-stone-100 disabled:text-stone-500"
              >
                <option value={NOT_IMPORTED}>{t('mapping.notImported')}</option>
                <optgroup label={t('mapping.questions')}>
                  {questions.map((question) => {
                    const key = targetKey({ questionId: question.id });
                    return (
                      <option key={key} value={key} disabled={taken.has(key)}>
                        {`${question.questionNr} ${pickLocalized(question, 'title', language) ?? ''}`.trim()}
                      </option>
                    );
                  })}
                </optgroup>
                <optgroup label={t('mapping.fields')}>
                  {IMPORT_FIELDS.map((field) => {
                    const key = targetKey({ field });
                    return (
                      <option key={key} value={key} disabled={taken.has(key)}>
                        {t(`mapping.field.${field}`)}
                      </option>
                    );
                  })}
                </optgroup>
              </select>
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
};
