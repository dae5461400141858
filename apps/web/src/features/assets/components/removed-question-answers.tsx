import type { AnswerDetail } from '@trashegimia/contract/assets';
import { useTranslation } from 'react-i18next';
import { pickLocalized } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';

/**
 * Answers to questions the survey no longer has: read-only, so the editor hides nothing the asset
 * holds. A multiple choice lists its options together.
 */
export const RemovedQuestionAnswers = ({ answers }: { answers: AnswerDetail[] }) => {
  const { t } = useTranslation('assetsAdmin');
  const language = useLanguage();
  const byQuestion = new Map<number, AnswerDetail[]>();
  for (const answer of answers)
    byQuestion.set(answer.questionId, [...(byQuestion.get(answer.questionId) ?? []), answer]);
  const textOf = (answer: AnswerDetail) =>
    [pickLocalized(answer, 'optionDescription', language) ?? answer.value, answer.value2]
      .filter((part) => part?.trim())
      .join(' — ');

  return (
    <section aria-labelledby="removed-question-answers-title" className="flex flex-col gap-2">
      <h3 id="removed-question-answers-title" className="font-semibold text-stone-900">
        {t('edit.answers.removedTitle')}
      </h3>
      <dl className="flex flex-col gap-2 rounded-lg bg-white px-4 py-3 shadow-sm ring-1 ring-stone-200">
        {[...byQuestion.values()].map((rows) => (
          <div key={rows[0]!.questionId}>
            <dt className="text-sm font-medium text-stone-700">
              {t('edit.answers.label', {
                nr: rows[0]!.questionNr,
                title: pickLocalized(rows[0]!, 'title', language) ?? t('edit.answers.untitled'),
              })}
            </dt>
            <dd className="text-stone-900">{rows.map(textOf).join(', ')}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
};
