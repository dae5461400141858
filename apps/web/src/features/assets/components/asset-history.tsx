import { AssetStatus, type AssetChange, type AssetHistoryEntry } from '@trashegimia/contract/assets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';
import { ListPager } from '@/shared/ui/list-pager';
import { ListLoadError, ListLoading, ListMessage } from '@/shared/ui/list-states';
import { useAssetHistory } from '../api/get-asset-history';

/**
 * The asset's changes, newest first: who saved, when, and each change from what to what (status
 * and note, dataset, comment, each answer by its question), in the interface language.
 */
export const AssetHistory = ({ assetId }: { assetId: string }) => {
  const { t } = useTranslation('assetsAdmin');
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const history = useAssetHistory(assetId, page, language);

  return (
    <section aria-labelledby="asset-history-title" className="flex flex-col gap-4">
      <h2 id="asset-history-title" className="font-serif text-2xl font-semibold text-stone-900">
        {t('history.title')}
      </h2>
      {history.isPending ? (
        <ListLoading />
      ) : history.isError ? (
        <ListLoadError error={history.error} onRetry={() => void history.refetch()} />
      ) : history.data.items.length === 0 ? (
        <ListMessage>{t('history.empty')}</ListMessage>
      ) : (
        <>
          <ol className="flex flex-col gap-3">
            {history.data.items.map((entry) => (
              <HistoryEntry key={entry.id} entry={entry} />
            ))}
          </ol>
          {history.data.meta.totalPages > 1 && (
            <ListPager page={page} totalPages={history.data.meta.totalPages} onPageChange={setPage} />
          )}
        </>
      )}
    </section>
  );
};

const HistoryEntry = ({ entry }: { entry: AssetHistoryEntry }) => {
  const { t } = useTranslation('assetsAdmin');
  const language = useLanguage();
  return (
    <li className="rounded-lg bg-white px-4 py-3 shadow-sm ring-1 ring-stone-200">
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm text-stone-600">
        <span className="font-semibold text-stone-900">{entry.actorName ?? t('history.system')}</span>
        <span>{t(`history.action.${entry.action}`)}</span>
        <time dateTime={entry.at}>{formatDateTime(entry.at, language)}</time>
      </p>
      {entry.changes.length > 0 && (
        <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-stone-800">
          {entry.changes.map((change, index) => (
            <li key={`${change.field}-${change.questionId ?? index}`}>
              <ChangeText change={change} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
};

const ChangeText = ({ change }: { change: AssetChange }) => {
  const { t } = useTranslation('assetsAdmin');
  const shown = (text: string | null) => {
    if (text === null || text.trim() === '') return t('history.blank');
    if (change.field === 'status' && AssetStatus.safeParse(text).success) {
      return t(`list.status.${text as AssetStatus}`);
    }
    return t('history.quoted', { text });
  };
  const values = { before: shown(change.before), after: shown(change.after) };
  if (change.field !== 'answer') return <>{t(`history.change.${change.field}`, values)}</>;
  const question =
    change.label === null
      ? t('history.deletedQuestion', { nr: change.questionNr ?? '' })
      : t('edit.answers.label', { nr: change.questionNr ?? '', title: change.label });
  return <>{t('history.change.answer', { ...values, question })}</>;
};
