import fs, {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../test/manual-clock';
import { checkBlobPath, parseRequestedBlobPath } from './blob-path';
import { LocalBlobStore } from './local-blob-store';
import { describeBlobStoreContract } from './testing/blob-store-contract';

const root = mkdtempSync(path.join(tmpdir(), 'trashegimia-blobs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('blob paths', () => {
  it('accept relative paths inside the store', () => {
    expect(checkBlobPath('demo/001-kulla-e-sahatit.png')).toBe('demo/001-kulla-e-sahatit.png');
    expect(checkBlobPath('media/ë ç/photo.jpg')).toBe('media/ë ç/photo.jpg');
  });

  it('refuse anything that could leave the store', () => {
    for (const bad of ['', '/etc/passwd', 'a/../../b', '..', './a', 'a//b', 'a\\..\\b', 'a/\u0000b', 'a/']) {
      expect(checkBlobPath(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('refuse encoded slashes, backslashes and NULs in request URLs before decoding', () => {
    expect(parseRequestedBlobPath('media/kulla%20e%20Sahatit.png')).toBe('media/kulla e Sahatit.png');
    for (const bad of ['a%2F..%2Fb', 'a%2f..', '%5C..', 'a%00b', '%2e%2e/x', 'a/%E0%A4%A']) {
      expect(() => parseRequestedBlobPath(bad), bad).toThrow(expect.objectContaining({ statusCode: 400 }));
    }
  });
});

describeBlobStoreContract('local');

describe('LocalBlobStore', () => {
  const now = Date.UTC(2024, 0, 1, 12, 0, 0);
  const store = new LocalBlobStore(root, 'signing-key', new ManualClock(now));

  it('signs URLs that it accepts until they expire', async () => {
    const url = new URL(await store.readUrl('demo/a.png', 600), 'http://localhost');
    expect(url.pathname).toBe('/api/blobs/demo/a.png');
    const expires = url.searchParams.get('expires')!;
    const signature = url.searchParams.get('signature')!;
    // At least the asked-for time, rounded up to a 5-minute step so URLs repeat and caches hit.
    expect(Number(expires) * 1000 - now).toBeGreaterThanOrEqual(600_000);
    expect(Number(expires) % 300).toBe(0);
    expect(await store.readUrl('demo/a.png', 600)).toBe(`${url.pathname}${url.search}`);

    expect(store.checkSignature('demo/a.png', expires, signature)).toBe('valid');
    expect(store.checkSignature('demo/b.png', expires, signature)).toBe('invalid');
    expect(store.checkSignature('demo/a.png', String(Number(expires) + 1), signature)).toBe('invalid');
    expect(store.checkSignature('demo/a.png', expires, `${signature}x`)).toBe('invalid');
    expect(store.checkSignature('demo/a.png', undefined, signature)).toBe('invalid');

    const later = new LocalBlobStore(root, 'signing-key', new ManualClock(now + 3_600_000));
    expect(later.checkSignature('demo/a.png', expires, signature)).toBe('expired');
    const otherKey = new LocalBlobStore(root, 'another-key', new ManualClock(now));
    expect(otherKey.checkSignature('demo/a.png', expires, signature)).toBe('invalid');
  });

  it('signs the download name with the path, so it can be neither changed, added nor dropped', async () => {
    const url = new URL(await store.readUrl('docs/a.pdf', 600, { downloadAs: 'Udhëzues.pdf' }), 'http://localhost');
    expect(url.searchParams.get('download')).toBe('Udhëzues.pdf');
    const expires = url.searchParams.get('expires')!;
    const signature = url.searchParams.get('signature')!;

    expect(store.checkSignature('docs/a.pdf', expires, signature, 'Udhëzues.pdf')).toBe('valid');
    expect(store.checkSignature('docs/a.pdf', expires, signature, 'other.exe')).toBe('invalid');
    expect(store.checkSignature('docs/a.pdf', expires, signature)).toBe('invalid');
    const plain = new URL(await store.readUrl('docs/a.pdf', 600), 'http://localhost').searchParams;
    expect(store.checkSignature('docs/a.pdf', expires, plain.get('signature')!, 'a.pdf')).toBe('invalid');
  });

  it('encodes each path segment in the URL', async () => {
    expect(await store.readUrl('media/Kulla e Sahatit?.png')).toMatch(
      /^\/api\/blobs\/media\/Kulla%20e%20Sahatit%3F\.png\?/,
    );
  });

  it('reads files and tells whether they exist, and never outside its root', async () => {
    writeFileSync(path.join(root, 'note.txt'), 'Përshëndetje');
    expect((await store.read('note.txt')).toString('utf8')).toBe('Përshëndetje');
    expect(await store.exists('note.txt')).toBe(true);
    expect(await store.exists('missing.txt')).toBe(false);
    await expect(store.read('../outside.txt')).rejects.toThrow(/not a valid blob path/);
    await expect(store.readUrl('/etc/passwd')).rejects.toThrow(/not a valid blob path/);
  });

  it('grants write URLs bound to the path, content type, size limit and expiry, which a read URL never is', async () => {
    const grant = await store.writeUrl('guidelines/x/a.pdf', {
      contentType: 'application/pdf',
      maxBytes: 1000,
      expiresIn: 600,
    });
    expect(grant.requiredHeaders).toEqual({ 'Content-Type': 'application/pdf' });
    expect(grant.expiresAt.getTime()).toBe(now + 600_000);
    const url = new URL(grant.uploadUrl, 'http://localhost');
    expect(url.pathname).toBe('/api/blobs/guidelines/x/a.pdf');
    const permit = Object.fromEntries(url.searchParams);

    expect(store.checkWriteSignature('guidelines/x/a.pdf', permit)).toBe('valid');
    expect(store.checkWriteSignature('guidelines/x/b.pdf', permit)).toBe('invalid');
    expect(store.checkWriteSignature('guidelines/x/a.pdf', { ...permit, maxBytes: '1001' })).toBe('invalid');
    expect(store.checkWriteSignature('guidelines/x/a.pdf', { ...permit, contentType: 'text/html' })).toBe('invalid');
    const later = new LocalBlobStore(root, 'signing-key', new ManualClock(now + 601_000));
    expect(later.checkWriteSignature('guidelines/x/a.pdf', permit)).toBe('expired');

    const read = new URL(await store.readUrl('guidelines/x/a.pdf', 600), 'http://localhost').searchParams;
    const readAsWrite = { ...permit, expires: read.get('expires')!, signature: read.get('signature')! };
    expect(store.checkWriteSignature('guidelines/x/a.pdf', readAsWrite)).toBe('invalid');
  });

  it('writes an upload into place, and leaves nothing behind when it is larger than allowed', async () => {
    const size = await store.write('uploads/ok.bin', Readable.from([Buffer.from('abc'), Buffer.from('def')]), {
      maxBytes: 6,
    });
    expect(size).toBe(6);
    expect(readFileSync(path.join(root, 'uploads/ok.bin'), 'utf8')).toBe('abcdef');
    expect(await store.stat('uploads/ok.bin')).toEqual({ size: 6 });
    expect((await store.readStart('uploads/ok.bin', 4)).toString()).toBe('abcd');

    const tooLarge = store.write('uploads/big.bin', Readable.from([Buffer.from('abcd'), Buffer.from('efg')]), {
      maxBytes: 6,
    });
    await expect(tooLarge).rejects.toMatchObject({ statusCode: 413 });
    expect(readdirSync(path.join(root, 'uploads'))).toEqual(['ok.bin']);

    await store.delete('uploads/ok.bin');
    await store.delete('uploads/ok.bin');
    expect(existsSync(path.join(root, 'uploads/ok.bin'))).toBe(false);
    expect(await store.stat('uploads/ok.bin')).toBeNull();
  });

  it('leaves nothing behind of an oversized upload when the disk is slow to open its file', async () => {
    // On a busy disk the refusal can come before the temporary file exists.
    const open = fs.open;
    let fileOpened!: () => void;
    const opened = new Promise<void>((resolve) => (fileOpened = resolve));
    type Opened = (error: NodeJS.ErrnoException | null, descriptor: number) => void;
    // As a write stream opens its file: path, flags, mode and callback.
    const openLate = (file: fs.PathLike, flags: fs.OpenMode, mode: fs.Mode, callback: Opened) => {
      setTimeout(
        () =>
          open(file, flags, mode, (error, descriptor) => {
            callback(error, descriptor);
            fileOpened();
          }),
        50,
      );
    };
    const slowOpen = vi.spyOn(fs, 'open').mockImplementation(openLate as typeof open);
    try {
      const tooLarge = store.write('slow/big.bin', Readable.from([Buffer.from('abcd'), Buffer.from('efg')]), {
        maxBytes: 6,
      });
      await expect(tooLarge).rejects.toMatchObject({ statusCode: 413 });
    } finally {
      slowOpen.mockRestore();
    }
    // Only once the file exists would one removed too early be back.
    await opened;
    expect(readdirSync(path.join(root, 'slow'))).toEqual([]);
  });

  it('never replaces a file through an upload: 409 before a byte is read, leaving nothing behind', async () => {
    await store.write('once/a.bin', Readable.from([Buffer.from('first')]), { maxBytes: 100 });
    let read = false;
    const second = Readable.from(
      (async function* () {
        read = true;
        yield Buffer.from('second');
      })(),
    );
    await expect(store.write('once/a.bin', second, { maxBytes: 100 })).rejects.toMatchObject({
      statusCode: 409,
      code: 'file_exists',
    });
    expect(read).toBe(false);
    expect(readFileSync(path.join(root, 'once/a.bin'), 'utf8')).toBe('first');
    expect(readdirSync(path.join(root, 'once'))).toEqual(['a.bin']);
  });

  it('lets exactly one of two uploads that finish together win, whole, and removes the loser', async () => {
    // Each upload waits, its file open, until the other has started too: then both finish together.
    let started = 0;
    let bothStarted!: () => void;
    const together = new Promise<void>((resolve) => (bothStarted = resolve));
    const slow = (text: string) =>
      Readable.from(
        (async function* () {
          if (++started === 2) bothStarted();
          await together;
          yield Buffer.from(text);
        })(),
      );
    const results = await Promise.allSettled([
      store.write('race/a.bin', slow('first'), { maxBytes: 100 }),
      store.write('race/a.bin', slow('second'), { maxBytes: 100 }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const lost = results.find((result) => result.status === 'rejected')!;
    expect(lost.reason).toMatchObject({ statusCode: 409 });
    const won = results.findIndex((result) => result.status === 'fulfilled') === 0 ? 'first' : 'second';
    expect(readFileSync(path.join(root, 'race/a.bin'), 'utf8')).toBe(won);
    expect(readdirSync(path.join(root, 'race'))).toEqual(['a.bin']);
  });

  it('writes once on a file system without hard links too', async () => {
    const noLinks = vi
      .spyOn(fs.promises, 'link')
      .mockRejectedValue(Object.assign(new Error('operation not permitted'), { code: 'EPERM' }));
    try {
      await store.write('nolinks/a.bin', Readable.from([Buffer.from('first')]), { maxBytes: 100 });
      const second = store.write('nolinks/a.bin', Readable.from([Buffer.from('second')]), { maxBytes: 100 });
      await expect(second).rejects.toMatchObject({ statusCode: 409 });
    } finally {
      noLinks.mockRestore();
    }
    expect(readFileSync(path.join(root, 'nolinks/a.bin'), 'utf8')).toBe('first');
    expect(readdirSync(path.join(root, 'nolinks'))).toEqual(['a.bin']);
  });

  it('replaces a file only when the server puts it itself', async () => {
    await store.put('own/a.bin', Buffer.from('first'));
    await store.put('own/a.bin', Buffer.from('second'));
    expect(readFileSync(path.join(root, 'own/a.bin'), 'utf8')).toBe('second');
  });

  it('signs the type a read URL serves the file as, so it can be neither changed, added nor dropped', async () => {
    const url = new URL(await store.readUrl('media/a.png', 600, { contentType: 'image/png' }), 'http://localhost');
    expect(url.searchParams.get('type')).toBe('image/png');
    const expires = url.searchParams.get('expires')!;
    const signature = url.searchParams.get('signature')!;
    expect(store.checkSignature('media/a.png', expires, signature, undefined, 'image/png')).toBe('valid');
    expect(store.checkSignature('media/a.png', expires, signature, undefined, 'text/html')).toBe('invalid');
    expect(store.checkSignature('media/a.png', expires, signature)).toBe('invalid');
    const plain = new URL(await store.readUrl('media/a.png', 600), 'http://localhost').searchParams;
    expect(store.checkSignature('media/a.png', expires, plain.get('signature')!, undefined, 'image/png')).toBe(
      'invalid',
    );
    await expect(store.readUrl('media/a.png', 600, { contentType: 'text/html\nx' })).rejects.toThrow(/content type/);
  });

  it('lists files by when their upload completed (the real file times), leftovers of broken uploads included', async () => {
    const dayAgo = (Date.now() - 25 * 3600_000) / 1000;
    const tree = mkdtempSync(path.join(tmpdir(), 'trashegimia-swept-'));
    try {
      const files = new LocalBlobStore(tree, 'signing-key');
      await files.write('assets/x/old.jpg', Readable.from([Buffer.from('a')]), { maxBytes: 10 });
      await files.write('assets/x/new.jpg', Readable.from([Buffer.from('b')]), { maxBytes: 10 });
      writeFileSync(path.join(tree, 'assets/x/old.jpg.1234.part'), 'half');
      mkdirSync(path.join(tree, 'assets/empty'));
      utimesSync(path.join(tree, 'assets/x/old.jpg'), dayAgo, dayAgo);
      utimesSync(path.join(tree, 'assets/x/old.jpg.1234.part'), dayAgo, dayAgo);
      const listed: string[] = [];
      for await (const blobPath of files.listStoredBefore('assets/', new Date(Date.now() - 24 * 3600_000))) {
        listed.push(blobPath);
      }
      expect(listed.sort()).toEqual(['assets/x/old.jpg', 'assets/x/old.jpg.1234.part']);
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });
});
