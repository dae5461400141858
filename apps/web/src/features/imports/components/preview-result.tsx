import type { ImportPreview } from '@trashegimia/contract/imports';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';
import { Alert } from '@/shared/ui/alert';
import { DataTable } from '@/shared/ui/data-table';

/**
 * What the check found: the counts, the mapping's own problems, and each row's problems named in
 * the visitor's language by their code, with the server's (English) message as the detail.
 */
export const PreviewResult = ({ preview }: { preview: ImportPreview }) => {
  const { t } = useTranslation('imports');
  const language = useLanguage();
  const counts = [
    { label: t('preview.rows'), value: preview.rowCount },
    { label: t('preview.validRows'), value: preview.validRows },
    { label: t('preview.problems'), value: preview.problemCount },
  ];

  return (
    <section aria-labelledby="import-preview-heading" className="flex flex-col gap-4">
      <h3 id="import-preview-heading" className="text-lg font-semibold text-stone-900">
        {t('preview.heading')}
      </h3>
      <dl className="grid grid-cols-3 gap-3 sm:max-w-xl">
        {counts.map(({ label, value }) => (
          <div key={label} className="rounded-lg border border-stone-200 bg-white px-4 py-3 shadow-sm">
            <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">{label}</dt>
            <dd className="mt-1 text-2xl font-semibold text-stone-900 tabular-nums">{formatNumber(value, language)}</dd>
          </div>
        ))}
      </dl>

      {preview.mappingProblems.length > 0 && (
        <Alert>
          <p className="font-semibold">{t('preview.mappingProblems')}</p>
          <ul className="mt-1 list-disc pl-5">
            {preview.mappingProblems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      )}

      {preview.problems.length > 0 ? (
        <>
          <DataTable
            caption={t('preview.caption')}
            columns={[t('preview.row'), t('preview.column'), t('preview.problem')]}
          >
            {preview.problems.map((problem, index) => (
              <tr key={index}>
                <th scope="row" className="px-4 py-3 font-medium text-stone-900 tabular-nums">
                  {problem.row}
                </th>
                <td className="px-4 py-3 text-stone-700">{problem.column ?? t('preview.wholeRow')}</td>
                <td className="px-4 py-3">
                  <p className="font-medium text-red-800">{t(`preview.code.${problem.code}`)}</p>
                  <p className="text-stone-600">{problem.message}</p>
                </td>
              </tr>
            ))}
          </DataTable>
          {preview.problemCount > preview.problems.length && (
            <p className="text-sm text-stone-600">
              {t('preview.listed', { shown: preview.problems.length, total: preview.problemCount })}
            </p>
          )}
        </>
      ) : (
        preview.mappingProblems.length === 0 && <Alert tone="info">{t('preview.allValid')}</Alert>
      )}
    </section>
  );
};
