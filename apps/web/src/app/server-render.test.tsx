// @vitest-environment node
// The public pages' first view is rendered on the server (docs/decisions/0042): in Node there is no
// window, document, navigator or storage, and each page renders from the data already in the cache.
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getDatasetQueryOptions } from '@/features/data/api/get-dataset';
import { getDatasetAssetsQueryOptions } from '@/features/data/api/get-dataset-assets';
import { getAppConfigQueryOptions } from '@/shared/api/get-app-config';
import { getAssetQueryOptions } from '@/shared/api/get-asset';
import { getDatasetFiltersQueryOptions } from '@/shared/api/get-dataset-filters';
import { getDatasetsQueryOptions } from '@/shared/api/get-datasets';
import { createQueryClient } from '@/shared/api/query-client';
import { DATASET_LIST_LIMIT } from '@/shared/config/data-constants';
import { paths } from '@/shared/config/paths';
import { NO_RANGE } from '@/shared/filters/asset-range';
import { createI18nFor } from '@/shared/i18n/i18n';
import type { Language } from '@/shared/i18n/language';
import { createMemoryStorage } from '@/shared/session/memory-storage';
import { createSessionStore } from '@/shared/session/session-store';
import { storeGuest } from '@/shared/session/session-storage';
import {
  makeAppConfig,
  makeAsset,
  makeAssetDetail,
  makeDataset,
  makeDatasetDetail,
  pageOf,
} from '@/shared/testing/data-factories';
import { AppProviders } from './providers';
import { routes } from './routes';

const CASTLES = makeDatasetDetail({ id: 1, name: 'Kështjellat', nameXk: 'Kështjellat', nameEn: 'Castles' });
const MILLS = makeDataset({ id: 2, name: 'Mullinjtë' });
const FIRST_ASSETS = [makeAsset({ name: 'Kalaja e Prizrenit' }), makeAsset({ name: 'Kalaja e Novobërdës' })];
const ASSET = makeAssetDetail({ name: 'Kalaja e Artanës' });

/** The cache as the server will fill it before rendering: what each page reads first. */
const createFilledQueryClient = () => {
  const queryClient = createQueryClient();
  queryClient.setQueryData(getAppConfigQueryOptions().queryKey, makeAppConfig());
  queryClient.setQueryData(getDatasetsQueryOptions({ page: 1, limit: DATASET_LIST_LIMIT }).queryKey, {
    items: [CASTLES, MILLS],
    meta: { page: 1, limit: DATASET_LIST_LIMIT, totalItems: 2, totalPages: 1 },
  });
  queryClient.setQueryData(getDatasetQueryOptions(CASTLES.id).queryKey, CASTLES);
  queryClient.setQueryData(getDatasetFiltersQueryOptions(CASTLES.id).queryKey, { items: [] });
  const firstAssetsParams = { datasetId: CASTLES.id, sort: 'date', query: { kind: 'plain' }, range: NO_RANGE } as const;
  queryClient.setQueryData(getDatasetAssetsQueryOptions(firstAssetsParams).queryKey, {
    pages: [pageOf(FIRST_ASSETS)],
    pageParams: [1],
  });
  queryClient.setQueryData(getAssetQueryOptions(ASSET.id).queryKey, ASSET);
  return queryClient;
};

const createGuestSessionStore = () => {
  const storage = createMemoryStorage();
  storeGuest(storage, { access_token: 'guest-token' });
  return createSessionStore(storage);
};

/** The HTML a guest gets for `path`, in Albanian unless asked, rendered as the server will render it. */
const renderPage = async (path: string, language: Language = 'xk') => {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} answered ${context.status} instead of a page`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <AppProviders
      queryClient={createFilledQueryClient()}
      i18n={await createI18nFor(language)}
      sessionStore={createGuestSessionStore()}
    >
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
};

/**
 * React marks a part it could not render on the server (a suspended lazy module, an error) and
 * leaves it to the browser: the visitor would see that part blank or loading in the first view.
 */
const LEFT_TO_THE_BROWSER = '<!--$!-->';

describe('the public pages rendered on the server', () => {
  it('shows the home page with its title and the datasets to choose from', async () => {
    const html = await renderPage(paths.home.getHref());
    expect(html).toContain('Platforma për trashëgimi kulturore');
    expect(html).toContain('Kështjellat');
    expect(html).toContain('Mullinjtë');
    expect(html).not.toContain(LEFT_TO_THE_BROWSER);
  });

  it('speaks the language asked for, dataset names included', async () => {
    const html = await renderPage(paths.data.getHref(), 'en');
    expect(html).toContain('Castles');
    expect(html).not.toContain('Kështjellat');
    expect(html).toContain('>Data</h1>');
  });

  it('lists every dataset on /data', async () => {
    const html = await renderPage(paths.data.getHref());
    expect(html).toContain('Kështjellat');
    expect(html).toContain('Mullinjtë');
    expect(html).not.toContain(LEFT_TO_THE_BROWSER);
  });

  it("shows a dataset's name and its first assets on its page", async () => {
    const html = await renderPage(paths.dataset.getHref(CASTLES.id));
    expect(html).toContain('Kështjellat');
    expect(html).toContain('Kalaja e Prizrenit');
    expect(html).toContain('Kalaja e Novobërdës');
    expect(html).not.toContain(LEFT_TO_THE_BROWSER);
  });

  it("shows an asset's name and facts on its page", async () => {
    const html = await renderPage(paths.asset.getHref(ASSET.id));
    expect(html).toContain('Kalaja e Artanës');
    expect(html).toContain(ASSET.municipality);
    expect(html).not.toContain(LEFT_TO_THE_BROWSER);
  });

  // Their data is not in the cache yet (later steps of the decision): they render while loading it.
  it.each([
    [paths.map.getHref(), 'Harta Interaktive'],
    [paths.archive.getHref(), 'Arkiva'],
    [paths.documentation.getHref(), 'Dokumentacioni dhe formularët'],
  ])('shows %s with its heading', async (path, heading) => {
    const html = await renderPage(path);
    expect(html).toContain(`>${heading}</h1>`);
    expect(html).not.toContain(LEFT_TO_THE_BROWSER);
  });
});
