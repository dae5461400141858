import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { MediaType } from '@trashegimia/contract/assets';
import { passwordProblem } from '@trashegimia/contract/password-strength';
import { CaptchaProvider, StorageDriver } from '@trashegimia/contract/system';
import type { DatabaseTarget } from './db/client';

/** Thrown when the environment does not describe a runnable server; the message names each bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const positiveInt = z.coerce.number({ error: 'must be a whole number' }).int('must be a whole number').positive();

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const isAddressOrRange = (entry: string) => {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
};

/**
 * Behind a load balancer the client address (used to throttle failed logins) comes from
 * X-Forwarded-For. `false` (the default) trusts no proxy; a whole number trusts that many hops;
 * a comma-separated list trusts those addresses or CIDR ranges. `true`, trusting whatever a client
 * writes in the header, would let it choose its own address and is refused.
 */
const trustProxy = z
  .string()
  .trim()
  .refine(
    (value) =>
      value === 'false' || /^\d+$/.test(value) || value.split(',').every((entry) => isAddressOrRange(entry.trim())),
    'must be false, a number of proxy hops, or proxy addresses/CIDR ranges separated by commas',
  )
  .transform((value): false | number | string =>
    value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value,
  );

const ADMIN_PASSWORD_PROBLEMS = {
  password_blank: 'must not be blank or mostly spaces',
  password_contains_user_name: 'must not be or contain ADMIN_USERNAME',
  password_too_weak: 'is too easy to guess; use a longer passphrase of unrelated words',
} as const;

/**
 * Every variable the server reads, with its rules and default. `.env.example` lists the same
 * variables and defaults, the README's configuration table the same variables
 * (config-documentation.test.ts).
 */
export const Environment = z
  .object({
    PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65_535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    TRUST_PROXY: trustProxy.default(false),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
    ADMIN_USERNAME: z.string().trim().min(1).max(100).default('admin'),
    ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional(),
    SEED_DEMO: flag.default(true),
    // HS256 wants a key at least as long as its 256-bit hash.
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    TOKEN_TTL_SECONDS: positiveInt.default(43_200),
    CAPTCHA_PROVIDER: CaptchaProvider.default('altcha'),
    // PBKDF2 iterations per attempt; a solution takes ~500 attempts split over the widget's workers.
    // 5000 is about a second on a mid-range phone.
    CAPTCHA_COST: positiveInt.default(5_000),
    CAPTCHA_TTL_SECONDS: positiveInt.default(600),
    RECAPTCHA_SECRET: z.string().optional(),
    RECAPTCHA_SITE_KEY: z.string().optional(),
    LOGIN_MAX_FAILURES: positiveInt.default(5),
    LOGIN_WINDOW_SECONDS: positiveInt.default(900),
    ACCESS_REQUESTS_PER_HOUR: positiveInt.default(10),
    STORAGE_DRIVER: StorageDriver.default('local'),
    // The account key signs the SAS URLs uploads and downloads go through.
    AZURE_STORAGE_CONNECTION_STRING: z
      .string()
      .refine(
        (value) => /(^|;)\s*UseDevelopmentStorage=true/i.test(value) || /(^|;)\s*AccountKey=[^;]+/i.test(value),
        'must hold AccountName and AccountKey (the key signs upload and download URLs)',
      )
      .optional(),
    AZURE_STORAGE_CONTAINER: z
      .string()
      .regex(
        /^(?=.{3,63}$)[a-z0-9]+(-[a-z0-9]+)*$/,
        'must be an Azure container name: 3 to 63 lower-case letters, digits and single hyphens',
      )
      .optional(),
    GUIDELINE_MAX_MB: positiveInt.default(50),
    IMPORT_MAX_MB: positiveInt.default(30),
    MEDIA_MAX_MB_PHOTO: positiveInt.default(25),
    MEDIA_MAX_MB_VIDEO: positiveInt.default(2048),
    MEDIA_MAX_MB_AUDIO: positiveInt.default(200),
    MEDIA_MAX_MB_PDF: positiveInt.default(50),
    MEDIA_MAX_MB_THREE_D: positiveInt.default(200),
    MEDIA_MAX_MB_THREE_SIXTY_VIDEO: positiveInt.default(2048),
    TILE_URL: z
      .string()
      .regex(/^https?:\/\/[^/]+\/.*\{z\}.*\{x\}.*\{y\}/, 'must be an http(s) URL containing {z}, {x} and {y}')
      .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
    TILE_ATTRIBUTION: z
      .string()
      .default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
    DATA_LICENCE_NAME: z.string().trim().min(1).max(200).default('CC BY 4.0'),
    DATA_LICENCE_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .default('https://creativecommons.org/licenses/by/4.0/'),
    ASSET_INDEX: flag.default(true),
    ASSET_INDEX_MAX_ASSETS: positiveInt.default(200_000),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    // Off by default: a busy public site's every request is noise; errors are logged either way.
    LOG_REQUESTS: flag.default(false),
    WEB_DIST_DIR: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    const requireWhen = (condition: boolean, names: (keyof typeof env)[], because: string) => {
      if (!condition) return;
      for (const name of names) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: `is required when ${because}` });
      }
    };
    requireWhen(
      env.CAPTCHA_PROVIDER === 'recaptcha',
      ['RECAPTCHA_SECRET', 'RECAPTCHA_SITE_KEY'],
      'CAPTCHA_PROVIDER=recaptcha',
    );
    // The admin account's password obeys every account's rules (modules/users).
    const adminPasswordProblem = env.ADMIN_PASSWORD && passwordProblem(env.ADMIN_PASSWORD, env.ADMIN_USERNAME);
    if (adminPasswordProblem) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message: ADMIN_PASSWORD_PROBLEMS[adminPasswordProblem],
      });
    }
    requireWhen(
      env.STORAGE_DRIVER === 'azure',
      ['AZURE_STORAGE_CONNECTION_STRING', 'AZURE_STORAGE_CONTAINER'],
      'STORAGE_DRIVER=azure',
    );
  });

export type Environment = z.output<typeof Environment>;

export type CaptchaConfig =
  { provider: 'altcha'; cost: number; ttlSeconds: number } | { provider: 'recaptcha'; secret: string; siteKey: string };

export type StorageConfig = { driver: 'local' } | { driver: 'azure'; connectionString: string; container: string };

export type Config = {
  readonly server: { port: number; host: string; trustProxy: false | number | string };
  readonly logLevel: (typeof LOG_LEVELS)[number];
  /** Whether every request and its response are logged (at info). */
  readonly logRequests: boolean;
  /** Absolute; holds the embedded database, the generated token secret and local blobs. */
  readonly dataDir: string;
  /** DATABASE_URL, or the embedded PGlite kept in DATA_DIR/pgdata. */
  readonly database: DatabaseTarget;
  readonly admin: { userName: string; password: string | undefined };
  readonly seedDemo: boolean;
  readonly auth: {
    jwtSecret: string;
    tokenTtlSeconds: number;
    loginMaxFailures: number;
    loginWindowSeconds: number;
  };
  /** How many requests for an account one client address may send an hour. */
  readonly accessRequests: { perAddressPerHour: number };
  readonly captcha: CaptchaConfig;
  readonly storage: StorageConfig;
  /** The largest files each kind of upload accepts, in bytes. */
  readonly uploads: { guidelineMaxBytes: number; importMaxBytes: number; mediaMaxBytes: Record<MediaType, number> };
  readonly map: { tileUrl: string; attribution: string };
  /** The licence the published data is offered under, named on every page, PDF and export of it. */
  readonly licence: { name: string; url: string };
  /**
   * Whether the public's pages and maps are answered from in-memory indexes (else the database
   * answers all), for datasets of at most this many approved assets.
   */
  readonly search: { optionIndexes: boolean; maxIndexedAssets: number };
  readonly webDistDir: string;
};

/** src/ and dist/ sit at the same depth under apps/server, so this is apps/web/dist from both (and web/dist from a release's server/dist). */
const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

/**
 * Reads every environment variable once. An empty value counts as unset, as container tools
 * often pass `NAME=` for "no value". Throws ConfigError naming each invalid variable.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = Environment.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return deepFreeze(toConfig(parsed.data));
}

function toConfig(env: Environment): Config {
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    server: { port: env.PORT, host: env.HOST, trustProxy: env.TRUST_PROXY },
    logLevel: env.LOG_LEVEL,
    logRequests: env.LOG_REQUESTS,
    dataDir,
    database: env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(dataDir, 'pgdata') },
    admin: { userName: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD },
    seedDemo: env.SEED_DEMO,
    auth: {
      jwtSecret: env.JWT_SECRET ?? persistentSecret(path.join(dataDir, 'jwt-secret')),
      tokenTtlSeconds: env.TOKEN_TTL_SECONDS,
      loginMaxFailures: env.LOGIN_MAX_FAILURES,
      loginWindowSeconds: env.LOGIN_WINDOW_SECONDS,
    },
    accessRequests: { perAddressPerHour: env.ACCESS_REQUESTS_PER_HOUR },
    // The refinement above guarantees the provider's and the driver's settings are present.
    captcha:
      env.CAPTCHA_PROVIDER === 'recaptcha'
        ? { provider: 'recaptcha', secret: env.RECAPTCHA_SECRET!, siteKey: env.RECAPTCHA_SITE_KEY! }
        : { provider: 'altcha', cost: env.CAPTCHA_COST, ttlSeconds: env.CAPTCHA_TTL_SECONDS },
    storage:
      env.STORAGE_DRIVER === 'azure'
        ? {
            driver: 'azure',
            connectionString: env.AZURE_STORAGE_CONNECTION_STRING!,
            container: env.AZURE_STORAGE_CONTAINER!,
          }
        : { driver: 'local' },
    uploads: {
      guidelineMaxBytes: env.GUIDELINE_MAX_MB * 1024 * 1024,
      importMaxBytes: env.IMPORT_MAX_MB * 1024 * 1024,
      mediaMaxBytes: {
        PHOTO: env.MEDIA_MAX_MB_PHOTO * 1024 * 1024,
        VIDEO: env.MEDIA_MAX_MB_VIDEO * 1024 * 1024,
        AUDIO: env.MEDIA_MAX_MB_AUDIO * 1024 * 1024,
        PDF: env.MEDIA_MAX_MB_PDF * 1024 * 1024,
        THREE_D: env.MEDIA_MAX_MB_THREE_D * 1024 * 1024,
        THREE_SIXTY_VIDEO: env.MEDIA_MAX_MB_THREE_SIXTY_VIDEO * 1024 * 1024,
      },
    },
    map: { tileUrl: env.TILE_URL, attribution: env.TILE_ATTRIBUTION },
    licence: { name: env.DATA_LICENCE_NAME, url: env.DATA_LICENCE_URL },
    search: { optionIndexes: env.ASSET_INDEX, maxIndexedAssets: env.ASSET_INDEX_MAX_ASSETS },
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : defaultWebDistDir,
  };
}

/**
 * A secret generated on first start and kept (owner-readable only) so that tokens and captcha
 * challenges stay valid across restarts. `wx` makes two processes starting together agree on one.
 */
function persistentSecret(file: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (secret.length < 32)
    throw new ConfigError(`JWT_SECRET: unset, and ${file} holds no usable secret (delete it to make a new one)`);
  return secret;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}
