import type { UserEvent } from '@wine/event-schemas';
import { describe, it } from 'vitest';
import { deciderSpec } from '../../core/decider-spec.ts';
import { userDecider } from '../decide.ts';
import { deactivated, emailVerified, registered } from '../fixtures.ts';

const spec = deciderSpec(userDecider);
const withPhone: UserEvent = { type: 'ProfileUpdated', data: { phone: '3125550100' } };
const phoneVerified: UserEvent = { type: 'PhoneVerified', data: { phone: '3125550100' } };
const number = { countryCode: '+1', phone: '3125550100' };
const signIn = { type: 'SignInWithPhoneCode', ...number } as const;

describe('user decider: sign-in by a texted code', () => {
  it('signs in an open account whose verified phone is the number', () => {
    spec([registered, emailVerified, withPhone, phoneVerified])
      .when(signIn)
      .then([{ type: 'SignedIn', data: {} }]);
  });

  it('answers every refusal as a wrong code: no account, a deactivated one, an e-mail never proven', () => {
    spec([]).when(signIn).thenThrows({ code: 'CODE_INVALID' });
    spec([registered, emailVerified, withPhone, phoneVerified, deactivated])
      .when(signIn)
      .thenThrows({ code: 'CODE_INVALID' });
    spec([registered, withPhone, phoneVerified]).when(signIn).thenThrows({ code: 'CODE_INVALID' });
  });

  it('refuses a number not verified, changed since it was, or under another country code', () => {
    spec([registered, emailVerified, withPhone]).when(signIn).thenThrows({ code: 'CODE_INVALID' });
    const changed: UserEvent = { type: 'ProfileUpdated', data: { phone: '3125550199' } };
    spec([registered, emailVerified, withPhone, phoneVerified, changed])
      .when(signIn)
      .thenThrows({ code: 'CODE_INVALID' });
    spec([registered, emailVerified, withPhone, phoneVerified])
      .when({ ...signIn, countryCode: '+44' })
      .thenThrows({ code: 'CODE_INVALID' });
  });
});
