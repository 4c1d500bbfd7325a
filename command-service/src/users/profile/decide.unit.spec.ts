import type { UserEvent } from '@wine/event-schemas';
import { describe, it } from 'vitest';
import { deciderSpec } from '../../core/decider-spec.ts';
import { userDecider } from '../decide.ts';
import { deactivated, registered } from '../fixtures.ts';
import { defaultPreferences } from './decide.ts';

const spec = deciderSpec(userDecider);

describe('user decider: profile', () => {
  it('updates only the profile fields that change, and acknowledges the popup once', () => {
    spec([registered])
      .when({
        type: 'UpdateProfile',
        firstName: 'Ada',
        lastName: 'King',
        phone: '3125550100',
        acknowledgePopup: true,
      })
      .then([
        { type: 'ProfileUpdated', data: { lastName: 'King', phone: '3125550100' } },
        { type: 'PopupAcknowledged', data: {} },
      ]);
    spec([registered, { type: 'PopupAcknowledged', data: {} }])
      .when({ type: 'UpdateProfile', firstName: 'Ada', acknowledgePopup: true })
      .then([]);
  });

  it('updates preferences only when they change', () => {
    spec([registered]).when({ type: 'UpdatePreferences', preferences: defaultPreferences }).then([]);
    const quieter = { ...defaultPreferences, email_notifications: false };
    spec([registered])
      .when({ type: 'UpdatePreferences', preferences: quieter })
      .then([{ type: 'PreferencesUpdated', data: quieter }]);
  });

  it('sets the address, and records nothing when it is the same again', () => {
    const address = {
      address1: '100 N State St',
      city: 'Chicago',
      state: 'IL',
      zip: '60602',
      latitude: 41.8835,
      longitude: -87.6278,
      fullAddress: '100 N State St, Chicago, IL 60602',
      placeId: null,
    };
    const set: UserEvent = { type: 'AddressSet', data: address };
    spec([registered]).when({ type: 'SetAddress', address }).then([set]);
    spec([registered, set])
      .when({ type: 'SetAddress', address: { ...address } })
      .then([]);
    spec([registered, set])
      .when({ type: 'SetAddress', address: { ...address, zip: '60603' } })
      .then([{ type: 'AddressSet', data: { ...address, zip: '60603' } }]);
    spec([registered, deactivated]).when({ type: 'SetAddress', address }).thenThrows({ code: 'DEACTIVATED' });
  });
});

describe('user decider: resetting the notification choices (resetUserProfile)', () => {
  const quiet = {
    ...defaultPreferences,
    email_notifications: false,
    outbid_alerts: false,
    sms_notifications: true,
    coming_up_notices: true,
    language: 'es' as const,
  };

  it('puts every choice back as a new account has it, keeping the language', () => {
    spec([registered, { type: 'PreferencesUpdated', data: quiet }])
      .when({ type: 'ResetPreferences' })
      .then([
        {
          type: 'PreferencesUpdated',
          data: { ...defaultPreferences, coming_up_notices: false, language: 'es' },
        },
      ]);
  });

  it('records nothing when the choices are the defaults already', () => {
    spec([registered]).when({ type: 'ResetPreferences' }).then([]);
  });

  it('takes an absent "coming up" choice as the off it is shown as', () => {
    spec([registered])
      .when({ type: 'UpdatePreferences', preferences: { ...defaultPreferences, coming_up_notices: false } })
      .then([]);
    const on = { ...defaultPreferences, coming_up_notices: true };
    spec([registered, { type: 'PreferencesUpdated', data: on }])
      .when({ type: 'UpdatePreferences', preferences: defaultPreferences })
      .then([{ type: 'PreferencesUpdated', data: defaultPreferences }]);
  });
});
