import { describe, expect, it } from 'vitest';
import { manualClock } from '../clock.ts';
import { SESSION_DAYS, sessionTokens } from './tokens.ts';

const secret = 'a-session-secret-of-at-least-32-chars!';

describe('session tokens', () => {
  it('verifies a token it issued, again and again, until the moment it expires', async () => {
    const clock = manualClock('2026-11-22T12:00:00.000Z');
    const tokens = sessionTokens(secret, clock);
    const { token, claims } = await tokens.issue('user-1');
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    clock.advance(SESSION_DAYS * 24 * 3600 * 1000 - 1000);
    expect(await tokens.verify(token)).toEqual(claims);
    clock.advance(1000);
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token signed with another secret or altered, even once the original is verified', async () => {
    const clock = manualClock('2026-11-22T12:00:00.000Z');
    const tokens = sessionTokens(secret, clock);
    const { token } = await tokens.issue('user-1');
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const altered = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await tokens.verify(altered)).toBeNull();
    const other = await sessionTokens('another-secret-of-at-least-32-chars!!', clock).issue('user-1');
    expect(await tokens.verify(other.token)).toBeNull();
  });

  it('hands out claims the caller may change without changing the next answer', async () => {
    const tokens = sessionTokens(secret, manualClock('2026-11-22T12:00:00.000Z'));
    const { token } = await tokens.issue('user-1');
    const first = await tokens.verify(token);
    if (first) first.sub = 'someone-else';
    expect((await tokens.verify(token))?.sub).toBe('user-1');
  });
});
