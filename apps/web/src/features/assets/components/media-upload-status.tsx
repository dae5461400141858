import { useTranslation } from 'react-i18next';
import { Alert } from '@/shared/ui/alert';
import { Button } from '@/shared/ui/button';
import { Spinner } from '@/shared/ui/spinner';
import type { MediaUploadState } from '../lib/use-media-upload';

type MediaUploadStatusProps = { state: MediaUploadState; onCancel: () => void; onDismiss: () => void };

/** Where an upload stands: files completed of the total, a bar of the bytes sent, and Cancel; or how it ended. */
export const MediaUploadStatus = ({ state, onCancel, onDismiss }: MediaUploadStatusProps) => {
  const { t } = useTranslation('assetsAdmin');
  if (state.phase === 'idle') return null;

  if (state.phase === 'failed' || state.phase === 'cancelled') {
    return (
      <div className="flex flex-col items-start gap-2">
        {state.phase === 'failed' ? (
          <Alert>
            <p className="font-semibold">{t('media.upload.failed')}</p>
            {state.messages.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </Alert>
        ) : (
          <Alert tone="info">{t('media.upload.cancelled')}</Alert>
        )}
        <Button variant="ghost" className="px-2.5 py-1.5" onClick={onDismiss}>
          {t('media.upload.dismiss')}
        </Button>
      </div>
    );
  }

  const section = t(`media.sections.${state.type}`);
  const completed = state.phase === 'saving' ? state.total : state.completed;
  const percent =
    state.phase === 'saving' ? 100 : Math.floor((state.loadedBytes / Math.max(1, state.totalBytes)) * 100);
  return (
    <div className="rounded-xl border border-brand-200 bg-brand-50/50 p-4" aria-busy="true">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div role="status" className="flex items-center gap-2 text-sm text-stone-800">
          <Spinner className="size-4 text-brand-700" />
          <span className="font-semibold">{t('media.upload.heading', { section })}</span>
          <span>{t('media.upload.progress', { completed, total: state.total })}</span>
        </div>
        {state.phase === 'uploading' && (
          <Button variant="secondary" onClick={onCancel}>
            {t('media.upload.cancel')}
          </Button>
        )}
      </div>
      <progress
        className="mt-3 h-2 w-full accent-brand-700"
        max={100}
        value={percent}
        aria-label={t('media.upload.bytes')}
        aria-valuetext={`${percent}%`}
      />
      <p className="mt-1 truncate text-xs text-stone-600">
        {state.phase === 'saving' ? t('media.upload.saving') : t('media.upload.current', { name: state.fileName })}
      </p>
    </div>
  );
};
