import type { UserEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { userDecider } from '../users/decide.ts';
import { deactivated, registered } from '../users/fixtures.ts';
import { defaultPreferences } from '../users/profile/decide.ts';
import { noticeMail, outbidText } from './mail.ts';
import { unsubscribeLinks } from './unsubscribe-link.ts';

const spec = deciderSpec(userDecider);
const chose = (change: Partial<typeof defaultPreferences>): UserEvent => ({
  type: 'PreferencesUpdated',
  data: { ...defaultPreferences, ...change },
});
const phoneVerified: UserEvent[] = [
  { type: 'ProfileUpdated', data: { phone: '3125550100' } },
  { type: 'PhoneVerified', data: { phone: '3125550100' } },
];
const outbid = { type: 'RecordNotification', kind: 'outbid', lotId: 'lot-1', ref: 'bid-9' } as const;

describe('notifications: what is recorded before a mail', () => {
  it('records an outbid by e-mail by default (outbid alerts are on for a new account)', () => {
    spec([registered])
      .when(outbid)
      .then([
        {
          type: 'NotificationSent',
          data: { kind: 'outbid', lotId: 'lot-1', ref: 'bid-9', channels: ['email'] },
        },
      ]);
  });

  it('adds a text message only when chosen and the phone is verified', () => {
    const sent = (channels: ('email' | 'sms')[]): UserEvent[] => [
      { type: 'NotificationSent', data: { kind: 'outbid', lotId: 'lot-1', ref: 'bid-9', channels } },
    ];
    spec([registered, chose({ sms_notifications: true })])
      .when(outbid)
      .then(sent(['email']));
    spec([registered, ...phoneVerified])
      .when(outbid)
      .then(sent(['email']));
    spec([registered, ...phoneVerified, chose({ sms_notifications: true })])
      .when(outbid)
      .then(sent(['email', 'sms']));
    // A phone changed since its code is not texted.
    spec([
      registered,
      ...phoneVerified,
      chose({ sms_notifications: true }),
      { type: 'ProfileUpdated', data: { phone: '3125550199' } },
    ])
      .when(outbid)
      .then(sent(['email']));
    // Texts only: no e-mail, still the text.
    spec([registered, ...phoneVerified, chose({ sms_notifications: true, email_notifications: false })])
      .when(outbid)
      .then(sent(['sms']));
  });

  it('records nothing when the kind, or every channel, is off, or the account is deactivated', () => {
    spec([registered, chose({ outbid_alerts: false })])
      .when(outbid)
      .then([]);
    spec([registered, chose({ email_notifications: false })])
      .when(outbid)
      .then([]);
    spec([registered, chose({ closing_reminders: false })])
      .when({ type: 'RecordNotification', kind: 'closing', lotId: 'lot-1', ref: 'close' })
      .then([]);
    spec([registered, chose({ won_notices: false })])
      .when({ type: 'RecordNotification', kind: 'won', lotId: 'lot-1', ref: 'inv-1' })
      .then([]);
    spec([registered, deactivated]).when(outbid).thenThrows({ code: 'DEACTIVATED' });
  });

  it('unsubscribes a kind by turning its switch off, once', () => {
    spec([registered])
      .when({ type: 'Unsubscribe', kind: 'closing' })
      .then([{ type: 'PreferencesUpdated', data: { ...defaultPreferences, closing_reminders: false } }]);
    spec([registered, chose({ language: 'es' })])
      .when({ type: 'Unsubscribe', kind: 'won' })
      .then([
        { type: 'PreferencesUpdated', data: { ...defaultPreferences, language: 'es', won_notices: false } },
      ]);
    spec([registered, chose({ outbid_alerts: false })])
      .when({ type: 'Unsubscribe', kind: 'outbid' })
      .then([]);
  });
});

describe('notifications: unsubscribe links', () => {
  const links = unsubscribeLinks('a-session-secret-of-at-least-32-characters');
  it('accepts its own signature for that user and kind only', () => {
    const token = links.sign('u-1', 'outbid');
    expect(links.verify('u-1', 'outbid', token)).toBe(true);
    expect(links.verify('u-2', 'outbid', token)).toBe(false);
    expect(links.verify('u-1', 'closing', token)).toBe(false);
    expect(links.verify('u-1', 'outbid', `${token.slice(0, -1)}A`)).toBe(token.endsWith('A'));
    expect(links.verify('u-1', 'outbid', '')).toBe(false);
    expect(unsubscribeLinks('another-session-secret-of-32-characters!').verify('u-1', 'outbid', token)).toBe(
      false,
    );
  });
  it('points at the unsubscribe page with the user, the kind and the token', () => {
    const url = new URL(links.url('https://shop.example', 'u-1', 'won'));
    expect(url.pathname).toBe('/unsubscribe');
    expect(Object.fromEntries(url.searchParams)).toEqual({ u: 'u-1', k: 'won', t: links.sign('u-1', 'won') });
  });
});

describe('notifications: the mails', () => {
  const links = {
    stop: 'https://shop.example/unsubscribe?x',
    choices: 'https://shop.example/account/notifications',
  };
  const notice = {
    kind: 'outbid',
    title: '2016 Sassicaia',
    price: 125_000,
    lotLink: 'https://shop.example/productview/lot-1',
  } as const;
  it('writes the outbid mail in English or Spanish, with the lot and the unsubscribe link', () => {
    const en = noticeMail('en', 'Ann', notice, links);
    expect(en.subject).toBe('You have been outbid on 2016 Sassicaia');
    expect(en.text).toContain('The current bid is $1,250.00.');
    expect(en.text).toContain(notice.lotLink);
    expect(en.text).toContain(`To stop these e-mails, open ${links.stop}`);
    const es = noticeMail('es', 'Bea', notice, links);
    expect(es.subject).toBe('Han superado tu puja por 2016 Sassicaia');
    expect(es.text).toContain('Hola Bea:');
    expect(es.text).toContain(links.stop);
    expect(outbidText('es', notice)).toContain('han superado tu puja por 2016 Sassicaia');
  });
});
