import { localize } from '@trashegimia/contract/localized-text';
import { SURVEY_STATE } from '@trashegimia/contract/surveys';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSurveys } from '@/shared/api/get-surveys';
import { paths } from '@/shared/config/paths';
import { formatDate } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';
import { usePageParam, useStayWithinPages } from '@/shared/routing/use-page-param';
import { buttonClasses } from '@/shared/ui/button';
import { DataTable } from '@/shared/ui/data-table';
import { Page } from '@/shared/ui/page';
import { PagedList } from '@/shared/ui/paged-list';
import { RowActionLink, RowActions } from '@/shared/ui/row-actions';
import { FORMS_PAGE_SIZE } from '../lib/forms-constants';

/**
 * admin/formularet/lista-formulareve and formularet/lista-formulareve: the forms the field devices
 * fill in — the surveys — newest first, each with its state and last change and the way to open it,
 * and the way to a new one; 'Nuk u gjetën formularë' when there are none (back office §8).
 */
export const FormsListRoute = () => {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const { page, goToPage } = usePageParam();
  const forms = useSurveys({ page, limit: FORMS_PAGE_SIZE });
  useStayWithinPages(page, forms.data?.meta.totalPages, goToPage);

  return (
    <Page title={t('forms.list')}>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <p className="max-w-3xl text-stone-600">{t('forms.lead')}</p>
        <Link to={paths.admin.surveyNew.getHref()} className={buttonClasses('primary', 'shrink-0')}>
          {t('forms.create')}
        </Link>
      </div>

      <PagedList className="mt-6" query={forms} page={page} onPageChange={goToPage} emptyText={t('forms.empty')}>
        <DataTable
          caption={t('forms.list')}
          columns={[t('forms.columns.name'), t('forms.columns.state'), t('forms.columns.updated')]}
          actionsColumn={t('forms.columns.actions')}
        >
          {forms.data?.items.map((form) => {
            const name = localize(form, 'description', language) ?? t('forms.untitled', { id: form.id });
            return (
              <tr key={form.id}>
                <th scope="row" className="px-4 py-3 font-medium text-stone-900">
                  {name}
                </th>
                <td className="px-4 py-3">
                  {form.surveyState === SURVEY_STATE.ACTIVE ? t('forms.state.active') : t('forms.state.passive')}
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-stone-600">{formatDate(form.lud, language)}</td>
                <RowActions>
                  <RowActionLink to={paths.admin.survey.getHref(form.id)} aria-label={t('forms.openLabel', { name })}>
                    {t('forms.open')}
                  </RowActionLink>
                </RowActions>
              </tr>
            );
          })}
        </DataTable>
      </PagedList>
    </Page>
  );
};
