import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createQueryClient } from '@/shared/api/query-client';
import { i18n as browserI18n } from '@/shared/i18n/i18n';
import { SessionProvider } from '@/shared/session/session-provider';
import type { SessionStore } from '@/shared/session/session-store';
import { ToastProvider } from '@/shared/ui/toast-provider';
import { SurveyPreviewProvider } from './survey-preview-provider';

type AppProvidersProps = {
  children: ReactNode;
  /**
   * A server render brings its own, one per request: the cache filled with the page's data, the
   * request's language and the visitor's session. The browser keeps one of each for the page's life.
   */
  queryClient?: QueryClient;
  i18n?: I18n;
  sessionStore?: SessionStore;
};

export const AppProviders = ({
  children,
  queryClient: givenQueryClient,
  i18n = browserI18n,
  sessionStore,
}: AppProvidersProps) => {
  const [queryClient] = useState(() => givenQueryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <SessionProvider store={sessionStore}>
            <SurveyPreviewProvider>{children}</SurveyPreviewProvider>
          </SessionProvider>
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
};
