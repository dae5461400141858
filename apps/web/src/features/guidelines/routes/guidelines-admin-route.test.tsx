import type { Guideline } from '@trashegimia/contract/guidelines';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiMock, signInAs } from '@/shared/testing/data-factories';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';
import { GuidelinesAdminRoute } from './guidelines-admin-route';

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

const FIELD_GUIDE = makeGuideline({ id: 1, title: 'Udhëzues për regjistrimin e aseteve' });
const FORM = makeGuideline({
  id: 2,
  title: 'Formulari i vlerësimit',
  contentType: 'word',
  fileName: 'formulari.docx',
  url: '/api/blobs/guidelines/formulari.docx?expires=1&signature=s',
});

const GRANT = {
  uploadUrl: 'https://storage.example/guidelines/abc/plan.pdf?sig=1',
  requiredHeaders: { 'Content-Type': 'application/pdf', 'x-ms-blob-type': 'BlockBlob' },
  blobPath: 'guidelines/abc/plan.pdf',
  maxBytes: 52_428_800,
  expiresAt: '2026-11-19T11:00:00.000Z',
};

type SentFile = { method: string; url: string; headers: Record<string, string>; body: unknown };

/** Stands in for the browser's XMLHttpRequest: records the PUT, reports half the bytes sent, then answers. */
class FakeUpload {
  static sent: SentFile[] = [];
  static status = 201;
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  private request: SentFile = { method: '', url: '', headers: {}, body: undefined };
  status = 0;

  open(method: string, url: string) {
    this.request = { method, url, headers: {}, body: undefined };
  }
  setRequestHeader(name: string, value: string) {
    this.request.headers[name] = value;
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  send(body: Blob) {
    FakeUpload.sent.push({ ...this.request, body });
    setTimeout(() => {
      this.upload.dispatchEvent(Object.assign(new Event('progress'), { loaded: body.size / 2 }));
      this.status = FakeUpload.status;
      this.events.dispatchEvent(new Event('load'));
    });
  }
  abort() {
    this.events.dispatchEvent(new Event('abort'));
  }
}

const page = (items: Guideline[]) => ({
  items,
  meta: { page: 1, limit: 100, totalItems: items.length, totalPages: items.length ? 1 : 0 },
});

const setup = async ({
  initial = [FIELD_GUIDE, FORM],
  register,
  remove,
}: { initial?: Guideline[]; register?: () => Response; remove?: () => Response } = {}) => {
  signInAs('admin');
  let guidelines = [...initial];
  const api = createApiMock({
    'GET /api/guidelines': ({ url }) =>
      jsonResponse(page(guidelines.filter((g) => g.title.includes(url.searchParams.get('q') ?? '')))),
    'POST /api/guidelines/upload/sas': () => jsonResponse(GRANT),
    'POST /api/guidelines': ({ body }) => {
      if (register) return register();
      const { title } = body as { title: string };
      const created = makeGuideline({ id: 3, title, fileName: 'plan.pdf' });
      guidelines = [created, ...guidelines];
      return jsonResponse(created, 201);
    },
    'PATCH /api/guidelines/1': ({ body }) => {
      const { title } = body as { title: string };
      guidelines = guidelines.map((g) => (g.id === 1 ? { ...g, title } : g));
      return jsonResponse(guidelines.find((g) => g.id === 1));
    },
    'GET /api/guidelines/2/sas': () =>
      jsonResponse({ url: '/api/blobs/guidelines/formulari.docx?download=formulari.docx&sig=1' }),
    'DELETE /api/guidelines/2': () => {
      if (remove) return remove();
      guidelines = guidelines.filter((g) => g.id !== 2);
      return new Response(null, { status: 204 });
    },
  });
  vi.stubGlobal('fetch', vi.fn(api.fetchMock));
  await renderRoutes([{ path: '/admin/guidelines', element: <GuidelinesAdminRoute /> }], {
    initialPath: '/admin/guidelines',
  });
  return { api, user: userEvent.setup({ applyAccept: false }) };
};

const pdf = (name = 'plan.pdf') => new File(['%PDF-1.4 a tiny plan'], name, { type: 'application/pdf' });
const items = async () =>
  within(await screen.findByRole('list', { name: 'Guideline documents' })).getAllByRole('listitem');

describe('admin/guidelines', () => {
  beforeEach(() => {
    FakeUpload.sent = [];
    FakeUpload.status = 201;
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists the documents with download, rename and delete, and a preview for PDFs', async () => {
    await setup();
    const [guide, form] = await items();
    expect(within(guide!).getByRole('button', { name: `View ${FIELD_GUIDE.title}` })).toBeInTheDocument();
    expect(within(guide!).getByRole('button', { name: `Download ${FIELD_GUIDE.title}` })).toBeInTheDocument();
    expect(within(guide!).getByRole('button', { name: `Rename ${FIELD_GUIDE.title}` })).toBeInTheDocument();
    expect(within(guide!).getByRole('button', { name: `Delete ${FIELD_GUIDE.title}` })).toBeInTheDocument();
    expect(within(form!).getByRole('img', { name: 'Word document' })).toBeInTheDocument();
    expect(within(form!).queryByRole('button', { name: /^View/ })).toBeNull();
  });

  it('says a download succeeded', async () => {
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = await setup();
    const [, form] = await items();
    await user.click(within(form!).getByRole('button', { name: `Download ${FORM.title}` }));
    expect(
      await screen.findByText('Documents downloaded successfully'),
      'the admin is not told the download went through',
    ).toBeInTheDocument();
    expect(clicked).toHaveBeenCalledOnce();
  });

  it('keeps Upload disabled until a PDF or Word file and a name are given', async () => {
    const { user } = await setup();
    const upload = screen.getByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();
    expect(screen.getByLabelText('File (PDF or Word)')).toHaveAttribute(
      'accept',
      expect.stringContaining('.pdf,.docx,.doc'),
    );

    await user.upload(screen.getByLabelText('File (PDF or Word)'), new File(['hello'], 'notes.txt'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Only PDF and Word documents (.pdf, .doc, .docx) are accepted.',
    );
    expect(upload).toBeDisabled();

    await user.upload(screen.getByLabelText('File (PDF or Word)'), pdf());
    expect(screen.queryByRole('alert')).toBeNull();
    // The file's name is offered as the document's name.
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('plan');
    expect(upload).toBeEnabled();

    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '   ');
    expect(upload).toBeDisabled();
  });

  it('asks for an upload slot, sends the file there with its headers, registers it and shows it in the list', async () => {
    const { api, user } = await setup();
    await items();
    const file = pdf();
    await user.upload(screen.getByLabelText('File (PDF or Word)'), file);
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '  Plani i punës  ');
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('Saved successfully')).toBeInTheDocument();
    expect(api.calls('POST', '/api/guidelines/upload/sas')[0]?.body).toEqual({
      fileName: 'plan.pdf',
      contentType: 'application/pdf',
      size: file.size,
    });
    expect(FakeUpload.sent).toEqual([
      { method: 'PUT', url: GRANT.uploadUrl, headers: GRANT.requiredHeaders, body: file },
    ]);
    expect(api.calls('POST', '/api/guidelines')[0]?.body).toEqual({
      title: 'Plani i punës',
      path: GRANT.blobPath,
      contentType: 'application/pdf',
    });
    await waitFor(async () => expect(await items()).toHaveLength(3));
    expect(screen.getByRole('heading', { name: 'Plani i punës' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it("says 'Save failed' and why when the server refuses the uploaded file", async () => {
    const { user } = await setup({
      register: () =>
        jsonResponse(
          { code: 'file_type_mismatch', field: 'contentType', message: 'The uploaded file is not a pdf file' },
          400,
        ),
    });
    await user.upload(screen.getByLabelText('File (PDF or Word)'), pdf());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Save failed')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The file is not the PDF or Word document its name says it is.',
    );
  });

  it("says 'Save failed' when the storage refuses the file, and registers nothing", async () => {
    FakeUpload.status = 403;
    const { api, user } = await setup();
    await user.upload(screen.getByLabelText('File (PDF or Word)'), pdf());
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('Save failed')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Upload failed');
    expect(api.calls('POST', '/api/guidelines')).toHaveLength(0);
  });

  it('renames a document in place, trimming the title; Escape cancels', async () => {
    const { api, user } = await setup();
    await user.click(await screen.findByRole('button', { name: `Rename ${FIELD_GUIDE.title}` }));
    const field = screen.getByRole('textbox', { name: `New name for ${FIELD_GUIDE.title}` });
    expect(field).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox', { name: `New name for ${FIELD_GUIDE.title}` })).toBeNull();

    await user.click(screen.getByRole('button', { name: `Rename ${FIELD_GUIDE.title}` }));
    const renaming = screen.getByRole('textbox', { name: `New name for ${FIELD_GUIDE.title}` });
    await user.clear(renaming);
    await user.type(renaming, '  Udhëzues i ri {Enter}');
    expect(await screen.findByRole('heading', { name: 'Udhëzues i ri' })).toBeInTheDocument();
    expect(api.calls('PATCH', '/api/guidelines/1')[0]?.body).toEqual({ title: 'Udhëzues i ri' });
    expect(screen.getByText('Saved successfully')).toBeInTheDocument();
  });

  it('deletes a document only after confirmation', async () => {
    const { api, user } = await setup();
    await user.click(await screen.findByRole('button', { name: `Delete ${FORM.title}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete document?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.calls('DELETE', '/api/guidelines/2')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: `Delete ${FORM.title}` }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(async () => expect(await items()).toHaveLength(1));
    expect(screen.getByText('Document deleted')).toBeInTheDocument();
  });

  it('shows the failed-to-load toast when a delete fails (spec §8)', async () => {
    const { user } = await setup({ remove: () => jsonResponse({ message: 'Boom' }, 500) });
    await user.click(await screen.findByRole('button', { name: `Delete ${FORM.title}` }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to load')).toBeInTheDocument();
    expect(await items()).toHaveLength(2);
  });

  it("says 'Failed to load' when the list cannot be loaded", async () => {
    signInAs('admin');
    const api = createApiMock({ 'GET /api/guidelines': () => jsonResponse({ message: 'Database unavailable' }, 500) });
    vi.stubGlobal('fetch', vi.fn(api.fetchMock));
    await renderRoutes([{ path: '/admin/guidelines', element: <GuidelinesAdminRoute /> }], {
      initialPath: '/admin/guidelines',
    });
    expect(await screen.findByText('Failed to load')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('opens a PDF in the preview dialog', async () => {
    const { user } = await setup();
    await user.click(await screen.findByRole('button', { name: `View ${FIELD_GUIDE.title}` }));
    const dialog = await screen.findByRole('dialog', { name: FIELD_GUIDE.title });
    expect(within(dialog).getByTitle(`Preview of ${FIELD_GUIDE.title}`)).toHaveAttribute('src', FIELD_GUIDE.url);
  });
});
