import type { UserEvent } from '@wine/event-schemas';
import { describe, it } from 'vitest';
import { deciderSpec } from '../../core/decider-spec.ts';
import { userDecider } from '../decide.ts';
import { registered } from '../fixtures.ts';

const spec = deciderSpec(userDecider);

describe('user decider: verification', () => {
  it('records a verification sent, and refuses one once verified', () => {
    const expiresAt = '2026-11-22T12:15:00.000Z';
    spec([registered])
      .when({ type: 'RecordVerificationSent', expiresAt })
      .then([{ type: 'EmailVerificationSent', data: { expiresAt } }]);
    spec([registered, { type: 'EmailVerified', data: { via: 'code' } }])
      .when({ type: 'RecordVerificationSent', expiresAt })
      .thenThrows({ code: 'ALREADY_VERIFIED' });
  });

  it('verifies the e-mail once; a second verification changes nothing', () => {
    spec([registered])
      .when({ type: 'VerifyEmail', via: 'link' })
      .then([{ type: 'EmailVerified', data: { via: 'link' } }]);
    spec([registered, { type: 'EmailVerified', data: { via: 'code' } }])
      .when({ type: 'VerifyEmail', via: 'link' })
      .then([]);
  });

  it('texts a phone code only to a phone on file that is not verified yet, and verifies that number', () => {
    const expiresAt = '2026-11-22T12:10:00.000Z';
    spec([registered])
      .when({ type: 'RecordPhoneVerificationSent', expiresAt })
      .thenThrows({ code: 'NO_PHONE' });
    const withPhone: UserEvent = { type: 'ProfileUpdated', data: { phone: '3125550100' } };
    spec([registered, withPhone])
      .when({ type: 'RecordPhoneVerificationSent', expiresAt })
      .then([{ type: 'PhoneVerificationSent', data: { expiresAt } }]);
    const verifiedPhone: UserEvent = { type: 'PhoneVerified', data: { phone: '3125550100' } };
    spec([registered, withPhone]).when({ type: 'VerifyPhone' }).then([verifiedPhone]);
    spec([registered, withPhone, verifiedPhone])
      .when({ type: 'RecordPhoneVerificationSent', expiresAt })
      .thenThrows({ code: 'PHONE_ALREADY_VERIFIED' });
  });
});
