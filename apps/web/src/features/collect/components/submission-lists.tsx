import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCodeText } from '@/shared/api/use-error-text';
import { formatDateTime } from '@/shared/format/format';
import { useLanguage } from '@/shared/i18n/use-language';
import { Button, buttonClasses } from '@/shared/ui/button';
import { cn } from '@/shared/ui/cn';
import { getDeviceSurveysQueryOptions } from '../api/get-collect-surveys';
import type { CollectSubmission } from '../lib/collect-db';
import { submissionAssetName } from '../lib/outbox-names';

type DraftListProps = {
  drafts: CollectSubmission[];
  hrefOf: (submission: CollectSubmission) => string;
  onDelete: (submission: CollectSubmission) => void;
};

const itemClasses = 'flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-4 shadow-sm';

/** Drafts on this device, each to continue or delete. */
export const DraftList = ({ drafts, hrefOf, onDelete }: DraftListProps) => {
  const { t } = useTranslation('collect');
  const language = useLanguage();
  if (drafts.length === 0) return <p className="text-stone-600">{t('drafts.empty')}</p>;
  return (
    <ul className="flex flex-col gap-3">
      {drafts.map((draft) => (
        <li key={draft.id} className={itemClasses}>
          <div>
            <p className="font-semibold text-stone-900">{draft.surveyTitle}</p>
            <p className="text-sm text-stone-600">
              {t('drafts.savedAt', { time: formatDateTime(draft.updatedAt, language) })}
            </p>
          </div>
          <div className="grid grid-cols-2 gap-2">
            <Link
              to={hrefOf(draft)}
              className={buttonClasses('primary', 'min-h-12')}
              aria-label={t('drafts.continueLabel', { name: draft.surveyTitle })}
            >
              {t('drafts.continue')}
            </Link>
            <Button
              variant="secondary"
              className="min-h-12"
              aria-label={t('drafts.deleteLabel', { name: draft.surveyTitle })}
              onClick={() => onDelete(draft)}
            >
              {t('drafts.delete')}
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
};

type OutboxListProps = {
  items: CollectSubmission[];
  onRetry: (submission: CollectSubmission) => void;
  onDelete: (submission: CollectSubmission) => void;
};

const STATE_CLASSES: Record<CollectSubmission['state'], string> = {
  draft: 'bg-stone-100 text-stone-700',
  waiting: 'bg-stone-100 text-stone-800',
  sending: 'bg-amber-100 text-amber-900',
  sent: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
};

/**
 * Finished submissions, each by the name the collector gave its asset (else by its survey and
 * time), and where each stands: waiting, sending n of m, sent, or failed with the reason, in the
 * visitor's language when the page knows the server's code for it.
 */
export const OutboxList = ({ items, onRetry, onDelete }: OutboxListProps) => {
  const { t } = useTranslation('collect');
  const language = useLanguage();
  const codeText = useCodeText();
  // Which question names the asset is the survey's business: the surveys on this device, which the
  // collect screen has already loaded for the same account.
  const surveys = useQuery({ ...getDeviceSurveysQueryOptions(items[0]?.userId ?? ''), enabled: items.length > 0 });
  if (items.length === 0) return <p className="text-stone-600">{t('outbox.empty')}</p>;

  const assetNameOf = (item: CollectSubmission) => {
    const survey = surveys.data?.items.find((candidate) => candidate.survey.id === item.surveyId);
    return survey ? submissionAssetName(item, survey.questions) : null;
  };

  const stateText = (item: CollectSubmission) => {
    if (item.state === 'sending' && item.progress) {
      return t('outbox.state.sending', {
        current: Math.min(item.progress.done + 1, item.progress.total),
        total: item.progress.total,
      });
    }
    if (item.state === 'failed' && item.error) {
      const reason = t(`outbox.failure.${item.error.step}`, {
        number: item.error.photo,
        message: codeText(item.error.code) ?? item.error.message,
      });
      return t('outbox.state.failed', { reason });
    }
    return item.state === 'sent' ? t('outbox.state.sent') : t('outbox.state.waiting');
  };

  return (
    <ul className="flex flex-col gap-3">
      {items.map((item) => {
        const assetName = assetNameOf(item);
        const time = formatDateTime(item.body?.date ?? item.updatedAt, language);
        // What the buttons name it by: several unnamed submissions of one survey differ by their time.
        const name = assetName ?? t('outbox.unnamed', { survey: item.surveyTitle, time });
        return (
          <li key={item.id} className={itemClasses}>
            <div className="flex flex-col gap-1">
              <p className="font-semibold break-words text-stone-900">{assetName ?? item.surveyTitle}</p>
              <p className="text-sm text-stone-600">
                {assetName !== null && `${item.surveyTitle} · `}
                {time}
                {item.photos.length > 0 && ` · ${t('outbox.photos', { count: item.photos.length })}`}
              </p>
              <p className={cn('self-start rounded-md px-2 py-1 text-sm font-semibold', STATE_CLASSES[item.state])}>
                {stateText(item)}
              </p>
            </div>
            {(item.state === 'failed' || item.state === 'sent') && (
              <div className="grid grid-cols-2 gap-2">
                {item.state === 'failed' && (
                  <Button
                    className="min-h-12"
                    aria-label={t('outbox.retryLabel', { name })}
                    onClick={() => onRetry(item)}
                  >
                    {t('outbox.retry')}
                  </Button>
                )}
                <Button
                  variant="secondary"
                  className="col-start-2 min-h-12"
                  aria-label={t('outbox.removeLabel', { name })}
                  onClick={() => onDelete(item)}
                >
                  {t('outbox.remove')}
                </Button>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
};
