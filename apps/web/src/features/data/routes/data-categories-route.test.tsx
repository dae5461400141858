import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiMock, makeDataset, signInAs } from '@/shared/testing/data-factories';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';
import { DataCategoriesRoute } from './data-categories-route';

const stats = (totalResponses: number) => ({ totalResponses, totalSurveys: 1, activeSurveys: 1, totalQuestions: 5 });

const DATASETS = [
  makeDataset({ id: 1, name: 'Monumente', stats: stats(40), descriptionXk: 'Kulla dhe ura' }),
  makeDataset({ id: 2, name: 'Ngjarje kulturore', stats: stats(90), descriptionXk: 'Festivale dhe tradita' }),
  makeDataset({ id: 3, name: 'Çarshitë', stats: stats(5), descriptionXk: 'Tregje të vjetra' }),
  makeDataset({ id: 4, name: 'Zhvillime', stats: stats(12), descriptionXk: 'Peizazhe urbane' }),
];

const setup = async (
  response: () => Response = () =>
    jsonResponse({ items: DATASETS, meta: { page: 1, limit: 100, totalItems: 4, totalPages: 1 } }),
) => {
  signInAs('guest');
  const api = createApiMock({ 'GET /api/datasets': response });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  await renderRoutes([{ path: '/data', element: <DataCategoriesRoute /> }], { initialPath: '/data', language: 'xk' });
  return { api, user: userEvent.setup() };
};

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Kategoritë e dataset-eve' }))
    .getAllByRole('link')
    .map((link) => link.querySelector('.font-serif')?.textContent);

describe('/data', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the datasets as cards with their asset count, linking to /data/{id}', async () => {
    const { api } = await setup();
    const card = await screen.findByRole('link', { name: /Monumente/ });
    expect(card).toHaveAttribute('href', '/data/1');
    expect(card).toHaveTextContent('40Asete');
    expect(api.calls('GET', '/api/datasets')[0]?.url.searchParams.get('limit')).toBe('100');
  });

  it('tells an administrator how many assets of a dataset the public does not see, and nobody else', async () => {
    await setup(() =>
      jsonResponse({
        items: [
          makeDataset({ id: 1, name: 'Monumente', stats: { ...stats(138), notPublicResponses: 44 } }),
          makeDataset({ id: 2, name: 'Ngjarje kulturore', stats: { ...stats(90), notPublicResponses: 0 } }),
        ],
        meta: { page: 1, limit: 100, totalItems: 2, totalPages: 1 },
      }),
    );
    expect(await screen.findByRole('link', { name: /^Monumente/ })).toHaveTextContent('138Asete (44 jo publike)');
    expect(screen.getByRole('link', { name: /Ngjarje kulturore/ })).toHaveTextContent(/90Asete$/);
  });

  it("sorts 'A - ZH' in the Albanian alphabet, and 'Më të shikuarat' by total responses", async () => {
    const { user } = await setup();
    await screen.findByRole('link', { name: /Monumente/ });
    expect(screen.getByRole('button', { name: 'A - ZH' })).toHaveAttribute('aria-pressed', 'true');
    // Albanian order: C < Ç < … < Z < Zh.
    expect(cardNames()).toEqual(['Çarshitë', 'Monumente', 'Ngjarje kulturore', 'Zhvillime']);

    await user.click(screen.getByRole('button', { name: 'Më të shikuarat' }));
    expect(screen.getByRole('button', { name: 'Më të shikuarat' })).toHaveAttribute('aria-pressed', 'true');
    expect(cardNames()).toEqual(['Ngjarje kulturore', 'Monumente', 'Zhvillime', 'Çarshitë']);
  });

  it('filters by the search box over name and description, ignoring accents', async () => {
    const { user } = await setup();
    await screen.findByRole('link', { name: /Monumente/ });
    await user.type(screen.getByRole('searchbox', { name: 'Kërko dataset-e' }), 'festivale');
    expect(cardNames()).toEqual(['Ngjarje kulturore']);
    await user.clear(screen.getByRole('searchbox', { name: 'Kërko dataset-e' }));
    await user.type(screen.getByRole('searchbox', { name: 'Kërko dataset-e' }), 'carshi');
    expect(cardNames()).toEqual(['Çarshitë']);
    await user.type(screen.getByRole('searchbox', { name: 'Kërko dataset-e' }), 'xyz');
    expect(screen.getByText('Asnjë dataset nuk përputhet me kërkimin.')).toBeInTheDocument();
  });

  it('opens and closes the description', async () => {
    const { user } = await setup();
    const toggle = screen.getByRole('button', { name: 'Rreth këtyre të dhënave' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(/Çdo aset është një vend/)).toBeVisible();
  });

  it("says 'Nuk ka dataseta të disponueshme' when there are none", async () => {
    await setup(() => jsonResponse({ items: [], meta: { page: 1, limit: 100, totalItems: 0, totalPages: 0 } }));
    expect(await screen.findByText('Nuk ka dataseta të disponueshme')).toBeInTheDocument();
  });

  it("says 'Gabim gjatë ngarkimit të të dhënave' when the list fails", async () => {
    await setup(() => new Response('', { status: 500 }));
    expect(await screen.findByText('Gabim gjatë ngarkimit të të dhënave')).toBeInTheDocument();
    expect(screen.getByText('Marrja e dataset-eve dështoi')).toBeInTheDocument();
  });
});
