import type { AnswerDetail } from '@trashegimia/contract/assets';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/shared/i18n/use-language';
import { groupAnswers } from '../lib/asset-answers';

type AssetAnswersProps = {
  answers: AnswerDetail[];
  /** 2 on the asset's page, 3 inside the details dialog, whose title is the 2. */
  headingLevel: 2 | 3;
};

/** The survey's answers, one row per question, in the interface language. */
export const AssetAnswers = ({ answers, headingLevel }: AssetAnswersProps) => {
  const { t } = useTranslation('public');
  const language = useLanguage();
  const headingId = useId();
  const rows = groupAnswers(answers, language);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <Heading id={headingId} className="font-serif text-lg font-semibold text-stone-900">
        {t('dataset.details.answers')}
      </Heading>
      {rows.length === 0 ? (
        <p className="text-sm text-stone-600">{t('dataset.details.noAnswers')}</p>
      ) : (
        <dl className="divide-y divide-stone-200 rounded-lg border border-stone-200">
          {rows.map((row) => (
            <div
              key={row.questionId}
              className="grid gap-1 px-3 py-2.5 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] sm:gap-4"
            >
              <dt className="text-sm text-stone-600">{row.title}</dt>
              <dd className="text-sm font-medium break-words text-stone-900">{row.values.join(', ') || '—'}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
};
