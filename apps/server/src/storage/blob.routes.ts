import type { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errorResponses, notFound, payloadTooLarge } from '../errors';
import { fileResponse } from '../http/api-docs';
import { parseRequestedBlobPath } from './blob-path';
import { LOCAL_BLOB_URL_PREFIX, type LocalBlobStore } from './local-blob-store';

const BlobQuery = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(200).optional(),
  /** The name to save the file under (Content-Disposition: attachment); covered by the signature. */
  download: z.string().min(1).max(1024).optional(),
  /** The content type to serve the file as, whatever its name says; covered by the signature. */
  type: z.string().min(1).max(200).optional(),
});

const WriteQuery = z.object({
  expires: z.string().max(20).optional(),
  contentType: z.string().max(200).optional(),
  maxBytes: z.string().max(20).optional(),
  signature: z.string().max(200).optional(),
});

/** Browsers may keep a file at most this long, and never past its URL's expiry. */
const MAX_CACHE_SECONDS = 24 * 3600;

const linkInvalid = () => new AppError(403, 'link_invalid', 'This file link is not valid');
const linkExpired = () =>
  new AppError(403, 'link_expired', 'This file link has expired; reload the page for a new one');

/** The media type of a Content-Type header, without parameters such as `; charset=…`. */
const mediaTypeOf = (header: string | undefined) => header?.split(';')[0]!.trim().toLowerCase() ?? '';

const blobPathOf = (url: string) =>
  parseRequestedBlobPath(url.split('?')[0]!.slice(`${LOCAL_BLOB_URL_PREFIX}/`.length));

/**
 * GET /api/blobs/<path>?expires=…&signature=…[&download=…][&type=…]: the local driver's signed read
 * URLs. No session is needed (an `<img>` sends none); the signature is the permission. Ranges and
 * conditional requests are answered by @fastify/send, so videos can seek.
 */
export const blobRoutes: FastifyPluginAsyncZod<{ store: LocalBlobStore }> = async (app, { store }) => {
  // Only for reply.sendFile and reply.download, in this plugin's scope: no routes of its own.
  await app.register(fastifyStatic, { root: store.root, serve: false });

  app.get(
    '/*',
    {
      schema: {
        tags: ['storage'],
        operationId: 'readBlob',
        summary: 'Read a stored file through a signed, expiring URL',
        querystring: BlobQuery,
        response: {
          200: fileResponse('The file, with the content type of its name or the one the URL pins', '*/*'),
          ...errorResponses(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const blobPath = blobPathOf(request.url);
      const { expires, signature, download, type } = request.query;
      const check = store.checkSignature(blobPath, expires, signature, download, type);
      if (check === 'invalid') throw linkInvalid();
      if (check === 'expired') throw linkExpired();
      if (!(await store.exists(blobPath))) throw notFound('file');

      const maxAge = Math.min(store.secondsLeft(expires!), MAX_CACHE_SECONDS);
      reply.header('cache-control', `private, max-age=${maxAge}`);
      // A pinned type replaces the one the file's extension would give.
      if (type) reply.header('content-type', type);
      const sendOptions = { root: store.root, cacheControl: false, dotfiles: 'allow', contentType: !type } as const;
      return download ? reply.download(blobPath, download, sendOptions) : reply.sendFile(blobPath, sendOptions);
    },
  );

  // Uploads arrive as raw bytes of any type, streamed to disk by the handler rather than parsed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  app.put(
    '/*',
    {
      schema: {
        tags: ['storage'],
        operationId: 'writeBlob',
        summary: 'Upload a file through a signed, expiring write URL (an upload grant), once',
        // The file's bytes, with the content type the grant names.
        consumes: ['*/*'],
        querystring: WriteQuery,
        response: { 201: z.null().describe('Stored'), ...errorResponses(400, 403, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      // Whatever the answer, the connection closes after it: a refused upload's remaining bytes are not worth reading.
      reply.header('connection', 'close');
      const blobPath = blobPathOf(request.url);
      const check = store.checkWriteSignature(blobPath, request.query);
      if (check === 'invalid') throw linkInvalid();
      if (check === 'expired') throw linkExpired();
      const contentType = request.query.contentType!;
      const maxBytes = Number(request.query.maxBytes);
      if (mediaTypeOf(request.headers['content-type']) !== mediaTypeOf(contentType)) {
        throw new AppError(415, 'unsupported_media_type', `This upload accepts only ${contentType}`);
      }
      // Refused before a byte is read when the size is announced; otherwise counted as it arrives.
      if (Number(request.headers['content-length'] ?? 0) > maxBytes) {
        throw payloadTooLarge(`The file is larger than ${maxBytes} bytes`);
      }
      // A write URL writes once: 409 when the path holds a file (written earlier, or by a racing PUT).
      await store.write(blobPath, request.body as Readable, { maxBytes });
      return reply.status(201).send(null);
    },
  );
};
