import type { UserEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { fold } from '../core/decider.ts';
import { deciderSpec } from '../core/decider-spec.ts';
import { userDecider } from './decide.ts';
import { defaultPreferences, userRecord } from './user.ts';

const registered: UserEvent = {
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
const deactivated: UserEvent = { type: 'UserStatusChanged', data: { status: 'deactivate' } };
const spec = deciderSpec(userDecider);

describe('user decider', () => {
  it('registers a new user, once', () => {
    spec([])
      .when({ type: 'Register', data: registered.data as never })
      .then([registered]);
    spec([registered])
      .when({ type: 'Register', data: registered.data as never })
      .thenThrows({ code: 'USER_EXISTS' });
  });

  it('refuses every command for a user that does not exist', () => {
    spec([]).when({ type: 'SignIn' }).thenThrows({ code: 'USER_NOT_FOUND' });
  });

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

  it('signs in and out an active user, and refuses a deactivated one', () => {
    spec([registered])
      .when({ type: 'SignIn' })
      .then([{ type: 'SignedIn', data: {} }]);
    spec([registered])
      .when({ type: 'SignOut' })
      .then([{ type: 'SignedOut', data: {} }]);
    spec([registered, deactivated]).when({ type: 'SignIn' }).thenThrows({ code: 'DEACTIVATED' });
  });

  it('records a reset request and a password change with its instant', () => {
    const at = '2026-11-22T13:00:00.000Z';
    spec([registered])
      .when({ type: 'RequestPasswordReset', expiresAt: at })
      .then([{ type: 'PasswordResetRequested', data: { expiresAt: at } }]);
    spec([registered])
      .when({ type: 'ChangePassword', via: 'reset', at })
      .then([{ type: 'PasswordChanged', data: { via: 'reset', at } }]);
  });

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

  it('lets an admin deactivate, reactivate and force out; a deactivated user can change nothing', () => {
    const at = '2026-11-22T14:00:00.000Z';
    // A deactivation ends every earlier session: a reactivation does not bring them back.
    spec([registered])
      .when({ type: 'ChangeStatus', status: 'deactivate', at })
      .then([deactivated, { type: 'LogoutForced', data: { at } }]);
    spec([registered, deactivated]).when({ type: 'ChangeStatus', status: 'deactivate', at }).then([]);
    spec([registered, deactivated])
      .when({ type: 'ChangeStatus', status: 'active', at })
      .then([{ type: 'UserStatusChanged', data: { status: 'active' } }]);
    spec([registered, deactivated])
      .when({ type: 'ForceLogout', at })
      .then([{ type: 'LogoutForced', data: { at } }]);
    spec([registered, deactivated])
      .when({ type: 'UpdateProfile', firstName: 'X' })
      .thenThrows({ code: 'DEACTIVATED' });
  });

  it('grants and revokes roles once each, keeps several, and reads a pre-roles seller as a seller', () => {
    const granted = (role: 'admin' | 'seller' | 'finance'): UserEvent => ({
      type: 'RoleGranted',
      data: { role },
    });
    spec([registered])
      .when({ type: 'GrantRole', role: 'admin' })
      .then([granted('admin')]);
    spec([registered, granted('admin')])
      .when({ type: 'GrantRole', role: 'admin' })
      .then([]);
    spec([registered, granted('admin')])
      .when({ type: 'RevokeRole', role: 'admin' })
      .then([{ type: 'RoleRevoked', data: { role: 'admin' } }]);
    spec([registered]).when({ type: 'RevokeRole', role: 'admin' }).then([]);
    spec([]).when({ type: 'GrantRole', role: 'admin' }).thenThrows({ code: 'USER_NOT_FOUND' });
    // A deactivated user's roles can be taken away, not given.
    spec([registered, granted('finance'), deactivated])
      .when({ type: 'RevokeRole', role: 'finance' })
      .then([{ type: 'RoleRevoked', data: { role: 'finance' } }]);
    spec([registered, deactivated])
      .when({ type: 'GrantRole', role: 'admin' })
      .thenThrows({ code: 'DEACTIVATED' });
    const user = fold(userDecider, [
      registered,
      granted('finance'),
      { type: 'SellerStatusChanged', data: { seller: true } },
      granted('admin'),
    ]);
    expect(userRecord(user).roles).toEqual(['finance', 'seller', 'admin']);
    expect(userRecord(user)).toMatchObject({ isAdmin: true, is_seller: true });
    const stopped = fold(userDecider, [
      registered,
      granted('seller'),
      { type: 'SellerStatusChanged', data: { seller: false } },
    ]);
    expect(userRecord(stopped)).toMatchObject({ roles: [], is_seller: false, isAdmin: false });
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

  it('keeps cards: the first becomes the default, removing the default hands it on, at most ten', () => {
    const card = (n: number) => ({
      cardId: `c${n}`,
      provider: 'sandbox',
      brand: 'visa' as const,
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      nameOnCard: 'Ada',
    });
    const added = (n: number): UserEvent => ({ type: 'CardAdded', data: card(n) });
    const defaulted = (id: string | null): UserEvent => ({
      type: 'DefaultCardChanged',
      data: { cardId: id },
    });
    spec([registered])
      .when({ type: 'AddCard', card: card(1) })
      .then([added(1), defaulted('c1')]);
    spec([registered, added(1), defaulted('c1')])
      .when({ type: 'AddCard', card: card(2) })
      .then([added(2)]);
    spec([registered, added(1), defaulted('c1'), added(2)])
      .when({ type: 'RemoveCard', cardId: 'c1' })
      .then([{ type: 'CardRemoved', data: { cardId: 'c1' } }, defaulted('c2')]);
    spec([registered, added(1), defaulted('c1')])
      .when({ type: 'RemoveCard', cardId: 'c1' })
      .then([{ type: 'CardRemoved', data: { cardId: 'c1' } }, defaulted(null)]);
    spec([registered]).when({ type: 'SetDefaultCard', cardId: 'c9' }).thenThrows({ code: 'CARD_NOT_FOUND' });
    const ten = Array.from({ length: 10 }, (_, i) => added(i));
    spec([registered, ...ten])
      .when({ type: 'AddCard', card: card(11) })
      .thenThrows({ code: 'TOO_MANY_CARDS' });
  });

  it('updates the expiry and name of a card on file only', () => {
    const card = {
      cardId: 'c1',
      provider: 'sandbox',
      brand: 'visa' as const,
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      nameOnCard: 'Ada',
    };
    const change = { cardId: 'c1', expMonth: 3, expYear: 2031, nameOnCard: 'Ada Lovelace' };
    spec([registered, { type: 'CardAdded', data: card }])
      .when({ type: 'UpdateCard', change })
      .then([{ type: 'CardUpdated', data: change }]);
    spec([registered]).when({ type: 'UpdateCard', change }).thenThrows({ code: 'CARD_NOT_FOUND' });
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

  it('records an identity check outcome', () => {
    const result = { provider: 'sandbox', status: 'review' as const, reference: 'KYC-1' };
    spec([registered])
      .when({ type: 'RecordKycCheck', result })
      .then([{ type: 'KycChecked', data: result }]);
  });

  it('takes a bid limit request above the current limit only, and an approval', () => {
    spec([registered])
      .when({ type: 'RequestBidLimit', amount: 500_000 })
      .then([{ type: 'BidLimitRequested', data: { amount: 500_000 } }]);
    const approved: UserEvent = { type: 'BidLimitApproved', data: { amount: 500_000 } };
    spec([registered, approved])
      .when({ type: 'RequestBidLimit', amount: 400_000 })
      .thenThrows({ code: 'BID_LIMIT_NOT_HIGHER' });
    spec([registered]).when({ type: 'ApproveBidLimit', amount: 500_000 }).then([approved]);
  });

  it('keeps company owners under 100% together; updates and removes only known owners', () => {
    const owner = (id: string, pct: number) => ({
      ownerId: id,
      name: id,
      title: '',
      email: '',
      ownershipPercent: pct,
    });
    const added = (id: string, pct: number): UserEvent => ({
      type: 'CompanyOwnerAdded',
      data: owner(id, pct),
    });
    spec([registered])
      .when({ type: 'AddCompanyOwner', owner: owner('o1', 60) })
      .then([added('o1', 60)]);
    spec([registered, added('o1', 60)])
      .when({ type: 'AddCompanyOwner', owner: owner('o1', 60) })
      .then([]);
    spec([registered, added('o1', 60)])
      .when({ type: 'AddCompanyOwner', owner: owner('o2', 41) })
      .thenThrows({ code: 'OWNERSHIP_OVER' });
    spec([registered, added('o1', 60)])
      .when({ type: 'UpdateCompanyOwner', owner: owner('o1', 100) })
      .then([{ type: 'CompanyOwnerUpdated', data: owner('o1', 100) }]);
    spec([registered])
      .when({ type: 'RemoveCompanyOwner', ownerId: 'o9' })
      .thenThrows({ code: 'OWNER_NOT_FOUND' });
  });

  it('answers a user record with no secret and the seeds field names', () => {
    const verified: UserEvent = { type: 'EmailVerified', data: { via: 'code' } };
    const user = fold(userDecider, [registered, verified]);
    const record = userRecord(user);
    expect(record).toMatchObject({
      id: 'u-1',
      first_name: 'Ada',
      last_name: 'Lovelace',
      email: 'ada@example.com',
      status: 'active',
      email_verified: true,
      popup_message: 1,
      force_logout: 0,
    });
    expect(JSON.stringify(record)).not.toMatch(/password|hash|token/i);
  });
});
