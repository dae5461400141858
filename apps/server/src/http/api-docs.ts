import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { FileBytes } from '@trashegimia/contract/common';
import { ACCESS_RULES, type Access } from './access-rules';

/** Where the document and Swagger UI are served: the UI at /api/docs, the document at /api/docs/json (and /yaml). */
const API_DOCS_PREFIX = '/api/docs';

/**
 * The OpenAPI 3.1 document, generated from the routes' Zod schemas, and Swagger UI at /api/docs.
 * api-docs.test.ts validates it (swagger-parser) and lints it (Redocly's recommended rules).
 *
 * What a route declares for it, beside its Zod schemas:
 * - `operationId` (camelCase, unique) and `summary`;
 * - a description on every success response: `200: Survey.describe('The survey')`, or, for a file,
 *   `200: fileResponse('The asset as a PDF', 'application/pdf')`;
 *   error responses (`errorResponses(…)`) are described here, by status;
 * - `consumes: [media types]` instead of `body` when it reads the body raw (a file), so the
 *   document shows a binary body of those types.
 * Recursive schemas are registered with an id (`.meta({ id })`) and appear as components.
 */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Trashëgimia API',
        version: '1.0.0',
        description:
          'The API of the Trashëgimia heritage register. Every call may send a `language` header (`xk`, `en` or `sr`; `xk` by default) for localized texts.',
      },
      servers: [{ url: '/', description: 'This server' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: documentRoute,
    transformObject: documentObject,
  });
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    // Its validator badge would load an image from validator.swagger.io, which the CSP rightly blocks.
    uiConfig: { validatorUrl: null },
  });
}

/**
 * A success response that is a file, not JSON, in Fastify's content form: `200: fileResponse('The
 * asset as a PDF', 'application/pdf')`. The handler sends a stream, which Fastify does not serialize.
 */
export const fileResponse = (description: string, ...mediaTypes: [string, ...string[]]) => ({
  description,
  content: Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, { schema: FileBytes }])),
});

type JsonObject = Record<string, unknown>;

/** The description of an error response, which is always an ErrorResponse; a route's own description wins. */
const ERROR_DESCRIPTIONS: Readonly<Record<number, string>> = {
  400: 'The input is not valid; `field` names the part at fault',
  401: 'No session token, or one that is not valid or has expired',
  403: 'Not allowed for this account, or the link is not valid',
  404: 'Not found',
  409: 'Refused: it conflicts with the current data',
  413: 'The request or its file is too large',
  415: "The body's content type is not accepted here",
  429: 'Too many attempts; `retryAfterSeconds` says when to try again',
  500: 'Something went wrong on the server',
  503: 'The server cannot answer now',
};

/** How a raw body (a route's `consumes`) or a file response is shown: its bytes. */
const BINARY = { type: 'string', format: 'binary' } as const;

/** Calls that send no token: the document says so (`security: []`) instead of the default bearer. */
const TOKENLESS: ReadonlySet<Access> = new Set(['anyone', 'signedUrl']);

/** A wildcard route (`/api/blobs/*`) is documented with this path parameter in place of `*`. */
const WILDCARD_PARAMETER = 'path';

/**
 * One route as the document shows it. Only the API is documented: the web app's page, files and
 * fallback (everything outside /api) are not. Fastify registers a plugin's `/` route both with and
 * without the trailing slash (`/api/users` and `/api/users/`); the document names it without.
 */
const documentRoute: SwaggerTransform = (document) => {
  const { url, schema, route } = document;
  if (!url.startsWith('/api/') || !schema) return { schema: { ...schema, hide: true }, url };
  const methods = [route.method].flat();

  let documentedUrl = url.endsWith('/') ? url.slice(0, -1) : url;
  const wildcard = documentedUrl.endsWith('/*');
  if (wildcard) documentedUrl = `${documentedUrl.slice(0, -1)}{${WILDCARD_PARAMETER}}`;

  const transformed = jsonSchemaTransform({ ...document, url: documentedUrl });
  const documented = transformed.schema as JsonObject;
  if (documented.hide) return transformed;

  if (methods.every((method) => TOKENLESS.has(ACCESS_RULES[`${method} ${url}`]?.access ?? 'session'))) {
    documented.security = [];
  }
  if (wildcard) documented.params = withWildcardParameter(documented.params as JsonObject | undefined);
  if (documented.consumes && !documented.body) {
    documented.body = { ...BINARY, description: "The file's bytes, sent as the body with its content type" };
  }
  const responses = documented.response as Record<string, JsonObject> | undefined;
  if (responses) {
    documented.response = Object.fromEntries(
      Object.entries(responses).map(([status, response]) => [status, documentResponse(Number(status), response)]),
    );
  }
  return { schema: documented, url: documentedUrl };
};

function withWildcardParameter(params: JsonObject | undefined): JsonObject {
  const properties = { ...(params?.properties as JsonObject | undefined) };
  const required = (params?.required as string[] | undefined) ?? [];
  delete properties['*'];
  return {
    type: 'object',
    properties: {
      ...properties,
      [WILDCARD_PARAMETER]: { type: 'string', description: "The file's path in the store, slashes included" },
    },
    required: [...required.filter((name) => name !== '*'), WILDCARD_PARAMETER],
  };
}

/**
 * A response in the content form @fastify/swagger reads its description from: a JSON body unless
 * the route named other media types, none for an empty (`z.null()`) response.
 */
function documentResponse(status: number, response: JsonObject): JsonObject {
  const { description: ownDescription, ...schema } = response;
  const description = (ownDescription as string | undefined) ?? ERROR_DESCRIPTIONS[status];
  const described = description === undefined ? {} : { description };
  if (typeof schema.content === 'object' && schema.content !== null) return { ...schema, ...described };
  if (schema.type === 'null') return { type: 'null', ...described };
  return { ...described, content: { 'application/json': { schema } } };
}

/**
 * The whole document: the registered (recursive) schemas join the components, and those no
 * operation reaches are left out (each registered schema has an input and an output variant).
 */
const documentObject: SwaggerTransformObject = (documentObject) => {
  const { components, ...rest } = jsonSchemaTransformObject(documentObject) as JsonObject & {
    components?: { schemas?: Record<string, unknown> };
  };
  const schemas = components?.schemas ?? {};
  const used = reachableSchemas(rest, schemas);
  const document = {
    ...rest,
    components: {
      ...components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
    },
  };
  return document as ReturnType<SwaggerTransformObject>;
};

const SCHEMA_REF_PREFIX = '#/components/schemas/';

/** The component schemas `root` refers to, directly or through each other. */
function reachableSchemas(root: unknown, schemas: Record<string, unknown>) {
  const used = new Set<string>();
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (Array.isArray(value)) {
      pending.push(...value);
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        if (key === '$ref' && typeof child === 'string' && child.startsWith(SCHEMA_REF_PREFIX)) {
          const name = child.slice(SCHEMA_REF_PREFIX.length);
          if (!used.has(name)) {
            used.add(name);
            pending.push(schemas[name]);
          }
        } else {
          pending.push(child);
        }
      }
    }
  }
  return used;
}
