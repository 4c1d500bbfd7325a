import { invoiceStream, type RecordedEvent, userStream } from '@wine/event-schemas';
import { type LogFeed, type LogFollower, logFeed, type Steps, tickingProcess } from '../core/follow-log.ts';
import { invoiceDecider } from '../invoices/decide.ts';
import { type IssuedInvoice, isPaid } from '../invoices/invoice.ts';
import { userDecider } from '../users/decide.ts';
import { giveBack } from './card-holds.ts';
import { type MoneyDeps, systemStep } from './money-deps.ts';

interface TrackedHold {
  buyerId: string;
  invoiceIds: readonly string[];
  expiresAt: number;
}

/** Paid in full by something other than the hold's charge (the wallet, a gift card, cash, PayPal, another card). */
const paidWithout = (invoice: IssuedInvoice, chargeId: string) =>
  isPaid(invoice) &&
  !Object.values(invoice.payments).some((p) => p.status === 'succeeded' && p.chargeId === chargeId);

/**
 * A card hold (seeds 001 payment/authorize) is given back to the card as soon as it can no longer pay
 * what it was placed for, rather than left on the buyer's card until the provider lets it go: an
 * (auction) invoice it was placed for was paid in full another way, or its time ran out. The hold's own
 * checkout is the one way it is taken (card-holds.ts `takeHold`); each hold is looked at when it is
 * placed and again whenever one of its invoices records a payment, from the invoices as they stand.
 */
export function holdReleaseProcess(
  deps: MoneyDeps,
  feed: LogFeed = logFeed(deps.streams.store, deps.logger),
  tickMs = 5_000,
): LogFollower {
  const { streams, clock, logger } = deps;
  const open = new Map<string, TrackedHold>();
  /** Holds to look at again, by id. */
  const toCheck = new Set<string>();

  function follow(event: RecordedEvent) {
    if (event.streamName.startsWith('user-')) {
      const data = event.data as { holdId?: string; invoiceIds?: string[]; expiresAt?: string };
      if (!data.holdId) return;
      if (event.type === 'CardHoldPlaced' && data.invoiceIds && data.expiresAt) {
        const buyerId = event.streamName.slice('user-'.length);
        open.set(data.holdId, {
          buyerId,
          invoiceIds: data.invoiceIds,
          expiresAt: Date.parse(data.expiresAt),
        });
        toCheck.add(data.holdId);
      } else if (event.type === 'CardHoldReleased' || event.type === 'CardHoldCaptured') {
        open.delete(data.holdId);
        toCheck.delete(data.holdId);
      }
      return;
    }
    if (event.type === 'PaymentRecorded' && event.streamName.startsWith('invoice-')) {
      const invoiceId = event.streamName.slice('invoice-'.length);
      for (const [holdId, hold] of open) if (hold.invoiceIds.includes(invoiceId)) toCheck.add(holdId);
    }
  }

  async function check(holdId: string, tracked: TrackedHold) {
    const hold = (await streams.load(userStream(tracked.buyerId), userDecider)).holds[holdId];
    if (!hold) return;
    let reason: 'lapsed' | 'not_taken' | null =
      clock.now().getTime() >= Date.parse(hold.expiresAt) ? 'lapsed' : null;
    for (const invoiceId of hold.invoiceIds) {
      if (reason) break;
      const invoice = await streams.load(invoiceStream(invoiceId), invoiceDecider);
      if (invoice.status === 'issued' && paidWithout(invoice, hold.chargeId)) reason = 'not_taken';
    }
    if (reason) await giveBack(deps, systemStep('hold-release', holdId), tracked.buyerId, hold, reason);
  }

  function tick({ has, run }: Steps) {
    const now = clock.now().getTime();
    for (const [holdId, hold] of open) if (hold.expiresAt <= now) toCheck.add(holdId);
    for (const holdId of toCheck) {
      const tracked = open.get(holdId);
      if (!tracked || has(holdId)) continue;
      toCheck.delete(holdId);
      // A failed look is tried again at the next tick.
      void run(
        holdId,
        () => check(holdId, tracked),
        () => toCheck.add(holdId),
      );
    }
  }

  return tickingProcess({
    feed,
    name: 'hold-release',
    logger,
    failure: 'giving back a card hold failed; retrying',
    tickMs,
    tickAfterEvents: true,
    follow,
    tick,
  });
}
