import type { Guideline } from '@trashegimia/contract/guidelines';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@/shared/i18n/language';
import { createApiMock, signInAs } from '@/shared/testing/data-factories';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';
import { DocumentationRoute } from './documentation-route';

const makeGuideline = (overrides: Partial<Guideline>): Guideline => ({
  id: 1,
  title: 'Udhëzues',
  contentType: 'pdf',
  fileName: 'udhezues.pdf',
  size: 1112,
  createdAt: '2026-11-19T10:00:00.000Z',
  url: '/api/blobs/guidelines/udhezues.pdf?expires=1&signature=s',
  ...overrides,
});

const FIELD_GUIDE = makeGuideline({ id: 1, title: 'Udhëzues për regjistrimin e aseteve në terren' });
const FORM = makeGuideline({
  id: 2,
  title: 'Formulari i vlerësimit të gjendjes',
  contentType: 'word',
  fileName: 'formulari.docx',
  size: 6108,
  url: '/api/blobs/guidelines/formulari.docx?expires=1&signature=s',
});

const page = (items: Guideline[]) => ({
  items,
  meta: { page: 1, limit: 100, totalItems: items.length, totalPages: items.length ? 1 : 0 },
});

const setup = async ({
  list = ({ url }: { url: URL }) =>
    jsonResponse(page([FIELD_GUIDE, FORM].filter((g) => g.title.includes(url.searchParams.get('q') ?? '')))),
  sas = () => jsonResponse({ url: '/api/blobs/guidelines/formulari.docx?download=formulari.docx&sig=1' }),
  language = 'en',
}: { list?: (request: { url: URL }) => Response; sas?: () => Response; language?: Language } = {}) => {
  signInAs('guest');
  const api = createApiMock({
    'GET /api/guidelines': list,
    'GET /api/guidelines/2/sas': sas,
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  await renderRoutes([{ path: '/dokumentacioni', element: <DocumentationRoute /> }], {
    initialPath: '/dokumentacioni',
    language,
  });
  return { api, user: userEvent.setup() };
};

const items = async () => within(await screen.findByRole('list', { name: 'Documents' })).getAllByRole('listitem');

describe('/dokumentacioni', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the documents with their type icon, size and date, asking for preview URLs', async () => {
    const { api } = await setup();
    const [guide, form] = await items();
    expect(within(guide!).getByRole('img', { name: 'PDF document' })).toBeInTheDocument();
    expect(within(guide!).getByRole('heading', { name: FIELD_GUIDE.title })).toBeInTheDocument();
    expect(guide).toHaveTextContent('PDF document · 1.1 kB · November 19, 2026');
    expect(within(form!).getByRole('img', { name: 'Word document' })).toBeInTheDocument();
    expect(api.calls('GET', '/api/guidelines')[0]?.url.searchParams.get('includeUrl')).toBe('1');
  });

  it('offers a preview for PDFs only', async () => {
    await setup();
    const [guide, form] = await items();
    expect(within(guide!).getByRole('button', { name: `View ${FIELD_GUIDE.title}` })).toBeInTheDocument();
    expect(within(form!).queryByRole('button', { name: /^View/ })).toBeNull();
    expect(within(form!).getByRole('button', { name: `Download ${FORM.title}` })).toBeInTheDocument();
  });

  it('searches by title on the server once typing pauses', async () => {
    const { api, user } = await setup();
    await items();
    await user.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'Formulari');
    await waitFor(async () => expect(await items()).toHaveLength(1));
    expect(screen.getByRole('heading', { name: FORM.title })).toBeInTheDocument();
    // One request for the whole word, not one per letter.
    expect(api.calls('GET', '/api/guidelines').map((call) => call.url.searchParams.get('q'))).toEqual([
      null,
      'Formulari',
    ]);

    await user.clear(screen.getByRole('searchbox', { name: 'Search by title' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search by title' }), 'Harta');
    expect(await screen.findByText('No document matches your search.')).toBeInTheDocument();
  });

  it('shows a PDF in a full-screen dialog, closed with Escape', async () => {
    const { user } = await setup();
    await user.click(await screen.findByRole('button', { name: `View ${FIELD_GUIDE.title}` }));
    const dialog = await screen.findByRole('dialog', { name: FIELD_GUIDE.title });
    expect(within(dialog).getByTitle(`Preview of ${FIELD_GUIDE.title}`)).toHaveAttribute('src', FIELD_GUIDE.url);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('downloads through a fresh signed URL, under the file name, and says it succeeded', async () => {
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    const { api, user } = await setup();
    await user.click(await screen.findByRole('button', { name: `Download ${FORM.title}` }));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(api.calls('GET', '/api/guidelines/2/sas')).toHaveLength(1);
    expect(clicked[0]?.getAttribute('href')).toBe('/api/blobs/guidelines/formulari.docx?download=formulari.docx&sig=1');
    expect(clicked[0]?.download).toBe('formulari.docx');
    expect(
      await within(screen.getByRole('region', { name: 'Notifications' })).findByText(
        'Documents downloaded successfully',
      ),
      'the visitor is not told the download went through',
    ).toBeInTheDocument();
  });

  it("says 'Dokumentet u shkarkuan me sukses' in Albanian", async () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = await setup({ language: 'xk' });
    await user.click(await screen.findByRole('button', { name: `Shkarko ${FORM.title}` }));
    expect(await screen.findByText('Dokumentet u shkarkuan me sukses')).toBeInTheDocument();
  });

  it('says nothing when a download fails, and lets the visitor try again', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { api, user } = await setup({ sas: () => jsonResponse({ message: 'Guideline not found' }, 404) });
    const button = await screen.findByRole('button', { name: `Download ${FORM.title}` });
    await user.click(button);
    await waitFor(() => expect(api.calls('GET', '/api/guidelines/2/sas')).toHaveLength(1));
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveTextContent('Download');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Documents downloaded successfully')).toBeNull();
    expect(click).not.toHaveBeenCalled();
  });

  it("shows the failedToLoad text when the list cannot be loaded, and 'Try again' reloads it", async () => {
    let fail = true;
    const { user } = await setup({
      list: () => (fail ? jsonResponse({ message: 'Boom' }, 500) : jsonResponse(page([FORM]))),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await items()).toHaveLength(1);
  });

  it('says so when there are no documents', async () => {
    await setup({ list: () => jsonResponse(page([])) });
    expect(await screen.findByText('There are no documents yet.')).toBeInTheDocument();
  });
});
