import type { UserEvent } from '@wine/event-schemas';

/** A registered user, for the user decider's given/when/then specs. */
export const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u-1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    phone: null,
    countryCode: '+1',
    newsletter: false,
    registeredAt: '2026-11-22T12:00:00.000Z',
    popupMessage: 1,
  },
};

export const emailVerified: UserEvent = { type: 'EmailVerified', data: { via: 'code' } };
export const deactivated: UserEvent = { type: 'UserStatusChanged', data: { status: 'deactivate' } };
