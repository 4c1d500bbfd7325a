import type { StaffInvestmentPayment } from '@wine/contracts';
import type { InvestorEvent } from '@wine/event-schemas';
import { guardedPipeline, guardedUpdate } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';
import { keyOf } from '../users/project.ts';

export const INVESTORS = 'investors';

/** An order as the staff read it: what the service answered when it was placed, and its status since. */
export interface InvestorOrderDocument {
  /** Absent from a document projected before orders kept them (until the read model is rebuilt). */
  trade_id?: string;
  offering_id?: string;
  units?: number;
  /** Integer cents. */
  amount: number;
  status: string;
  at?: string;
  /** The investor's payment through North Capital (InvestmentPaid), once made. */
  payment?: StaffInvestmentPayment;
}

/**
 * An investor as the admins read them (issue 35 §3): their checks, bank and orders, never personal data.
 * Each owner keeps the service's party id, so a corrected party (InvestorPartyUpdated) finds its row.
 */
export interface InvestorDocument {
  _id: string;
  [key: string]: unknown;
  kind: 'individual' | 'entity';
  name: string;
  owners: { party_id: string; name: string; kyc: string }[];
  accreditation: string;
  bank_last4: string | null;
  orders: Record<string, InvestorOrderDocument>;
  onboarded_at: string;
  _position: string;
}

/** The `investors` read model, by user id (the stream is `investor-<userId>`). */
export const investorsProjection = defineProjection<InvestorEvent>({
  name: 'investors',
  collections: [INVESTORS],
  handles: [
    'InvestorOnboarded',
    'InvestorPartyUpdated',
    'InvestorOwnerAdded',
    'InvestorAccreditationChecked',
    'InvestorBankLinked',
    'InvestorBankUpdated',
    'InvestorBankUnlinked',
    'InvestmentOrdered',
    'InvestmentOrderMoved',
    'InvestmentPaid',
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
          owners: d.owners.map((o) => ({ party_id: o.partyId, name: o.name, kyc: o.kyc })),
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
      case 'InvestorPartyUpdated': {
        const { partyId, name, kyc } = event.data;
        return [
          guardedPipeline(INVESTORS, userId, event, [
            {
              $set: {
                owners: {
                  $map: {
                    input: '$owners',
                    as: 'owner',
                    in: {
                      $cond: [
                        { $eq: ['$$owner.party_id', { $literal: partyId }] },
                        { party_id: { $literal: partyId }, name: { $literal: name }, kyc: { $literal: kyc } },
                        '$$owner',
                      ],
                    },
                  },
                },
                // An individual's profile is named after its one owner; an entity keeps its own name.
                name: { $cond: [{ $eq: ['$kind', 'individual'] }, { $literal: name }, '$name'] },
              },
            },
          ]),
        ];
      }
      case 'InvestorOwnerAdded': {
        const { partyId, name, kyc } = event.data;
        return [
          guardedUpdate(INVESTORS, userId, event, { $push: { owners: { party_id: partyId, name, kyc } } }),
        ];
      }
      case 'InvestorAccreditationChecked':
        return [guardedUpdate(INVESTORS, userId, event, { $set: { accreditation: event.data.status } })];
      case 'InvestorBankLinked':
      case 'InvestorBankUpdated':
        return [guardedUpdate(INVESTORS, userId, event, { $set: { bank_last4: event.data.accountLast4 } })];
      case 'InvestorBankUnlinked':
        return [guardedUpdate(INVESTORS, userId, event, { $set: { bank_last4: null } })];
      case 'InvestmentOrdered': {
        const order: InvestorOrderDocument = {
          trade_id: event.data.tradeId,
          offering_id: event.data.offeringId,
          units: event.data.units,
          amount: event.data.amount,
          status: 'created',
          at: event.data.at,
        };
        return [
          guardedUpdate(INVESTORS, userId, event, {
            $set: { [`orders.${keyOf(event.data.tradeId)}`]: order },
          }),
        ];
      }
      case 'InvestmentOrderMoved':
        return [
          guardedUpdate(INVESTORS, userId, event, {
            $set: { [`orders.${keyOf(event.data.tradeId)}.status`]: event.data.status },
          }),
        ];
      case 'InvestmentPaid': {
        const { tradeId, method, amount, reference, fundStatus, at } = event.data;
        const payment: StaffInvestmentPayment = {
          method,
          amount,
          reference,
          fund_status: fundStatus,
          paid_at: at,
        };
        return [
          guardedUpdate(INVESTORS, userId, event, {
            $set: { [`orders.${keyOf(tradeId)}.payment`]: payment },
          }),
        ];
      }
      default:
        return [];
    }
  },
});
