import { type SellerTerms, type StatementSale, settleLine } from '@wine/contracts';
import type { PayoutEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { Decider } from '../core/decider.ts';

/**
 * A seller's payouts (`payout-<sellerId>`): every statement line the house has paid them, and how they
 * asked to be paid. One stream per seller, so two payouts of the same line at once meet at its
 * expected revision and the second sees the line paid.
 */
export interface Payouts {
  /** `invoiceId:lotId` → the payout that paid it. */
  paid: Record<string, string>;
  preference: { payee: string; method: 'check' | 'bank_transfer'; note: string | null } | null;
}

export const lineKey = (invoiceId: string, lotId: string) => `${invoiceId}:${lotId}`;

export const initialPayouts = (): Payouts => ({ paid: {}, preference: null });

export function evolvePayouts(state: Payouts, event: PayoutEvent): Payouts {
  switch (event.type) {
    case 'SellerPaidOut': {
      const paid = { ...state.paid };
      for (const line of event.data.lines) paid[lineKey(line.invoiceId, line.lotId)] = event.data.payoutId;
      return { ...state, paid };
    }
    case 'SellerPayoutPreferenceSet':
      return { ...state, preference: { ...event.data } };
    default: {
      const _exhaustive: never = event;
      return state;
    }
  }
}

/**
 * One line to pay, as the command side read it from the invoice's and the lot's streams: the sale in
 * the statement's terms (null when the invoice has no such line), and the terms the lot recorded at
 * its approval (absent: the configured ones).
 */
export interface PayoutLineFacts {
  invoiceId: string;
  lotId: string;
  sale: StatementSale | null;
}

export type PayoutCommand =
  | {
      type: 'RecordPayout';
      sellerId: string;
      payoutId: string;
      method: 'check' | 'bank_transfer';
      reference: string;
      lines: PayoutLineFacts[];
      /** The configured terms, for lots that recorded none. */
      configured: SellerTerms;
      /** The server's clock: a line is payable from its buyer's payment plus the payout days. */
      now: Date;
    }
  | {
      type: 'SetPayoutPreference';
      payee: string;
      method: 'check' | 'bank_transfer';
      note: string | null;
    };

/**
 * Pays the lines only when every one is the seller's, payable now by the statement's own rule
 * (`settleLine`) and not paid before; the net of each is the statement's, never a figure typed in.
 */
function recordPayout(
  command: Extract<PayoutCommand, { type: 'RecordPayout' }>,
  state: Payouts,
): PayoutEvent[] {
  const lines = command.lines.map(({ invoiceId, lotId, sale }) => {
    if (!sale || sale.seller_id !== command.sellerId) throw new AppError('NOT_SELLERS_LINE');
    if (state.paid[lineKey(invoiceId, lotId)]) throw new AppError('LINE_ALREADY_PAID');
    const settled = settleLine(sale, command.configured, command.now);
    if (sale.invoice_status === 'void' || settled.status !== 'payable')
      throw new AppError('LINE_NOT_PAYABLE');
    return { invoiceId, lotId, net: settled.net };
  });
  return [
    {
      type: 'SellerPaidOut',
      data: {
        payoutId: command.payoutId,
        lines,
        amount: lines.reduce((sum, line) => sum + line.net, 0),
        method: command.method,
        reference: command.reference,
      },
    },
  ];
}

export function decidePayouts(command: PayoutCommand, state: Payouts): PayoutEvent[] {
  switch (command.type) {
    case 'RecordPayout':
      return recordPayout(command, state);
    case 'SetPayoutPreference':
      return [
        {
          type: 'SellerPayoutPreferenceSet',
          data: { payee: command.payee, method: command.method, note: command.note },
        },
      ];
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

export const payoutDecider: Decider<PayoutCommand, PayoutEvent, Payouts> = {
  decide: decidePayouts,
  evolve: evolvePayouts,
  initialState: initialPayouts,
};
