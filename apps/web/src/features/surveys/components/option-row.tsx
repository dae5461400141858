import { VALIDATE_TYPES, type ValidateType } from '@trashegimia/contract/questions';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '@/shared/i18n/use-language';
import { firstText } from '@/shared/surveys/survey-text';
import { Button } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { ChevronDownIcon } from '@/shared/ui/icons';
import { SelectField } from '@/shared/ui/select-field';
import { TextField } from '@/shared/ui/text-field';
import { TextareaField } from '@/shared/ui/textarea-field';
import type { OptionChanges } from '../lib/draft-reducer';
import { inReadingOrder, isChoiceQuestion, optionsOf } from '../lib/question-tree';
import { CONDITIONAL_SELECT_MAX_OPTIONS } from '../lib/survey-constants';
import type { DraftOption, DraftQuestion } from '../lib/survey-draft';
import { useBuilder } from './builder-context';

const SUFFIXES = ['Xk', 'En', 'Sr'] as const;

type OptionRowProps = {
  question: DraftQuestion;
  option: DraftOption;
  position: number;
  canDelete: boolean;
};

/** One option: value, labels in three languages, 'other', and behind 'More' its skip logic, disclaimers and condition. */
export const OptionRow = ({ question, option, position, canDelete }: OptionRowProps) => {
  const { t } = useTranslation('surveys');
  const { dispatch, focusKey, setFocusKey, onDeleteOption } = useBuilder();
  const [moreOpen, setMoreOpen] = useState(false);
  const moreId = useId();
  const valueRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (focusKey !== option.key) return;
    valueRef.current?.focus();
    setFocusKey(null);
  }, [focusKey, option.key, setFocusKey]);

  const change = (changes: OptionChanges) =>
    dispatch({ type: 'optionChanged', questionKey: question.key, optionKey: option.key, changes });
  const name = option.value.trim() || t('options.numbered', { n: position });

  return (
    <fieldset className="rounded-md border border-stone-200 bg-stone-50/60 p-3">
      <legend className="px-1 text-xs font-semibold text-stone-600">{t('options.numbered', { n: position })}</legend>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          ref={valueRef}
          label={t('options.value')}
          value={option.value}
          onChange={(event) => change({ value: event.target.value })}
        />
        {SUFFIXES.map((suffix) => (
          <TextField
            key={suffix}
            label={t(`options.description${suffix}`)}
            value={option[`description${suffix}`]}
            onChange={(event) => change({ [`description${suffix}`]: event.target.value })}
          />
        ))}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <label className="inline-flex items-center gap-2 text-sm text-stone-700">
          <input
            type="checkbox"
            checked={option.isAnother}
            onChange={(event) => change({ isAnother: event.target.checked })}
            className="size-4 accent-brand-700"
          />
          {t('options.isAnother')}
        </label>
        <Button
          variant="ghost"
          className="px-2.5 py-1.5"
          aria-expanded={moreOpen}
          aria-controls={moreId}
          onClick={() => setMoreOpen((open) => !open)}
        >
          {t('options.more')}
          <ChevronDownIcon className={cn('size-4 transition-transform', moreOpen && 'rotate-180')} />
        </Button>
        <Button
          variant="ghost"
          className="ml-auto px-2.5 py-1.5 text-red-700"
          disabled={!canDelete}
          title={canDelete ? undefined : t('options.lastOne')}
          aria-label={t('options.deleteLabel', { name })}
          onClick={() => onDeleteOption(question, option)}
        >
          {t('options.delete')}
        </Button>
      </div>
      <div id={moreId} hidden={!moreOpen}>
        {moreOpen && <OptionDetails question={question} option={option} onChange={change} />}
      </div>
    </fieldset>
  );
};

/** Skip logic, disclaimers and the conditional parent: rendered only when opened, as they list every question. */
const OptionDetails = ({
  question,
  option,
  onChange,
}: {
  question: DraftQuestion;
  option: DraftOption;
  onChange: (changes: OptionChanges) => void;
}) => {
  const { t } = useTranslation('surveys');
  const language = useLanguage();
  const { questions } = useBuilder();
  const label = (candidate: DraftQuestion) =>
    `${candidate.questionNr} ${firstText(candidate, 'title', language) ?? t('builder.untitled')}`;
  const byNumber = inReadingOrder(questions);
  const conditionalParent = questions.find((candidate) => candidate.key === option.conditionalParentKey) ?? null;
  const parentOptions = conditionalParent ? optionsOf(questions, conditionalParent) : [];
  const offerValues =
    conditionalParent !== null &&
    isChoiceQuestion(conditionalParent) &&
    parentOptions.length <= CONDITIONAL_SELECT_MAX_OPTIONS;

  return (
    <div className="mt-3 grid gap-4 border-t border-stone-200 pt-3">
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField
          label={t('options.validateType')}
          value={option.validateType ?? ''}
          onChange={(event) =>
            onChange({
              validateType: (event.target.value || null) as ValidateType | null,
              ...(event.target.value === 'NEXT_QUESTION' ? {} : { toQuestionNr: '' }),
            })
          }
        >
          <option value="">{t('options.noSkip')}</option>
          {VALIDATE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`validateTypes.${type}`)}
            </option>
          ))}
        </SelectField>
        <TextField label={t('options.fromQuestion')} value={question.questionNr} readOnly />
        <SelectField
          label={t('options.toQuestion')}
          value={option.toQuestionNr}
          disabled={option.validateType !== 'NEXT_QUESTION'}
          onChange={(event) => onChange({ toQuestionNr: event.target.value })}
        >
          <option value="">{t('options.chooseQuestion')}</option>
          {byNumber
            .filter((candidate) => candidate.key !== question.key)
            .map((candidate) => (
              <option key={candidate.key} value={candidate.questionNr}>
                {label(candidate)}
              </option>
            ))}
        </SelectField>
      </div>
      <div className="grid gap-3 lg:grid-cols-3">
        {SUFFIXES.map((suffix) => (
          <TextareaField
            key={suffix}
            label={t(`options.disclaimer${suffix}`)}
            rows={2}
            value={option[`disclaimer${suffix}`]}
            onChange={(event) => onChange({ [`disclaimer${suffix}`]: event.target.value })}
          />
        ))}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('options.conditionalParent')}
          hint={t('options.conditionalHint')}
          value={option.conditionalParentKey ?? ''}
          onChange={(event) =>
            onChange({ conditionalParentKey: event.target.value || null, conditionalParentQuestionValue: '' })
          }
        >
          <option value="">{t('options.noCondition')}</option>
          {byNumber
            .filter((candidate) => candidate.key !== question.key && candidate.questionCategory === 'PARENT')
            .map((candidate) => (
              <option key={candidate.key} value={candidate.key}>
                {label(candidate)}
              </option>
            ))}
        </SelectField>
        {offerValues ? (
          <SelectField
            label={t('options.conditionalValue')}
            value={option.conditionalParentQuestionValue}
            onChange={(event) => onChange({ conditionalParentQuestionValue: event.target.value })}
          >
            <option value="">{t('options.chooseValue')}</option>
            {parentOptions.map((parentOption) => (
              <option key={parentOption.key} value={parentOption.value}>
                {firstText(parentOption, 'description', language) ?? parentOption.value}
              </option>
            ))}
          </SelectField>
        ) : (
          <TextField
            label={t('options.conditionalValue')}
            value={option.conditionalParentQuestionValue}
            disabled={conditionalParent === null}
            onChange={(event) => onChange({ conditionalParentQuestionValue: event.target.value })}
          />
        )}
      </div>
    </div>
  );
};
