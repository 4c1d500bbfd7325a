import type { UserEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { registered } from '../fixtures.ts';
import { evolveUser, initialUser, type User } from '../user.ts';
import { checkField } from './check.ts';

const userAfter = (events: UserEvent[]): User => events.reduce(evolveUser, initialUser());
const ada = userAfter([
  registered,
  { type: 'EmailVerified', data: { via: 'code' } },
  { type: 'ProfileUpdated', data: { phone: '3125550100' } },
]);

describe('checkValidation', () => {
  it('tells a visitor only that a well-formed value may be used, whoever holds it', () => {
    const taken = checkField({ email: 'ada@example.com' }, null);
    const free = checkField({ email: 'nobody@example.com' }, null);
    expect(taken).toEqual({ field: 'email', value: 'ada@example.com', status: 'may_use', verified: false });
    expect({ ...free, value: taken.value }).toEqual(taken);
    expect(checkField({ phone: '3125550100', countryCode: '+1' }, null)).toEqual({
      field: 'phone',
      value: '3125550100',
      status: 'may_use',
      verified: false,
    });
  });

  it('tells the signed-in owner that a value is theirs, and whether it was proven', () => {
    expect(checkField({ email: 'ada@example.com' }, ada)).toEqual({
      field: 'email',
      value: 'ada@example.com',
      status: 'yours',
      verified: true,
    });
    expect(checkField({ phone: '3125550100', countryCode: '+1' }, ada)).toMatchObject({
      status: 'yours',
      verified: false,
    });
    const proven = evolveUser(ada, { type: 'PhoneVerified', data: { phone: '3125550100' } });
    expect(checkField({ phone: '3125550100', countryCode: '+1' }, proven)).toMatchObject({
      status: 'yours',
      verified: true,
    });
  });

  it('tells a signed-in user nothing about values that are not theirs', () => {
    expect(checkField({ email: 'grace@example.com' }, ada)).toMatchObject({
      status: 'may_use',
      verified: false,
    });
    expect(checkField({ phone: '3125550100', countryCode: '+44' }, ada)).toMatchObject({ status: 'may_use' });
  });
});
