import type { QuestionNode, QuestionOption } from '@trashegimia/contract/questions';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { pickLocalized } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { chosenValues, readDay, readNumber } from '@trashegimia/contract/answer-values';
import { SelectField } from '@/shared/ui/select-field';
import { TextField } from '@/shared/ui/text-field';
import { joinChoices, takesFreeText, type AnswerValue } from '../lib/asset-answers';

type AnswerInputProps = {
  question: QuestionNode;
  /** The question's number and title, naming its input. */
  label: string;
  answer: AnswerValue;
  /** The options offered now (conditional ones only while their parent allows them). */
  options: QuestionOption[];
  onChange: (answer: AnswerValue) => void;
};

/**
 * The input of one question by its type (spec §2): TEXT a text box; NUMBER a text box for a number
 * (a decimal comma or dot); DATE a date picker; SINGLE_CHOICE and DROPDOWN a select;
 * MULTIPLE_CHOICE checkboxes; SELECT_AND_TEXT a select plus free text (also shown for a chosen
 * 'other' option). The question's hint is under it.
 */
export const AnswerInput = ({ question, label, answer, options, onChange }: AnswerInputProps) => {
  const { t } = useTranslation('assetsAdmin');
  const language = useLanguage();
  const optionText = (option: QuestionOption) => pickLocalized(option, 'description', language) ?? option.value;
  const hint = pickLocalized(question, 'hint', language);
  const hintId = useId();
  // A chosen value no option offers now (e.g. an option deleted since) stays visible, so saving loses nothing unseen.
  const offered = new Set(options.map((option) => option.value));
  const unlisted = chosenValues(question, answer.value).filter((value) => !offered.has(value));
  const unlistedText = (value: string) => {
    const option = question.options.find((candidate) => candidate.value === value);
    return t('edit.answers.unlisted', { value: option ? optionText(option) : value });
  };

  const freeText = takesFreeText(question, answer) && (
    <TextField
      label={t('edit.answers.freeText', { question: label })}
      value={answer.value2}
      onChange={(event) => onChange({ ...answer, value2: event.target.value })}
    />
  );

  if (question.questionType === 'NUMBER') {
    const value = answer.value.trim();
    return (
      <TextField
        label={label}
        hint={hint}
        inputMode="decimal"
        value={answer.value}
        error={value !== '' && readNumber(value) === null ? t('edit.answers.notNumber') : null}
        onChange={(event) => onChange({ ...answer, value: event.target.value })}
      />
    );
  }

  if (question.questionType === 'DATE') {
    // A date box cannot show a stored answer that is not a day (one typed before the question became DATE).
    const value = answer.value.trim();
    return (
      <TextField
        type="date"
        label={label}
        hint={hint}
        value={answer.value}
        error={value !== '' && readDay(value) === null ? t('edit.answers.notDate', { value }) : null}
        onChange={(event) => onChange({ ...answer, value: event.target.value })}
      />
    );
  }

  if (question.questionType === 'TEXT' || question.questionType === null) {
    return (
      <TextField
        label={label}
        hint={hint}
        value={answer.value}
        onChange={(event) => onChange({ ...answer, value: event.target.value })}
      />
    );
  }

  if (question.questionType === 'MULTIPLE_CHOICE') {
    const chosen = chosenValues(question, answer.value);
    const toggle = (value: string, checked: boolean) =>
      onChange({
        ...answer,
        value: joinChoices(question, checked ? [...chosen, value] : chosen.filter((other) => other !== value)),
      });
    const choices = [
      ...options.map((option) => ({ value: option.value, text: optionText(option) })),
      ...unlisted.map((value) => ({ value, text: unlistedText(value) })),
    ];
    return (
      <div className="flex flex-col gap-3">
        <fieldset aria-describedby={hint ? hintId : undefined}>
          <legend className="text-sm font-medium text-stone-700">{label}</legend>
          {hint && (
            <p id={hintId} className="text-xs text-stone-500">
              {hint}
            </p>
          )}
          {choices.length === 0 ? (
            <p className="mt-1.5 text-sm text-stone-500">{t('edit.answers.noOptions')}</p>
          ) : (
            <ul className="mt-1.5 flex flex-col gap-1.5">
              {choices.map((choice) => (
                <li key={choice.value}>
                  <label className="inline-flex items-center gap-2 text-stone-800">
                    <input
                      type="checkbox"
                      className="size-4 rounded border-stone-400 text-brand-700 focus-visible:outline-2 focus-visible:outline-amber-600"
                      checked={chosen.includes(choice.value)}
                      onChange={(event) => toggle(choice.value, event.target.checked)}
                    />
                    {choice.text}
                  </label>
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        {freeText}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <SelectField
        label={label}
        value={answer.value.trim()}
        onChange={(event) => onChange({ ...answer, value: event.target.value })}
        hint={[hint, options.length === 0 ? t('edit.answers.noOptions') : null].filter(Boolean).join(' ') || undefined}
      >
        <option value="">{t('edit.answers.none')}</option>
        {options.map((option) => (
          <option key={option.id} value={option.value}>
            {optionText(option)}
          </option>
        ))}
        {unlisted.map((value) => (
          <option key={`unlisted-${value}`} value={value}>
            {unlistedText(value)}
          </option>
        ))}
      </SelectField>
      {freeText}
    </div>
  );
};
