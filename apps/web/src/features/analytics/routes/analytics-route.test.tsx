import type { AssetSummary, FilterSelection, RespondentSummary } from '@trashegimia/contract/assets';
import type { DatasetFilter } from '@trashegimia/contract/datasets';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiMock, makeAsset, makeDataset, makeFilter, pageOf, signInAs } from '@/shared/testing/data-factories';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';
import { AnalyticsRoute } from './analytics-route';

const DATASET = makeDataset({ id: 1, name: 'Monumente' });
const OTHER_DATASET = makeDataset({ id: 2, name: 'Peizazhe' });

const withIdentifier = (filter: DatasetFilter, questionIdentifier: string): DatasetFilter => ({
  question: { ...filter.question, questionIdentifier },
});
const MUNICIPALITY = withIdentifier(
  makeFilter(10, 'Municipality', [
    { id: 100, value: 'Pejë', description: 'Peja' },
    { id: 101, value: 'Prizren' },
  ]),
  'MUNICIPALITY_NAME',
);
const TYPE = withIdentifier(
  makeFilter(11, 'Type of asset', [{ id: 110, value: 'Kullë', description: 'Stone tower house' }]),
  'ASSET_TYPE',
);

/** 12 assets in Pejë (towers, high risk) and 3 in Prizren (no type, low risk), named so they sort. */
const ASSETS = [
  ...Array.from({ length: 12 }, (_, i) =>
    makeAsset({
      name: `Kulla ${String(i + 1).padStart(2, '0')}`,
      municipality: 'Pejë',
      assetType: 'Kullë',
      usability: 'Në përdorim',
      riskLevel: 'high',
    }),
  ),
  ...Array.from({ length: 3 }, (_, i) =>
    makeAsset({ name: `Ura ${i + 1}`, municipality: 'Prizren', riskLevel: 'low' }),
  ),
];

/** The server's filtering, for the municipality question only. */
const matching = (assets: AssetSummary[], filters: FilterSelection[] = []) => {
  const municipalities = filters.find((filter) => filter.questionId === MUNICIPALITY.question.id)?.questionOptionValues;
  return municipalities ? assets.filter((asset) => municipalities.includes(asset.municipality ?? '')) : assets;
};

const summaryOf = (assets: AssetSummary[]): RespondentSummary => {
  const count = (values: (string | null)[]) =>
    [...new Set(values)]
      .map((value) => ({ value, count: values.filter((other) => other === value).length }))
      .sort((a, b) => b.count - a.count);
  return {
    totalItems: assets.length,
    byMunicipality: count(assets.map((asset) => asset.municipality)),
    byRiskLevel: (['high', 'medium', 'low'] as const).map((value) => ({
      value,
      count: assets.filter((asset) => asset.riskLevel === value).length,
    })),
    byType: count(assets.map((asset) => asset.assetType)),
  };
};

type Body = { filters?: FilterSelection[]; limit?: number };

const setup = async ({
  as = 'user',
  path = '/analytics?dataset=1',
  assets = ASSETS,
  resultsStatus = 200,
}: { as?: 'guest' | 'user' | 'admin'; path?: string; assets?: AssetSummary[]; resultsStatus?: number } = {}) => {
  signInAs(as);
  const api = createApiMock({
    'GET /api/datasets': () => jsonResponse({ ...pageOf([]), items: [DATASET, OTHER_DATASET] }),
    'GET /api/datasets/1/filters': () => jsonResponse({ items: [MUNICIPALITY, TYPE] }),
    'POST /api/surveys/dataset-respondents': ({ body }) => {
      if (resultsStatus !== 200) {
        return jsonResponse({ statusCode: resultsStatus, error: 'x', message: 'The database is busy' }, resultsStatus);
      }
      const { filters, limit = 20 } = body as Body;
      const found = matching(assets, filters);
      return jsonResponse(pageOf(found.slice(0, limit), { limit, totalItems: found.length }));
    },
    'POST /api/surveys/dataset-respondents/summary': ({ body }) =>
      jsonResponse(summaryOf(matching(assets, (body as Body).filters))),
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  const view = await renderRoutes(
    [
      { path: '/analytics', element: <AnalyticsRoute /> },
      { path: '/login', element: <h1>Login page</h1> },
    ],
    { initialPath: path },
  );
  return { ...view, api, user: userEvent.setup() };
};

const resultRows = () => {
  const table = screen.getByRole('table', { name: 'Results table' });
  return within(table).getAllByRole('row').slice(1);
};
const chart = (name: string) => screen.getByRole('img', { name });

describe('analytics', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a guest the dataset picker and an invitation to log in, and fetches no results', async () => {
    const { api } = await setup({ as: 'guest' });
    expect(await screen.findByRole('combobox', { name: 'Dataset' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Log in to use analytics' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/login?redirectTo=${encodeURIComponent('/analytics?dataset=1')}`,
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(api.calls('POST', '/api/surveys/dataset-respondents')).toHaveLength(0);
    expect(api.calls('POST', '/api/surveys/dataset-respondents/summary')).toHaveLength(0);
  });

  it('asks a logged-in user to choose a dataset, then shows its results', async () => {
    const { user, api } = await setup({ path: '/analytics' });
    expect(await screen.findByText('Choose a dataset to see its results, charts and report.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Dataset' }), 'Monumente');
    expect(await screen.findByText('Assets found: 15')).toBeInTheDocument();
    expect(api.calls('POST', '/api/surveys/dataset-respondents').at(-1)?.body).toMatchObject({
      datasetId: 1,
      filters: [],
      filterPage: 'ANALYTICS',
      page: 1,
      limit: 1000,
    });
  });

  it("pages through the results 8 at a time, in the reader's language", async () => {
    const { user } = await setup();
    await screen.findByText('Assets found: 15');
    expect(screen.getByText('Page 1 / 2')).toBeInTheDocument();
    expect(resultRows()).toHaveLength(8);
    const headers = within(screen.getByRole('table', { name: 'Results table' })).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Name',
      'Municipality',
      'Type',
      'Usability',
      'Access',
      'Risk',
    ]);
    // Option values are shown as the options' descriptions; values no option names stay as stored.
    expect(resultRows()[0]).toHaveAccessibleName('Kulla 01 Peja Stone tower house Në përdorim — High');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 / 2')).toBeInTheDocument();
    expect(resultRows()).toHaveLength(7);
    expect(resultRows().at(-1)).toHaveAccessibleName('Ura 3 Prizren — — — Low');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('draws the counts of every matching asset as charts, with the figures also as a table', async () => {
    const { user } = await setup();
    await waitFor(() => expect(chart('Assets per municipality')).toHaveAccessibleDescription('Peja: 12; Prizren: 3'));
    expect(chart('Assets per risk level')).toHaveAccessibleDescription('High: 12; Medium: 0; Low: 3');
    expect(chart('Assets per type')).toHaveAccessibleDescription('Stone tower house: 12; Not recorded: 3');

    const figure = screen.getByRole('figure', { name: 'Assets per municipality' });
    const table = within(figure).getByRole('table', { hidden: true });
    expect(table).not.toBeVisible();
    await user.click(within(figure).getByRole('button', { name: 'Show the figures as a table' }));
    expect(table).toBeVisible();
    expect(within(table).getByRole('row', { name: 'Peja 12' })).toBeInTheDocument();
  });

  it("filters with 'Show results' — table, total and charts change — and 'New search' brings everything back", async () => {
    const { user, api, router } = await setup();
    await screen.findByText('Assets found: 15');

    await user.click(await screen.findByRole('button', { name: 'Municipality' }));
    await user.click(screen.getByRole('checkbox', { name: 'Prizren' }));
    await user.click(screen.getByRole('button', { name: 'Show results' }));

    expect(await screen.findByText('Assets found: 3')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?dataset=1&f=10%3A101');
    expect(screen.getByText('Page 1 / 1')).toBeInTheDocument();
    expect(resultRows()).toHaveLength(3);
    await waitFor(() => expect(chart('Assets per municipality')).toHaveAccessibleDescription('Prizren: 3'));
    const sent = { questionId: 10, questionOptionIds: [101], questionOptionValues: ['Prizren'] };
    expect(api.calls('POST', '/api/surveys/dataset-respondents').at(-1)?.body).toMatchObject({ filters: [sent] });
    expect(api.calls('POST', '/api/surveys/dataset-respondents/summary').at(-1)?.body).toEqual({
      datasetId: 1,
      filters: [sent],
    });

    await user.click(screen.getByRole('button', { name: 'New search' }));
    expect(await screen.findByText('Assets found: 15')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Municipality' }));
    expect(screen.getByRole('checkbox', { name: 'Prizren' })).not.toBeChecked();
    expect(router.state.location.search).toBe('?dataset=1');
  });

  it("says 'No results found' when nothing matches, without empty charts", async () => {
    await setup({ assets: [] });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Assets per municipality' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Excel (XLSX)' })).not.toBeInTheDocument();
  });

  it("shows the server's message when the results cannot be loaded, and tries again on request", async () => {
    const { user, api } = await setup({ resultsStatus: 503 });
    expect(await screen.findByText('The database is busy')).toBeInTheDocument();
    const before = api.calls('POST', '/api/surveys/dataset-respondents').length;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.calls('POST', '/api/surveys/dataset-respondents').length).toBe(before + 1));
  });

  describe('download report', () => {
    it('downloads the filtered results as Excel with the same filters and order, with a spinner meanwhile', async () => {
      const { user, api } = await setup({ path: '/analytics?dataset=1&f=10:101' });
      const link = '/api/surveys/dataset-respondents/export?export=abc&expires=1718000000&signature=xyz';
      let finish: (response: Response) => void = () => {};
      const exports: unknown[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
          if (String(input) !== '/api/surveys/dataset-respondents/export-link') return api.fetchMock(input, init);
          exports.push(JSON.parse(String(init?.body)));
          return new Promise<Response>((resolve) => (finish = resolve));
        }),
      );
      const followed: (string | null)[] = [];
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        followed.push(this.getAttribute('href'));
      });

      await user.click(await screen.findByRole('button', { name: 'Excel (XLSX)' }));
      expect(await screen.findByText('Generating the report...')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'CSV' })).toBeDisabled();
      expect(exports).toEqual([
        {
          datasetId: 1,
          exportType: 'XLSX',
          filters: [{ questionId: 10, questionOptionIds: [101], questionOptionValues: ['Prizren'] }],
          sortBy: 'name',
          sortOrder: 'asc',
        },
      ]);

      finish(jsonResponse({ url: link, expiresAt: '2024-06-10T06:13:20.000Z' }));
      await waitFor(() => expect(followed).toEqual([link]));
      expect(await screen.findByText('The report was downloaded')).toBeInTheDocument();
      expect(screen.queryByText('Generating the report...')).not.toBeInTheDocument();
    });
  });
});
