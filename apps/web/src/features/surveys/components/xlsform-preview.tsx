import { CHOICE_TYPES } from '@trashegimia/contract/questions';
import type { XlsFormQuestion, XlsFormSurvey, XlsFormWarning } from '@trashegimia/contract/xlsform';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';
import { localize } from '@trashegimia/contract/localized-text';
import { cn } from '@/shared/ui/cn';
import { DataTable } from '@/shared/ui/data-table';
import { countXlsForm } from '../lib/xlsform-counts';

/** The survey a dry run would make: its title, counts, and its question tree, compact and indented. */
export const XlsFormSurveyPreview = ({ survey, warnings }: { survey: XlsFormSurvey; warnings: number }) => {
  const { t } = useTranslation('surveys');
  const language = useLanguage();
  const counts = countXlsForm(survey.questions);
  const figures = [
    { label: t('xlsform.counts.questions'), value: counts.questions },
    { label: t('xlsform.counts.required'), value: counts.required },
    { label: t('xlsform.counts.chaptersAndGroups'), value: counts.chaptersAndGroups },
    { label: t('xlsform.counts.warnings'), value: warnings },
  ];
  return (
    <section aria-labelledby="xlsform-preview-heading" className="flex flex-col gap-4">
      <div>
        <h3 id="xlsform-preview-heading" className="text-lg font-semibold text-stone-900">
          {t('xlsform.preview')}
        </h3>
        <p className="text-stone-700">
          {t('xlsform.surveyTitle', {
            title: localize(survey, 'description', language) ?? t('xlsform.untitled'),
          })}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map(({ label, value }) => (
          <div key={label} className="rounded-lg border border-stone-200 bg-white px-3 py-2 shadow-sm">
            <dt className="text-xs font-medium tracking-wide text-stone-500 uppercase">{label}</dt>
            <dd className="text-xl font-semibold text-stone-900 tabular-nums">{formatNumber(value, language)}</dd>
          </div>
        ))}
      </dl>
      <QuestionTree label={t('xlsform.treeLabel')} questions={survey.questions} />
    </section>
  );
};

/** The tree's lines: named at the top, indented under their chapter or group below it. */
const QuestionTree = ({ questions, label }: { questions: XlsFormQuestion[]; label?: string }) => (
  <ol
    aria-label={label}
    className={cn('flex flex-col gap-1', label ? 'text-sm' : 'mt-1 border-l border-stone-200 pl-4')}
  >
    {questions.map((question) => (
      <QuestionLine key={question.questionNr} question={question} />
    ))}
  </ol>
);

/** `2.1 Year built — Number · required`, or a chapter with the lines of its questions under it. */
const QuestionLine = ({ question }: { question: XlsFormQuestion }) => {
  const { t } = useTranslation('surveys');
  const language = useLanguage();
  const offersOptions = question.questionType !== null && CHOICE_TYPES.includes(question.questionType);
  const facts = [
    question.questionType ? t(`questionTypes.${question.questionType}`) : t(`categories.${question.questionCategory}`),
    offersOptions ? t('xlsform.optionCount', { count: question.options.length }) : null,
    question.required ? t('xlsform.required') : null,
  ].filter(Boolean);
  return (
    <li>
      <span className="font-mono text-stone-600 tabular-nums">{question.questionNr}</span>{' '}
      <span className="font-medium text-stone-900">{localize(question, 'title', language) ?? question.name}</span>
      <span className="text-stone-500"> — {facts.join(' · ')}</span>
      {question.children.length > 0 && <QuestionTree questions={question.children} />}
    </li>
  );
};

/** What of the form would not be made, or not exactly: where it is in the workbook, and what became of it. */
export const XlsFormWarnings = ({ warnings }: { warnings: XlsFormWarning[] }) => {
  const { t } = useTranslation('surveys');
  if (warnings.length === 0) return <p className="text-sm text-stone-600">{t('xlsform.noWarnings')}</p>;
  return (
    <section aria-labelledby="xlsform-warnings-heading" className="flex flex-col gap-2">
      <h3 id="xlsform-warnings-heading" className="text-lg font-semibold text-stone-900">
        {t('xlsform.warnings')}
      </h3>
      <DataTable
        caption={t('xlsform.warningsCaption')}
        columns={[t('xlsform.sheet'), t('xlsform.row'), t('xlsform.column'), t('xlsform.message')]}
      >
        {warnings.map((warning, index) => (
          // Warnings have no identity of their own; the server's order is theirs.
          <tr key={index}>
            <td className="px-4 py-2 text-stone-700">{warning.sheet}</td>
            <td className="px-4 py-2 text-stone-700 tabular-nums">{warning.row ?? t('xlsform.none')}</td>
            <td className="px-4 py-2 text-stone-700">{warning.column ?? t('xlsform.none')}</td>
            <td className="px-4 py-2 text-stone-900">{warning.message}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
};
