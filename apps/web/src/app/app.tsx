import type { QueryClient } from '@tanstack/react-query';
import type { DataRouter } from 'react-router';
import { AppProviders } from './providers';
import { AppRouter } from './router';

export const App = ({ router, queryClient }: { router: DataRouter; queryClient: QueryClient }) => (
  <AppProviders queryClient={queryClient}>
    <AppRouter router={router} />
  </AppProviders>
);
