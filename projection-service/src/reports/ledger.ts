import type {
  GiftCardEvent,
  InvoiceEvent,
  OfferEvent,
  RecordedEvent,
  WalletEvent,
} from '@wine/event-schemas';
import { isOneOf } from '../core/projection.ts';

/** The events of the streams that move money; a stream's rows come from its own events only. */
export type LedgerEvent = InvoiceEvent | WalletEvent | GiftCardEvent | OfferEvent;

export const LEDGER = 'ledger';

/** What a ledger row records: one money fact of the log (DOMAIN.md "Money"). */
export type LedgerKind =
  | 'invoice'
  | 'line'
  | 'invoice_amended'
  | 'invoice_voided'
  | 'payment'
  | 'refund'
  | 'chargeback'
  | 'return_accepted'
  | 'return_refund'
  | 'wallet_credit'
  | 'wallet_debit'
  | 'giftcard_issued'
  | 'giftcard_redeemed'
  // Issue 36: the offers on a lot's stream, for the offers report (the sale itself is its invoice's).
  | 'offer_made'
  | 'offer_accepted'
  | 'offer_declined'
  | 'offer_withdrawn'
  | 'offer_expired';

/**
 * One immutable row per money fact, carrying the position and server time of the event it comes
 * from; reports are folds over these rows, so "as of T" is the same fold over the rows up to T.
 * Money in integer cents; fields a kind does not use are absent.
 */
export interface LedgerRow extends LedgerFacts {
  /** `<position>:<n>`: the n-th row of the event at that position, so a replay writes nothing new. */
  _id: string;
  [key: string]: unknown;
  position: string;
  occurred_at: string;
}

/** What a row says, apart from where it sits in the log. */
export interface LedgerFacts {
  kind: LedgerKind;
  invoice_id?: string;
  invoice_kind?: 'auction' | 'buynow' | 'offer';
  buyer_id?: string;
  seller_id?: string;
  lot_id?: string;
  title?: string;
  qty?: number;
  /** invoice, amended: the subtotal (hammer or lines); line: its amount; payment, refund, wallet, gift card: the sum. */
  amount?: number;
  premium?: number;
  premium_percent?: number;
  tax?: number;
  tax_state?: string;
  /** Basis points. */
  tax_rate?: number;
  /** Issue 31, invoice and amended: a delivery's shipping charge, and whether its state taxes it. */
  shipping?: number;
  shipping_taxable?: boolean;
  total?: number;
  method?: string;
  reference?: string;
  payment_id?: string;
  return_id?: string;
  user_id?: string;
  gift_card_id?: string;
  /** Issue 36: the offer a row is about, and (offer_made) the lot's asking price a bottle then. */
  offer_id?: string;
  asking?: number | null;
  /** Issue 36: a second chance (`second_chance`) or a buyer's offer (`offer`). */
  offer_kind?: string;
}

type RowData = LedgerFacts;

/** Issue 31: a delivery's shipping on its invoice row (none for pickup or before it). */
const shippingOf = (shipping: number | undefined, taxable: boolean | undefined) =>
  shipping ? { shipping, shipping_taxable: taxable === true } : {};

/** Splits `total` over `weights` in whole cents, the remainder on the last share, so the shares sum to it. */
export function shares(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, i) => (i === weights.length - 1 ? total : 0));
  let given = 0;
  return weights.map((w, i) => {
    if (i === weights.length - 1) return total - given;
    const share = Math.floor((total * w) / sum);
    given += share;
    return share;
  });
}

function invoiceRows(invoiceId: string, e: LedgerEvent): RowData[] {
  const base = { invoice_id: invoiceId };
  switch (e.type) {
    case 'InvoiceIssued': {
      const d = e.data;
      // Issue 38 §1: a charge billed to a seller sells nothing: no order, no sold line (its payments stay payments).
      if (d.kind === 'charge') return [];
      const weights = d.lines.map((l) => l.amount);
      const premiums = shares(d.amounts.premium, weights);
      const taxes = shares(d.amounts.tax, weights);
      const who = { ...base, invoice_kind: d.kind, buyer_id: d.buyerId };
      return [
        {
          ...who,
          kind: 'invoice',
          amount: d.amounts.subtotal,
          premium: d.amounts.premium,
          premium_percent: d.amounts.premiumPercent,
          tax: d.amounts.tax,
          tax_state: d.delivery.taxState,
          tax_rate: d.delivery.taxRate,
          ...shippingOf(d.amounts.shipping, d.delivery.shipping?.taxable),
          total: d.amounts.total,
        },
        ...d.lines.map(
          (l, i): RowData => ({
            ...who,
            kind: 'line',
            seller_id: l.sellerId,
            lot_id: l.lotId,
            title: l.title,
            qty: l.qty,
            amount: l.amount,
            premium: premiums[i] ?? 0,
            tax: taxes[i] ?? 0,
          }),
        ),
      ];
    }
    case 'InvoiceDeliveryChosen':
    case 'InvoiceAdminFeeSet': // issue 38 §2: an admin fee amends the invoice's total as a delivery does
      return [
        {
          ...base,
          kind: 'invoice_amended',
          amount: e.data.amounts.subtotal,
          premium: e.data.amounts.premium,
          premium_percent: e.data.amounts.premiumPercent,
          tax: e.data.amounts.tax,
          tax_state: e.data.delivery.taxState,
          tax_rate: e.data.delivery.taxRate,
          ...shippingOf(e.data.amounts.shipping, e.data.delivery.shipping?.taxable),
          total: e.data.amounts.total,
        },
      ];
    case 'InvoiceVoided':
      return [{ ...base, kind: 'invoice_voided', reference: e.data.reason }];
    case 'PaymentRecorded':
      return [
        {
          ...base,
          kind: 'payment',
          payment_id: e.data.paymentId,
          method: e.data.method,
          amount: e.data.amount,
          reference: e.data.reference,
        },
      ];
    case 'PaymentRefunded':
      return [
        {
          ...base,
          kind: 'refund',
          payment_id: e.data.paymentId,
          method: e.data.to,
          amount: e.data.amount,
          reference: e.data.reason,
          ...(e.data.returnId !== undefined && { return_id: e.data.returnId }),
        },
      ];
    // Issue 35 §1: a dispute lost is money the card network took back from the house.
    case 'PaymentDisputeClosed':
      return e.data.outcome === 'lost'
        ? [
            {
              ...base,
              kind: 'chargeback',
              payment_id: e.data.paymentId,
              method: e.data.method,
              amount: e.data.amount,
              reference: e.data.disputeId,
            },
          ]
        : [];
    case 'ReturnAccepted':
      return [{ ...base, kind: 'return_accepted', return_id: e.data.returnId, method: e.data.to }];
    // Issue 31: what a return's refund takes off the sales, premium and tax, on the day it is made.
    case 'ReturnRefundStarted':
      return [
        {
          ...base,
          kind: 'return_refund',
          return_id: e.data.returnId,
          lot_id: e.data.lotId,
          qty: e.data.qty,
          amount: e.data.price,
          premium: e.data.premium,
          tax: e.data.tax,
          tax_state: e.data.taxState,
          tax_rate: e.data.taxRate,
          total: e.data.amount,
        },
      ];
    default:
      return [];
  }
}

function walletRows(userId: string, e: LedgerEvent): RowData[] {
  const base = { user_id: userId };
  switch (e.type) {
    case 'WalletCredited':
      return [
        {
          ...base,
          kind: 'wallet_credit',
          amount: e.data.amount,
          method: e.data.source,
          reference: e.data.reference,
        },
      ];
    case 'WalletDebited':
      return [
        {
          ...base,
          kind: 'wallet_debit',
          amount: e.data.amount,
          method: e.data.purpose,
          reference: e.data.reference,
        },
      ];
    // A deposit held or released stays the customer's money; only what is applied to an invoice leaves.
    case 'DepositApplied':
      return [
        {
          ...base,
          kind: 'wallet_debit',
          amount: e.data.applied,
          method: 'deposit',
          reference: e.data.invoiceId,
        },
      ];
    default:
      return [];
  }
}

function giftCardRows(key: string, e: LedgerEvent): RowData[] {
  switch (e.type) {
    case 'GiftCardIssued':
      return [{ kind: 'giftcard_issued', gift_card_id: key, amount: e.data.amount, reference: e.data.last4 }];
    case 'GiftCardRedeemed':
      return [
        { kind: 'giftcard_redeemed', gift_card_id: key, user_id: e.data.userId, amount: e.data.amount },
      ];
    default:
      return [];
  }
}

/** Issue 36: an offer's facts, on its lot's stream (prices a bottle; `amount` the bottles at that price). */
function offerRows(lotId: string, e: LedgerEvent): RowData[] {
  const base = { lot_id: lotId };
  switch (e.type) {
    case 'OfferMade':
      return [
        {
          ...base,
          kind: 'offer_made',
          offer_id: e.data.offerId,
          offer_kind: e.data.kind ?? 'offer',
          buyer_id: e.data.buyerId,
          qty: e.data.qty,
          amount: e.data.price * e.data.qty,
          asking: e.data.asking ?? null,
        },
      ];
    case 'OfferAccepted':
      return [
        {
          ...base,
          kind: 'offer_accepted',
          offer_id: e.data.offerId,
          qty: e.data.qty,
          amount: e.data.price * e.data.qty,
          invoice_id: e.data.invoiceId,
        },
      ];
    case 'OfferDeclined':
      return [{ ...base, kind: 'offer_declined', offer_id: e.data.offerId, reference: e.data.reason }];
    case 'OfferWithdrawn':
      return [{ ...base, kind: 'offer_withdrawn', offer_id: e.data.offerId, reference: e.data.reason }];
    case 'OfferExpired':
      return [{ ...base, kind: 'offer_expired', offer_id: e.data.offerId }];
    default:
      return [];
  }
}

/** The event types that make ledger rows. */
export const ledgerEventTypes: ReadonlySet<LedgerEvent['type']> = new Set<LedgerEvent['type']>([
  'InvoiceIssued',
  'InvoiceDeliveryChosen',
  'InvoiceAdminFeeSet',
  'InvoiceVoided',
  'PaymentRecorded',
  'PaymentRefunded',
  'PaymentDisputeClosed',
  'ReturnAccepted',
  'ReturnRefundStarted',
  'WalletCredited',
  'WalletDebited',
  'DepositApplied',
  'GiftCardIssued',
  'GiftCardRedeemed',
  'OfferMade',
  'OfferAccepted',
  'OfferDeclined',
  'OfferWithdrawn',
  'OfferExpired',
]);

/** The ledger rows of one recorded event (none for an event that moves no money). Pure. */
export function ledgerRowsOf(event: RecordedEvent): LedgerRow[] {
  if (!isOneOf<LedgerEvent>(ledgerEventTypes, event)) return [];
  const stream = event.streamName;
  const key = stream.slice(stream.indexOf('-') + 1);
  const rows = stream.startsWith('invoice-')
    ? invoiceRows(key, event)
    : stream.startsWith('wallet-')
      ? walletRows(key, event)
      : stream.startsWith('giftcard-')
        ? giftCardRows(key, event)
        : stream.startsWith('lot-')
          ? offerRows(key, event)
          : [];
  return rows.map((row, n) => ({
    ...row,
    _id: `${event.position}:${String(n).padStart(3, '0')}`,
    position: event.position,
    occurred_at: event.metadata.occurredAt,
  }));
}
