import { createHash } from 'node:crypto';
import { contactStream } from '@wine/event-schemas';
import type { Marketing } from '@wine/platform';
import type { Streams } from '../core/command-handler.ts';
import { contactDecider } from './contact.ts';

/** The stream of an address: keyed by the sha256 of the lower-cased address, so its name holds no e-mail. */
export const contactStreamOf = (email: string) =>
  contactStream(createHash('sha256').update(email.trim().toLowerCase()).digest('hex'));

/**
 * The embedded marketing adapter: contacts as events on the log (`NewsletterContactAdded`), once per
 * address. A hosted marketing service (the seeds' Zoho campaign) would be another `Marketing`.
 */
export function eventsMarketing(streams: Streams): Marketing {
  return {
    async addContact(contact, request) {
      const email = contact.email.trim().toLowerCase();
      const result = await streams.handle(
        contactStreamOf(email),
        contactDecider,
        { type: 'AddNewsletterContact', email, source: contact.source, language: contact.language },
        {
          commandId: request.commandId,
          correlationId: request.correlationId,
          actor: { kind: 'system', id: 'storefront:newsletter' },
          now: request.now,
        },
      );
      return { added: !result.replayed && result.events.length > 0 };
    },
  };
}
