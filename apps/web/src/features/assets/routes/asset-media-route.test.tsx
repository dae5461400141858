import type { MediaItem } from '@trashegimia/contract/assets';
import type { MediaReference } from '@trashegimia/contract/media';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiMock, makeAssetDetail, makeMediaItem, signInAs } from '@/shared/testing/data-factories';
import { jsonResponse, renderRoutes } from '@/shared/testing/test-utils';
import { AssetMediaRoute } from './asset-media-route';

const ASSET_ID = '00000000-0000-4000-8000-00000000abcd';
const MEDIA_PATH = `/api/surveys/assets/${ASSET_ID}/media`;

type Listener = (event: { loaded?: number }) => void;

/** Just enough of EventTarget for the upload code's listeners. */
class Listeners {
  private readonly byType = new Map<string, Listener[]>();
  addEventListener(type: string, listener: Listener) {
    this.byType.set(type, [...(this.byType.get(type) ?? []), listener]);
  }
  emit(type: string, event: { loaded?: number } = {}) {
    for (const listener of this.byType.get(type) ?? []) listener(event);
  }
}

/**
 * A stand-in for XMLHttpRequest, the only browser API that reports upload progress. Each request
 * is kept for the test to inspect and, unless `answerWith` says otherwise, answered 201 at once.
 */
class FakeUploadRequest extends Listeners {
  static sent: FakeUploadRequest[] = [];
  /** The status to answer with, or 'hold' to leave the request running until the test answers it. */
  static answerWith: number | 'hold' = 201;

  readonly upload = new Listeners();
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  aborted = false;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeUploadRequest.sent.push(this);
    const answer = FakeUploadRequest.answerWith;
    if (answer !== 'hold') queueMicrotask(() => this.respond(answer));
  }
  abort() {
    this.aborted = true;
    this.emit('abort');
  }
  progress(loaded: number) {
    this.upload.emit('progress', { loaded });
  }
  respond(status: number) {
    this.status = status;
    this.emit('load');
  }
}

type StoredMedia = MediaReference & Partial<Pick<MediaItem, 'createdAt'>>;

/**
 * An in-memory media API for one asset: grants, and a list the PUT replaces, as the server does
 * (a name or caption not sent is kept).
 */
const createMediaBackend = (initial: StoredMedia[]) => {
  let nextId = 1;
  const itemOf = ({ path, type, originalName = null, caption = null, createdAt }: StoredMedia): MediaItem =>
    makeMediaItem({
      id: nextId++,
      path,
      type,
      url: `/api/blobs/${path}?signature=s${nextId}`,
      contentType: null,
      size: 10,
      originalName,
      caption,
      ...(createdAt && { createdAt }),
    });
  let items = initial.map(itemOf);
  const refusals = new Map<string, Response>();
  const refuse = (key: string, fallback: () => Response) => () => {
    const refusal = refusals.get(key);
    refusals.delete(key);
    return refusal ?? fallback();
  };
  let grantCount = 0;
  /** When the n-th grant runs out: far off unless a test says otherwise. */
  let grantsExpireAt = (_n: number) => '2030-01-01T00:00:00.000Z';
  const api = createApiMock({
    [`GET /api/surveys/assets/${ASSET_ID}`]: () =>
      jsonResponse(makeAssetDetail({ id: ASSET_ID, name: 'Kulla e Jashar Pashës' })),
    [`GET ${MEDIA_PATH}`]: refuse('GET media', () => jsonResponse({ items })),
    [`POST ${MEDIA_PATH}/sas`]: (request) =>
      refuse('POST sas', () => {
        grantCount += 1;
        const { extension, contentType } = request.body as { extension: string; contentType: string };
        const blobPath = `assets/${ASSET_ID}/new-${grantCount}.${extension}`;
        return jsonResponse({
          uploadUrl: `https://storage.example/media/${blobPath}?sig=${grantCount}`,
          requiredHeaders: { 'x-ms-blob-type': 'BlockBlob', 'x-ms-blob-content-type': contentType },
          blobPath,
          maxBytes: 25 * 1024 * 1024,
          expiresAt: grantsExpireAt(grantCount),
        });
      })(),
    [`PUT ${MEDIA_PATH}`]: (request) =>
      refuse('PUT media', () => {
        const { media } = request.body as { media: MediaReference[] };
        const kept = new Map(items.map((item) => [item.path, item]));
        items = media.map((reference) => {
          const item = kept.get(reference.path);
          if (!item) return itemOf(reference);
          return {
            ...item,
            ...(reference.originalName !== undefined && { originalName: reference.originalName }),
            ...(reference.caption !== undefined && { caption: reference.caption }),
          };
        });
        return jsonResponse({ items });
      })(),
  });
  return {
    api,
    refuseNext: (key: 'GET media' | 'POST sas' | 'PUT media', response: Response) => refusals.set(key, response),
    reconciled: () =>
      api.calls('PUT', MEDIA_PATH).map((request) => (request.body as { media: MediaReference[] }).media),
    grantsAsked: () => api.calls('POST', `${MEDIA_PATH}/sas`).map((request) => request.body),
    grantsExpire: (at: (n: number) => string) => {
      grantsExpireAt = at;
    },
  };
};

const setup = async (
  initial: StoredMedia[] = [],
  prepare?: (backend: ReturnType<typeof createMediaBackend>) => void,
) => {
  signInAs('admin');
  const backend = createMediaBackend(initial);
  prepare?.(backend);
  vi.stubGlobal('fetch', vi.fn(backend.api.fetchMock));
  vi.stubGlobal('XMLHttpRequest', FakeUploadRequest);
  const view = await renderRoutes([{ path: '/admin/surveys/assets/:id/media', element: <AssetMediaRoute /> }], {
    initialPath: `/admin/surveys/assets/${ASSET_ID}/media`,
  });
  await screen.findByRole('heading', { level: 2, name: /Photos/ });
  return { ...view, backend, user: userEvent.setup() };
};

const photo = (name: string, bytes = 2048) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });
const EXISTING = { path: 'seed/kulla-1.jpg', type: 'PHOTO' } as const;

describe('asset media', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeUploadRequest.sent = [];
    FakeUploadRequest.answerWith = 201;
  });

  it('shows the media in the six sections by their file names and captions, with links back to the list and to the asset', async () => {
    await setup([
      EXISTING,
      { path: 'assets/x/3f2a9c.pdf', type: 'PDF', originalName: 'Plani i katit.pdf', caption: 'Kati përdhes' },
    ]);
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Photos(1)', 'Videos(0)', 'Audio(0)', 'PDF(1)', '3D(0)', '360° Videos(0)']);
    // Kept before names were: its type, number and date, never the stored file's generated name.
    const photos = screen.getByRole('region', { name: /Photos/ });
    expect(
      within(photos).getByRole('button', { name: 'Open Photo 1 · May 6, 2024' }).querySelector('img'),
    ).toHaveAttribute('src', expect.stringContaining('seed/kulla-1.jpg'));
    const pdf = screen.getByRole('region', { name: /PDF/ });
    expect(within(pdf).getByText('Plani i katit.pdf')).toBeInTheDocument();
    expect(within(pdf).getByText('Kati përdhes')).toBeInTheDocument();
    expect(within(pdf).queryByText(/3f2a9c/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to the list/ })).toHaveAttribute('href', '/admin/surveys/assets');
    expect(screen.getByRole('link', { name: 'Asset details' })).toHaveAttribute(
      'href',
      `/admin/surveys/assets/${ASSET_ID}`,
    );
    expect(await screen.findByText('Kulla e Jashar Pashës')).toBeInTheDocument();
  });

  it("uploads the chosen photos with the grant's headers and lists them after the existing media", async () => {
    const { user, backend } = await setup([EXISTING]);
    await user.upload(screen.getByLabelText('Add files to Photos'), [photo('kulla-2.png'), photo('kulla-3.PNG', 10)]);

    expect(await screen.findByText('Media saved')).toBeInTheDocument();
    expect(backend.grantsAsked()).toEqual([
      { mediaType: 'PHOTO', extension: 'png', contentType: 'image/png', size: 2048 },
      { mediaType: 'PHOTO', extension: 'png', contentType: 'image/png', size: 10 },
    ]);
    const [first] = FakeUploadRequest.sent;
    expect(first).toMatchObject({
      method: 'PUT',
      url: `https://storage.example/media/assets/${ASSET_ID}/new-1.png?sig=1`,
      headers: { 'x-ms-blob-type': 'BlockBlob', 'x-ms-blob-content-type': 'image/png', 'Content-Type': 'image/png' },
    });
    expect((first!.body as File).name).toBe('kulla-2.png');
    // Each file goes on the list under the name it had on the computer.
    expect(backend.reconciled()).toEqual([
      [
        EXISTING,
        { path: `assets/${ASSET_ID}/new-1.png`, type: 'PHOTO', originalName: 'kulla-2.png' },
        { path: `assets/${ASSET_ID}/new-2.png`, type: 'PHOTO', originalName: 'kulla-3.PNG' },
      ],
    ]);
    expect(screen.getByRole('button', { name: 'Open kulla-3.PNG' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /Photos/ })).toHaveTextContent('(3)');
  });

  it('asks again for a grant that would run out before its file, queued behind others, is sent', async () => {
    // The batch's first two grants run out within the minute; those asked again do not.
    const soon = () => new Date(Date.now() + 30_000).toISOString();
    const { user, backend } = await setup([], (backend) =>
      backend.grantsExpire((n) => (n <= 2 ? soon() : '2030-01-01T00:00:00.000Z')),
    );
    const asked = () => backend.grantsAsked().length;
    await user.upload(screen.getByLabelText('Add files to Photos'), [photo('kulla-2.png'), photo('kulla-3.png')]);

    expect(await screen.findByText('Media saved')).toBeInTheDocument();
    expect(asked()).toBe(4);
    expect(FakeUploadRequest.sent.map((request) => request.url)).toEqual([
      `https://storage.example/media/assets/${ASSET_ID}/new-3.png?sig=3`,
      `https://storage.example/media/assets/${ASSET_ID}/new-4.png?sig=4`,
    ]);
    expect(backend.reconciled()[0]!.map((media) => media.path)).toEqual([
      `assets/${ASSET_ID}/new-3.png`,
      `assets/${ASSET_ID}/new-4.png`,
    ]);
  });

  it("shows 'completed of total' and a bar of the bytes sent while files upload", async () => {
    FakeUploadRequest.answerWith = 'hold';
    const { user } = await setup();
    await user.upload(screen.getByLabelText('Add files to Photos'), [photo('a.png', 1000), photo('b.png', 3000)]);

    await waitFor(() => expect(FakeUploadRequest.sent).toHaveLength(1));
    expect(screen.getByText('0 of 2 completed')).toBeInTheDocument();
    expect(screen.getByText('Sending a.png')).toBeInTheDocument();
    FakeUploadRequest.sent[0]!.progress(1000);
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveValue(25));
    FakeUploadRequest.sent[0]!.respond(201);
    await waitFor(() => expect(FakeUploadRequest.sent).toHaveLength(2));
    expect(screen.getByText('1 of 2 completed')).toBeInTheDocument();
    expect(screen.getByLabelText('Add files to Videos')).toBeDisabled();
    FakeUploadRequest.sent[1]!.respond(201);
    expect(await screen.findByText('Media saved')).toBeInTheDocument();
  });

  it('cancels an upload: the running transfer stops, the rest is skipped and the asset keeps its list', async () => {
    FakeUploadRequest.answerWith = 'hold';
    const { user, backend } = await setup([EXISTING]);
    await user.upload(screen.getByLabelText('Add files to Photos'), [photo('a.png'), photo('b.png')]);
    await waitFor(() => expect(FakeUploadRequest.sent).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Cancel upload' }));

    expect(await screen.findByText('Upload cancelled. Nothing was added to the asset.')).toBeInTheDocument();
    expect(FakeUploadRequest.sent[0]!.aborted).toBe(true);
    expect(FakeUploadRequest.sent).toHaveLength(1);
    expect(backend.reconciled()).toEqual([]);
    expect(screen.getByLabelText('Add files to Photos')).toBeEnabled();
  });

  it("says 'Upload failed (status)' in a toast and inline when the storage refuses a file, and adds nothing", async () => {
    FakeUploadRequest.answerWith = 500;
    const { user, backend } = await setup();
    await user.upload(screen.getByLabelText('Add files to Videos'), [
      new File(['x'], 'dance.mp4', { type: 'video/mp4' }),
    ]);

    expect(await screen.findAllByText('dance.mp4: Upload failed (500)')).toHaveLength(2);
    expect(screen.getByRole('alert')).toHaveTextContent('dance.mp4: Upload failed (500)');
    expect(backend.reconciled()).toEqual([]);
  });

  it('says which file the server refuses before any upload starts, e.g. one too large', async () => {
    const { user } = await setup([], (backend) =>
      backend.refuseNext(
        'POST sas',
        jsonResponse({ code: 'payload_too_large', message: 'The file is larger than the 25 MB a PHOTO may have' }, 413),
      ),
    );
    await user.upload(screen.getByLabelText('Add files to Photos'), [photo('huge.png')]);

    expect(await screen.findByRole('alert')).toHaveTextContent('huge.png: The file is too large.');
    expect(FakeUploadRequest.sent).toHaveLength(0);
  });

  it('refuses a file of the wrong type before asking the server', async () => {
    const { backend } = await setup();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(screen.getByLabelText('Add files to Photos'), [
      new File(['notes'], 'notes.txt', { type: 'text/plain' }),
    ]);

    expect(await screen.findByRole('alert')).toHaveTextContent('notes.txt cannot be added to Photos.');
    expect(backend.grantsAsked()).toEqual([]);
  });

  it("says 'Save failed' when the files are stored but the asset's list cannot be updated", async () => {
    const { user } = await setup([], (backend) =>
      backend.refuseNext('PUT media', jsonResponse({ message: 'Database unavailable' }, 503)),
    );
    await user.upload(screen.getByLabelText('Add files to Photos'), [photo('a.png')]);

    expect(await screen.findByText('Save failed')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Database unavailable');
  });

  it('removes a file only after confirmation, keeping the rest of the list', async () => {
    const second = { path: 'seed/kulla-2.jpg', type: 'PHOTO' } as const;
    const { user, backend } = await setup([EXISTING, second]);

    await user.click(screen.getByRole('button', { name: 'Remove Photo 1 · May 6, 2024' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this file?' });
    expect(dialog).toHaveTextContent('The stored file is kept.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(backend.reconciled()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove Photo 1 · May 6, 2024' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Media saved')).toBeInTheDocument();
    expect(backend.reconciled()).toEqual([[second]]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /Photos/ })).toHaveTextContent('(1)');
  });

  it("says 'Remove failed' and keeps the dialog open with the reason when removal fails", async () => {
    const { user } = await setup([EXISTING], (backend) =>
      backend.refuseNext('PUT media', jsonResponse({ message: 'Database unavailable' }, 503)),
    );
    await user.click(screen.getByRole('button', { name: 'Remove Photo 1 · May 6, 2024' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Remove failed')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent('Database unavailable');
  });

  it("edits a file's name and caption, sending only that file's details, and shows them", async () => {
    const second = { path: 'seed/kulla-2.jpg', type: 'PHOTO', originalName: 'IMG_2041.jpg' } as const;
    const { user, backend } = await setup([EXISTING, second]);

    await user.click(screen.getByRole('button', { name: 'Edit details of IMG_2041.jpg' }));
    const dialog = screen.getByRole('dialog', { name: 'File details' });
    const name = within(dialog).getByRole('textbox', { name: 'File name' });
    expect(name).toHaveValue('IMG_2041.jpg');
    await user.clear(name);
    await user.type(name, 'Hyrja kryesore.jpg');
    await user.type(within(dialog).getByRole('textbox', { name: 'Caption' }), '  Dera e oborrit  ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Details saved')).toBeInTheDocument();
    expect(backend.reconciled()).toEqual([
      [
        { path: EXISTING.path, type: 'PHOTO' },
        { path: second.path, type: 'PHOTO', originalName: 'Hyrja kryesore.jpg', caption: 'Dera e oborrit' },
      ],
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const photos = screen.getByRole('region', { name: /Photos/ });
    expect(within(photos).getByText('Hyrja kryesore.jpg')).toBeInTheDocument();
    expect(within(photos).getByText('Dera e oborrit')).toBeInTheDocument();
  });

  it('clears a caption left empty, and keeps the dialog open with the reason when saving fails', async () => {
    const captioned = { ...EXISTING, caption: 'Fasada' };
    const { user, backend } = await setup([captioned], (server) =>
      server.refuseNext('PUT media', jsonResponse({ message: 'Database unavailable' }, 503)),
    );
    await user.click(screen.getByRole('button', { name: 'Edit details of Photo 1 · May 6, 2024' }));
    const dialog = screen.getByRole('dialog', { name: 'File details' });
    await user.clear(within(dialog).getByRole('textbox', { name: 'Caption' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Database unavailable');

    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.reconciled().at(-1)).toEqual([
      { path: EXISTING.path, type: 'PHOTO', originalName: null, caption: null },
    ]);
    expect(screen.queryByText('Fasada')).not.toBeInTheDocument();
  });

  it('opens a file with its caption shown under it and read as its text alternative', async () => {
    const { user } = await setup([{ ...EXISTING, caption: 'Fasada lindore' }]);
    await user.click(screen.getByRole('button', { name: 'Open Photo 1 · May 6, 2024' }));
    const dialog = screen.getByRole('dialog', { name: 'Photo 1 · May 6, 2024' });
    expect(within(dialog).getByRole('img', { name: 'Kulla e Jashar Pashës – Fasada lindore' })).toBeInTheDocument();
    expect(within(dialog).getByText('Fasada lindore')).toBeInTheDocument();
  });

  it("refreshes the file links and says 'URLs refreshed'", async () => {
    const { user, backend } = await setup([EXISTING]);
    await user.click(screen.getByRole('button', { name: 'Refresh URLs' }));
    expect(await screen.findByText('URLs refreshed')).toBeInTheDocument();
    expect(backend.api.calls('GET', MEDIA_PATH)).toHaveLength(2);
  });
});
