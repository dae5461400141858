import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, errorResponses, notFound } from '../errors';
import { parseRequestedBlobPath } from './blob-path';
import { LOCAL_BLOB_URL_PREFIX, type LocalBlobStore } from './local-blob-store';

const BlobQuery = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(200).optional(),
  /** The name to save the file under (Content-Disposition: attachment); covered by the signature. */
  download: z.string().min(1).max(1024).optional(),
});

/** Browsers may keep a file at most this long, and never past its URL's expiry. */
const MAX_CACHE_SECONDS = 24 * 3600;

const linkInvalid = () => new AppError(403, 'link_invalid', 'This file link is not valid');
const linkExpired = () =>
  new AppError(403, 'link_expired', 'This file link has expired; reload the page for a new one');

/**
 * GET /api/blobs/<path>?expires=…&signature=…[&download=…]: the local driver's signed read URLs. No session is
 * needed (an `<img>` sends none); the signature is the permission. Ranges and conditional requests
 * are answered by @fastify/send, so videos can seek.
 */
export const blobRoutes: FastifyPluginAsyncZod<{ store: LocalBlobStore }> = async (app, { store }) => {
  // Only for reply.sendFile and reply.download, in this plugin's scope: no routes of its own.
  await app.register(fastifyStatic, { root: store.root, serve: false });

  app.get(
    '/*',
    {
      schema: {
        tags: ['storage'],
        summary: 'Read a stored file through a signed, expiring URL',
        querystring: BlobQuery,
        response: errorResponses(400, 403, 404),
      },
    },
    async (request, reply) => {
      const rawPath = request.url.split('?')[0]!.slice(`${LOCAL_BLOB_URL_PREFIX}/`.length);
      const blobPath = parseRequestedBlobPath(rawPath);
      const { expires, signature, download } = request.query;
      const check = store.checkSignature(blobPath, expires, signature, download);
      if (check === 'invalid') throw linkInvalid();
      if (check === 'expired') throw linkExpired();
      if (!(await store.exists(blobPath))) throw notFound('file');

      const maxAge = Math.min(store.secondsLeft(expires!), MAX_CACHE_SECONDS);
      reply.header('cache-control', `private, max-age=${maxAge}`);
      const sendOptions = { root: store.root, cacheControl: false, dotfiles: 'allow' } as const;
      return download ? reply.download(blobPath, download, sendOptions) : reply.sendFile(blobPath, sendOptions);
    },
  );
};
