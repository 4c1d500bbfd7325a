import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The Content-Security-Policy every service sends, the UI's pages included. The built UI loads
 * only its own scripts, styles, images and fonts, and speaks to the API and the socket on its own
 * origin.
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  // The built index.html has no inline script: Vite emits module scripts from /assets.
  'script-src': ["'self'"],
  // Mantine writes its CSS variables in <style> tags at run time, and components set style="".
  'style-src': ["'self'", "'unsafe-inline'"],
  // Images and fonts come from this origin only (uploads are served at /uploads); data: and blob:
  // are ones the page makes itself.
  'img-src': ["'self'", 'data:', 'blob:'],
  // CSP3 'self' covers ws:/wss: on the page's own host and port (the realtime socket at /ws). A card
  // provider's API the card form posts to is added where it is configured (createHttpApp's
  // connectSources; the compose gateway adds Stripe's).
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

/**
 * helmet's options. Not helmet's default CSP: it carries upgrade-insecure-requests, which would break
 * the embedded default served on http://localhost. No HSTS: the services speak plain http; whatever
 * terminates TLS in front of them sets it.
 */
export const securityHeaders: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: Object.fromEntries(
      Object.entries(contentSecurityPolicy).map(([name, sources]) => [name, [...sources]]),
    ),
  },
  strictTransportSecurity: false,
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Headers for browsers no one supports any more (IE 8's download prompt, Flash and Acrobat
  // cross-domain policies, the removed XSS auditor): bytes on every answer for nothing.
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/**
 * The headers helmet sets for these options, asked of helmet once. They are the same on every answer
 * (no nonces, no directive computed per request), so they are not recomputed per request: helmet's
 * middleware run per request (and @fastify/helmet 13 even builds it again each time, in its
 * `buildHelmetOnRoutes`) cost 30-60% of the cheapest route's requests per second on this machine.
 */
export function helmetHeaders(options: HelmetOptions = securityHeaders): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed;
  return headers;
}

/**
 * The framing headers of a file the product's own pages embed (a static page's PDF, seeds 000 §2.2):
 * the same policy, except that pages of this origin may frame it (frame-ancestors 'self',
 * X-Frame-Options SAMEORIGIN). Everything else stays unframable by anyone.
 */
export function sameOriginFramingHeaders(): Record<string, string> {
  const headers = helmetHeaders({
    ...securityHeaders,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(
        Object.entries({ ...contentSecurityPolicy, 'frame-ancestors': ["'self'"] }).map(([name, sources]) => [
          name,
          [...sources],
        ]),
      ),
    },
    xFrameOptions: { action: 'sameorigin' },
  } as HelmetOptions);
  return {
    'content-security-policy': headers['content-security-policy'] ?? '',
    'x-frame-options': headers['x-frame-options'] ?? 'SAMEORIGIN',
  };
}

/**
 * The options with more origins the page may connect to (the configured card provider's API when it
 * is not Stripe's own, e.g. a local double in the browser tests).
 */
export function withConnectSources(extra: readonly string[]): HelmetOptions {
  if (extra.length === 0) return securityHeaders;
  const connect = [...contentSecurityPolicy['connect-src'], ...extra];
  return {
    ...securityHeaders,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(
        Object.entries({ ...contentSecurityPolicy, 'connect-src': connect }).map(([name, sources]) => [
          name,
          [...sources],
        ]),
      ),
    },
  };
}

/** Every answer (routes, the UI fallback, 404s) gets the headers, in the first onRequest hook. */
export function installSecurityHeaders(app: FastifyInstance, connectSources: readonly string[] = []): void {
  const headers = helmetHeaders(withConnectSources(connectSources));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
