import type { ContactEvent } from '@wine/event-schemas';
import type { Decider } from '../core/decider.ts';

/** A marketing contact on `contact-<hash of the address>` (seeds 001 §7 addcontacts). */
export interface Contact {
  subscribed: boolean;
}

export type ContactCommand =
  | { type: 'AddNewsletterContact'; email: string; source: string; language: string }
  /** Issue 34: an admin takes the address off the list (signing up again puts it back). */
  | { type: 'UnsubscribeNewsletterContact'; email: string };

export function decideContact(command: ContactCommand, state: Contact): ContactEvent[] {
  if (command.type === 'UnsubscribeNewsletterContact') {
    return state.subscribed
      ? [{ type: 'NewsletterContactUnsubscribed', data: { email: command.email } }]
      : [];
  }
  // seeds 001 §2: subscribing again is not an error; it records nothing new.
  if (state.subscribed) return [];
  const { email, source, language } = command;
  return [{ type: 'NewsletterContactAdded', data: { email, source, language } }];
}

export function evolveContact(_state: Contact, event: ContactEvent): Contact {
  switch (event.type) {
    case 'NewsletterContactAdded':
      return { subscribed: true };
    case 'NewsletterContactUnsubscribed':
      return { subscribed: false };
    default: {
      const _exhaustive: never = event;
      return _state;
    }
  }
}

export const contactDecider: Decider<ContactCommand, ContactEvent, Contact> = {
  decide: decideContact,
  evolve: evolveContact,
  initialState: () => ({ subscribed: false }),
};
