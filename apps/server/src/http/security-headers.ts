import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

const OPENSTREETMAP_EMBED = 'https://www.openstreetmap.org';

/**
 * What Google's reCAPTCHA FAQ asks of a CSP: api.js from www.google.com, the widget code it loads
 * from www.gstatic.com, and the checkbox and challenge frames. The frames talk to Google themselves,
 * so connect-src needs nothing; the inline styles the widget sets are already allowed.
 */
const RECAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const RECAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/**
 * The browser features the page may use, all on its own origin only, and those it may not; a
 * feature not named keeps the browser's default (its own origin, or none). Allowed: geolocation (the
 * collector's "use my location"), camera (the collector's "take a photo", a file input with
 * `capture`, which some browsers let through only where the page may use the camera), fullscreen
 * (the video player and the 360° viewer), autoplay (a 360° video starts muted on opening) and picture-in-picture
 * (the video player's own button). Everything else a page, a dependency or an injected script could
 * reach for — microphone, screen capture, sensors, USB and other devices, payments, credentials,
 * the Topics API — is denied, to the page and every frame in it.
 */
export const PERMISSIONS_POLICY = [
  ...['autoplay', 'camera', 'fullscreen', 'geolocation', 'picture-in-picture'].map((feature) => `${feature}=(self)`),
  ...[
    'accelerometer',
    'ambient-light-sensor',
    'bluetooth',
    'browsing-topics',
    'display-capture',
    'encrypted-media',
    'gyroscope',
    'hid',
    'identity-credentials-get',
    'idle-detection',
    'local-fonts',
    'magnetometer',
    'microphone',
    'midi',
    'otp-credentials',
    'payment',
    'publickey-credentials-create',
    'publickey-credentials-get',
    'screen-wake-lock',
    'serial',
    'usb',
    'web-share',
    'window-management',
    'xr-spatial-tracking',
  ].map((feature) => `${feature}=()`),
].join(', ');

/**
 * Helmet's headers with a Content-Security-Policy that allows exactly what the page loads:
 * its own scripts and workers (no inline script; the page bundles the ALTCHA widget's proof-of-work
 * workers as files of its own), inline styles (the widget and Leaflet set them), map tiles from
 * TILE_URL's host, the OpenStreetMap embed, PDFs in a frame, and files at the blob store's origin; with
 * CAPTCHA_PROVIDER=recaptcha also Google's reCAPTCHA script and frames, and nothing of Google's otherwise.
 * Swagger UI at /api/docs loads only its own files, so it needs nothing more. Every response also
 * carries PERMISSIONS_POLICY.
 *
 * Helmet is built once and its headers set on every response; @fastify/helmet built it anew for
 * every request, parsing the policy each time.
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config, blobOrigin: string | null) {
  const recaptcha = config.captcha.provider === 'recaptcha';
  // With STORAGE_DRIVER=azure the page shows, plays, frames (PDFs) and uploads files at the storage account.
  const blobs = blobOrigin ? [blobOrigin] : [];
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'", ...(recaptcha ? RECAPTCHA_SCRIPTS : [])],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', tileSource(config.map.tileUrl), ...blobs],
        mediaSrc: ["'self'", 'blob:', ...blobs],
        fontSrc: ["'self'", 'data:'],
        // The 3D viewer (three.js) hands a model's embedded textures to the image decoder as blob: URLs it fetches.
        connectSrc: ["'self'", 'blob:', ...blobs],
        workerSrc: ["'self'"],
        frameSrc: ["'self'", OPENSTREETMAP_EMBED, ...blobs, ...(recaptcha ? RECAPTCHA_FRAMES : [])],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        // No upgrade-insecure-requests: on a plain-HTTP intranet install it would break every request.
      },
    },
    // OpenStreetMap's tile policy asks for a Referer; the origin alone is enough and reveals no page.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
    setHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
  });
}

/** `https://{s}.tile.example.org/{z}/{x}/{y}.png` → `https://*.tile.example.org`. */
export function tileSource(tileUrl: string): string {
  const origin = /^https?:\/\/[^/]+/.exec(tileUrl)?.[0] ?? tileUrl;
  return origin.replace(/\{[a-z]+\}/gi, '*');
}
