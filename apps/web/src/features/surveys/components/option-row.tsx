import { VALIDATE_TYPES, type ValidateType } from '@trashegimia/contract/questions';
import type { TFunction } from 'i18next';
import { memo, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@/shared/i18n/language';
import { LANGUAGE_SUFFIX } from '@trashegimia/contract/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { localize } from '@trashegimia/contract/localized-text';
import { SelectField } from '@/shared/ui/select-field';
import { TextField } from '@/shared/ui/text-field';
import { TextareaField } from '@/shared/ui/textarea-field';
import type { OptionChanges } from '../lib/draft-reducer';
import { inReadingOrder, isChoiceQuestion, optionsOf } from '../lib/question-tree';
import { CONDITIONAL_SELECT_MAX_OPTIONS } from '../lib/survey-constants';
import type { DraftOption, DraftQuestion } from '../lib/survey-draft';
import { useBuilder } from './builder-context';

/** Number, value, label, marks for what 'More' holds, 'More', delete: shared with the column headings. */
export const OPTION_ROW_COLUMNS = 'grid grid-cols-[2rem_minmax(0,1fr)_minmax(0,2fr)_auto_auto_auto] items-center gap-2';

// Rows are drawn by the hundred, and each element and attribute costs: the number and the arrow are
// drawn by CSS, fixed class names are reused, and rows out of view are not laid out or painted.
const ROW = `${OPTION_ROW_COLUMNS} py-0.5 [contain-intrinsic-size:auto_2.5rem] [content-visibility:auto] before:text-right before:text-xs before:text-stone-500 before:tabular-nums before:content-[attr(data-position)]`;
const CELL_INPUT =
  'block w-full min-w-0 rounded-md border border-stone-300 bg-white px-2.5 py-1.5 text-sm text-stone-900 focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-amber-600/40';
const ROW_BUTTON =
  'inline-flex items-center gap-1 rounded-md px-2 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600 disabled:cursor-not-allowed disabled:text-stone-400';
const MORE_BUTTON = `${ROW_BUTTON} col-start-5 text-stone-700 hover:bg-stone-200/60 after:content-['▾'] aria-expanded:after:content-['▴']`;
const DELETE_BUTTON = `${ROW_BUTTON} text-red-700 hover:bg-red-50`;
const MARKS = 'flex flex-wrap justify-end gap-1';
const MARK = 'rounded bg-stone-100 px-1.5 py-0.5 text-xs whitespace-nowrap text-stone-700';
const WARNING_MARK = 'rounded bg-amber-100 px-1.5 py-0.5 text-xs whitespace-nowrap text-amber-900';

/** Stands for the row's number or name in a text formatted once for every row. */
const SLOT = '\u0000';

/**
 * The texts of a row, formatted once per language for all rows: formatting a text with i18next
 * takes longer than drawing the row, and a page shows hundreds of rows.
 */
export const rowTexts = (t: TFunction<'surveys'>, language: Language) => {
  const withSlot = (text: string) => (value: string | number) => text.replaceAll(SLOT, () => String(value));
  return {
    value: withSlot(t('options.inRow', { field: t('options.value'), n: SLOT })),
    label: withSlot(t('options.inRow', { field: t(`options.description${LANGUAGE_SUFFIX[language]}`), n: SLOT })),
    moreLabel: withSlot(t('options.moreLabel', { n: SLOT })),
    numbered: withSlot(t('options.numbered', { n: SLOT })),
    deleteLabel: withSlot(t('options.deleteLabel', { name: SLOT })),
    more: t('options.more'),
    lastOne: t('options.lastOne'),
  };
};

type OptionRowProps = {
  questionKey: string;
  questionNr: string;
  option: DraftOption;
  /** 1-based, among the question's options. */
  position: number;
  /** Whose label the row shows. */
  language: Language;
  canDelete: boolean;
  /** Just added: its value takes the focus. */
  focused: boolean;
  /** {@link rowTexts} for the language. */
  texts: ReturnType<typeof rowTexts>;
  onChange: (optionKey: string, changes: OptionChanges) => void;
  onDelete: (optionKey: string) => void;
  onFocused: (key: null) => void;
};

/**
 * One option on one line: value and the label in the chosen language, marks for what is set behind
 * 'More' (skip logic, disclaimer, condition, 'other'), and delete. Memoised: it redraws only when
 * its own option, place or language changes.
 */
export const OptionRow = memo(function OptionRow({
  questionKey,
  questionNr,
  option,
  position,
  language,
  canDelete,
  focused,
  texts,
  onChange,
  onDelete,
  onFocused,
}: OptionRowProps) {
  const [moreOpen, setMoreOpen] = useState(false);
  const valueRef = useRef<HTMLInputElement>(null);
  const suffix = LANGUAGE_SUFFIX[language];
  const moreId = `option-${option.key}-more`;

  useEffect(() => {
    if (!focused) return;
    valueRef.current?.focus();
    onFocused(null);
  }, [focused, onFocused]);

  const change = (changes: OptionChanges) => onChange(option.key, changes);

  return (
    <li className={ROW} data-position={position}>
      <input
        ref={valueRef}
        aria-label={texts.value(position)}
        value={option.value}
        onChange={(event) => change({ value: event.target.value })}
        className={CELL_INPUT}
      />
      <input
        aria-label={texts.label(position)}
        value={option[`description${suffix}`]}
        onChange={(event) => change({ [`description${suffix}`]: event.target.value })}
        className={CELL_INPUT}
      />
      {hasMarks(option) && (
        <span className={MARKS}>
          <Marks option={option} />
        </span>
      )}
      <button
        type="button"
        aria-expanded={moreOpen}
        aria-controls={moreOpen ? moreId : undefined}
        aria-label={texts.moreLabel(position)}
        onClick={() => setMoreOpen((open) => !open)}
        className={MORE_BUTTON}
      >
        {texts.more}
      </button>
      <button
        type="button"
        disabled={!canDelete}
        title={canDelete ? undefined : texts.lastOne}
        aria-label={texts.deleteLabel(option.value.trim() || texts.numbered(position))}
        onClick={() => onDelete(option.key)}
        className={DELETE_BUTTON}
      >
        ✕
      </button>
      {moreOpen && (
        <div id={moreId} className="col-span-full">
          <OptionDetails
            questionKey={questionKey}
            questionNr={questionNr}
            option={option}
            language={language}
            onChange={change}
          />
        </div>
      )}
    </li>
  );
});

const hasMarks = (option: DraftOption) =>
  option.validateType !== null || option.isAnother || option.conditionalParentKey !== null;

/** Short marks for what the row's 'More' holds, so a closed row still shows it skips, is 'other' or is conditional. */
const Marks = ({ option }: { option: DraftOption }) => {
  const { t } = useTranslation('surveys');
  const marks: { text: string; warn: boolean }[] = [];
  if (option.validateType === 'NEXT_QUESTION') {
    const target = option.toQuestionNr.trim();
    marks.push(
      target
        ? { text: t('options.marks.skipsTo', { nr: target }), warn: false }
        : { text: t('options.marks.noTarget'), warn: true },
    );
  } else if (option.validateType) {
    marks.push({ text: t(`validateTypes.${option.validateType}`), warn: false });
  }
  if (option.isAnother) marks.push({ text: t('options.marks.other'), warn: false });
  if (option.conditionalParentKey !== null) marks.push({ text: t('options.marks.conditional'), warn: false });
  return marks.map((mark) => (
    <span key={mark.text} className={mark.warn ? WARNING_MARK : MARK}>
      {mark.text}
    </span>
  ));
};

type OptionDetailsProps = {
  questionKey: string;
  questionNr: string;
  option: DraftOption;
  language: Language;
  onChange: (changes: OptionChanges) => void;
};

/** Skip logic, the disclaimer in the row's language, the condition and 'other': drawn only when opened, as they list every question. */
const OptionDetails = ({ questionKey, questionNr, option, language, onChange }: OptionDetailsProps) => {
  const { t } = useTranslation('surveys');
  const interfaceLanguage = useLanguage();
  const { questions } = useBuilder();
  const suffix = LANGUAGE_SUFFIX[language];
  const label = (candidate: DraftQuestion) =>
    `${candidate.questionNr} ${localize(candidate, 'title', interfaceLanguage) ?? t('builder.untitled')}`;
  const byNumber = inReadingOrder(questions);
  const conditionalParent = questions.find((candidate) => candidate.key === option.conditionalParentKey) ?? null;
  const parentOptions = conditionalParent ? optionsOf(questions, conditionalParent) : [];
  const offerValues =
    conditionalParent !== null &&
    isChoiceQuestion(conditionalParent) &&
    parentOptions.length <= CONDITIONAL_SELECT_MAX_OPTIONS;

  return (
    <div className="my-2 ml-10 grid gap-3 rounded-md border border-stone-200 bg-stone-50 p-3">
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
        <TextField label={t('options.fromQuestion')} value={questionNr} readOnly />
        <SelectField
          label={t('options.toQuestion')}
          value={option.toQuestionNr}
          disabled={option.validateType !== 'NEXT_QUESTION'}
          onChange={(event) => onChange({ toQuestionNr: event.target.value })}
        >
          <option value="">{t('options.chooseQuestion')}</option>
          {byNumber
            .filter((candidate) => candidate.key !== questionKey)
            .map((candidate) => (
              <option key={candidate.key} value={candidate.questionNr}>
                {label(candidate)}
              </option>
            ))}
        </SelectField>
      </div>
      <TextareaField
        label={t(`options.disclaimer${suffix}`)}
        rows={2}
        value={option[`disclaimer${suffix}`]}
        onChange={(event) => onChange({ [`disclaimer${suffix}`]: event.target.value })}
      />
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
            .filter((candidate) => candidate.key !== questionKey && candidate.questionCategory === 'PARENT')
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
                {localize(parentOption, 'description', interfaceLanguage) ?? parentOption.value}
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
      <label className="inline-flex items-center gap-2 text-sm text-stone-700">
        <input
          type="checkbox"
          checked={option.isAnother}
          onChange={(event) => onChange({ isAnother: event.target.checked })}
          className="size-4 accent-brand-700"
        />
        {t('options.isAnother')}
      </label>
    </div>
  );
};
