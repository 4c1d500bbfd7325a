import { describe, expect, it } from 'vitest';
import { createLogger, lazyChild, maskSecretsInText } from './logging.ts';

function capture(level = 'info') {
  const lines: string[] = [];
  const logger = createLogger(level, 'test', { write: (line: string) => void lines.push(line) });
  return { logger, out: () => lines.join(''), records: () => lines.map((l) => JSON.parse(l)) };
}

/** What fastify hands its `req` serializer: the request, with `url`, `ip`, `host` and the headers. */
const request = (url: string) => ({
  method: 'GET',
  url,
  host: 'wine.test',
  ip: '10.0.0.7',
  headers: { authorization: 'Bearer abc.def', cookie: 'sid=cookie-secret-1', 'accept-version': '1' },
  socket: { remotePort: 51234 },
});

describe('logging', () => {
  it('never writes passwords, tokens, codes, card numbers or security codes in logged objects', () => {
    const { logger, out } = capture();
    logger.info(
      {
        body: {
          password: 'hunter22',
          confirm_password: 'hunter22',
          current_password: 'old-hunter',
          code: '123456',
          card_number: '4242424242424242',
          cvv: '737',
          invite_token: 'invite-token-3',
        },
        token: 'reset-token-9',
        command: { input: { user: { password: 'deep-hunter' } } },
        cards: [{ card_number: '5555555555554444' }],
        headers: { authorization: 'Bearer ghi.jkl', cookie: 'sid=cookie-secret-2' },
      },
      'request',
    );
    // The line's time and pid are numbers that may hold a short secret's digits by chance (a CVV of
    // 737 was once found in a timestamp): look for the secrets in what was logged, not in those.
    const { time: _time, pid: _pid, ...logged } = JSON.parse(out()) as Record<string, unknown>;
    const text = JSON.stringify(logged);
    for (const secret of [
      'hunter22',
      'old-hunter',
      'deep-hunter',
      '5555555555554444',
      '123456',
      '4242424242424242',
      '737',
      'invite-token-3',
      'reset-token-9',
      'ghi.jkl',
      'cookie-secret-2',
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(out()).toContain('[redacted]');
    expect(JSON.parse(out()).msg).toBe('request');
  });

  it.each([
    ['/switch?token=sess-token-1', '/switch?token=[redacted]'],
    ['/invite?token=invite-token-2&lang=es', '/invite?token=[redacted]&lang=es'],
    ['/reset_password/reset-token-3', '/reset_password/[redacted]'],
    ['/verify_email/verify-token-4?from=mail', '/verify_email/[redacted]?from=mail'],
    ['/Reset_Password/reset-token-5/', '/Reset_Password/[redacted]/'],
    ['/callback?Code=otp-code-6&state=x', '/callback?Code=[redacted]&state=x'],
    [
      '/x?api_key=key-7&client_secret=secret-8&PASSWORD=pw-9',
      '/x?api_key=[redacted]&client_secret=[redacted]&PASSWORD=[redacted]',
    ],
    ['/x?access%5Ftoken=token-10', '/x?access%5Ftoken=[redacted]'],
  ])('masks the credential in the logged request url %s', (url, masked) => {
    const { logger, out, records } = capture();
    logger.info({ req: request(url) }, 'incoming request');
    expect(records()[0].req.url).toBe(masked);
    for (const secret of url.match(/[a-z]+-(?:token|code|key|secret|pw)-\d+/gi) ?? []) {
      expect(out()).not.toContain(secret);
    }
  });

  it('keeps the rest of the request line and leaves plain urls alone', () => {
    const { logger, records } = capture();
    logger.info({ req: request('/search?country=France&page=2') }, 'incoming request');
    expect(records()[0].req).toEqual({
      method: 'GET',
      url: '/search?country=France&page=2',
      version: '1',
      host: 'wine.test',
      remoteAddress: '10.0.0.7',
      remotePort: 51234,
    });
  });

  it('never writes the request headers (authorization, cookie)', () => {
    const { logger, out } = capture();
    logger.info({ req: request('/') }, 'incoming request');
    expect(out()).not.toContain('abc.def');
    expect(out()).not.toContain('cookie-secret-1');
  });

  it('masks a token url quoted in a message, at every level', () => {
    const { logger, out } = capture('trace');
    logger.trace('Route GET:/reset_password/reset-token-11 not found');
    logger.debug('opening %s', '/switch?token=sess-token-12');
    logger.warn({ n: 1 }, 'Route GET:/verify_email/verify-token-13 not found');
    logger.error('Route GET:/invite?token=invite-token-14 not found');
    for (const secret of ['reset-token-11', 'sess-token-12', 'verify-token-13', 'invite-token-14']) {
      expect(out()).not.toContain(secret);
    }
    expect(out()).toContain('Route GET:/reset_password/[redacted] not found');
    expect(out()).toContain('opening /switch?token=[redacted]');
  });

  it('masks a token url in an error message and stack', () => {
    const { logger, out, records } = capture();
    logger.error({ err: new Error('Reply was already sent for /verify_email/verify-token-15') }, 'failed');
    logger.error(new Error('bad /switch?token=sess-token-16'));
    expect(out()).not.toContain('verify-token-15');
    expect(out()).not.toContain('sess-token-16');
    expect(records()[0].err.message).toBe('Reply was already sent for /verify_email/[redacted]');
    expect(records()[1].err.type).toBe('Error');
  });

  it('masks a url logged under any key, and keeps the line valid JSON around escapes', () => {
    const { logger, records } = capture();
    logger.info(
      { redirect: { to: '/switch?token=sess-token-17' } },
      'opened "/invite?token=invite-token-18"\n',
    );
    const [record] = records();
    expect(record.redirect.to).toBe('/switch?token=[redacted]');
    expect(record.msg).toBe('opened "/invite?token=[redacted]"\n');
  });
});

describe('maskSecretsInText', () => {
  it('masks the value of a secret key at any depth of a JSON line, strings with escapes and numbers', () => {
    const line = '{"a":{"b":{"c":{"password" : "hun\\"ter2","code":123456,"x":"ok"}}},"Token":"t-1"}';
    const masked = maskSecretsInText(line);
    expect(JSON.parse(masked)).toEqual({
      a: { b: { c: { password: '[redacted]', code: '[redacted]', x: 'ok' } } },
      Token: '[redacted]',
    });
  });

  it('leaves text without urls as it is', () => {
    expect(maskSecretsInText('lot lot-7 closed at 12:00')).toBe('lot lot-7 closed at 12:00');
    expect(maskSecretsInText('/api/product/search')).toBe('/api/product/search');
  });
});

describe("a request's lazy child logger", () => {
  it('writes lines with its bindings, redacted like any child, once a written level is used', () => {
    const { logger, records } = capture('info');
    const child = lazyChild(logger, { reqId: 'r-1' });
    child.info({ body: { password: 'hunter22' } }, 'incoming');
    child.debug('not written at info');
    const [line, ...rest] = records();
    expect(rest).toEqual([]);
    expect(line).toMatchObject({ reqId: 'r-1', msg: 'incoming', body: { password: '[redacted]' } });
    expect(child.child({ step: 2 }).bindings()).toEqual({ name: 'test', reqId: 'r-1', step: 2 });
  });

  it('makes no child while nothing is written (a silent server)', () => {
    const { logger, out } = capture('silent');
    let made = 0;
    const counting = new Proxy(logger, {
      get: (target, property) =>
        property === 'child'
          ? (...args: Parameters<typeof logger.child>) => {
              made++;
              return target.child(...args);
            }
          : Reflect.get(target, property),
    });
    const child = lazyChild(counting, { reqId: 'r-2' });
    // What fastify checks of a request's logger.
    for (const method of ['info', 'error', 'debug', 'fatal', 'warn', 'trace', 'child'] as const)
      expect(typeof child[method]).toBe('function');
    expect(child.level).toBe('silent');
    child.info('x');
    child.error({ err: new Error('y') }, 'z');
    expect(made).toBe(0);
    expect(out()).toBe('');
  });
});
