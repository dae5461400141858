import { numericLimits, type NumericLimits } from '@trashegimia/contract/fill-rules';
import type { QuestionNode, QuestionOption } from '@trashegimia/contract/questions';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '@/shared/i18n/language';
import { pickLocalized } from '@/shared/i18n/localized-text';
import { cn } from '@/shared/ui/cn';
import { EMPTY_ANSWER, takesText, type AnswerProblem, type DraftAnswer } from '../lib/answers';

type QuestionFieldProps = {
  question: QuestionNode;
  /** The language the survey is filled in. */
  language: Language;
  /** The answer as typed (it may name options that are hidden now). */
  answer: DraftAnswer | undefined;
  /** The options offered now. */
  options: QuestionOption[];
  /** What to correct, shown once the collector has tried to go on. */
  problem: AnswerProblem | null;
  onChange: (answer: DraftAnswer) => void;
};

const inputClasses =
  'block min-h-12 w-full rounded-md border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-offset-0 focus:outline-amber-600/40 aria-invalid:border-red-500';

const choiceClasses =
  'flex min-h-12 cursor-pointer items-center gap-3 rounded-md border border-stone-300 bg-white px-3 py-2 text-base has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-amber-600';

const titleClasses = 'text-base font-semibold text-stone-900';

const optionLabel = (option: QuestionOption, language: Language) =>
  pickLocalized(option, 'description', language) ?? option.value;

/** The mark of a required question; screen readers hear it from the control's own `required` state. */
const RequiredMark = () => (
  <span aria-hidden="true" className="ml-1 font-bold text-red-700">
    *
  </span>
);

/**
 * One question of the form, as its type asks: a text, number or date box, radio buttons, check
 * boxes or a list; its hint under the title, a required one marked, and what to correct.
 */
export const QuestionField = ({ question, language, answer, options, problem, onChange }: QuestionFieldProps) => {
  const { t } = useTranslation('collect');
  const id = useId();
  const current = answer ?? EMPTY_ANSWER;
  const offered = new Set(options.map((option) => option.value));
  const chosen = current.choices.filter((value) => offered.has(value));
  const title = `${question.questionNr}. ${pickLocalized(question, 'title', language) ?? ''}`;
  const hint = pickLocalized(question, 'hint', language);
  const limits = numericLimits(question);
  const required = question.required;
  const hintId = `${id}-hint`;
  const limitsId = `${id}-limits`;
  const requiredId = `${id}-required`;
  const problemId = `${id}-problem`;

  const limitText = (kind: 'number' | 'count', { min, max }: NumericLimits) => {
    if (min !== null && max !== null) return t(`form.limits.${kind}Between`, { min, max });
    if (min !== null) return t(`form.limits.${kind}AtLeast`, { min });
    return t(`form.limits.${kind}AtMost`, { max });
  };
  const limitsText = limits
    ? limitText(question.questionType === 'MULTIPLE_CHOICE' ? 'count' : 'number', limits)
    : question.limMin || question.limMax
      ? t('form.limits.note', { limits: [question.limMin, question.limMax].filter(Boolean).join(' – ') })
      : null;
  const problemText =
    problem === null
      ? null
      : problem.kind === 'number' || problem.kind === 'count'
        ? limitText(problem.kind, problem.limits)
        : t(`form.problems.${problem.kind}`);
  const describedBy =
    [hint ? hintId : null, limitsText ? limitsId : null, problemText ? problemId : null].filter(Boolean).join(' ') ||
    undefined;
  const invalid = problem ? true : undefined;

  const setChoices = (choices: string[]) => onChange({ choices, text: current.text });
  const setText = (text: string) => onChange({ choices: current.choices, text });
  const disclaimers = options.flatMap((option) => {
    const text = chosen.includes(option.value) ? pickLocalized(option, 'disclaimer', language) : null;
    return text ? [{ id: option.id, text }] : [];
  });

  // The title stays the control's whole name; the mark beside it is for the eye.
  const labelFor = (controlId: string) => (
    <div>
      <label htmlFor={controlId} className={titleClasses}>
        {title}
      </label>
      {required && <RequiredMark />}
    </div>
  );

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
      {limitsText && (
        <p id={limitsId} className="text-sm text-stone-600">
          {limitsText}
        </p>
      )}
      {problemText && (
        <p id={problemId} className="text-sm font-semibold text-red-700">
          {problemText}
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

  if (question.questionType === 'TEXT' || question.questionType === 'NUMBER' || question.questionType === 'DATE') {
    return (
      <div className="flex flex-col gap-2">
        {labelFor(`${id}-text`)}
        <input
          id={`${id}-text`}
          className={inputClasses}
          // A number is typed as text: a number input refuses the decimal comma in some browsers.
          type={question.questionType === 'DATE' ? 'date' : 'text'}
          inputMode={question.questionType === 'NUMBER' || limits ? 'decimal' : undefined}
          value={current.text}
          aria-required={required || undefined}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          onChange={(event) => setText(event.target.value)}
        />
        {details}
      </div>
    );
  }

  if (question.questionType === 'DROPDOWN' || question.questionType === 'SELECT_AND_TEXT') {
    return (
      <div className="flex flex-col gap-2">
        {labelFor(`${id}-select`)}
        <select
          id={`${id}-select`}
          className={inputClasses}
          value={chosen[0] ?? ''}
          aria-required={required || undefined}
          aria-invalid={invalid}
          aria-describedby={describedBy}
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
      aria-invalid={invalid}
      // A group cannot be aria-required: radios are `required` themselves; check boxes, where
      // `required` would ask for each one, say it in the group's description.
      aria-describedby={[multiple && required ? requiredId : null, describedBy].filter(Boolean).join(' ') || undefined}
    >
      <legend className={cn('mb-2', titleClasses)}>
        {title}
        {required && <RequiredMark />}
      </legend>
      {multiple && required && (
        <span id={requiredId} className="sr-only">
          {t('form.required')}
        </span>
      )}
      {options.map((option) => (
        <label key={option.id} className={choiceClasses}>
          <input
            type={multiple ? 'checkbox' : 'radio'}
            name={`${id}-choice`}
            value={option.value}
            checked={chosen.includes(option.value)}
            required={!multiple && required}
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
