import type { FastifyInstance } from 'fastify';
import { DEFAULT_LANGUAGE, Language } from '@trashegimia/contract/common';

declare module 'fastify' {
  interface FastifyRequest {
    /** From the `language` header; xk when missing or unknown. */
    language: Language;
  }
}

export function registerLanguage(app: FastifyInstance) {
  app.decorateRequest('language', DEFAULT_LANGUAGE);
  app.addHook('onRequest', async (request) => {
    const parsed = Language.safeParse(request.headers.language);
    request.language = parsed.success ? parsed.data : DEFAULT_LANGUAGE;
  });
}
