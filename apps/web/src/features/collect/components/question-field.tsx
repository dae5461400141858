import type { QuestionNode, QuestionOption } from '@trashegimia/contract/questions';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@/shared/i18n/language';
import { pickLocalized } from '@/shared/i18n/localized-text';
import { EMPTY_ANSWER, limitProblem, numericLimits, takesText, type DraftAnswer, type Limits } from '../lib/answers';

type QuestionFieldProps = {
  question: QuestionNode;
  /** The language the survey is filled in. */
  language: Language;
  /** The answer as typed (it may name options that are hidden now). */
  answer: DraftAnswer | undefined;
  /** The options offered now. */
  options: QuestionOption[];
  /** Show a broken limit (after the collector tried to go on). */
  showProblem: boolean;
  onChange: (answer: DraftAnswer) => void;
};

const inputClasses =
  'block min-h-12 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-amber-600/40 aria-invalid:border-red-500';

const choiceClasses =
  'flex min-h-12 cursor-pointer items-center gap-3 rounded-md border border-stone-300 bg-white px-3 py-2 text-base has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-amber-600';

const optionLabel = (option: QuestionOption, language: Language) =>
  pickLocalized(option, 'description', language) ?? option.value;

/** One question of the form, as its type asks: a text box, radio buttons, check boxes or a list. */
export const QuestionField = ({ question, language, answer, options, showProblem, onChange }: QuestionFieldProps) => {
  const { t } = useTranslation('collect');
  const id = useId();
  const current = answer ?? EMPTY_ANSWER;
  const offered = new Set(options.map((option) => option.value));
  const chosen = current.choices.filter((value) => offered.has(value));
  const title = `${question.questionNr}. ${pickLocalized(question, 'title', language) ?? ''}`;
  const limits = numericLimits(question);
  const problem = showProblem ? limitProblem(question, { choices: chosen, text: current.text }) : null;
  const hintId = `${id}-hint`;
  const problemId = `${id}-problem`;
  const describedBy = [limits || question.limMin || question.limMax ? hintId : null, problem ? problemId : null]
    .filter(Boolean)
    .join(' ');

  const limitText = (kind: 'number' | 'count', { min, max }: Limits) => {
    if (min !== null && max !== null) return t(`form.limits.${kind}Between`, { min, max });
    if (min !== null) return t(`form.limits.${kind}AtLeast`, { min });
    return t(`form.limits.${kind}AtMost`, { max });
  };
  const hint = limits
    ? limitText(question.questionType === 'TEXT' ? 'number' : 'count', limits)
    : question.limMin || question.limMax
      ? t('form.limits.note', { limits: [question.limMin, question.limMax].filter(Boolean).join(' – ') })
      : null;

  const setChoices = (choices: string[]) => onChange({ choices, text: current.text });
  const setText = (text: string) => onChange({ choices: current.choices, text });
  const disclaimers = options.flatMap((option) => {
    const text = chosen.includes(option.value) ? pickLocalized(option, 'disclaimer', language) : null;
    return text ? [{ id: option.id, text }] : [];
  });

  const textInput = (label: string) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`${id}-text`} className="text-sm font-medium text-stone-700">
        {label}
      </label>
      <input
        id={`${id}-text`}
        className={inputClasses}
        value={current.text}
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  );

  const details = (
    <>
      {hint && (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      )}
      {problem && (
        <p id={problemId} className="text-sm font-semibold text-red-700">
          {limitText(problem.kind, problem.limits)}
        </p>
      )}
      {disclaimers.map((disclaimer) => (
        <p
          key={disclaimer.id}
          role="note"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {disclaimer.text}
        </p>
      ))}
    </>
  );

  if (question.questionType === 'TEXT') {
    return (
      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-text`} className="text-base font-semibold text-stone-900">
          {title}
        </label>
        <input
          id={`${id}-text`}
          className={inputClasses}
          inputMode={limits ? 'decimal' : undefined}
          value={current.text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(event) => setText(event.target.value)}
        />
        {details}
      </div>
    );
  }

  if (question.questionType === 'DROPDOWN' || question.questionType === 'SELECT_AND_TEXT') {
    return (
      <div className="flex flex-col gap-2">
        <label htmlFor={`${id}-select`} className="text-base font-semibold text-stone-900">
          {title}
        </label>
        <select
          id={`${id}-select`}
          className={inputClasses}
          value={chosen[0] ?? ''}
          aria-describedby={describedBy || undefined}
          onChange={(event) => setChoices(event.target.value === '' ? [] : [event.target.value])}
        >
          <option value="">{t('form.choose')}</option>
          {options.map((option) => (
            <option key={option.id} value={option.value}>
              {optionLabel(option, language)}
            </option>
          ))}
        </select>
        {question.questionType === 'SELECT_AND_TEXT'
          ? textInput(t('form.detailText'))
          : takesText(question, chosen) && textInput(t('form.otherText'))}
        {details}
      </div>
    );
  }

  const multiple = question.questionType === 'MULTIPLE_CHOICE';
  const toggle = (value: string, checked: boolean) => {
    if (!multiple) return setChoices([value]);
    setChoices(checked ? [...chosen, value] : chosen.filter((candidate) => candidate !== value));
  };
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-invalid={problem ? true : undefined}
      aria-describedby={describedBy || undefined}
    >
      <legend className="mb-2 text-base font-semibold text-stone-900">{title}</legend>
      {options.map((option) => (
        <label key={option.id} className={choiceClasses}>
          <input
            type={multiple ? 'checkbox' : 'radio'}
            name={`${id}-choice`}
            value={option.value}
            checked={chosen.includes(option.value)}
            onChange={(event) => toggle(option.value, event.target.checked)}
            className="size-5 shrink-0 accent-brand-700"
          />
          <span>{optionLabel(option, language)}</span>
        </label>
      ))}
      {takesText(question, chosen) && textInput(t('form.otherText'))}
      {details}
    </fieldset>
  );
};
