import { invoiceAmounts, lineAmount, pickupTaxRate } from '@wine/contracts';
import { invoiceStream, type LotEvent, lotStream } from '@wine/event-schemas';
import { type MoneyDeps, type Step, stepContext } from '../checkout/money-deps.ts';
import { derivedId } from '../core/derived-id.ts';
import { invoiceNumberFor } from '../invoice-numbers/assign.ts';
import { invoiceDecider } from '../invoices/decide.ts';
import { lotDecider } from '../lots/decide.ts';
import type { OfferSale } from './decide.ts';

type Accepted = Extract<LotEvent, { type: 'OfferAccepted' }>['data'];

const DAY_MS = 24 * 3600_000;

/**
 * Issue 36 §3: what accepting an offer sells, named by the lot and the offer, so every instance and
 * every retry names the same hold and invoice; the buyer has the payment terms to pay.
 */
export function offerSale(lotId: string, offerId: string, now: Date, paymentDueDays: number): OfferSale {
  const invoiceId = derivedId('O', lotId, offerId);
  return {
    invoiceId,
    reservationId: derivedId('H', invoiceId, lotId),
    payBy: new Date(now.getTime() + paymentDueDays * DAY_MS),
  };
}

/**
 * The accepted offer's invoice: one line at the agreed price with its hold, no buyer's premium unless
 * configured (a private sale), tax at the pickup location's rate until the buyer chooses delivery, due
 * when the hold lapses. Issued once (the invoice's stream answers nothing for an invoice issued);
 * answers whether this call issued it.
 */
export async function issueOfferInvoice(
  deps: MoneyDeps,
  step: Step,
  lotId: string,
  accepted: Accepted,
): Promise<boolean> {
  const { streams, clock } = deps;
  const lot = await streams.load(lotStream(lotId), lotDecider);
  if (lot.status === 'empty') return false;
  const hold = lot.holds[accepted.reservationId];
  const existing = await streams.load(invoiceStream(accepted.invoiceId), invoiceDecider);
  if (existing.status === 'issued') return false;
  // The hold was given back before its invoice (it lapsed): nothing is left to sell.
  if (!hold) return false;
  const settings = deps.money();
  const rate = pickupTaxRate(settings);
  const amount = lineAmount(accepted.qty, accepted.price);
  const now = clock.now();
  const number = await invoiceNumberFor(streams, accepted.invoiceId, now);
  const result = await streams.handle(
    invoiceStream(accepted.invoiceId),
    invoiceDecider,
    {
      type: 'IssueInvoice',
      data: {
        invoiceId: accepted.invoiceId,
        ...(number ? { number } : {}),
        kind: 'offer',
        buyerId: hold.buyerId,
        lines: [
          {
            lotId,
            title: lot.lot.title,
            sellerId: lot.lot.sellerId,
            qty: accepted.qty,
            unitPrice: accepted.price,
            amount,
            reservationId: accepted.reservationId,
          },
        ],
        amounts: invoiceAmounts(amount, settings.offerPremium ? deps.premiumPercent() : 0, rate),
        delivery: {
          method: 'pickup',
          address: null,
          billingAddress: null,
          taxState: settings.pickup.state,
          taxRate: rate,
        },
        dueAt: new Date(hold.expiresAt).toISOString(),
      },
    },
    stepContext(step, `issue:${accepted.invoiceId}`, now),
  );
  const issued = result.events.length > 0 && !result.replayed;
  if (issued) {
    const invoice = await streams.load(invoiceStream(accepted.invoiceId), invoiceDecider);
    if (invoice.status === 'issued') await deps.mail.invoiceIssued(invoice);
  }
  return issued;
}
