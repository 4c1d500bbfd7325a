import type { InvestorEvent } from '@wine/event-schemas';
import { AppError, mayInvest } from '@wine/platform';
import type { Decider } from '../core/decider.ts';

type Onboarded = Extract<InvestorEvent, { type: 'InvestorOnboarded' }>['data'];
type OrderStatus = 'created' | 'funded' | 'settled' | 'canceled';

/**
 * A user's investor profile and orders on `investor-<userId>` (issue 35 §3): onboarded once (as an
 * individual or an entity with its owners), then documents, the accreditation decision, a bank
 * account and orders, each as the investing service answered. The service enforces its own rules; the
 * log keeps what it said, and an order is placed here only when `mayInvest` (platform's one rule) allows.
 */
export type Investor =
  | { status: 'none' }
  | {
      status: 'onboarded';
      profile: Onboarded;
      accreditation: 'none' | 'pending' | 'accredited' | 'not_accredited';
      documents: { documentId: string; fileName: string; at: string }[];
      bank: { holderName: string; accountLast4: string; accountType: string } | null;
      orders: Record<string, { units: number; amount: number; status: OrderStatus; at: string }>;
    };

export type InvestorCommand =
  | { type: 'Onboard'; profile: Onboarded }
  | { type: 'RecordDocument'; documentId: string; fileName: string; bytes: number; at: string }
  | { type: 'RecordAccreditation'; status: 'pending' | 'accredited' | 'not_accredited' }
  | { type: 'RecordBank'; holderName: string; accountLast4: string; accountType: 'checking' | 'savings' }
  | { type: 'RecordOrder'; tradeId: string; offeringId: string; units: number; amount: number; at: string }
  | { type: 'RecordOrderMove'; tradeId: string; status: OrderStatus };

/** Every owner's identity check approved and the account accredited (platform investing rules.ts). */
export const investorMayInvest = (state: Investor) =>
  state.status === 'onboarded' &&
  mayInvest({
    accountId: state.profile.accountId,
    accreditation: state.accreditation === 'none' ? 'pending' : state.accreditation,
    owners: state.profile.owners.map((o) => ({ partyId: o.partyId, kyc: o.kyc })),
  }).ok;

export function decideInvestor(command: InvestorCommand, state: Investor): InvestorEvent[] {
  if (command.type === 'Onboard') {
    if (state.status === 'onboarded') throw new AppError('INVESTOR_ONBOARDED');
    return [{ type: 'InvestorOnboarded', data: command.profile }];
  }
  if (state.status === 'none') throw new AppError('INVESTOR_NOT_ONBOARDED');
  switch (command.type) {
    case 'RecordDocument':
      return state.documents.some((d) => d.documentId === command.documentId)
        ? []
        : [
            {
              type: 'InvestorDocumentUploaded',
              data: {
                documentId: command.documentId,
                fileName: command.fileName,
                bytes: command.bytes,
                at: command.at,
              },
            },
          ];
    case 'RecordAccreditation':
      return state.accreditation === command.status
        ? []
        : [{ type: 'InvestorAccreditationChecked', data: { status: command.status } }];
    case 'RecordBank':
      return [
        {
          type: 'InvestorBankLinked',
          data: {
            holderName: command.holderName,
            accountLast4: command.accountLast4,
            accountType: command.accountType,
          },
        },
      ];
    case 'RecordOrder':
      if (state.orders[command.tradeId]) return [];
      if (!investorMayInvest(state)) throw new AppError('INVESTOR_NOT_APPROVED');
      return [
        {
          type: 'InvestmentOrdered',
          data: {
            tradeId: command.tradeId,
            offeringId: command.offeringId,
            units: command.units,
            amount: command.amount,
            at: command.at,
          },
        },
      ];
    case 'RecordOrderMove': {
      const order = state.orders[command.tradeId];
      if (!order) throw new AppError('TRADE_NOT_FOUND');
      return order.status === command.status
        ? []
        : [{ type: 'InvestmentOrderMoved', data: { tradeId: command.tradeId, status: command.status } }];
    }
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

export function evolveInvestor(state: Investor, event: InvestorEvent): Investor {
  if (event.type === 'InvestorOnboarded') {
    return {
      status: 'onboarded',
      profile: event.data,
      accreditation: 'none',
      documents: [],
      bank: null,
      orders: {},
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'InvestorDocumentUploaded':
      return {
        ...state,
        documents: [
          ...state.documents,
          { documentId: event.data.documentId, fileName: event.data.fileName, at: event.data.at },
        ],
      };
    case 'InvestorAccreditationChecked':
      return { ...state, accreditation: event.data.status };
    case 'InvestorBankLinked':
      return { ...state, bank: event.data };
    case 'InvestmentOrdered':
      return {
        ...state,
        orders: {
          ...state.orders,
          [event.data.tradeId]: {
            units: event.data.units,
            amount: event.data.amount,
            status: 'created',
            at: event.data.at,
          },
        },
      };
    case 'InvestmentOrderMoved': {
      const order = state.orders[event.data.tradeId];
      return order
        ? {
            ...state,
            orders: { ...state.orders, [event.data.tradeId]: { ...order, status: event.data.status } },
          }
        : state;
    }
    default:
      return state;
  }
}

export const investorDecider: Decider<InvestorCommand, InvestorEvent, Investor> = {
  decide: decideInvestor,
  evolve: evolveInvestor,
  initialState: () => ({ status: 'none' }),
};
