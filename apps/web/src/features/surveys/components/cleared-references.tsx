import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/shared/i18n/use-language';
import { localize } from '@trashegimia/contract/localized-text';
import { Alert } from '@/shared/ui/alert';
import { liveOptions, type ClearedReference, type DraftQuestion } from '../lib/survey-draft';

type ClearedReferencesProps = { references: ClearedReference[]; questions: DraftQuestion[] };

/**
 * The skip targets and conditions that deleting questions cleared, until they are set again or the
 * survey is saved: without this list the form would quietly stop skipping or start showing options.
 */
export const ClearedReferences = ({ references, questions }: ClearedReferencesProps) => {
  const { t } = useTranslation('surveys');
  const language = useLanguage();
  if (references.length === 0) return null;

  const byKey = new Map(questions.map((question) => [question.key, question]));
  const stillCleared = references.flatMap((reference) => {
    const question = byKey.get(reference.questionKey);
    const options = question ? liveOptions(question.options) : [];
    const position = options.findIndex((option) => option.key === reference.optionKey);
    const option = options[position];
    if (!question || !option) return [];
    const unset =
      reference.kind === 'skipTarget'
        ? option.validateType === 'NEXT_QUESTION' && option.toQuestionNr.trim() === ''
        : option.conditionalParentKey === null;
    if (!unset) return [];
    const name =
      option.value.trim() || localize(option, 'description', language) || t('options.numbered', { n: position + 1 });
    return [
      {
        reference,
        text: t(`builder.cleared.${reference.kind}`, {
          nr: question.questionNr,
          option: name,
          deletedNr: reference.deletedNr,
        }),
      },
    ];
  });
  if (stillCleared.length === 0) return null;

  return (
    <Alert tone="warning">
      <p className="font-semibold">{t('builder.cleared.title')}</p>
      <ul className="mt-1 list-disc pl-5">
        {stillCleared.map(({ reference, text }, index) => (
          <li key={`${reference.optionKey}-${reference.kind}-${index}`}>{text}</li>
        ))}
      </ul>
    </Alert>
  );
};
