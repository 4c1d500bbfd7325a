import type { InvestorEvent } from '@wine/event-schemas';
import { guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';
import { keyOf } from '../users/project.ts';

export const INVESTORS = 'investors';

/** An investor as the admins read them (issue 35 §3): their checks, bank and orders, never personal data. */
export interface InvestorDocument {
  _id: string;
  [key: string]: unknown;
  kind: 'individual' | 'entity';
  name: string;
  owners: { name: string; kyc: string }[];
  accreditation: string;
  bank_last4: string | null;
  orders: Record<string, { amount: number; status: string }>;
  onboarded_at: string;
  _position: string;
}

/** The `investors` read model, by user id (the stream is `investor-<userId>`). */
export const investorsProjection = defineProjection<InvestorEvent>({
  name: 'investors',
  collections: [INVESTORS],
  handles: [
    'InvestorOnboarded',
    'InvestorAccreditationChecked',
    'InvestorBankLinked',
    'InvestmentOrdered',
    'InvestmentOrderMoved',
  ],
  indexes: { [INVESTORS]: [{ key: { onboarded_at: -1 }, name: 'onboarded' }] },
  project(event): ProjectedOperation[] {
    const userId = event.streamName.slice('investor-'.length);
    switch (event.type) {
      case 'InvestorOnboarded': {
        const d = event.data;
        const doc: Omit<InvestorDocument, '_position'> = {
          _id: userId,
          kind: d.kind,
          name: d.name,
          owners: d.owners.map((o) => ({ name: o.name, kyc: o.kyc })),
          accreditation: 'none',
          bank_last4: null,
          orders: {},
          onboarded_at: event.metadata.occurredAt,
        };
        return [
          {
            collection: INVESTORS,
            operation: {
              updateOne: {
                filter: { _id: userId },
                update: { $setOnInsert: { ...doc, _position: event.position } },
                upsert: true,
              },
            },
          },
        ];
      }
      case 'InvestorAccreditationChecked':
        return [guardedUpdate(INVESTORS, userId, event, { $set: { accreditation: event.data.status } })];
      case 'InvestorBankLinked':
        return [guardedUpdate(INVESTORS, userId, event, { $set: { bank_last4: event.data.accountLast4 } })];
      case 'InvestmentOrdered':
        return [
          guardedUpdate(INVESTORS, userId, event, {
            $set: {
              [`orders.${keyOf(event.data.tradeId)}`]: { amount: event.data.amount, status: 'created' },
            },
          }),
        ];
      case 'InvestmentOrderMoved':
        return [
          guardedUpdate(INVESTORS, userId, event, {
            $set: { [`orders.${keyOf(event.data.tradeId)}.status`]: event.data.status },
          }),
        ];
      default:
        return [];
    }
  },
});
