import { describe, expect, it } from 'vitest';
import { createLogger } from './logging.ts';

describe('logging', () => {
  it('never writes passwords, tokens, codes, card numbers or the admin key', () => {
    const lines: string[] = [];
    const logger = createLogger('info', 'test', { write: (line: string) => void lines.push(line) });
    logger.info(
      {
        req: { headers: { authorization: 'Bearer abc.def', 'x-admin-key': 'admin-secret-1' } },
        body: {
          password: 'hunter22',
          confirm_password: 'hunter22',
          code: '123456',
          card_number: '4242424242424242',
        },
        token: 'reset-token-9',
      },
      'request',
    );
    const out = lines.join('');
    for (const secret of [
      'abc.def',
      'admin-secret-1',
      'hunter22',
      '123456',
      '4242424242424242',
      'reset-token-9',
    ]) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('[redacted]');
    expect(JSON.parse(out).msg).toBe('request');
  });
});
