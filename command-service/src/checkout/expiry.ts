import { invoiceStream, lotStream, type RecordedEvent } from '@wine/event-schemas';
import { type LogFeed, type LogFollower, logFeed, type Steps, tickingProcess } from '../core/follow-log.ts';
import { invoiceDecider } from '../invoices/decide.ts';
import { isPaid } from '../invoices/invoice.ts';
import { lotDecider } from '../lots/decide.ts';
import { failTransaction, transactionOf } from '../payments/ledger.ts';
import { type MoneyDeps, stepContext, systemStep } from './money-deps.ts';
import { abandonBuyNowOrder, completeBuyNowOrder } from './orders.ts';

interface TrackedHold {
  invoiceId: string;
  lotId: string;
  expiresAt: number;
}

/**
 * DOMAIN.md "Buy now and cart": holds lapse unless paid (15 minutes by default). The lot decider
 * already counts a lapsed hold as free; this process writes it down: at each lapse it gives the
 * unpaid order up (a card payment still waiting for its issuer is cancelled first), so the log, the
 * lot pages and the buyer's invoices all say so.
 */
export function expiryProcess(
  deps: MoneyDeps,
  feed: LogFeed = logFeed(deps.streams.store, deps.logger),
  tickMs = 1_000,
): LogFollower {
  const { streams, clock, logger } = deps;
  const holds = new Map<string, TrackedHold>();

  function follow(event: RecordedEvent) {
    if (!event.streamName.startsWith('lot-')) return;
    const data = event.data as { reservationId?: string; invoiceId?: string; expiresAt?: string };
    if (event.type === 'StockReserved' && data.reservationId && data.invoiceId && data.expiresAt) {
      const lotId = event.streamName.slice('lot-'.length);
      holds.set(data.reservationId, {
        invoiceId: data.invoiceId,
        lotId,
        expiresAt: Date.parse(data.expiresAt),
      });
    } else if ((event.type === 'ReservationReleased' || event.type === 'StockSold') && data.reservationId) {
      holds.delete(data.reservationId);
    }
  }

  async function expire(invoiceId: string, lapsed: [string, TrackedHold][]) {
    const step = systemStep('expiry', invoiceId);
    const invoice = await streams.load(invoiceStream(invoiceId), invoiceDecider);
    if (invoice.status === 'none') {
      // The checkout stopped before its invoice: only the holds are there to give back.
      for (const [reservationId, hold] of lapsed) {
        await streams.handle(
          lotStream(hold.lotId),
          lotDecider,
          { type: 'ReleaseReservation', reservationId, reason: 'expired' },
          stepContext(step, `release:${hold.lotId}`, clock.now()),
        );
      }
      return;
    }
    if (isPaid(invoice)) return completeBuyNowOrder(deps, step, invoice);
    for (const [paymentId, payment] of Object.entries(invoice.payments)) {
      if (payment.status !== 'pending' && payment.status !== 'action_required') continue;
      // A card charge waiting for its issuer is cancelled; a PayPal order waiting for its buyer is only
      // not captured (a buyer who approves it later finds the payment given up, and nothing is taken).
      if (payment.chargeId && payment.method === 'card') await deps.cards.cancelCharge(payment.chargeId);
      await streams.handle(
        invoiceStream(invoiceId),
        invoiceDecider,
        { type: 'FailPayment', paymentId, reason: 'the order expired unpaid' },
        stepContext(step, `fail:${paymentId}`, clock.now()),
      );
      await failTransaction(deps, step, transactionOf(paymentId, payment), 'the order expired unpaid');
    }
    const current = await streams.load(invoiceStream(invoiceId), invoiceDecider);
    if (current.status === 'issued') await abandonBuyNowOrder(deps, step, current, 'expired');
  }

  function tick({ has, run }: Steps) {
    const now = clock.now().getTime();
    const due = new Map<string, [string, TrackedHold][]>();
    for (const entry of holds) {
      const [, hold] = entry;
      if (hold.expiresAt > now || has(hold.invoiceId)) continue;
      due.set(hold.invoiceId, [...(due.get(hold.invoiceId) ?? []), entry]);
    }
    for (const [invoiceId, lapsed] of due) void run(invoiceId, () => expire(invoiceId, lapsed));
  }

  return tickingProcess({
    feed,
    name: 'expiry',
    logger,
    failure: 'releasing a lapsed order failed; retrying',
    tickMs,
    follow,
    tick,
  });
}
