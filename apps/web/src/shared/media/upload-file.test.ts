import { afterEach, describe, expect, it, vi } from 'vitest';
import { UploadFailedError, uploadFile } from './upload-file';

type Listener = (event: { loaded: number }) => void;

/** Records what would go over the wire and answers with `status` once sent (or never, for 'hold'). */
const stubRequest = (status: number | 'hold') => {
  const sent: Array<{ method: string; url: string; headers: Record<string, string>; request: FakeRequest }> = [];
  class FakeRequest {
    private readonly listeners = new Map<string, Listener>();
    readonly upload = {
      addEventListener: (type: string, listener: Listener) => this.uploadListeners.set(type, listener),
    };
    private readonly uploadListeners = new Map<string, Listener>();
    private method = '';
    private url = '';
    private readonly headers: Record<string, string> = {};
    status = 0;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    addEventListener(type: string, listener: Listener) {
      this.listeners.set(type, listener);
    }
    send() {
      sent.push({ method: this.method, url: this.url, headers: this.headers, request: this });
      this.uploadListeners.get('progress')?.({ loaded: 3 });
      if (status === 'hold') return;
      this.status = status;
      this.listeners.get('load')?.({ loaded: 0 });
    }
    abort() {
      this.listeners.get('abort')?.({ loaded: 0 });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
};

const file = new Blob(['abc'], { type: 'image/png' });

describe('uploadFile', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("PUTs the file with the grant's headers, adding the content type only when the grant does not name it", async () => {
    const sent = stubRequest(201);
    const progress: number[] = [];
    await uploadFile({
      url: 'https://store.example/a.png?sig=1',
      headers: { 'x-ms-blob-type': 'BlockBlob' },
      contentType: 'image/png',
      file,
      onProgress: (loaded) => progress.push(loaded),
    });
    await uploadFile({
      url: '/api/blobs/a.png',
      headers: { 'content-type': 'image/png' },
      contentType: 'image/png',
      file,
    });

    expect(sent[0]).toMatchObject({
      method: 'PUT',
      url: 'https://store.example/a.png?sig=1',
      headers: { 'x-ms-blob-type': 'BlockBlob', 'Content-Type': 'image/png' },
    });
    expect(sent[1]!.headers).toEqual({ 'content-type': 'image/png' });
    expect(progress).toEqual([3]);
  });

  it("fails with the storage's status when it refuses the file", async () => {
    stubRequest(403);
    const upload = uploadFile({ url: '/u', headers: {}, contentType: 'image/png', file });
    await expect(upload).rejects.toBeInstanceOf(UploadFailedError);
    await expect(upload).rejects.toMatchObject({ status: 403, message: 'Upload failed (403)' });
  });

  it('stops the transfer when cancelled, and sends nothing when cancelled before it starts', async () => {
    const sent = stubRequest('hold');
    const controller = new AbortController();
    const upload = uploadFile({ url: '/u', headers: {}, contentType: 'image/png', file, signal: controller.signal });
    controller.abort();
    await expect(upload).rejects.toMatchObject({ name: 'AbortError' });

    await expect(
      uploadFile({ url: '/u', headers: {}, contentType: 'image/png', file, signal: controller.signal }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(sent).toHaveLength(1);
  });
});
