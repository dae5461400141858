import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiMock, makeAsset, signInAs } from '@/shared/testing/data-factories';
import { NO_RANGE } from '@/shared/filters/asset-range';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';
import { AssetList } from './asset-list';

const renderList = () =>
  renderRoutes([
    {
      path: '/',
      element: (
        <AssetList
          params={{ datasetId: 1, sort: 'date', query: { kind: 'plain' }, range: NO_RANGE }}
          enabled
          onSortChange={() => {}}
          canEdit={false}
          onShowDetails={() => {}}
          onShowMap={() => {}}
        />
      ),
    },
  ]);

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
    await renderList();

    expect(await screen.findByText('All 12,345 items loaded')).toBeInTheDocument();
    expect(screen.getByText(/Total: 12,345/)).toBeInTheDocument();
    expect(screen.queryByText(/not public/)).not.toBeInTheDocument();
  });

  it('tells an administrator how many of the listed assets the public does not see', async () => {
    signInAs('admin');
    const api = createApiMock({
      'GET /api/surveys/dataset-respondents': () =>
        jsonResponse({
          items: [makeAsset({ status: 'UPLOADED' })],
          meta: { page: 7, limit: 20, totalItems: 138, totalPages: 7, notPublic: 44 },
        }),
    });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    await renderList();

    expect(await screen.findByText(/Total: 138/)).toHaveTextContent('Total: 138 (44 not public)');
  });
});
