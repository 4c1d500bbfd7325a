import { formatMoney } from '@wine/contracts';
import type { InvoiceEvent, PaymentMethod } from '@wine/event-schemas';
import type { RecordedOf } from '../core/projection.ts';

/** seeds 001 "order control log": one entry per change of an invoice. */
export interface OrderLogEntry {
  at: string;
  event: string;
  by: string;
  text: string;
}

export const methodLabel: Record<PaymentMethod, string> = {
  card: 'Card',
  wallet: 'Wallet',
  giftcard: 'Gift card',
  offline: 'Offline',
  paypal: 'PayPal',
  gateway: 'Payment gateway',
};

/** Issue 38 §2: where a line stands in the cellar, as the order log says it. */
export const productStatusLabel = {
  processing: 'being prepared',
  ready: 'ready',
  collected: 'collected',
  shipped: 'shipped',
} as const;

/** Basis points as a percentage: 1025 -> '10.25%', 1000 -> '10%'. */
export const formatRate = (basisPoints: number) => `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%`;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What happened, in a short English sentence with the amounts as the seeds write money (seeds 000 §9). */
export function orderLogText(e: InvoiceEvent): string {
  switch (e.type) {
    case 'InvoiceIssued':
      return `Invoice issued: ${plural(e.data.lines.length, 'item')}, total ${formatMoney(e.data.amounts.total)}, due ${e.data.dueAt.slice(0, 10)}.`;
    case 'InvoiceDeliveryChosen': {
      const { delivery, amounts } = e.data;
      const where =
        delivery.method === 'pickup' || !delivery.address
          ? 'Pickup chosen'
          : `Delivery to ${delivery.address.city}, ${delivery.address.state} chosen`;
      const ship =
        delivery.shipping && amounts.shipping !== undefined
          ? `; shipping ${formatMoney(amounts.shipping)} (${delivery.shipping.method}${delivery.shipping.shipDate ? `, ships ${delivery.shipping.shipDate}` : ''})`
          : '';
      return `${where}${ship}; tax ${formatRate(delivery.taxRate)} (${delivery.taxState}), total ${formatMoney(amounts.total)}.`;
    }
    case 'ShipmentTracked':
      return `Shipped with ${e.data.carrier}, tracking number ${e.data.trackingNumber}.`;
    case 'PaymentStarted': {
      const card = e.data.card ? ` (${e.data.card.brand} ending ${e.data.card.last4})` : '';
      return `${methodLabel[e.data.method]} payment of ${formatMoney(e.data.amount)} started${card}.`;
    }
    case 'PaymentActionRequired':
      return `Payment ${e.data.paymentId} awaits the card issuer's authentication.`;
    case 'PaymentRecorded':
      return `${methodLabel[e.data.method]} payment of ${formatMoney(e.data.amount)} received.`;
    case 'PaymentFailed':
      return `Payment ${e.data.paymentId} failed: ${e.data.reason}`;
    case 'PaymentRefunded':
      return `${formatMoney(e.data.amount)} refunded to the ${e.data.to}${e.data.returnId ? ` for return ${e.data.returnId}` : ''}: ${e.data.reason}`;
    case 'InvoiceVoided':
      return e.data.reason === 'expired'
        ? 'Invoice voided: its stock holds expired unpaid.'
        : 'Invoice voided: the payment failed.';
    case 'InvoiceNoteAdded':
      // A note that is not public stays with the staff: the buyer sees that one was added, not what it says.
      return e.data.public ? `Note: ${e.data.note}` : 'Internal note added.';
    case 'ReturnRequested':
      return `Return requested: ${plural(e.data.qty, 'unit')} of ${e.data.lotId}, refund ${formatMoney(e.data.amount)}. Reason: ${e.data.reason}`;
    case 'ReturnAccepted':
      return `Return ${e.data.returnId} accepted: refund to the ${e.data.to}.${e.data.note ? ` Note: ${e.data.note}` : ''}`;
    case 'ReturnRefused':
      return `Return ${e.data.returnId} refused: ${e.data.note}`;
    case 'ReturnReceived':
      return `Return ${e.data.returnId} received: ${plural(e.data.good, 'unit')} back in stock, ${e.data.damaged} damaged.${e.data.note ? ` Note: ${e.data.note}` : ''}`;
    case 'ReturnRefundStarted':
      return `Refund of ${formatMoney(e.data.amount)} for return ${e.data.returnId} started${e.data.reason ? `: ${e.data.reason}` : ''}.`;
    case 'TaxRecorded':
      return `Sale recorded with the tax service (${e.data.service}) as ${e.data.code}: tax ${formatMoney(e.data.tax)}.`;
    case 'TaxRefunded':
      return `Refund of ${formatMoney(e.data.amount)} for return ${e.data.returnId} recorded with the tax service (${e.data.service}) as ${e.data.code}: tax ${formatMoney(e.data.tax)}.`;
    case 'TaxVoided':
      return `Sale ${e.data.code} voided with the tax service (${e.data.service}).`;
    case 'PaymentDisputed':
      return `Payment ${e.data.paymentId} disputed by the cardholder (${e.data.disputeId}): ${formatMoney(e.data.amount)} held by the card network. Reason: ${e.data.reason}`;
    case 'PaymentDisputeClosed':
      return e.data.outcome === 'won'
        ? `Dispute ${e.data.disputeId} won: the money stays.`
        : `Dispute ${e.data.disputeId} lost: the card network gave the money back to the cardholder.`;
    // Issue 38 §2: the admin fee, lines' certificates and statuses, the owner's share.
    case 'InvoiceAdminFeeSet':
      return e.data.fee > 0
        ? `Admin fee set to ${formatMoney(e.data.fee)}: ${e.data.note}; total ${formatMoney(e.data.amounts.total)}.`
        : `Admin fee taken off: ${e.data.note}; total ${formatMoney(e.data.amounts.total)}.`;
    case 'OwnershipCertificateAttached':
      return `Ownership certificate ${e.data.reference} (${e.data.issuer}, ${e.data.issuedOn}) attached to ${e.data.lotId}.`;
    case 'OwnershipCertificateRemoved':
      return `Ownership certificate of ${e.data.lotId} taken off.`;
    case 'InvoiceProductStatusChanged':
      return `${e.data.lotId}: ${productStatusLabel[e.data.status]}.`;
    case 'InvoiceShared':
      return 'Shared by a link.';
    case 'InvoiceShareRevoked':
      return 'Sharing by link stopped.';
    default: {
      const _exhaustive: never = e;
      return _exhaustive;
    }
  }
}

/** The log entry of an invoice event: when, which event, who acted (`kind:id`), and what it did. */
export function orderLogEntry(event: RecordedOf<InvoiceEvent>): OrderLogEntry {
  const { actor, occurredAt } = event.metadata;
  return {
    at: occurredAt,
    event: event.type,
    by: `${actor.kind}:${actor.id}`,
    text: orderLogText(event),
  };
}
