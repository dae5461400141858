import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { i18n } from '@/shared/i18n/i18n';
import type { Language } from '@/shared/i18n/language';
import { SessionProvider } from '@/shared/session/session-provider';
import { ToastProvider } from '@/shared/ui/toast-provider';

export const createTestQueryClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });

export const TestProviders = ({
  children,
  queryClient = createTestQueryClient(),
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) => (
  <I18nextProvider i18n={i18n}>
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <SessionProvider>{children}</SessionProvider>
      </ToastProvider>
    </QueryClientProvider>
  </I18nextProvider>
);

type RenderRoutesOptions = { initialPath?: string; language?: Language; queryClient?: QueryClient };

/** Renders routes in a memory router with every app provider; the session comes from localStorage. */
export const renderRoutes = async (
  routes: RouteObject[],
  { initialPath = '/', language = 'en', queryClient }: RenderRoutesOptions = {},
) => {
  await i18n.changeLanguage(language);
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const result = render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, router };
};

/** A JSON answer for a stubbed fetch. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
