import compress from '@fastify/compress';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { type Clock, systemClock } from './clock';
import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import { handleError } from './errors';
import { enforceAccessRules } from './http/access-rules';
import { registerApiDocs } from './http/api-docs';
import { registerAuthentication, tokenAcceptance } from './http/authentication';
import { acceptEmptyJsonBodies } from './http/json-body';
import { registerLanguage } from './http/language';
import { refuseNulInQuery } from './http/nul-in-query';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { createLogger } from './logger';
import { accessRequestRoutes } from './modules/access-requests/access-requests.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { createCaptcha } from './modules/auth/captcha/create-captcha';
import { DatabaseAttemptCounters, LoginThrottle } from './modules/auth/login-throttle';
import { TokenService } from './modules/auth/tokens';
import { createAssetSearch } from './modules/asset-search';
import { AssetCountFolding, ViewCounter } from './modules/assets';
import { assetRoutes } from './modules/assets/assets.routes';
import { datasetRoutes } from './modules/datasets/datasets.routes';
import { collectRoutes } from './modules/collect/collect.routes';
import { deviceRoutes } from './modules/devices/devices.routes';
import { importRoutes } from './modules/imports/imports.routes';
import { exportRoutes } from './modules/exports/exports.routes';
import { guidelineRoutes } from './modules/guidelines/guidelines.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { questionGroupRoutes } from './modules/question-groups/question-groups.routes';
import { questionLibraryRoutes } from './modules/question-library/question-library.routes';
import { questionOptionRoutes, surveyQuestionRoutes } from './modules/questions/questions.routes';
import { surveyRoutes } from './modules/surveys/surveys.routes';
import { systemRoutes } from './modules/system/system.routes';
import { ownPasswordRoutes, userRoutes } from './modules/users/users.routes';
import { xlsFormRoutes } from './modules/xlsform/xlsform.routes';
import { blobRoutes } from './storage/blob.routes';
import type { WritableBlobStore } from './storage/blob-store';
import { createBlobStore } from './storage/create-blob-store';
import { LocalBlobStore } from './storage/local-blob-store';
import { UrlSigner } from './storage/url-signer';

/** JSON bodies are small; uploads go straight to the blob store through signed URLs, not through here. */
const BODY_LIMIT_BYTES = 1024 * 1024;

export type BuildAppOptions = {
  config: Config;
  /** An open database; when omitted the app opens the configured one and closes it with itself. */
  db?: DatabaseHandle;
  /** The blob store; when omitted the app makes the configured one. */
  blobs?: WritableBlobStore;
  logger?: FastifyBaseLogger;
  /** What expiry and throttling read the time from; tests pass one they can move on. */
  clock?: Clock;
  /** Counts asset views and writes them in batches; when omitted the app makes one. Tests pass one whose writes they await. */
  assetViews?: ViewCounter;
};

/** The whole HTTP application, not yet listening: main.ts starts it, tests inject requests into it. */
export async function buildApp({
  config,
  db: givenDatabase,
  blobs: givenBlobs,
  logger,
  clock = systemClock,
  assetViews: givenViews,
}: BuildAppOptions) {
  const database = givenDatabase ?? (await openDatabase(config.database));

  const app = Fastify({
    loggerInstance: logger ?? createLogger(config.logLevel),
    logController: new LogController({ disableRequestLogging: !config.logRequests }),
    trustProxy: trustedProxies(config.server.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    // Errors Fastify raises before routing (a malformed URL, a bad content type) answer in our shape too.
    frameworkErrors: (error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
      void handleError(error, request, reply),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  acceptEmptyJsonBodies(app);
  if (!givenDatabase) app.addHook('onClose', () => database.close());

  // Modules that read files or hand out their URLs use app.blobs (or get it passed, below).
  const blobs = givenBlobs ?? (await createBlobStore(config, clock));
  app.decorate('blobs', blobs);

  registerSecurityHeaders(app, config, blobs.origin);
  refuseNulInQuery(app);
  await app.register(compress);
  await registerApiDocs(app);
  registerLanguage(app);

  const tokens = new TokenService(config.auth.jwtSecret, config.auth.tokenTtlSeconds, clock);

  // Login, password-change, captcha and guest limits count in the database every instance shares.
  const attemptCounters = new DatabaseAttemptCounters(database.db);
  const throttleLimits = { maxFailures: config.auth.loginMaxFailures, windowSeconds: config.auth.loginWindowSeconds };
  const captcha = createCaptcha(config.captcha, database.db, config.auth.jwtSecret, clock);
  const authService = new AuthService(
    database.db,
    captcha,
    new LoginThrottle(attemptCounters, 'login', throttleLimits, clock),
    tokens,
    clock,
  );
  const acceptToken = tokenAcceptance(tokens, authService);
  registerAuthentication(app, acceptToken);

  const { search: assetSearch, close: closeAssetSearch } = createAssetSearch(
    database.db,
    config.search,
    (error, what) => app.log.error({ err: error }, what),
  );
  app.addHook('onClose', async () => closeAssetSearch());
  const assetViews =
    givenViews ?? new ViewCounter(database.db, (error) => app.log.error({ err: error }, 'could not write asset views'));
  app.addHook('onClose', () => assetViews.close());
  const assetCounts = new AssetCountFolding(database.db, (error) =>
    app.log.error({ err: error }, 'could not fold asset count changes'),
  );
  app.addHook('onClose', () => assetCounts.close());

  await app.register(
    async (api) => {
      enforceAccessRules(api);
      await api.register(systemRoutes, { config, database });
      await api.register(authRoutes, { prefix: '/auth', service: authService, counters: attemptCounters, clock });
      await api.register(userRoutes, { prefix: '/users', db: database.db });
      await api.register(ownPasswordRoutes, {
        prefix: '/users',
        db: database.db,
        tokens,
        // Its own counts: wrong current passwords lock out password changes, not logins.
        throttle: new LoginThrottle(attemptCounters, 'password_change', throttleLimits, clock),
      });
      await api.register(accessRequestRoutes, {
        prefix: '/access-requests',
        db: database.db,
        captcha,
        counters: attemptCounters,
        clock,
        perAddressPerHour: config.accessRequests.perAddressPerHour,
      });
      await api.register(datasetRoutes, { prefix: '/datasets', db: database.db });
      await api.register(deviceRoutes, { prefix: '/devices', db: database.db });
      await api.register(collectRoutes, { prefix: '/collect', db: database.db });
      await api.register(importRoutes, {
        prefix: '/imports',
        db: database.db,
        maxBytes: config.uploads.importMaxBytes,
      });
      await api.register(assetRoutes, {
        prefix: '/surveys',
        db: database.db,
        blobs,
        search: assetSearch,
        views: assetViews,
      });
      if (blobs instanceof LocalBlobStore) await api.register(blobRoutes, { prefix: '/blobs', store: blobs });
      await api.register(exportRoutes, {
        prefix: '/surveys',
        db: database.db,
        blobs,
        licence: config.licence,
        links: {
          signer: new UrlSigner(UrlSigner.derivedKey(config.auth.jwtSecret, 'dataset-export-link'), clock),
          sessions: authService,
        },
      });
      await api.register(mediaRoutes, {
        prefix: '/surveys',
        db: database.db,
        blobs,
        limits: config.uploads.mediaMaxBytes,
      });
      await api.register(guidelineRoutes, {
        prefix: '/guidelines',
        db: database.db,
        blobs,
        maxUploadBytes: config.uploads.guidelineMaxBytes,
      });
      await api.register(surveyRoutes, { prefix: '/surveys', db: database.db });
      await api.register(xlsFormRoutes, {
        prefix: '/surveys',
        db: database.db,
        maxBytes: config.uploads.importMaxBytes,
      });
      await api.register(surveyQuestionRoutes, { prefix: '/surveys', db: database.db });
      await api.register(questionOptionRoutes, { prefix: '/questions', db: database.db });
      await api.register(questionGroupRoutes, { prefix: '/question-groups', db: database.db });
      await api.register(questionLibraryRoutes, { prefix: '/question-library', db: database.db });
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, config.webDistDir, acceptToken);
  return app;
}

/** A hop count trusts that many proxies nearest the server (what Fastify does for a number, which its types lack). */
const trustedProxies = (trust: Config['server']['trustProxy']) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

export type App = Awaited<ReturnType<typeof buildApp>>;
