import type { InvoiceEvent, RecordedEvent } from '@wine/event-schemas';
import type { PayPalGateway } from '@wine/platform';
import type { LogFeed, LogFollower } from '../core/follow-log.ts';

/** The end of a payment id's PayPal part (payments.ts payPalPart): `<payment id>-p`. */
const PAYPAL_PART = /^(.+)-p$/;

/**
 * Which invoices each PayPal payment is for, by its payment id (our `reference` with PayPal). PayPal's
 * events name the order, the capture and our reference, never the invoices (the Stripe charge's
 * metadata carries them; a PayPal order has no room for fifty invoice ids), so an event finds its
 * invoices here. Followed from the log (each invoice's PaymentStarted of method paypal) and noted by
 * the checkout itself as it starts one, so an event that comes before the log's follower has read the
 * payment still finds it. Each invoice is then loaded from its own stream, which stays the judge.
 */
export function payPalPaymentsIndex() {
  const invoicesOf = new Map<string, Set<string>>();
  const add = (reference: string, invoiceId: string) => {
    const invoices = invoicesOf.get(reference) ?? new Set<string>();
    invoices.add(invoiceId);
    invoicesOf.set(reference, invoices);
  };
  return {
    /** The checkout started the PayPal payment `reference` on these invoices. */
    note(reference: string, invoiceIds: readonly string[]) {
      for (const invoiceId of invoiceIds) add(reference, invoiceId);
    },
    follow(event: RecordedEvent) {
      if (!event.streamName.startsWith('invoice-') || event.type !== 'PaymentStarted') return;
      const { data } = event as unknown as Extract<InvoiceEvent, { type: 'PaymentStarted' }>;
      const reference = PAYPAL_PART.exec(data.paymentId)?.[1];
      if (data.method === 'paypal' && reference) add(reference, event.streamName.slice('invoice-'.length));
    },
    /** The invoices of the PayPal payment `reference`, oldest first; none for a payment not ours. */
    invoicesOf: (reference: string): string[] => [...(invoicesOf.get(reference) ?? [])],
  };
}

export type PayPalPayments = ReturnType<typeof payPalPaymentsIndex>;

/** PayPal as the money steps use it. */
export interface PayPalMoney {
  gateway: PayPalGateway;
  payments: PayPalPayments;
  /** The site's own address: PayPal sends the buyer back to an absolute URL on it. */
  publicUrl: () => string;
}

/** The index kept up to date from the log, on the write side's shared subscription. */
export function followPayPalPayments(payments: PayPalPayments, feed: LogFeed): LogFollower {
  return feed.follow('paypal-payments', (events) => {
    for (const event of events) payments.follow(event);
  });
}
