import type { Survey } from '@trashegimia/contract/surveys';
import { useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorText } from '@/shared/api/use-error-text';
import { paths } from '@/shared/config/paths';
import { useUnsavedChangesGuard } from '@/shared/routing/use-unsaved-changes-guard';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { useSaveSurvey } from '../api/save-survey-draft';
import { draftReducer } from '../lib/draft-reducer';
import { SaveFlowError, SurveySaveError } from '../lib/save-survey';
import { hasUnsavedChanges, type EditorDraft } from '../lib/survey-draft';
import { AuditInfo } from './audit-info';
import { QuestionBuilder } from './question-builder';
import { SaveResultDialog, type SaveResult } from './save-result-dialog';
import { SavingOverlay } from './saving-overlay';
import { SurveyFields } from './survey-fields';
import { SurveyPreviewButton } from './survey-preview-button';

type SurveyEditorProps = {
  initialDraft: EditorDraft;
  /** The saved survey, for its audit fields; null while creating. */
  survey: Survey | null;
};

/**
 * 'Create Survey' or 'Edit Survey' (spec §2): the survey's fields and, once it exists, its
 * questions; one Save stores everything (spec §4) behind a blocking overlay and reports the result.
 * Leaving with unsaved changes, whichever way, asks first.
 */
export const SurveyEditor = ({ initialDraft, survey }: SurveyEditorProps) => {
  const { t } = useTranslation('surveys');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [draft, dispatch] = useReducer(draftReducer, initialDraft);
  const [result, setResult] = useState<SaveResult | null>(null);
  const leaving = useUnsavedChangesGuard(() => hasUnsavedChanges(draft));
  const saving = useSaveSurvey();
  const creating = survey === null;
  const surveyId = draft.survey.id;

  const failureMessage = (error: unknown) => {
    const cause = error instanceof SurveySaveError ? error.cause : error;
    if (cause instanceof SaveFlowError) return t(`editor.problems.${cause.problem}`);
    return errorText(cause, t('editor.result.fallback'));
  };

  const handleSave = () =>
    saving.mutate(draft, {
      onSuccess: (saved) => {
        dispatch({ type: 'replaced', draft: saved.draft });
        setResult({ ok: true });
      },
      onError: (error) => {
        // Keep what did reach the server, so the next Save finishes the rest.
        if (error instanceof SurveySaveError) dispatch({ type: 'replaced', draft: error.draft });
        setResult({ ok: false, message: failureMessage(error) });
      },
    });

  const handleResultClosed = () => {
    const succeeded = result?.ok === true;
    setResult(null);
    if (succeeded && creating && surveyId !== null) void navigate(paths.admin.survey.getHref(surveyId));
  };

  // Like every other way out, Cancel is held by the guard while there are unsaved changes.
  const handleCancel = () => void navigate(paths.admin.surveys.getHref());

  return (
    <>
      <div inert={saving.isPending} className="flex flex-col gap-8 pb-4">
        {survey && (
          <section aria-label={t('audit.label')} className="rounded-xl border border-stone-200 bg-white p-4">
            <AuditInfo survey={survey} />
          </section>
        )}
        <section aria-label={t('editor.detailsLabel')}>
          <SurveyFields survey={draft.survey} onChange={(changes) => dispatch({ type: 'surveyChanged', changes })} />
        </section>
        {surveyId !== null && !creating ? (
          <QuestionBuilder
            surveyId={surveyId}
            questions={draft.questions}
            clearedReferences={draft.clearedReferences}
            dispatch={dispatch}
          />
        ) : (
          <p className="rounded-md bg-stone-100 px-4 py-3 text-sm text-stone-700">{t('editor.questionsAfterCreate')}</p>
        )}
      </div>

      <div
        inert={saving.isPending}
        className="sticky bottom-0 z-20 -mx-4 mt-6 flex justify-end gap-2 border-t border-stone-200 bg-stone-50/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6"
      >
        <SurveyPreviewButton draft={draft} />
        <Button variant="secondary" onClick={handleCancel}>
          {t('actions.cancel')}
        </Button>
        <Button onClick={handleSave} disabled={saving.isPending} loading={saving.isPending}>
          {saving.isPending ? t('editor.saving') : t('actions.save')}
        </Button>
      </div>

      {saving.isPending && <SavingOverlay />}
      <SaveResultDialog result={result} onClose={handleResultClosed} />
      <ConfirmDialog
        open={leaving.state === 'blocked'}
        onOpenChange={(open) => !open && leaving.reset?.()}
        title={t('editor.leave.title')}
        description={t('editor.leave.description')}
        confirmLabel={t('editor.leave.confirm')}
        cancelLabel={t('editor.leave.stay')}
        onConfirm={() => leaving.proceed?.()}
      />
    </>
  );
};
