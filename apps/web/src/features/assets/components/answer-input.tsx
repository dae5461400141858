import type { QuestionNode, QuestionOption } from '@trashegimia/contract/questions';
import { useTranslation } from 'react-i18next';
import { pickLocalized } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { SelectField } from '@/shared/ui/select-field';
import { TextField } from '@/shared/ui/text-field';
import { chosenValues, joinChoices, takesFreeText, type AnswerValue } from '../lib/asset-answers';

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
 * The input of one question by its type (spec §2): TEXT a text box; SINGLE_CHOICE and DROPDOWN a
 * select; MULTIPLE_CHOICE checkboxes; SELECT_AND_TEXT a select plus free text (also shown for a
 * chosen 'other' option).
 */
export const AnswerInput = ({ question, label, answer, options, onChange }: AnswerInputProps) => {
  const { t } = useTranslation('assetsAdmin');
  const language = useLanguage();
  const optionText = (option: QuestionOption) => pickLocalized(option, 'description', language) ?? option.value;
  // A chosen value no option offers now (e.g. an option deleted since) stays visible, so saving loses nothing unseen.
  const offered = new Set(options.map((option) => option.value));
  const unlisted = chosenValues(question, answer).filter((value) => !offered.has(value));
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

  if (question.questionType === 'TEXT' || question.questionType === null) {
    return (
      <TextField
        label={label}
        value={answer.value}
        onChange={(event) => onChange({ ...answer, value: event.target.value })}
      />
    );
  }

  if (question.questionType === 'MULTIPLE_CHOICE') {
    const chosen = chosenValues(question, answer);
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
        <fieldset>
          <legend className="text-sm font-medium text-stone-700">{label}</legend>
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
        hint={options.length === 0 ? t('edit.answers.noOptions') : undefined}
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
