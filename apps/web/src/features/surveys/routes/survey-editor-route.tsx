import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '@/shared/api/api-error';
import { useSurveyQuestions } from '@/shared/api/get-survey-questions';
import { useErrorText } from '@/shared/api/use-error-text';
import { paths } from '@/shared/config/paths';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import { useSurvey } from '../api/get-survey';
import { SurveyEditor } from '../components/survey-editor';
import { draftFrom, emptyDraft } from '../lib/survey-draft';

const parseId = (value: string | undefined) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

const EditorFrame = ({ title, children }: { title: string; children: ReactNode }) => {
  const { t } = useTranslation('surveys');
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-6 sm:px-6 lg:pt-10">
      <title>{`${title} · ${t('appName', { ns: 'common' })}`}</title>
      <Link
        to={paths.admin.surveys.getHref()}
        className="text-sm text-brand-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-600"
      >
        ← {t('editor.back')}
      </Link>
      <h1 className="mt-3 mb-6 font-serif text-3xl font-semibold tracking-tight text-stone-900 sm:text-4xl">{title}</h1>
      {children}
    </div>
  );
};

/** admin/surveys/new ('Create Survey') and admin/surveys/:id ('Edit Survey'). */
export const SurveyEditorRoute = () => {
  const { t } = useTranslation('admin');
  const { id } = useParams();
  if (id === undefined) {
    return (
      <EditorFrame title={t('surveys.create')}>
        <NewSurvey />
      </EditorFrame>
    );
  }
  return (
    <EditorFrame title={t('surveys.edit')}>
      <ExistingSurvey key={id} surveyId={parseId(id)} />
    </EditorFrame>
  );
};

const NewSurvey = () => {
  const [draft] = useState(emptyDraft);
  return <SurveyEditor initialDraft={draft} survey={null} />;
};

const ExistingSurvey = ({ surveyId }: { surveyId: number | null }) => {
  const { t } = useTranslation('surveys');
  const errorText = useErrorText();
  const survey = useSurvey(surveyId);
  const questions = useSurveyQuestions(surveyId);
  const error = survey.error ?? questions.error;
  const notFound = surveyId === null || (isApiError(survey.error) && survey.error.status === 404);
  // The working copy is built once, when both have arrived; later cache updates come from its own saves.
  const [initialDraft, setInitialDraft] = useState<ReturnType<typeof draftFrom> | null>(null);
  if (initialDraft === null && survey.data && questions.data) {
    setInitialDraft(draftFrom(survey.data, questions.data.items));
  }

  if (notFound) return <Alert>{t('editor.notFound')}</Alert>;
  if (error) {
    return (
      <div className="flex flex-col items-start gap-3">
        <Alert>
          <p className="font-semibold">{t('generic.failedToLoad', { ns: 'errors' })}</p>
          <p>{errorText(error, t('generic.failedToLoad', { ns: 'errors' }))}</p>
        </Alert>
        <Button
          variant="secondary"
          onClick={() => {
            void survey.refetch();
            void questions.refetch();
          }}
        >
          {t('retry', { ns: 'common' })}
        </Button>
      </div>
    );
  }
  if (!initialDraft || !survey.data) {
    return (
      <p role="status" className="flex items-center gap-2 py-8 text-sm text-stone-600">
        <Spinner className="size-5 text-brand-700" />
        {t('loading', { ns: 'common' })}
      </p>
    );
  }
  return <SurveyEditor initialDraft={initialDraft} survey={survey.data} />;
};
