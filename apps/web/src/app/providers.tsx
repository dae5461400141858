import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createQueryClient } from '@/shared/api/query-client';
import { i18n } from '@/shared/i18n/i18n';
import { SessionProvider } from '@/shared/session/session-provider';
import { ToastProvider } from '@/shared/ui/toast-provider';
import { SurveyPreviewProvider } from './survey-preview-provider';

export const AppProviders = ({ children }: { children: ReactNode }) => {
  const [queryClient] = useState(createQueryClient);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <SessionProvider>
            <SurveyPreviewProvider>{children}</SurveyPreviewProvider>
          </SessionProvider>
        </ToastProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
};
