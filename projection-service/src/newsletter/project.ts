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
  kind: string;
  status: 'pending' | 'subscribed' | 'unsubscribed';
  subscribed: boolean;
  added_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  unsubscribed_by: 'staff' | 'contact' | null;
  sent_on: { service: string; at: string; user_type: string | null; tag: string | null } | null;
  send_failed: { at: string; attempt: number; reason: string } | null;
  _position: string;
}

/**
 * Issue 34 "Marketing contacts": the newsletter list as the admins see it. A sign-up is pending until
 * its address confirms it (double opt-in); only then is it subscribed, and sent on to the marketing
 * service (what went, or with the sandbox what would have gone, and when; or the last failure while
 * it is still due).
 */
export const newsletterProjection = defineProjection<ContactEvent>({
  name: 'newsletter',
  collections: [NEWSLETTER_CONTACTS],
  handles: [
    'NewsletterContactAdded',
    'NewsletterContactConfirmed',
    'NewsletterContactUnsubscribed',
    'NewsletterContactSentOn',
    'NewsletterContactSendFailed',
  ],
  indexes: { [NEWSLETTER_CONTACTS]: [{ key: { status: 1, added_at: -1 }, name: 'status_added' }] },
  project(event): ProjectedOperation[] {
    if (!event.streamName.startsWith('contact-')) return [];
    const _id = event.streamName.slice('contact-'.length);
    const at = event.metadata.occurredAt;
    const set = ($set: Record<string, unknown>) => [guardedUpdate(NEWSLETTER_CONTACTS, _id, event, { $set })];
    switch (event.type) {
      case 'NewsletterContactAdded':
        return [
          {
            collection: NEWSLETTER_CONTACTS,
            operation: {
              updateOne: { filter: { _id }, update: { $setOnInsert: { _position: START } }, upsert: true },
            },
          },
          ...set({
            email: event.data.email,
            source: event.data.source,
            language: event.data.language,
            kind: event.data.kind,
            status: 'pending',
            subscribed: false,
            added_at: at,
            confirmed_at: null,
            unsubscribed_at: null,
            unsubscribed_by: null,
            sent_on: null,
            send_failed: null,
          }),
        ];
      case 'NewsletterContactConfirmed':
        return set({ status: 'subscribed', subscribed: true, confirmed_at: at });
      case 'NewsletterContactUnsubscribed':
        return set({
          status: 'unsubscribed',
          subscribed: false,
          unsubscribed_at: at,
          unsubscribed_by: event.data.by,
          send_failed: null,
        });
      case 'NewsletterContactSentOn':
        return set({
          sent_on: { service: event.data.service, at, user_type: event.data.userType, tag: event.data.tag },
          send_failed: null,
        });
      case 'NewsletterContactSendFailed':
        return set({ send_failed: { at, attempt: event.data.attempt, reason: event.data.reason } });
      default:
        return [];
    }
  },
});
