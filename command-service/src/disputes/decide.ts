import type { InvoiceEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { Invoice } from '../invoices/invoice.ts';

/**
 * Issue 35 §1: a card provider's dispute of a payment (a chargeback), recorded on the invoices the
 * charge paid, each with its share. A dispute is the provider's to report: it is opened once (the
 * same dispute again writes nothing) and decided once; a decision that arrives before the dispute's
 * opening (webhooks come in any order) opens it with what the decision says, then closes it.
 */
export type DisputeCommand =
  | { type: 'OpenDispute'; disputeId: string; paymentId: string; amount: number; reason: string }
  | {
      type: 'CloseDispute';
      disputeId: string;
      outcome: 'won' | 'lost';
      /** What the decision says of the dispute, to open it when its opening has not come yet. */
      opened: { paymentId: string; amount: number; reason: string };
    };

export function decideDispute(command: DisputeCommand, state: Invoice): InvoiceEvent[] {
  if (state.status === 'none') throw new AppError('INVOICE_NOT_FOUND');
  const known = state.disputes[command.disputeId];
  const open = (of: { paymentId: string; amount: number; reason: string }): InvoiceEvent[] => {
    // Only a payment that took money can be disputed, and for no more than it took.
    const payment = state.payments[of.paymentId];
    if (payment?.status !== 'succeeded' || of.amount < 1 || of.amount > payment.amount)
      throw new AppError('PAYMENT_NOT_DISPUTABLE');
    return [{ type: 'PaymentDisputed', data: { disputeId: command.disputeId, ...of } }];
  };
  if (command.type === 'OpenDispute') {
    if (known) return [];
    const { paymentId, amount, reason } = command;
    return open({ paymentId, amount, reason });
  }
  if (known && known.status !== 'open') return [];
  const opening = known ? [] : open(command.opened);
  const { paymentId, amount } = known ?? command.opened;
  const method = state.payments[paymentId]?.method ?? 'card';
  return [
    ...opening,
    {
      type: 'PaymentDisputeClosed',
      data: { disputeId: command.disputeId, paymentId, method, amount, outcome: command.outcome },
    },
  ];
}
