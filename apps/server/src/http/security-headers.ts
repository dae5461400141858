import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

const OPENSTREETMAP_EMBED = 'https://www.openstreetmap.org';

/**
 * Helmet's headers with a Content-Security-Policy that allows exactly what the page loads:
 * its own scripts and workers (no inline script; the page bundles the ALTCHA widget's proof-of-work
 * workers as files of its own), inline styles (the widget and Leaflet set them), map tiles from
 * TILE_URL's host, the OpenStreetMap embed, and PDFs served by us in a frame.
 * Swagger UI at /api/docs loads only its own files, so it needs nothing more.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', tileSource(config.map.tileUrl)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        frameSrc: ["'self'", OPENSTREETMAP_EMBED],
        objectSrc: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        // No upgrade-insecure-requests: on a plain-HTTP intranet install it would break every request.
      },
    },
    // OpenStreetMap's tile policy asks for a Referer; the origin alone is enough and reveals no page.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

/** `https://{s}.tile.example.org/{z}/{x}/{y}.png` → `https://*.tile.example.org`. */
export function tileSource(tileUrl: string): string {
  const origin = /^https?:\/\/[^/]+/.exec(tileUrl)?.[0] ?? tileUrl;
  return origin.replace(/\{[a-z]+\}/gi, '*');
}
