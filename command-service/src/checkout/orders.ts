import { invoiceAmounts, invoiceStatus, lineAmount, t } from '@wine/contracts';
import { cartStream, type DeliveryData, invoiceStream, lotStream, walletStream } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import { cartDecider } from '../carts/cart.ts';
import { derivedId } from '../core/derived-id.ts';
import { invoiceNumberFor } from '../invoice-numbers/assign.ts';
import { invoiceDecider } from '../invoices/decide.ts';
import { type IssuedInvoice, isPaid } from '../invoices/invoice.ts';
import { lotDecider } from '../lots/decide.ts';
import { refundThrough, transactionOf } from '../payments/ledger.ts';
import { shipmentCharge } from '../shipping/charge.ts';
import { walletDecider } from '../wallets/wallet.ts';
import { gatewayChannel } from './hosted.ts';
import { type MoneyDeps, type Step, stepContext } from './money-deps.ts';
import { channelOf } from './paypal.ts';

export interface OrderLine {
  lotId: string;
  qty: number;
}

/** Why a line could not be held, in the buyer's words: sold out, only n left, or no longer for sale. */
function lineProblem(error: unknown, title: string): AppError {
  if (!(error instanceof AppError)) throw error;
  const reason =
    error.code === 'BUY_NOW_QUANTITY'
      ? error.message
      : error.code === 'BUY_NOW_UNAVAILABLE' || error.code === 'LOT_NOT_FOUND' || error.code === 'OWN_LOT'
        ? t('checkout.noLongerForSale')
        : error.message;
  return new AppError('OUT_OF_STOCK', { params: { title, reason } });
}

/**
 * DOMAIN.md "Buy now and cart": holds every line on its lot's stream, in order; if one fails, gives
 * back the ones already held and says which line failed and why. Then issues the order's invoice
 * (the lines at their quantity-discount price, plus tax, no premium), due when the holds lapse, and
 * says whether this request placed it.
 */
export async function placeBuyNowOrder(
  deps: MoneyDeps,
  step: Step,
  order: {
    invoiceId: string;
    buyerId: string;
    lines: OrderLine[];
    delivery: DeliveryData;
    /** How long the holds last unpaid: the reservation minutes, or the payment terms when paid offline. */
    holdMinutes: number;
  },
): Promise<{ invoice: IssuedInvoice; placed: boolean }> {
  const { streams, clock } = deps;
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + order.holdMinutes * 60_000);
  const held: {
    lotId: string;
    reservationId: string;
    title: string;
    sellerId: string;
    qty: number;
    unitPrice: number;
  }[] = [];
  for (const line of order.lines) {
    // A hash of the whole key, never a cut: two lots whose ids share a long start hold apart.
    const reservationId = derivedId('H', order.invoiceId, line.lotId);
    const lot = await streams.load(lotStream(line.lotId), lotDecider);
    const title = lot.status === 'empty' ? line.lotId : lot.lot.title;
    try {
      await streams.handle(
        lotStream(line.lotId),
        lotDecider,
        {
          type: 'ReserveStock',
          reservationId,
          invoiceId: order.invoiceId,
          buyerId: order.buyerId,
          qty: line.qty,
          now,
          expiresAt,
        },
        stepContext(step, `reserve:${line.lotId}`, now),
      );
    } catch (error) {
      await releaseHolds(deps, step, held, 'checkout_failed');
      throw lineProblem(error, title);
    }
    const after = await streams.load(lotStream(line.lotId), lotDecider);
    const hold = after.status === 'empty' ? undefined : after.holds[reservationId];
    if (!hold || after.status === 'empty') throw new AppError('RESERVATION_LAPSED');
    held.push({
      lotId: line.lotId,
      reservationId,
      title,
      sellerId: after.lot.sellerId,
      qty: hold.qty,
      unitPrice: hold.unitPrice,
    });
  }
  const lines = held.map((h) => ({
    lotId: h.lotId,
    title: h.title,
    sellerId: h.sellerId,
    qty: h.qty,
    unitPrice: h.unitPrice,
    amount: lineAmount(h.qty, h.unitPrice),
    reservationId: h.reservationId,
  }));
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  let placed: boolean;
  try {
    const number = await invoiceNumberFor(streams, order.invoiceId, now);
    const issued = await streams.handle(
      invoiceStream(order.invoiceId),
      invoiceDecider,
      {
        type: 'IssueInvoice',
        data: {
          invoiceId: order.invoiceId,
          ...(number ? { number } : {}),
          kind: 'buynow',
          buyerId: order.buyerId,
          lines,
          // Issue 31: the shipment of every bottle held, priced by the server's rate table.
          amounts: invoiceAmounts(
            subtotal,
            0,
            order.delivery.taxRate,
            shipmentCharge(
              deps.money().shipping,
              order.delivery,
              { bottles: lines.reduce((n, l) => n + l.qty, 0), goods: subtotal },
              now,
            ),
          ),
          delivery: order.delivery,
          dueAt: expiresAt.toISOString(),
        },
      },
      stepContext(step, 'issue', now),
    );
    // Issued now (or by this same request before): this request's order. Nothing written is an
    // order another request (another tab with the same cart) placed first.
    placed = issued.events.length > 0;
  } catch (error) {
    await releaseHolds(deps, step, held, 'checkout_failed');
    throw error;
  }
  const invoice = await streams.load(invoiceStream(order.invoiceId), invoiceDecider);
  return { invoice: invoice as IssuedInvoice, placed };
}

async function releaseHolds(
  deps: MoneyDeps,
  step: Step,
  holds: readonly { lotId: string; reservationId: string }[],
  reason: 'checkout_failed' | 'payment_failed' | 'expired',
) {
  for (const hold of holds) {
    const now = deps.clock.now();
    await deps.streams.handle(
      lotStream(hold.lotId),
      lotDecider,
      { type: 'ReleaseReservation', reservationId: hold.reservationId, reason },
      stepContext(step, `release:${hold.lotId}`, now),
    );
  }
}

const holdsOf = (invoice: IssuedInvoice) =>
  invoice.issued.lines.flatMap((l) =>
    l.reservationId ? [{ lotId: l.lotId, reservationId: l.reservationId }] : [],
  );

/**
 * What follows a payment recorded outside a checkout (offline, a deposit): a buy-now order paid in
 * full becomes a sale, the buyer is mailed the receipt. Answers the invoice's status after it.
 */
export async function afterPayment(deps: MoneyDeps, step: Step, invoiceId: string, amount: number) {
  const invoice = await deps.streams.load(invoiceStream(invoiceId), invoiceDecider);
  if (invoice.status === 'none') throw new AppError('INVOICE_NOT_FOUND');
  if (isPaid(invoice) && invoice.issued.kind !== 'auction') await completeBuyNowOrder(deps, step, invoice);
  await deps.mail.paymentReceived(invoice, amount);
  return invoiceStatus(invoice.paid, invoice.amounts.total, invoice.voided);
}

/**
 * A paid buy-now order (or accepted offer, issue 36): its holds become sales, and a buy-now order's
 * lines leave the buyer's cart.
 */
export async function completeBuyNowOrder(deps: MoneyDeps, step: Step, invoice: IssuedInvoice) {
  const { streams, clock } = deps;
  const { invoiceId, buyerId } = invoice.issued;
  for (const hold of holdsOf(invoice)) {
    const now = clock.now();
    try {
      await streams.handle(
        lotStream(hold.lotId),
        lotDecider,
        { type: 'SellReservation', reservationId: hold.reservationId, invoiceId, now },
        stepContext(step, `sell:${hold.lotId}`, now),
      );
    } catch (error) {
      // Paid, but the hold was given back meanwhile: the merchant must settle it by hand.
      deps.logger.error({ err: error, invoiceId, lotId: hold.lotId }, 'a paid order lost its hold');
    }
  }
  if (invoice.issued.kind !== 'buynow') return;
  const now = clock.now();
  await streams.handle(
    cartStream(buyerId),
    cartDecider,
    { type: 'RemoveLines', lotIds: invoice.issued.lines.map((l) => l.lotId) },
    stepContext(step, 'clear-cart', now),
  );
}

/**
 * A buy-now order given up (its payment failed, or its holds lapsed unpaid): the wallet money it took
 * goes back to the wallet, its holds are released and the invoice is voided, each step once.
 */
export async function abandonBuyNowOrder(
  deps: MoneyDeps,
  step: Step,
  invoice: IssuedInvoice,
  reason: 'payment_failed' | 'expired',
) {
  const { streams, clock } = deps;
  const { invoiceId, buyerId } = invoice.issued;
  for (const [paymentId, payment] of Object.entries(invoice.payments)) {
    if (payment.status !== 'succeeded') continue;
    const now = clock.now();
    const refundId = derivedId('R', paymentId, 'back');
    const to = payment.method === 'wallet' ? 'wallet' : 'card';
    const reasonText = reason === 'expired' ? 'order expired unpaid' : 'order payment failed';
    const back = { refundId, amount: payment.amount, to, reason: reasonText, invoiceId } as const;
    await refundThrough(deps, step, transactionOf(paymentId, payment), back, async () => {
      if (payment.method === 'wallet') {
        await streams.handle(
          walletStream(buyerId),
          walletDecider,
          {
            type: 'Credit',
            entry: { entryId: refundId, amount: payment.amount, source: 'reversal', reference: invoiceId },
          },
          stepContext(step, `wallet-back:${paymentId}`, now),
        );
      } else if ((payment.method === 'card' || payment.method === 'paypal') && payment.chargeId) {
        // A PayPal payment's charge is its capture once recorded: the money goes back there.
        await channelOf(deps, payment.method).refund(payment.chargeId, payment.amount, refundId);
      } else if (payment.method === 'gateway' && payment.chargeId) {
        // A hosted gateway's order (the part id) is refunded through the gateway it was paid on.
        await gatewayChannel(deps, paymentId).refund(payment.chargeId, payment.amount, refundId);
      }
    });
    await streams.handle(
      invoiceStream(invoiceId),
      invoiceDecider,
      {
        type: 'RefundPayment',
        refundId,
        paymentId,
        amount: payment.amount,
        to,
        reason: reasonText,
      },
      stepContext(step, `refund:${paymentId}`, now),
    );
  }
  await releaseHolds(deps, step, holdsOf(invoice), reason);
  await streams.handle(
    invoiceStream(invoiceId),
    invoiceDecider,
    { type: 'VoidInvoice', reason },
    stepContext(step, 'void', clock.now()),
  );
}
