import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiMock, makeAsset, signInAs } from '@/shared/testing/data-factories';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';
import { AssetList } from './asset-list';

describe('asset list', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("formats the count of 'All N items loaded' for the interface language, as the total above", async () => {
    signInAs('guest');
    // The last page of a large dataset: nothing more to load.
    const api = createApiMock({
      'GET /api/surveys/dataset-respondents': () =>
        jsonResponse({
          items: [makeAsset({ name: 'Kulla e Jasharëve' })],
          meta: { page: 618, limit: 20, totalItems: 12345, totalPages: 618 },
        }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    await renderRoutes([
      {
        path: '/',
        element: (
          <AssetList
            params={{ datasetId: 1, sort: 'date', query: { kind: 'plain' } }}
            enabled
            onSortChange={() => {}}
            canEdit={false}
            onShowDetails={() => {}}
            onShowMap={() => {}}
          />
        ),
      },
    ]);

    expect(await screen.findByText('All 12,345 items loaded')).toBeInTheDocument();
    expect(screen.getByText(/Total: 12,345/)).toBeInTheDocument();
  });
});
