import type { ContactEvent } from '@wine/event-schemas';
import { START } from '@wine/event-schemas';
import { guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';

export const NEWSLETTER_CONTACTS = 'newsletter_contacts';

/** A newsletter contact, by its stream (the hash of the address). */
export interface ContactDocument {
  _id: string;
  [key: string]: unknown;
  email: string;
  source: string;
  language: string;
  subscribed: boolean;
  added_at: string;
  unsubscribed_at: string | null;
  _position: string;
}

/** Issue 34 "Marketing contacts": the newsletter list as the admins see it. */
export const newsletterProjection = defineProjection<ContactEvent>({
  name: 'newsletter',
  collections: [NEWSLETTER_CONTACTS],
  handles: ['NewsletterContactAdded', 'NewsletterContactUnsubscribed'],
  indexes: { [NEWSLETTER_CONTACTS]: [{ key: { subscribed: 1, added_at: -1 }, name: 'subscribed_added' }] },
  project(event): ProjectedOperation[] {
    if (!event.streamName.startsWith('contact-')) return [];
    const _id = event.streamName.slice('contact-'.length);
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'NewsletterContactAdded':
        return [
          {
            collection: NEWSLETTER_CONTACTS,
            operation: {
              updateOne: { filter: { _id }, update: { $setOnInsert: { _position: START } }, upsert: true },
            },
          },
          guardedUpdate(NEWSLETTER_CONTACTS, _id, event, {
            $set: {
              email: event.data.email,
              source: event.data.source,
              language: event.data.language,
              subscribed: true,
              added_at: at,
              unsubscribed_at: null,
            },
          }),
        ];
      case 'NewsletterContactUnsubscribed':
        return [
          guardedUpdate(NEWSLETTER_CONTACTS, _id, event, {
            $set: { subscribed: false, unsubscribed_at: at },
          }),
        ];
      default:
        return [];
    }
  },
});
