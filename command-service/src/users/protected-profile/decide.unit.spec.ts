import type { SessionClaims } from '@wine/platform';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../core/decider-spec.ts';
import { userDecider } from '../decide.ts';
import { deactivated, registered } from '../fixtures.ts';
import { changedKycFields, FRESH_SESSION_MINUTES, refuseUnlessFreshOwner } from './decide.ts';

const spec = deciderSpec(userDecider);
const now = new Date('2026-11-22T12:00:00.000Z');
const adult = { year: 1980, month: 5, day: 17 };
const kept = {
  date_of_birth: '1980-05-17',
  nationality: 'US',
  id_type: 'passport',
  id_last4: '1234',
} as const;

describe('user decider: the identity details of the profile', () => {
  it('records which details changed, never their values', () => {
    spec([registered])
      .when({ type: 'SaveKycProfile', changed: ['date_of_birth', 'id_last4'], bornOn: adult, now })
      .then([{ type: 'KycProfileUpdated', data: { fields: ['date_of_birth', 'id_last4'] } }]);
  });

  it('records nothing when nothing changed', () => {
    spec([registered]).when({ type: 'SaveKycProfile', changed: [], bornOn: adult, now }).then([]);
  });

  it('refuses anyone under 21 by the server clock, and a deactivated account', () => {
    spec([registered])
      .when({
        type: 'SaveKycProfile',
        changed: ['date_of_birth'],
        bornOn: { year: 2005, month: 11, day: 23 },
        now,
      })
      .thenThrows({ code: 'UNDER_AGE' });
    spec([registered])
      .when({
        type: 'SaveKycProfile',
        changed: ['date_of_birth'],
        bornOn: { year: 2005, month: 11, day: 22 },
        now,
      })
      .then([{ type: 'KycProfileUpdated', data: { fields: ['date_of_birth'] } }]);
    spec([registered, deactivated])
      .when({ type: 'SaveKycProfile', changed: ['nationality'], bornOn: adult, now })
      .thenThrows({ code: 'DEACTIVATED' });
  });
});

describe('which identity details changed', () => {
  it('names every field the first time, then only the ones that differ', () => {
    expect(changedKycFields(null, kept)).toEqual(['date_of_birth', 'nationality', 'id_type', 'id_last4']);
    expect(changedKycFields(kept, { ...kept })).toEqual([]);
    expect(changedKycFields(kept, { ...kept, nationality: 'ES', id_type: null, id_last4: null })).toEqual([
      'nationality',
      'id_type',
      'id_last4',
    ]);
  });
});

describe('who may see the protected details in full', () => {
  const claims = (iatMs: number, act?: string): SessionClaims => ({
    sub: 'u-1',
    jti: 'j-1',
    iat_ms: iatMs,
    exp: Math.floor(iatMs / 1000) + 3600,
    ...(act !== undefined && { act }),
  });
  const minutes = (m: number) => m * 60_000;

  it('lets the owner see them up to the last minute of a fresh session', () => {
    expect(() => refuseUnlessFreshOwner(claims(now.getTime()), now)).not.toThrow();
    const edge = now.getTime() - minutes(FRESH_SESSION_MINUTES);
    expect(() => refuseUnlessFreshOwner(claims(edge), now)).not.toThrow();
  });

  it('asks an older session to sign in again (SESSION_NOT_FRESH)', () => {
    const stale = now.getTime() - minutes(FRESH_SESSION_MINUTES) - 1;
    expect(() => refuseUnlessFreshOwner(claims(stale), now)).toThrow(
      expect.objectContaining({ code: 'SESSION_NOT_FRESH' }),
    );
  });

  it('refuses an admin acting as the user, however fresh (SWITCHED_SESSION)', () => {
    expect(() => refuseUnlessFreshOwner(claims(now.getTime(), 'admin-1'), now)).toThrow(
      expect.objectContaining({ code: 'SWITCHED_SESSION' }),
    );
  });
});
