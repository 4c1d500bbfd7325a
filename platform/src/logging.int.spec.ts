import Fastify, { type FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from './logging.ts';

// The app is made with `loggerInstance: createLogger(...)` (http/app.ts): fastify then logs each request
// through this logger's own `req` serializer, which must mask what fastify's default writes as is.
describe('request logging through fastify', () => {
  const lines: string[] = [];
  const app = Fastify({
    loggerInstance: createLogger('trace', 'test', {
      write: (line: string) => void lines.push(line),
    }) as FastifyBaseLogger,
  });
  app.get('/switch', async () => 'ok');
  afterEach(() => {
    lines.length = 0;
  });

  it('masks the session token of /switch?token= in the incoming request line', async () => {
    await app.inject({
      method: 'GET',
      url: '/switch?token=sess-token-1',
      headers: { authorization: 'Bearer a.b.c' },
    });
    const out = lines.join('');
    expect(out).not.toContain('sess-token-1');
    expect(out).not.toContain('a.b.c');
    expect(out).toContain('/switch?token=[redacted]');
  });

  it('masks a token path in the not-found line', async () => {
    await app.inject({ method: 'GET', url: '/reset_password/reset-token-2' });
    const out = lines.join('');
    expect(out).not.toContain('reset-token-2');
    expect(out).toContain('/reset_password/[redacted]');
  });
});
