import type { LibraryQuestion } from '@trashegimia/contract/question-library';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageParam, useStayWithinPages } from '@/shared/routing/use-page-param';
import { ListPager } from '@/shared/ui/list-pager';
import { useErrorText } from '@/shared/api/use-error-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { pickLocalized } from '@/shared/i18n/localized-text';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { ListLoadError, ListLoading, ListMessage } from '@/shared/ui/list-states';
import { Page } from '@/shared/ui/page';
import { TextField } from '@/shared/ui/text-field';
import { useToast } from '@/shared/ui/use-toast';
import { useDeleteLibraryQuestion } from '../api/delete-library-question';
import { useLibraryQuestions } from '../api/get-library-questions';
import { LibraryQuestionModal } from '../components/library-question-modal';

const PAGE_SIZE = 20;

/**
 * admin/questions/library: ready questions shared by every administrator (DESIGN §6), searchable,
 * each with its type and option count; create, edit and delete (spec §2).
 */
export const QuestionLibraryRoute = () => {
  const { t } = useTranslation('questionLibrary');
  const language = useLanguage();
  const errorText = useErrorText();
  const { showToast } = useToast();
  const [searchParams, setSearchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const { page, goToPage } = usePageParam();
  const library = useLibraryQuestions({ page, limit: PAGE_SIZE, q: q || undefined });
  const [search, setSearch] = useState(q);
  const [editing, setEditing] = useState<LibraryQuestion | 'new' | null>(null);
  const [deleting, setDeleting] = useState<LibraryQuestion | null>(null);
  const deletion = useDeleteLibraryQuestion();

  useStayWithinPages(page, library.data?.meta.totalPages, goToPage);

  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearchParams(search.trim() ? { q: search.trim() } : {});
  };

  const handleDelete = () => {
    if (!deleting) return;
    deletion.mutate(deleting.id, {
      onSuccess: () => {
        showToast({ message: t('deleted'), tone: 'success' });
        setDeleting(null);
      },
    });
  };

  const titleOf = (question: LibraryQuestion) => pickLocalized(question, 'title', language) ?? question.titleXk;
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

      <div className="mt-6" aria-busy={library.isFetching}>
        {library.isPending && <ListLoading />}
        {library.isError && <ListLoadError error={library.error} onRetry={() => void library.refetch()} />}
        {library.isSuccess && items.length === 0 && <ListMessage>{q ? t('noMatches') : t('empty')}</ListMessage>}
        {items.length > 0 && (
          <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white shadow-sm">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('caption')}</caption>
              <thead className="border-b border-stone-200 bg-stone-50 text-xs tracking-wide text-stone-600 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">
                    {t('columns.title')}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t('columns.type')}
                  </th>
                  <th scope="col" className="px-4 py-3">
                    {t('columns.options')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-right">
                    {t('columns.actions')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-100">
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
                      <td className="px-4 py-3">
                        <div className="flex justify-end gap-1">
                          <Button
                            variant="ghost"
                            className="px-2.5 py-1.5"
                            aria-label={t('editLabel', { name: title })}
                            onClick={() => setEditing(question)}
                          >
                            {t('edit')}
                          </Button>
                          <Button
                            variant="ghost"
                            className="px-2.5 py-1.5 text-red-700"
                            aria-label={t('deleteLabel', { name: title })}
                            onClick={() => {
                              deletion.reset();
                              setDeleting(question);
                            }}
                          >
                            {t('delete')}
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
        {library.isSuccess && (
          <ListPager page={page} totalPages={Math.max(1, library.data.meta.totalPages)} onPageChange={goToPage} />
        )}
      </div>

      <LibraryQuestionModal editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('confirmDelete.title')}
        description={t('confirmDelete.description', { name: deleting ? titleOf(deleting) : '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('form.cancel')}
        onConfirm={handleDelete}
        pending={deletion.isPending}
        error={deletion.isError ? errorText(deletion.error, t('deleteFailed')) : null}
      />
    </Page>
  );
};
