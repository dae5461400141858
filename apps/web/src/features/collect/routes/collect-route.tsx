import { useQueryClient } from '@tanstack/react-query';
import type { CollectSurvey } from '@trashegimia/contract/collect';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/shared/config/paths';
import { formatDateTime } from '@/shared/format/format';
import { LANGUAGES, type Language } from '@/shared/i18n/language';
import { pickLocalized } from '@/shared/i18n/localized-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { useSession } from '@/shared/session/use-session';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { ListLoadError, ListLoading } from '@/shared/ui/list-states';
import { Page } from '@/shared/ui/page';
import { SelectField } from '@/shared/ui/select-field';
import { useToast } from '@/shared/ui/use-toast';
import { useDeviceSurveys } from '../api/get-collect-surveys';
import { DraftList, OutboxList } from '../components/submission-lists';
import { SurveyForm } from '../components/survey-form';
import { deleteSubmission, putSubmission, type CollectSubmission } from '../lib/collect-db';
import { newSubmission } from '../lib/new-submission';
import { registerServiceWorker, requestPersistentStorage } from '../lib/register-service-worker';
import { useCollectSync } from '../lib/use-collect-sync';
import { useOnline } from '../lib/use-online';
import { useSubmission, useSubmissions } from '../lib/use-submissions';

const DRAFT_PARAM = 'draft';

const surveyTitleOf = (item: CollectSurvey, language: Language, fallback: string) =>
  pickLocalized(item.survey, 'description', language) ?? fallback;

/**
 * /collect: the field collector. Without `?draft=` it lists the surveys to start, the drafts and
 * what is being sent; with it, the draft's form. The queue is sent by itself while the page is open.
 */
export const CollectRoute = () => {
  const { session } = useSession();
  const userId = session.userId ?? '';
  const [searchParams] = useSearchParams();
  const draftId = searchParams.get(DRAFT_PARAM);
  const syncNow = useCollectSync(userId);
  const surveys = useDeviceSurveys(userId);

  useEffect(() => {
    registerServiceWorker();
    requestPersistentStorage();
  }, []);

  return draftId ? (
    <DraftScreen userId={userId} draftId={draftId} surveys={surveys} onFinished={syncNow} />
  ) : (
    <CollectHome userId={userId} surveys={surveys} syncNow={syncNow} />
  );
};

type DraftScreenProps = {
  userId: string;
  draftId: string;
  surveys: ReturnType<typeof useDeviceSurveys>;
  onFinished: () => void;
};

const DraftScreen = ({ userId, draftId, surveys, onFinished }: DraftScreenProps) => {
  const { t } = useTranslation('collect');
  const navigate = useNavigate();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const submission = useSubmission(userId, draftId);
  const backToList = () => void navigate(paths.collect.getHref());

  if (submission.isPending || surveys.isPending) return <ListLoading />;
  if (submission.isError) return <ListLoadError error={submission.error} onRetry={() => void submission.refetch()} />;

  const draft = submission.data;
  const survey = surveys.data?.items.find((item) => item.survey.id === draft?.surveyId);
  const problem =
    !draft || draft.userId !== userId || draft.state !== 'draft' ? 'notFound' : !survey ? 'surveyMissing' : null;
  if (problem || !draft || !survey) {
    return (
      <Page title={t('title')}>
        <p className="mt-6 text-stone-700">{t(`form.${problem ?? 'notFound'}`)}</p>
        <Button variant="secondary" className="mt-4 min-h-12" onClick={backToList}>
          {t('form.backToList')}
        </Button>
      </Page>
    );
  }

  const leave = () => {
    // The form saved the draft; read it afresh when it is opened again.
    void queryClient.invalidateQueries({ queryKey: ['collect', userId] });
    backToList();
  };
  return (
    <SurveyForm
      key={draft.id}
      survey={survey}
      submission={draft}
      onClose={leave}
      onFinished={() => {
        showToast({ message: t('form.finished'), tone: 'success' });
        leave();
        onFinished();
      }}
    />
  );
};

type CollectHomeProps = {
  userId: string;
  surveys: ReturnType<typeof useDeviceSurveys>;
  syncNow: () => void;
};

const CollectHome = ({ userId, surveys, syncNow }: CollectHomeProps) => {
  const { t } = useTranslation('collect');
  const language = useLanguage();
  const online = useOnline();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const submissions = useSubmissions(userId);
  const [surveyId, setSurveyId] = useState('');
  const [surveyLanguage, setSurveyLanguage] = useState<Language>(language);
  const [toDelete, setToDelete] = useState<CollectSubmission | null>(null);

  const items = surveys.data?.items ?? [];
  const untitled = (item: CollectSurvey) => t('start.untitled', { id: item.survey.id });
  const drafts = submissions.data?.filter((item) => item.state === 'draft') ?? [];
  const outbox = submissions.data?.filter((item) => item.state !== 'draft') ?? [];
  const draftHref = (submission: CollectSubmission) => `${paths.collect.getHref()}?${DRAFT_PARAM}=${submission.id}`;

  const start = async (event: FormEvent) => {
    event.preventDefault();
    const survey = items.find((item) => String(item.survey.id) === surveyId);
    if (!survey) return;
    const draft = newSubmission({
      userId,
      surveyId: survey.survey.id,
      surveyTitle: surveyTitleOf(survey, surveyLanguage, untitled(survey)),
      language: surveyLanguage,
    });
    await putSubmission(draft);
    await navigate(draftHref(draft));
  };

  const retry = async (submission: CollectSubmission) => {
    await putSubmission({ ...submission, state: 'waiting', error: null });
    syncNow();
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    await deleteSubmission(toDelete.id);
    setToDelete(null);
    showToast({ message: t('confirmDelete.done'), tone: 'success' });
  };

  const deleteText = !toDelete
    ? ''
    : toDelete.state === 'draft'
      ? t('confirmDelete.draft', { name: toDelete.surveyTitle })
      : toDelete.state === 'sent'
        ? t('confirmDelete.sent', { name: toDelete.surveyTitle })
        : t('confirmDelete.unsent', { name: toDelete.surveyTitle });

  return (
    <Page title={t('title')}>
      <p className="mt-3 max-w-2xl text-stone-700">{t('lead')}</p>
      <p
        role="status"
        className={
          online
            ? 'mt-4 inline-block rounded-md bg-green-100 px-3 py-1.5 text-sm font-semibold text-green-900'
            : 'mt-4 inline-block rounded-md bg-amber-100 px-3 py-1.5 text-sm font-semibold text-amber-900'
        }
      >
        {online ? t('connection.online') : t('connection.offline')}
      </p>

      <div className="mt-6 grid max-w-2xl gap-8">
        <section aria-labelledby="collect-start-heading" className="flex flex-col gap-4">
          <h2 id="collect-start-heading" className="text-xl font-semibold text-stone-900">
            {t('start.heading')}
          </h2>
          {surveys.isPending ? (
            <ListLoading />
          ) : surveys.isError ? (
            <ListLoadError error={surveys.error} onRetry={() => void surveys.refetch()} />
          ) : items.length === 0 ? (
            <p className="text-stone-700">{t('start.noSurveys')}</p>
          ) : (
            <form className="flex flex-col gap-4" onSubmit={(event) => void start(event)}>
              <SelectField
                label={t('start.survey')}
                value={surveyId}
                required
                onChange={(event) => setSurveyId(event.target.value)}
              >
                <option value="">{t('start.chooseSurvey')}</option>
                {items.map((item) => (
                  <option key={item.survey.id} value={item.survey.id}>
                    {surveyTitleOf(item, language, untitled(item))}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label={t('start.language')}
                value={surveyLanguage}
                onChange={(event) => setSurveyLanguage(event.target.value as Language)}
              >
                {LANGUAGES.map((code) => (
                  <option key={code} value={code}>
                    {t(`language.${code}`, { ns: 'common' })}
                  </option>
                ))}
              </SelectField>
              <Button type="submit" className="min-h-12" disabled={surveyId === ''}>
                {t('start.submit')}
              </Button>
            </form>
          )}
          {surveys.data && (
            <div className="flex flex-col gap-2 text-sm text-stone-600">
              <p>
                {t(surveys.data.offline ? 'start.offlineCopy' : 'start.downloadedAt', {
                  time: formatDateTime(surveys.data.downloadedAt, language),
                })}
              </p>
              <Button
                variant="secondary"
                className="min-h-12 self-start"
                loading={surveys.isFetching}
                disabled={surveys.isFetching}
                onClick={() => void surveys.refetch()}
              >
                {t('start.update')}
              </Button>
            </div>
          )}
        </section>

        <section aria-labelledby="collect-drafts-heading" className="flex flex-col gap-4">
          <h2 id="collect-drafts-heading" className="text-xl font-semibold text-stone-900">
            {t('drafts.heading')}
          </h2>
          {submissions.isPending ? (
            <ListLoading />
          ) : (
            <DraftList drafts={drafts} hrefOf={draftHref} onDelete={setToDelete} />
          )}
        </section>

        <section aria-labelledby="collect-outbox-heading" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="collect-outbox-heading" className="text-xl font-semibold text-stone-900">
              {t('outbox.heading')}
            </h2>
            {outbox.some((item) => item.state === 'waiting') && (
              <Button variant="secondary" className="min-h-12" disabled={!online} onClick={syncNow}>
                {t('outbox.sendNow')}
              </Button>
            )}
          </div>
          {submissions.isPending ? (
            <ListLoading />
          ) : (
            <OutboxList items={outbox} onRetry={(item) => void retry(item)} onDelete={setToDelete} />
          )}
        </section>
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={t('confirmDelete.title')}
        description={deleteText}
        confirmLabel={t('confirmDelete.confirm')}
        cancelLabel={t('confirmDelete.cancel')}
        onConfirm={() => void confirmDelete()}
      />
    </Page>
  );
};
