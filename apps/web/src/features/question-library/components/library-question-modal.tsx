import {
  QUESTION_IDENTIFIERS,
  QUESTION_TYPES,
  type QuestionIdentifier,
  type QuestionType,
} from '@trashegimia/contract/questions';
import type { LibraryQuestion } from '@trashegimia/contract/question-library';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/shared/api/use-error-text';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { EditorModal } from '@/shared/ui/editor-modal';
import { SelectField } from '@/shared/ui/select-field';
import { TextField } from '@/shared/ui/text-field';
import { useToast } from '@/shared/ui/use-toast';
import { useCreateLibraryQuestion } from '../api/create-library-question';
import { useUpdateLibraryQuestion } from '../api/update-library-question';
import {
  canSaveLibraryForm,
  emptyLibraryForm,
  libraryBody,
  libraryFormFrom,
  newLibraryOption,
  offersOptions,
  type LibraryOptionForm,
  type LibraryQuestionForm,
} from '../lib/library-form';

const SUFFIXES = ['Xk', 'En', 'Sr'] as const;

type LibraryQuestionModalProps = {
  /** The question to edit, 'new' to create one, null when closed. */
  editing: LibraryQuestion | 'new' | null;
  onClose: () => void;
};

/** Create or edit a library question with its options (spec §2, §5). */
export const LibraryQuestionModal = ({ editing, onClose }: LibraryQuestionModalProps) => {
  const { t } = useTranslation('questionLibrary');
  return (
    <EditorModal
      editing={editing}
      onClose={onClose}
      size="xl"
      titles={{ create: t('form.createTitle'), edit: t('form.editTitle') }}
    >
      {(question) => <LibraryQuestionFormBody question={question} onDone={onClose} />}
    </EditorModal>
  );
};

const LibraryQuestionFormBody = ({ question, onDone }: { question: LibraryQuestion | null; onDone: () => void }) => {
  const { t } = useTranslation('questionLibrary');
  const errorText = useErrorText();
  const { showToast } = useToast();
  const [form, setForm] = useState<LibraryQuestionForm>(() =>
    question ? libraryFormFrom(question) : emptyLibraryForm(),
  );
  const [showMissingTitle, setShowMissingTitle] = useState(false);
  const creation = useCreateLibraryQuestion();
  const update = useUpdateLibraryQuestion();
  const saving = creation.isPending || update.isPending;
  const saveError = creation.error ?? update.error;
  const titleMissing = showMissingTitle && !canSaveLibraryForm(form);

  const change = (changes: Partial<LibraryQuestionForm>) => setForm((current) => ({ ...current, ...changes }));
  const changeOption = (key: number, changes: Partial<LibraryOptionForm>) =>
    setForm((current) => ({
      ...current,
      options: current.options.map((option) => (option.key === key ? { ...option, ...changes } : option)),
    }));

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    // Spec §5: without an Albanian title nothing is saved.
    if (!canSaveLibraryForm(form)) {
      setShowMissingTitle(true);
      return;
    }
    const onSuccess = () => {
      showToast({ message: t('form.saved'), tone: 'success' });
      onDone();
    };
    if (question) update.mutate({ id: question.id, ...libraryBody(form) }, { onSuccess });
    else creation.mutate(libraryBody(form), { onSuccess });
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="flex flex-col gap-5">
      <div className="grid gap-3 lg:grid-cols-3">
        {SUFFIXES.map((suffix) => (
          <TextField
            key={suffix}
            label={t(`form.title${suffix}`)}
            value={form[`title${suffix}`]}
            required={suffix === 'Xk'}
            aria-invalid={suffix === 'Xk' && titleMissing ? true : undefined}
            onChange={(event) => change({ [`title${suffix}`]: event.target.value })}
          />
        ))}
      </div>
      {titleMissing && <Alert>{t('form.titleRequired')}</Alert>}
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('form.type')}
          value={form.questionType}
          onChange={(event) => change({ questionType: event.target.value as QuestionType })}
        >
          {QUESTION_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`questionTypes.${type}`, { ns: 'surveys' })}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('form.identifier')}
          value={form.questionIdentifier ?? ''}
          onChange={(event) =>
            change({ questionIdentifier: (event.target.value || null) as QuestionIdentifier | null })
          }
        >
          <option value="">{t('fields.none', { ns: 'surveys' })}</option>
          {QUESTION_IDENTIFIERS.map((identifier) => (
            <option key={identifier} value={identifier}>
              {t(`identifiers.${identifier}`, { ns: 'surveys' })}
            </option>
          ))}
        </SelectField>
      </div>

      {offersOptions(form.questionType) ? (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold text-stone-900">
            {t('form.options', { count: form.options.length })}
          </legend>
          {form.options.length === 0 && <p className="text-sm text-stone-600">{t('form.noOptions')}</p>}
          <ol className="flex flex-col gap-2">
            {form.options.map((option, index) => (
              <li key={option.key}>
                <fieldset className="rounded-md border border-stone-200 bg-stone-50/60 p-3">
                  <legend className="px-1 text-xs font-semibold text-stone-600">
                    {t('form.optionNumber', { n: index + 1 })}
                  </legend>
                  <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                    <TextField
                      label={t('form.optionValue')}
                      value={option.value}
                      onChange={(event) => changeOption(option.key, { value: event.target.value })}
                    />
                    {SUFFIXES.map((suffix) => (
                      <TextField
                        key={suffix}
                        label={t(`form.optionDescription${suffix}`)}
                        value={option[`description${suffix}`]}
                        onChange={(event) => changeOption(option.key, { [`description${suffix}`]: event.target.value })}
                      />
                    ))}
                  </div>
                  <div className="mt-2 flex items-center justify-between gap-3">
                    <label className="inline-flex items-center gap-2 text-sm text-stone-700">
                      <input
                        type="checkbox"
                        checked={option.isAnother}
                        onChange={(event) => changeOption(option.key, { isAnother: event.target.checked })}
                        className="size-4 accent-brand-700"
                      />
                      {t('options.isAnother', { ns: 'surveys' })}
                    </label>
                    <Button
                      variant="ghost"
                      className="px-2.5 py-1 text-red-700"
                      aria-label={t('form.removeOptionLabel', { name: option.value || index + 1 })}
                      onClick={() =>
                        change({ options: form.options.filter((candidate) => candidate.key !== option.key) })
                      }
                    >
                      {t('form.removeOption')}
                    </Button>
                  </div>
                </fieldset>
              </li>
            ))}
          </ol>
          <div>
            <Button
              variant="secondary"
              onClick={() =>
                change({
                  options: [...form.options, newLibraryOption((n) => t('form.defaultOptionName', { n }), form.options)],
                })
              }
            >
              {t('form.addOption')}
            </Button>
          </div>
        </fieldset>
      ) : (
        <p className="text-sm text-stone-600">{t('form.textHasNoOptions')}</p>
      )}

      {saveError && <Alert>{errorText(saveError, t('form.saveFailed'))}</Alert>}
      <div className="flex justify-end gap-2 border-t border-stone-200 pt-4">
        <Button variant="secondary" onClick={onDone} disabled={saving}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" loading={saving} disabled={saving}>
          {t('form.save')}
        </Button>
      </div>
    </form>
  );
};
