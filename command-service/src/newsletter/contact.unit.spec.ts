import type { ContactEvent } from '@wine/event-schemas';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { contactDecider, contactKindOf, contactStreamOf } from './contact.ts';

const spec = deciderSpec(contactDecider);
const email = 'ann@example.com';
const add = (signUpId = 'signup-1') =>
  ({
    type: 'AddNewsletterContact',
    email,
    source: 'footer',
    language: 'en',
    kind: 'Subscriber',
    signUpId,
  }) as const;
const added = (signUpId = 'signup-1'): ContactEvent => ({
  type: 'NewsletterContactAdded',
  data: { email, source: 'footer', language: 'en', kind: 'Subscriber', signUpId },
});
const confirmed = (signUpId = 'signup-1'): ContactEvent => ({
  type: 'NewsletterContactConfirmed',
  data: { email, signUpId },
});
const left = (by: 'staff' | 'contact'): ContactEvent => ({
  type: 'NewsletterContactUnsubscribed',
  data: { email, by },
});
const sentOn = {
  type: 'RecordContactSentOn',
  signUpId: 'signup-1',
  service: 'sandbox',
  userType: null,
  tag: 'Subscriber',
  sendToZoho: true,
} as const;
const sent: ContactEvent = {
  type: 'NewsletterContactSentOn',
  data: {
    email,
    signUpId: 'signup-1',
    service: 'sandbox',
    userType: null,
    tag: 'Subscriber',
    sendToZoho: true,
  },
};
const failed = (attempt: number): ContactEvent => ({
  type: 'NewsletterContactSendFailed',
  data: {
    email,
    signUpId: 'signup-1',
    service: 'zoho-campaigns',
    attempt,
    reason: 'zoho-campaigns HTTP_503: down',
  },
});
const failure = {
  type: 'RecordContactSendFailed',
  signUpId: 'signup-1',
  service: 'zoho-campaigns',
  reason: 'zoho-campaigns HTTP_503: down',
} as const;

describe('a newsletter sign-up (double opt-in)', () => {
  it('is recorded as pending, once', () => {
    spec([]).when(add()).then([added()]);
  });

  it('records nothing when the address is pending or subscribed already, and that is not an error', () => {
    spec([added()]).when(add('signup-2')).then([]);
    spec([added(), confirmed()]).when(add('signup-2')).then([]);
  });

  it('is a new pending sign-up after the address left the list', () => {
    spec([added(), confirmed(), left('contact')])
      .when(add('signup-2'))
      .then([added('signup-2')]);
  });

  it('lives on a stream named by a hash of the lower-cased address, not the address', () => {
    expect(contactStreamOf(' Ann@Example.com ')).toBe(contactStreamOf('ann@example.com'));
    expect(contactStreamOf('ann@example.com')).toMatch(/^contact-[0-9a-f]{64}$/);
  });
});

describe('an account registered with the newsletter ticked, its e-mail verified', () => {
  const registered = { type: 'AddRegisteredContact', email, language: 'es', signUpId: 'user-u1' } as const;
  const addedRegistered: ContactEvent = {
    type: 'NewsletterContactAdded',
    data: { email, source: 'registration', language: 'es', kind: 'Registered', signUpId: 'user-u1' },
  };
  const confirmedRegistered: ContactEvent = {
    type: 'NewsletterContactConfirmed',
    data: { email, signUpId: 'user-u1' },
  };

  it('is added and confirmed at once: the verified e-mail was the confirmation', () => {
    spec([]).when(registered).then([addedRegistered, confirmedRegistered]);
  });

  it('takes over a footer sign-up still pending, and after the address left the list', () => {
    spec([added()]).when(registered).then([addedRegistered, confirmedRegistered]);
    spec([added(), confirmed(), left('contact')])
      .when(registered)
      .then([addedRegistered, confirmedRegistered]);
  });

  it('records nothing for an address subscribed already', () => {
    spec([added(), confirmed()]).when(registered).then([]);
  });
});

describe('confirming a sign-up', () => {
  it('subscribes the pending address', () => {
    spec([added()]).when({ type: 'ConfirmNewsletterContact', signUpId: 'signup-1' }).then([confirmed()]);
  });

  it('records nothing when the same link is opened again', () => {
    spec([added(), confirmed()]).when({ type: 'ConfirmNewsletterContact', signUpId: 'signup-1' }).then([]);
  });

  it("refuses another sign-up's link, and any link once the address left the list", () => {
    spec([added()])
      .when({ type: 'ConfirmNewsletterContact', signUpId: 'signup-0' })
      .thenThrows({ code: 'NEWSLETTER_LINK_INVALID' });
    spec([added(), confirmed(), left('contact')])
      .when({ type: 'ConfirmNewsletterContact', signUpId: 'signup-1' })
      .thenThrows({ code: 'NEWSLETTER_LINK_INVALID' });
    spec([])
      .when({ type: 'ConfirmNewsletterContact', signUpId: '' })
      .thenThrows({ code: 'NEWSLETTER_LINK_INVALID' });
  });

  it('confirms a sign-up of before double opt-in (upcast with no sign-up id) by its own link', () => {
    spec([added('')])
      .when({ type: 'ConfirmNewsletterContact', signUpId: '' })
      .then([confirmed('')]);
  });
});

describe('leaving the list', () => {
  it('takes a pending or subscribed address off, naming who did', () => {
    spec([added()])
      .when({ type: 'UnsubscribeNewsletterContact', email, by: 'contact' })
      .then([left('contact')]);
    spec([added(), confirmed()])
      .when({ type: 'UnsubscribeNewsletterContact', email, by: 'staff' })
      .then([left('staff')]);
  });

  it('records nothing for an address off the list or never on it', () => {
    spec([added(), left('contact')])
      .when({ type: 'UnsubscribeNewsletterContact', email, by: 'contact' })
      .then([]);
    spec([]).when({ type: 'UnsubscribeNewsletterContact', email, by: 'staff' }).then([]);
  });
});

describe('sending a contact on to the marketing service', () => {
  it('records a confirmed contact sent on, once', () => {
    spec([added(), confirmed()]).when(sentOn).then([sent]);
    spec([added(), confirmed(), sent]).when(sentOn).then([]);
  });

  it('records nothing for a contact not confirmed, taken off since, or of an earlier sign-up', () => {
    spec([added()]).when(sentOn).then([]);
    spec([added(), confirmed(), left('staff')])
      .when(sentOn)
      .then([]);
    spec([added(), confirmed(), left('contact'), added('signup-2'), confirmed('signup-2')])
      .when(sentOn)
      .then([]);
  });

  it('numbers the failures of a delivery still due, and none once it went', () => {
    spec([added(), confirmed()])
      .when(failure)
      .then([failed(1)]);
    spec([added(), confirmed(), failed(1), failed(2)])
      .when(failure)
      .then([failed(3)]);
    spec([added(), confirmed(), failed(1), sent])
      .when(failure)
      .then([]);
  });
});

describe("the contact's kind from the seeds' payload (user_type or tag by contact kind)", () => {
  it('is the user_type given, else a tag naming a kind, else a Subscriber', () => {
    expect(contactKindOf({})).toBe('Subscriber');
    expect(contactKindOf({ user_type: 'User' })).toBe('User');
    expect(contactKindOf({ user_type: 'Registered', tag: 'Subscriber' })).toBe('Registered');
    expect(contactKindOf({ tag: ' registered ' })).toBe('Registered');
    expect(contactKindOf({ tag: 'Spring tasting' })).toBe('Subscriber');
  });
});
