import type { Survey } from '@trashegimia/contract/surveys';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePageParam, useStayWithinPages } from '@/shared/routing/use-page-param';
import { useErrorText } from '@/shared/api/use-error-text';
import { paths } from '@/shared/config/paths';
import { useLanguage } from '@/shared/i18n/use-language';
import { Button, buttonClasses } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { ListLoadError, ListLoading, ListMessage } from '@/shared/ui/list-states';
import { Page } from '@/shared/ui/page';
import { TextField } from '@/shared/ui/text-field';
import { useToast } from '@/shared/ui/use-toast';
import { useDeleteSurvey } from '../api/delete-survey';
import { useSurveys } from '../api/get-surveys';
import { ListPager } from '@/shared/ui/list-pager';
import { SurveyStateBadge } from '../components/survey-state-badge';
import { SurveyViewModal } from '../components/survey-view-modal';
import { SURVEY_PAGE_SIZE } from '../lib/survey-constants';
import { firstText } from '../lib/survey-text';

/** admin/surveys: search, create, 10 per page with Prev/Next, and view, edit or delete each survey (spec §2). */
export const SurveyListRoute = () => {
  const { t } = useTranslation('surveys');
  const language = useLanguage();
  const errorText = useErrorText();
  const { showToast } = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const { page, goToPage } = usePageParam();
  const surveys = useSurveys({ page, limit: SURVEY_PAGE_SIZE, q: q || undefined });
  const [search, setSearch] = useState(q);
  const [viewing, setViewing] = useState<Survey | null>(null);
  const [deleting, setDeleting] = useState<Survey | null>(null);
  const deletion = useDeleteSurvey();

  const totalPages = Math.max(1, surveys.data?.meta.totalPages ?? 1);

  useStayWithinPages(page, surveys.data?.meta.totalPages, goToPage);

  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearchParams(search.trim() ? { q: search.trim() } : {});
  };

  const handleDelete = () => {
    if (!deleting) return;
    deletion.mutate(deleting.id, {
      onSuccess: () => {
        showToast({ message: t('list.deleted'), tone: 'success' });
        setDeleting(null);
      },
    });
  };

  const labelOf = (survey: Survey) =>
    firstText(survey, 'description', language) ?? t('list.untitled', { id: survey.id });
  const items = surveys.data?.items ?? [];

  return (
    <Page title={t('surveys.list', { ns: 'admin' })}>
      <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <form role="search" onSubmit={handleSearch} className="flex items-end gap-2">
          <TextField
            type="search"
            label={t('list.search.label')}
            placeholder={t('list.search.placeholder')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="w-full sm:w-80"
          />
          <Button type="submit" variant="secondary">
            {t('list.search.submit')}
          </Button>
        </form>
        <Link to={paths.admin.surveyNew.getHref()} className={buttonClasses('primary')}>
          {t('list.create')}
        </Link>
      </div>

      <div className="mt-6" aria-busy={surveys.isFetching}>
        {surveys.isPending && <ListLoading />}
        {surveys.isError && <ListLoadError error={surveys.error} onRetry={() => void surveys.refetch()} />}
        {surveys.isSuccess && items.length === 0 && <ListMessage>{t('list.empty')}</ListMessage>}
        {surveys.isSuccess && items.length > 0 && (
          <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white shadow-sm">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('list.caption')}</caption>
              <thead className="border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    {t('list.columns.id')}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t('list.columns.description')}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t('list.columns.state')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    {t('list.columns.actions')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
                {items.map((survey) => {
                  const label = labelOf(survey);
                  return (
                    <tr key={survey.id}>
                      <td className="px-4 py-3 text-stone-500 tabular-nums">{survey.id}</td>
                      <th scope="row" className="px-4 py-3 font-medium text-stone-900">
                        {label}
                      </th>
                      <td className="px-4 py-3">
                        <SurveyStateBadge state={survey.surveyState} />
                      </td>
                      <td className="px-4 py-3">
                        <div className="flex justify-end gap-1">
                          <Button
                            variant="ghost"
                            className="px-2.5 py-1.5"
                            aria-label={t('list.actions.viewLabel', { name: label })}
                            onClick={() => setViewing(survey)}
                          >
                            {t('list.actions.view')}
                          </Button>
                          <Link
                            to={paths.admin.survey.getHref(survey.id)}
                            className={buttonClasses('ghost', 'px-2.5 py-1.5')}
                            aria-label={t('list.actions.editLabel', { name: label })}
                          >
                            {t('list.actions.edit')}
                          </Link>
                          <Button
                            variant="ghost"
                            className="px-2.5 py-1.5 text-red-700"
                            aria-label={t('list.actions.deleteLabel', { name: label })}
                            onClick={() => {
                              deletion.reset();
                              setDeleting(survey);
                            }}
                          >
                            {t('list.actions.delete')}
                          </Button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {surveys.isSuccess && <ListPager page={page} totalPages={totalPages} onPageChange={goToPage} />}
      </div>

      <SurveyViewModal survey={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('list.confirmDelete.title')}
        description={deleting ? t('list.confirmDelete.description', { name: labelOf(deleting) }) : ''}
        confirmLabel={t('list.confirmDelete.confirm')}
        cancelLabel={t('actions.cancel')}
        onConfirm={handleDelete}
        pending={deletion.isPending}
        error={deletion.isError ? errorText(deletion.error, t('list.confirmDelete.failed')) : null}
      />
    </Page>
  );
};
