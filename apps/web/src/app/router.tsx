import { createBrowserRouter, matchRoutes, type DataRouter, RouterProvider } from 'react-router';
import { routes } from './routes';

/**
 * The router, once the screens of the page being opened have loaded: a page the server rendered
 * hydrates only if the first render shows the same screen, not a loading one (decision 0042).
 */
export const createAppRouter = async (): Promise<DataRouter> => {
  const lazyMatches = matchRoutes(routes, window.location)?.filter(({ route }) => typeof route.lazy === 'function');
  await Promise.all(
    (lazyMatches ?? []).map(async ({ route }) => {
      const load = route.lazy as () => Promise<object>;
      Object.assign(route, await load(), { lazy: undefined });
    }),
  );
  return createBrowserRouter(routes);
};

export const AppRouter = ({ router }: { router: DataRouter }) => <RouterProvider router={router} />;
