import type { FastifyHelmetOptions } from '@fastify/helmet';

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
  // CSP3 'self' covers ws:/wss: on the page's own host and port (the realtime socket at /ws).
  'connect-src': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

/**
 * @fastify/helmet's options. Not helmet's default CSP: it carries upgrade-insecure-requests, which
 * would break the embedded default served on http://localhost. No HSTS: the services speak plain
 * http; whatever terminates TLS in front of them sets it.
 */
export const securityHeaders: FastifyHelmetOptions = {
  global: true,
  contentSecurityPolicy: {
    useDefaults: false,
    directives: Object.fromEntries(
      Object.entries(contentSecurityPolicy).map(([name, sources]) => [name, [...sources]]),
    ),
  },
  strictTransportSecurity: false,
  xFrameOptions: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};
