import type { EnquiryEvent } from '@wine/event-schemas';
import { guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';

export const ENQUIRIES = 'enquiries';

/** A visitor's enquiry (contact or consignment) as the staff read it, with the answers sent. */
export interface EnquiryDocument {
  _id: string;
  [key: string]: unknown;
  kind: 'contact' | 'consignment';
  name: string;
  email: string;
  phone: string | null;
  about: string;
  message: string;
  received_at: string;
  answered: boolean;
  answers: { at: string; by: string; message: string }[];
  _position: string;
}

const storageLabel = { professional: 'professional storage', home: 'home', other: 'other' } as const;

/** Issue 34 "The day's work": the `enquiries` read model, for the staff's list, answers and export. */
export const enquiriesProjection = defineProjection<EnquiryEvent>({
  name: 'enquiries',
  collections: [ENQUIRIES],
  handles: ['ContactEnquiryReceived', 'ConsignmentEnquiryReceived', 'EnquiryAnswered'],
  indexes: { [ENQUIRIES]: [{ key: { received_at: -1 }, name: 'received' }] },
  project(event): ProjectedOperation[] {
    const at = event.metadata.occurredAt;
    const insert = (doc: Omit<EnquiryDocument, '_position'>): ProjectedOperation[] => [
      {
        collection: ENQUIRIES,
        operation: {
          updateOne: {
            filter: { _id: doc._id },
            update: { $setOnInsert: { ...doc, _position: event.position } },
            upsert: true,
          },
        },
      },
    ];
    switch (event.type) {
      case 'ContactEnquiryReceived': {
        const d = event.data;
        return insert({
          _id: d.enquiryId,
          kind: 'contact',
          name: d.name,
          email: d.email,
          phone: d.phone ?? null,
          about: d.subject,
          message: d.message,
          received_at: at,
          answered: false,
          answers: [],
        });
      }
      case 'ConsignmentEnquiryReceived': {
        const d = event.data;
        const storage = d.storage === 'other' && d.storageOther ? d.storageOther : storageLabel[d.storage];
        return insert({
          _id: d.enquiryId,
          kind: 'consignment',
          name: d.name,
          email: d.email,
          phone: d.phone,
          about: `${d.bottles} bottles, ${storage}`,
          message: d.wines,
          received_at: at,
          answered: false,
          answers: [],
        });
      }
      case 'EnquiryAnswered':
        return [
          guardedUpdate(ENQUIRIES, event.data.enquiryId, event, {
            $set: { answered: true },
            $push: { answers: { at, by: event.metadata.actor.id, message: event.data.message } },
          }),
        ];
      default:
        return [];
    }
  },
});
