import { HOUSE_SELLER_ID, type SellerChargeKind, tIn } from '@wine/contracts';
import type { InvoiceIssuedData } from '@wine/event-schemas';

const DAY_MS = 86_400_000;

/** What an admin bills: to whom, for what, how much (cents), for which of their lots, and why. */
export interface ChargeBilled {
  invoiceId: string;
  /** The readable number the invoice takes (issue 31); absent where none was given. */
  number?: string | undefined;
  sellerId: string;
  kind: SellerChargeKind;
  amount: number;
  /** The seller's lot it is for, with its title; null for a charge for no lot (a cellar's storage). */
  lot: { lotId: string; title: string } | null;
  note: string | null;
  /** The state a pickup is taxed in: a charge is for a service at the house, taxed at nothing. */
  taxState: string;
  paymentDueDays: number;
  now: Date;
}

/**
 * Issue 38 §1: a charge the house bills a seller or vendor, as an invoice of kind `charge` they owe
 * (`buyerId` the seller), so it is paid, recorded and refunded as any invoice is. Its one line is the
 * house's (the house sells the service) at the amount billed: no premium, no tax, no shipping; it is
 * due in the payment terms. The line names the lot it is for, or the charge itself for none; its
 * title is the lot's (or the kind's, or the note's, for none), in English as every line on the log.
 */
export function chargeInvoice(billed: ChargeBilled): InvoiceIssuedData {
  const { invoiceId, amount, lot, note } = billed;
  const title = lot?.title ?? note ?? tIn('en', `sellerCharges.${billed.kind}`);
  return {
    invoiceId,
    ...(billed.number ? { number: billed.number } : {}),
    kind: 'charge',
    charge: { kind: billed.kind, note },
    buyerId: billed.sellerId,
    lines: [
      {
        lotId: lot?.lotId ?? invoiceId,
        title: title.slice(0, 300),
        sellerId: HOUSE_SELLER_ID,
        qty: 1,
        unitPrice: amount,
        amount,
        reservationId: null,
      },
    ],
    amounts: { subtotal: amount, premiumPercent: 0, premium: 0, tax: 0, total: amount },
    delivery: {
      method: 'pickup',
      address: null,
      billingAddress: null,
      taxState: billed.taxState,
      taxRate: 0,
    },
    dueAt: new Date(billed.now.getTime() + billed.paymentDueDays * DAY_MS).toISOString(),
  };
}
