import type { LibraryQuestion } from '@trashegimia/contract/question-library';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageParam, useStayWithinPages } from '@/shared/routing/use-page-param';
import { useLibraryQuestions } from '@/shared/api/get-library-questions';
import { useLanguage } from '@/shared/i18n/use-language';
import { pickLocalized } from '@/shared/i18n/localized-text';
import { Button } from '@/shared/ui/button';
import { DataTable } from '@/shared/ui/data-table';
import { DeleteConfirmDialog } from '@/shared/ui/delete-confirm-dialog';
import { PagedList } from '@/shared/ui/paged-list';
import { Page } from '@/shared/ui/page';
import { RowActionButton, RowActions } from '@/shared/ui/row-actions';
import { TextField } from '@/shared/ui/text-field';
import { useDeleteConfirmation } from '@/shared/ui/use-delete-confirmation';
import { useToast } from '@/shared/ui/use-toast';
import { useDeleteLibraryQuestion } from '../api/delete-library-question';
import { LibraryQuestionModal } from '../components/library-question-modal';

const PAGE_SIZE = 20;

/**
 * admin/questions/library: ready questions shared by every administrator, searchable,
 * each with its type and option count; create, edit and delete (spec §2).
 */
export const QuestionLibraryRoute = () => {
  const { t } = useTranslation('questionLibrary');
  const language = useLanguage();
  const { showToast } = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const { page, goToPage } = usePageParam();
  const library = useLibraryQuestions({ page, limit: PAGE_SIZE, q: q || undefined });
  const [search, setSearch] = useState(q);
  const [editing, setEditing] = useState<LibraryQuestion | 'new' | null>(null);
  const deletion = useDeleteConfirmation<LibraryQuestion>(useDeleteLibraryQuestion(), () =>
    showToast({ message: t('deleted'), tone: 'success' }),
  );

  useStayWithinPages(page, library.data?.meta.totalPages, goToPage);

  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearchParams(search.trim() ? { q: search.trim() } : {});
  };

  const titleOf = (question: LibraryQuestion) => pickLocalized(question, 'title', language);
  const items = library.data?.items ?? [];

  return (
    <Page title={t('questionLibrary.title', { ns: 'admin' })}>
      <p className="mt-3 max-w-3xl text-stone-600">{t('lead')}</p>
      <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <form role="search" onSubmit={handleSearch} className="flex items-end gap-2">
          <TextField
            type="search"
            label={t('search.label')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="w-full sm:w-80"
          />
          <Button type="submit" variant="secondary">
            {t('search.submit')}
          </Button>
        </form>
        <Button onClick={() => setEditing('new')}>{t('create')}</Button>
      </div>

      <PagedList
        className="mt-6"
        query={library}
        page={page}
        onPageChange={goToPage}
        emptyText={q ? t('noMatches') : t('empty')}
      >
        <DataTable
          caption={t('caption')}
          columns={[t('columns.title'), t('columns.type'), t('columns.options')]}
          actionsColumn={t('columns.actions')}
        >
          {items.map((question) => {
            const title = titleOf(question);
            return (
              <tr key={question.id}>
                <th scope="row" className="px-4 py-3 font-medium text-stone-900">
                  {title}
                </th>
                <td className="px-4 py-3 text-stone-700">
                  {t(`questionTypes.${question.questionType}`, { ns: 'surveys' })}
                </td>
                <td className="px-4 py-3 text-stone-700 tabular-nums">{question.options.length}</td>
                <RowActions>
                  <RowActionButton aria-label={t('editLabel', { name: title })} onClick={() => setEditing(question)}>
                    {t('edit')}
                  </RowActionButton>
                  <RowActionButton
                    tone="danger"
                    aria-label={t('deleteLabel', { name: title })}
                    onClick={() => deletion.ask(question)}
                  >
                    {t('delete')}
                  </RowActionButton>
                </RowActions>
              </tr>
            );
          })}
        </DataTable>
      </PagedList>

      <LibraryQuestionModal editing={editing} onClose={() => setEditing(null)} />
      <DeleteConfirmDialog
        deletion={deletion}
        title={t('confirmDelete.title')}
        describe={(question) => t('confirmDelete.description', { name: titleOf(question) })}
        confirmLabel={t('delete')}
        cancelLabel={t('form.cancel')}
        failedText={t('deleteFailed')}
      />
    </Page>
  );
};
