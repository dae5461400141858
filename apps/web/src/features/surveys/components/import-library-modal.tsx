import { useQueryClient } from '@tanstack/react-query';
import { holdsQuestions } from '@trashegimia/contract/questions';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLibraryQuestions } from '@/shared/api/get-library-questions';
import { getSurveyQuestionsQueryOptions } from '@/shared/api/get-survey-questions';
import { useErrorText } from '@/shared/api/use-error-text';
import { useLanguage } from '@/shared/i18n/use-language';
import { localize } from '@trashegimia/contract/localized-text';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { SelectField } from '@/shared/ui/select-field';
import { Spinner } from '@/shared/ui/spinner';
import { TextField } from '@/shared/ui/text-field';
import { useToast } from '@/shared/ui/use-toast';
import { useImportLibraryQuestions } from '../api/import-library-questions';
import { inReadingOrder } from '../lib/question-tree';
import { LIBRARY_IMPORT_LIMIT } from '../lib/survey-constants';
import { draftQuestionsFrom, type DraftQuestion } from '../lib/survey-draft';

type ImportLibraryModalProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  surveyId: number;
  questions: DraftQuestion[];
  onImported: (questions: DraftQuestion[]) => void;
};

/**
 * 'Import from Library' (spec §2): tick library questions and import them, at the top level or
 * under a saved chapter or group. The server copies them at once; they join the editor's questions.
 */
export const ImportLibraryModal = ({
  open,
  onOpenChange,
  surveyId,
  questions,
  onImported,
}: ImportLibraryModalProps) => {
  const { t } = useTranslation('surveys');
  const language = useLanguage();
  const errorText = useErrorText();
  const { showToast } = useToast();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [appliedSearch, setAppliedSearch] = useState('');
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  const [parentId, setParentId] = useState<number | null>(null);
  const library = useLibraryQuestions(
    { page: 1, limit: LIBRARY_IMPORT_LIMIT, q: appliedSearch || undefined },
    { enabled: open },
  );
  const importing = useImportLibraryQuestions();
  const holders = inReadingOrder(questions).filter(
    (question) => question.id !== null && holdsQuestions(question.questionCategory),
  );

  const close = () => {
    onOpenChange(false);
    setTicked(new Set());
    importing.reset();
  };

  const toggle = (id: number) =>
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const handleSearch = (event: FormEvent) => {
    event.preventDefault();
    setAppliedSearch(search.trim());
  };

  const handleImport = () =>
    importing.mutate(
      { surveyId, libraryIds: [...ticked], questionParentId: parentId },
      {
        onSuccess: async (result) => {
          close();
          showToast({ message: t('import.done', { count: result.items.length }), tone: 'success' });
          try {
            const tree = await queryClient.fetchQuery({ ...getSurveyQuestionsQueryOptions(surveyId), staleTime: 0 });
            const importedIds = new Set(result.items.map((item) => item.id));
            onImported(draftQuestionsFrom(tree.items).filter((question) => importedIds.has(question.id ?? 0)));
          } catch (error) {
            showToast({ message: errorText(error, t('import.refreshFailed')), tone: 'error' });
          }
        },
      },
    );

  const items = library.data?.items ?? [];

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : !importing.isPending && close())}
      dismissible={!importing.isPending}
      size="lg"
      title={t('import.title')}
      description={t('import.description')}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={importing.isPending}>
            {t('actions.cancel')}
          </Button>
          <Button
            onClick={handleImport}
            disabled={ticked.size === 0 || importing.isPending}
            loading={importing.isPending}
          >
            {t('import.submit')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <form role="search" onSubmit={handleSearch} className="flex items-end gap-2">
          <TextField
            type="search"
            label={t('import.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="flex-1"
          />
          <Button type="submit" variant="secondary">
            {t('list.search.submit')}
          </Button>
        </form>
        <SelectField
          label={t('import.placeUnder')}
          value={parentId ?? ''}
          onChange={(event) => setParentId(event.target.value ? Number(event.target.value) : null)}
        >
          <option value="">{t('import.topLevel')}</option>
          {holders.map((holder) => (
            <option key={holder.key} value={holder.id!}>
              {`${holder.questionNr} ${localize(holder, 'title', language) ?? t('builder.untitled')}`}
            </option>
          ))}
        </SelectField>
        {library.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-stone-600">
            <Spinner className="size-5 text-brand-700" />
            {t('loading', { ns: 'common' })}
          </p>
        )}
        {library.isError && (
          <div className="flex flex-col items-start gap-2">
            <Alert>{errorText(library.error, t('generic.failedToLoad', { ns: 'errors' }))}</Alert>
            <Button variant="secondary" onClick={() => void library.refetch()}>
              {t('retry', { ns: 'common' })}
            </Button>
          </div>
        )}
        {library.isSuccess && items.length === 0 && (
          <p className="text-sm text-stone-600">{appliedSearch ? t('import.noMatches') : t('import.empty')}</p>
        )}
        {items.length > 0 && (
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-stone-700">
              {t('import.choose', { count: ticked.size })}
            </legend>
            <ul className="flex flex-col divide-y divide-stone-100 rounded-md border border-stone-200">
              {items.map((item) => (
                <li key={item.id}>
                  <label className="flex cursor-pointer items-start gap-3 px-3 py-2.5 hover:bg-stone-50">
                    <input
                      type="checkbox"
                      checked={ticked.has(item.id)}
                      onChange={() => toggle(item.id)}
                      className="mt-1 size-4 accent-brand-700"
                    />
                    <span className="flex flex-col">
                      <span className="font-medium text-stone-900">
                        {localize(item, 'title', 'xk') ?? `#${item.id}`}
                      </span>
                      <span className="text-xs text-stone-500">
                        {t(`questionTypes.${item.questionType}`)} ·{' '}
                        {t('import.optionCount', { count: item.options.length })}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        )}
        {importing.isError && <Alert>{errorText(importing.error, t('import.failed'))}</Alert>}
      </div>
    </Modal>
  );
};
