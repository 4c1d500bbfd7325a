import type { AgreementEvent } from '@wine/event-schemas';
import { guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';

export const AGREEMENTS = 'agreements';

/** A consignment agreement as its seller and the admins read it (issue 35 §4). */
export interface AgreementDocument {
  _id: string;
  [key: string]: unknown;
  seller_id: string;
  seller_name: string;
  name: string;
  status: string;
  lot_ids: string[];
  requested_at: string;
  requested_by: string;
  history: { at: string; status: string }[];
  _position: string;
}

/** The `agreements` read model: every agreement with the statuses it went through, as the log has them. */
export const agreementsProjection = defineProjection<AgreementEvent>({
  name: 'agreements',
  collections: [AGREEMENTS],
  handles: ['AgreementRequested', 'AgreementSent', 'AgreementStatusChanged'],
  indexes: { [AGREEMENTS]: [{ key: { seller_id: 1, requested_at: -1 }, name: 'by_seller' }] },
  project(event): ProjectedOperation[] {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'AgreementRequested': {
        const d = event.data;
        const doc: Omit<AgreementDocument, '_position'> = {
          _id: d.agreementId,
          seller_id: d.sellerId,
          seller_name: d.sellerName,
          name: d.name,
          status: 'uploaded',
          lot_ids: d.lotIds,
          requested_at: at,
          requested_by: event.metadata.actor.id,
          history: [{ at, status: 'uploaded' }],
        };
        return [
          {
            collection: AGREEMENTS,
            operation: {
              updateOne: {
                filter: { _id: d.agreementId },
                update: { $setOnInsert: { ...doc, _position: event.position } },
                upsert: true,
              },
            },
          },
        ];
      }
      case 'AgreementSent':
        return [
          guardedUpdate(AGREEMENTS, event.data.agreementId, event, {
            $set: { status: 'sent' },
            $push: { history: { at, status: 'sent' } },
          }),
        ];
      case 'AgreementStatusChanged':
        return [
          guardedUpdate(AGREEMENTS, event.data.agreementId, event, {
            $set: { status: event.data.status },
            $push: { history: { at, status: event.data.status } },
          }),
        ];
      default:
        return [];
    }
  },
});
