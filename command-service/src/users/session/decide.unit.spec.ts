import type { UserEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { fold } from '../../core/decider.ts';
import { deciderSpec } from '../../core/decider-spec.ts';
import { userDecider } from '../decide.ts';
import { deactivated, emailVerified, registered } from '../fixtures.ts';
import { refuseEndedSession } from './decide.ts';

const spec = deciderSpec(userDecider);

describe('user decider: session', () => {
  it('registers a new user, once', () => {
    spec([])
      .when({ type: 'Register', data: registered.data as never })
      .then([registered]);
    spec([registered])
      .when({ type: 'Register', data: registered.data as never })
      .thenThrows({ code: 'USER_EXISTS' });
  });

  it('signs in and out an active user, and refuses a deactivated one', () => {
    spec([registered])
      .when({ type: 'SignIn' })
      .then([{ type: 'SignedIn', data: {} }]);
    spec([registered])
      .when({ type: 'SignOut' })
      .then([{ type: 'SignedOut', data: {} }]);
    spec([registered, deactivated]).when({ type: 'SignIn' }).thenThrows({ code: 'DEACTIVATED' });
  });

  it('signs in with a password only an active user whose address is verified, with one refusal for the rest', () => {
    spec([registered, emailVerified])
      .when({ type: 'SignInWithPassword' })
      .then([{ type: 'SignedIn', data: {} }]);
    spec([registered]).when({ type: 'SignInWithPassword' }).thenThrows({ code: 'BAD_LOGIN' });
    spec([registered, emailVerified, deactivated])
      .when({ type: 'SignInWithPassword' })
      .thenThrows({ code: 'BAD_LOGIN' });
    spec([]).when({ type: 'SignInWithPassword' }).thenThrows({ code: 'BAD_LOGIN' });
  });
});

describe('an open session', () => {
  const issuedAt = Date.parse('2026-11-22T13:00:00.000Z');
  const claims = { sub: 'u-1', jti: 't-1', iat_ms: issuedAt, exp: issuedAt / 1000 + 3600 };
  const user = (...events: UserEvent[]) => fold(userDecider, [registered, emailVerified, ...events]);
  const ended =
    (...events: UserEvent[]) =>
    () =>
      refuseEndedSession(user(...events), claims);

  it('stays open for an active user whose password and sessions have not changed since the token', () => {
    expect(ended()).not.toThrow();
    const before = '2026-11-22T12:30:00.000Z';
    expect(ended({ type: 'PasswordChanged', data: { via: 'change', at: before } })).not.toThrow();
  });

  it('ends for good with a later password change, a forced logout or a deactivation', () => {
    const later = '2026-11-22T13:00:01.000Z';
    const reactivated: UserEvent = { type: 'UserStatusChanged', data: { status: 'active' } };
    for (const events of [
      [{ type: 'PasswordChanged', data: { via: 'reset', at: later } }],
      [{ type: 'LogoutForced', data: { at: later } }],
      [deactivated],
      [deactivated, { type: 'LogoutForced', data: { at: later } }, reactivated],
    ] as UserEvent[][]) {
      expect(ended(...events)).toThrow(expect.objectContaining({ code: 'SESSION_INVALID' }));
    }
  });
});
