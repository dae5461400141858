import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/shared/api/use-error-text';
import { Alert } from './alert';
import { Button } from './button';
import { Spinner } from './spinner';

/** A list on its way: a spinner and the common 'loading' text, announced to screen readers. */
export const ListLoading = () => {
  const { t } = useTranslation('common');
  return (
    <p role="status" className="flex items-center gap-2 py-8 text-sm text-stone-600">
      <Spinner className="size-5 text-brand-700" />
      {t('loading')}
    </p>
  );
};

/** A list that failed to load: the spec's failedToLoad, the server's reason, and a retry. */
export const ListLoadError = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  const { t } = useTranslation('errors');
  const errorText = useErrorText();
  return (
    <div className="flex flex-col items-start gap-3">
      <Alert>
        <p className="font-semibold">{t('generic.failedToLoad')}</p>
        <p>{errorText(error, t('generic.failedToLoad'))}</p>
      </Alert>
      <Button variant="secondary" onClick={onRetry}>
        {t('retry', { ns: 'common' })}
      </Button>
    </div>
  );
};

/** An empty list's message (or any one-line status where the list would be). */
export const ListMessage = ({ children }: { children: ReactNode }) => (
  <p
    role="status"
    className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center text-stone-600"
  >
    {children}
  </p>
);
