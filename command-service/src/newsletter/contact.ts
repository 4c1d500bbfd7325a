import { createHash } from 'node:crypto';
import { type ContactEvent, contactStream } from '@wine/event-schemas';
import { AppError, marketingContactKinds } from '@wine/platform';
import type { Decider } from '../core/decider.ts';

/** A contact's id: the sha256 of the lower-cased address, so neither a stream name nor a link holds it. */
export const contactIdOf = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('hex');

/**
 * seeds 001 §7 "the payload carries user_type or tag by contact kind": the kind a footer sign-up is sent on
 * as (the marketing port's user_type or tag): its `user_type`, else a tag naming a kind, else a Subscriber
 * (the footer's sign-up, tagged as such).
 */
export function contactKindOf(input: { user_type?: string | undefined; tag?: string | undefined }): string {
  if (input.user_type) return input.user_type;
  const tagged = marketingContactKinds.find((kind) => kind.toLowerCase() === input.tag?.trim().toLowerCase());
  return tagged ?? 'Subscriber';
}

/** The stream of an address: `contact-<contactIdOf(address)>`. */
export const contactStreamOf = (email: string) => contactStream(contactIdOf(email));

/**
 * A marketing contact on `contact-<hash of the address>` (seeds 001 §7 addcontacts; issue 34 double
 * opt-in): never signed up, pending (its confirmation link mailed), subscribed (confirmed), or off
 * the list. `signUpId` names the sign-up the current confirmation is for; `sentOn` and `failures` are
 * its delivery to the marketing service.
 */
export interface Contact {
  status: 'none' | 'pending' | 'subscribed' | 'unsubscribed';
  email: string;
  source: string;
  language: string;
  kind: string;
  signUpId: string;
  sentOn: boolean;
  failures: number;
}

export type ContactCommand =
  | {
      type: 'AddNewsletterContact';
      email: string;
      source: string;
      language: string;
      kind: string;
      signUpId: string;
    }
  /**
   * An account registered with the newsletter ticked, whose e-mail is now verified: the verification
   * is the opt-in's confirmation (the address answered a mail), so it is added and confirmed at once.
   */
  | { type: 'AddRegisteredContact'; email: string; language: string; signUpId: string }
  /** The address opened the confirmation link of the sign-up `signUpId`. */
  | { type: 'ConfirmNewsletterContact'; signUpId: string }
  /** Off the list: an admin took it off, or the contact's own unsubscribe link (signing up again puts it back). */
  | { type: 'UnsubscribeNewsletterContact'; email: string; by: 'staff' | 'contact' }
  /** The delivery process sent the confirmed sign-up `signUpId` on to the marketing service. */
  | {
      type: 'RecordContactSentOn';
      signUpId: string;
      service: string;
      userType: string | null;
      tag: string | null;
      sendToZoho: boolean;
    }
  | { type: 'RecordContactSendFailed'; signUpId: string; service: string; reason: string };

const initialContact = (): Contact => ({
  status: 'none',
  email: '',
  source: '',
  language: '',
  kind: '',
  signUpId: '',
  sentOn: false,
  failures: 0,
});

/** Still to be sent on: confirmed by this sign-up, and neither sent nor taken off since. */
const dueFor = (state: Contact, signUpId: string) =>
  state.status === 'subscribed' && state.signUpId === signUpId && !state.sentOn;

export function decideContact(command: ContactCommand, state: Contact): ContactEvent[] {
  switch (command.type) {
    case 'AddNewsletterContact': {
      // seeds 001 §2: signing up again is not an error; pending or subscribed, it records nothing new.
      if (state.status === 'pending' || state.status === 'subscribed') return [];
      const { email, source, language, kind, signUpId } = command;
      return [{ type: 'NewsletterContactAdded', data: { email, source, language, kind, signUpId } }];
    }
    case 'AddRegisteredContact': {
      if (state.status === 'subscribed') return [];
      const { email, language, signUpId } = command;
      return [
        {
          type: 'NewsletterContactAdded',
          data: { email, source: 'registration', language, kind: 'Registered', signUpId },
        },
        { type: 'NewsletterContactConfirmed', data: { email, signUpId } },
      ];
    }
    case 'ConfirmNewsletterContact': {
      // A link opened again once it worked changes nothing; a link of another sign-up confirms nothing.
      if (
        state.signUpId !== command.signUpId ||
        (state.status !== 'pending' && state.status !== 'subscribed')
      )
        throw new AppError('NEWSLETTER_LINK_INVALID');
      if (state.status === 'subscribed') return [];
      return [{ type: 'NewsletterContactConfirmed', data: { email: state.email, signUpId: state.signUpId } }];
    }
    case 'UnsubscribeNewsletterContact':
      if (state.status !== 'pending' && state.status !== 'subscribed') return [];
      return [
        {
          type: 'NewsletterContactUnsubscribed',
          data: { email: state.email || command.email, by: command.by },
        },
      ];
    case 'RecordContactSentOn': {
      if (!dueFor(state, command.signUpId)) return [];
      const { signUpId, service, userType, tag, sendToZoho } = command;
      return [
        {
          type: 'NewsletterContactSentOn',
          data: { email: state.email, signUpId, service, userType, tag, sendToZoho },
        },
      ];
    }
    case 'RecordContactSendFailed': {
      if (!dueFor(state, command.signUpId)) return [];
      const { signUpId, service, reason } = command;
      return [
        {
          type: 'NewsletterContactSendFailed',
          data: {
            email: state.email,
            signUpId,
            service,
            attempt: state.failures + 1,
            reason: reason.slice(0, 300),
          },
        },
      ];
    }
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

export function evolveContact(state: Contact, event: ContactEvent): Contact {
  switch (event.type) {
    case 'NewsletterContactAdded': {
      const { email, source, language, kind, signUpId } = event.data;
      return { status: 'pending', email, source, language, kind, signUpId, sentOn: false, failures: 0 };
    }
    case 'NewsletterContactConfirmed':
      return { ...state, status: 'subscribed' };
    case 'NewsletterContactUnsubscribed':
      return { ...state, status: 'unsubscribed', email: state.email || event.data.email };
    case 'NewsletterContactSentOn':
      return { ...state, sentOn: true };
    case 'NewsletterContactSendFailed':
      return { ...state, failures: event.data.attempt };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

export const contactDecider: Decider<ContactCommand, ContactEvent, Contact> = {
  decide: decideContact,
  evolve: evolveContact,
  initialState: initialContact,
};
