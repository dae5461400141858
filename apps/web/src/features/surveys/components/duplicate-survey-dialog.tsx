import type { Survey } from '@trashegimia/contract/surveys';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorText } from '@/shared/api/use-error-text';
import { paths } from '@/shared/config/paths';
import { LANGUAGES, type Language } from '@/shared/i18n/language';
import { LANGUAGE_SUFFIX } from '@trashegimia/contract/localized-text';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { TextField } from '@/shared/ui/text-field';
import { useToast } from '@/shared/ui/use-toast';
import { useDuplicateSurvey } from '../api/duplicate-survey';

type Descriptions = Record<Language, string>;

type DuplicateSurveyDialogProps = {
  /** The survey to copy; null while closed. */
  survey: Survey | null;
  onClose: () => void;
};

/**
 * 'Duplicate': names the copy in the three languages, starting from the original's descriptions
 * marked as a copy, then makes it (passive, with the whole question tree) and opens its editor.
 */
export const DuplicateSurveyDialog = ({ survey, onClose }: DuplicateSurveyDialogProps) => {
  const { t } = useTranslation('surveys');
  const navigate = useNavigate();
  const { showToast } = useToast();
  const errorText = useErrorText();
  const duplication = useDuplicateSurvey();
  const [descriptions, setDescriptions] = useState<Descriptions | null>(null);

  // Each language's suffix is survey text in that language, whatever language the page speaks.
  const copyOf = (original: Survey): Descriptions => {
    const marked = (language: Language) => {
      const text = original[`description${LANGUAGE_SUFFIX[language]}`]?.trim();
      return text ? `${text} ${t(`duplicate.copySuffix.${language}`)}` : '';
    };
    return { xk: marked('xk'), en: marked('en'), sr: marked('sr') };
  };
  const shown = descriptions ?? (survey ? copyOf(survey) : null);

  const close = () => {
    setDescriptions(null);
    duplication.reset();
    onClose();
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!survey || !shown) return;
    duplication.mutate(
      // A blank field leaves the copy without a description in that language.
      {
        id: survey.id,
        descriptionXk: shown.xk || null,
        descriptionEn: shown.en || null,
        descriptionSr: shown.sr || null,
      },
      {
        onSuccess: (copy) => {
          showToast({ message: t('duplicate.done'), tone: 'success' });
          close();
          void navigate(paths.admin.survey.getHref(copy.id));
        },
      },
    );
  };

  return (
    <Modal
      open={survey !== null}
      onOpenChange={(open) => !open && close()}
      title={t('duplicate.title')}
      description={t('duplicate.description')}
      dismissible={!duplication.isPending}
    >
      {shown && (
        <form onSubmit={handleSubmit} className="flex flex-col gap-4" aria-busy={duplication.isPending}>
          {LANGUAGES.map((language) => (
            <TextField
              key={language}
              label={t(`duplicate.description${LANGUAGE_SUFFIX[language]}`)}
              value={shown[language]}
              maxLength={500}
              disabled={duplication.isPending}
              onChange={(event) => setDescriptions({ ...shown, [language]: event.target.value })}
            />
          ))}
          {duplication.isError && <Alert>{errorText(duplication.error, t('duplicate.failed'))}</Alert>}
          <div className="flex justify-end gap-2 border-t border-stone-200 pt-4">
            <Button variant="secondary" onClick={close} disabled={duplication.isPending}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" disabled={duplication.isPending} loading={duplication.isPending}>
              {duplication.isPending ? t('duplicate.submitting') : t('duplicate.submit')}
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
};
