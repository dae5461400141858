import type { Survey } from '@trashegimia/contract/surveys';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePageParam, useStayWithinPages } from '@/shared/routing/use-page-param';
import { useSurveys } from '@/shared/api/get-surveys';
import { useErrorText } from '@/shared/api/use-error-text';
import { paths } from '@/shared/config/paths';
import { useLanguage } from '@/shared/i18n/use-language';
import { localize } from '@trashegimia/contract/localized-text';
import { Button, buttonClasses } from '@/shared/ui/button';
import { DataTable } from '@/shared/ui/data-table';
import { DeleteConfirmDialog } from '@/shared/ui/delete-confirm-dialog';
import { PagedList } from '@/shared/ui/paged-list';
import { Page } from '@/shared/ui/page';
import { RowActionButton, RowActionLink, RowActions } from '@/shared/ui/row-actions';
import { TextField } from '@/shared/ui/text-field';
import { useDeleteConfirmation } from '@/shared/ui/use-delete-confirmation';
import { useToast } from '@/shared/ui/use-toast';
import { useDeleteSurvey } from '../api/delete-survey';
import { useDownloadSurveyXlsForm } from '../api/download-survey-xlsform';
import { DuplicateSurveyDialog } from '../components/duplicate-survey-dialog';
import { SurveyStateBadge } from '../components/survey-state-badge';
import { SurveyViewModal } from '../components/survey-view-modal';
import { XlsFormImportDialog } from '../components/xlsform-import-dialog';
import { SURVEY_PAGE_SIZE } from '../lib/survey-constants';

/**
 * admin/surveys: search, create (or import an XLSForm), 10 per page with Prev/Next, and view, edit,
 * duplicate, download as an XLSForm or delete each survey (spec §2).
 */
export const SurveyListRoute = () => {
  const { t } = useTranslation('surveys');
  const language = useLanguage();
  const { showToast } = useToast();
  const errorText = useErrorText();
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const { page, goToPage } = usePageParam();
  const surveys = useSurveys({ page, limit: SURVEY_PAGE_SIZE, q: q || undefined });
  const [search, setSearch] = useState(q);
  const [viewing, setViewing] = useState<Survey | null>(null);
  const [importing, setImporting] = useState(false);
  const [duplicating, setDuplicating] = useState<Survey | null>(null);
  const download = useDownloadSurveyXlsForm();
  const deletion = useDeleteConfirmation<Survey>(useDeleteSurvey(), () =>
    showToast({ message: t('list.deleted'), tone: 'success' }),
  );

  useStayWithinPages(page, surveys.data?.meta.totalPages, goToPage);

  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearchParams(search.trim() ? { q: search.trim() } : {});
  };

  const handleDownload = (survey: Survey) =>
    download.mutate(survey.id, {
      onError: (error) => showToast({ message: errorText(error, t('xlsform.downloadFailed')), tone: 'error' }),
    });

  const labelOf = (survey: Survey) =>
    localize(survey, 'description', language) ?? t('list.untitled', { id: survey.id });
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
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setImporting(true)}>
            {t('xlsform.import')}
          </Button>
          <Link to={paths.admin.surveyNew.getHref()} className={buttonClasses('primary')}>
            {t('list.create')}
          </Link>
        </div>
      </div>

      <PagedList className="mt-6" query={surveys} page={page} onPageChange={goToPage} emptyText={t('list.empty')}>
        <DataTable
          caption={t('list.caption')}
          columns={[t('list.columns.id'), t('list.columns.description'), t('list.columns.state')]}
          actionsColumn={t('list.columns.actions')}
        >
          {items.map((survey) => {
            const label = labelOf(survey);
            const downloading = download.isPending && download.variables === survey.id;
            return (
              <tr key={survey.id}>
                <td className="px-4 py-3 text-stone-500 tabular-nums">{survey.id}</td>
                <th scope="row" className="px-4 py-3 font-medium text-stone-900">
                  {label}
                </th>
                <td className="px-4 py-3">
                  <SurveyStateBadge state={survey.surveyState} />
                </td>
                <RowActions>
                  <RowActionButton
                    aria-label={t('list.actions.viewLabel', { name: label })}
                    onClick={() => setViewing(survey)}
                  >
                    {t('list.actions.view')}
                  </RowActionButton>
                  <RowActionLink
                    to={paths.admin.survey.getHref(survey.id)}
                    aria-label={t('list.actions.editLabel', { name: label })}
                  >
                    {t('list.actions.edit')}
                  </RowActionLink>
                  <RowActionButton
                    aria-label={t('duplicate.actionLabel', { name: label })}
                    onClick={() => setDuplicating(survey)}
                  >
                    {t('duplicate.action')}
                  </RowActionButton>
                  <RowActionButton
                    aria-label={t('xlsform.downloadLabel', { name: label })}
                    loading={downloading}
                    disabled={downloading}
                    onClick={() => handleDownload(survey)}
                  >
                    {t('xlsform.download')}
                  </RowActionButton>
                  <RowActionButton
                    tone="danger"
                    aria-label={t('list.actions.deleteLabel', { name: label })}
                    onClick={() => deletion.ask(survey)}
                  >
                    {t('list.actions.delete')}
                  </RowActionButton>
                </RowActions>
              </tr>
            );
          })}
        </DataTable>
      </PagedList>

      <SurveyViewModal survey={viewing} onClose={() => setViewing(null)} />
      <XlsFormImportDialog open={importing} onClose={() => setImporting(false)} />
      <DuplicateSurveyDialog survey={duplicating} onClose={() => setDuplicating(null)} />
      <DeleteConfirmDialog
        deletion={deletion}
        title={t('list.confirmDelete.title')}
        describe={(survey) => t('list.confirmDelete.description', { name: labelOf(survey) })}
        confirmLabel={t('list.confirmDelete.confirm')}
        cancelLabel={t('actions.cancel')}
        failedText={t('list.confirmDelete.failed')}
      />
    </Page>
  );
};
