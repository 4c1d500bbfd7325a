import { type LotEvent, lotStream, type RecordedEvent } from '@wine/event-schemas';
import { type MoneyDeps, stepContext, systemStep } from '../checkout/money-deps.ts';
import { derivedId } from '../core/derived-id.ts';
import { type LogFeed, type LogFollower, logFeed, type Steps, tickingProcess } from '../core/follow-log.ts';
import { lotDecider } from '../lots/decide.ts';
import type { OfferMail } from './mail.ts';
import { issueOfferInvoice } from './sale.ts';

type Accepted = Extract<LotEvent, { type: 'OfferAccepted' }>['data'];
type Closed = Extract<LotEvent, { type: 'LotClosed' }>['data'];

const HOUR_MS = 3600_000;
/**
 * The request that accepted an offer issues its invoice at once; the process issues one only when it
 * is still missing this long after (the request stopped, or the lot's auto-accept price answered), so
 * it does not race every request for the same invoice.
 */
const INVOICE_GRACE_MS = 10_000;

/** The automatic second chance of a lot (one a lot: a seller's own price is another offer). */
export const houseSecondChanceId = (lotId: string) => derivedId('SC', lotId);

/**
 * Issue 36: the offers' process on the log. An offer (or counter) nobody answered expires at its time;
 * an accepted offer's invoice is issued (an offer accepted at once by the lot's auto-accept price, or
 * one whose request stopped before its invoice); an auction that closed with bids below its reserve
 * offers the lot to its top bidder at the reserve. Each step is a command whose id names what it is
 * for, so any number of instances, and a restart, do each once; whoever writes a step tells the parties.
 */
export function offerProcess(
  deps: MoneyDeps & { offerMail: OfferMail },
  feed: LogFeed = logFeed(deps.streams.store, deps.logger),
  tickMs = 1_000,
): LogFollower {
  const { streams, clock, logger } = deps;
  /** Open offers by `lotId\0offerId`: when each lapses. */
  const open = new Map<string, { lotId: string; offerId: string; expiresAt: number }>();
  /** Accepted offers whose invoice is not seen yet, by invoice id, with when the acceptance was seen. */
  const toInvoice = new Map<string, { lotId: string; accepted: Accepted; at: number }>();
  /** Lots closed below their reserve, to offer to their top bidder. */
  const secondChances = new Map<string, number>();

  function follow(event: RecordedEvent) {
    if (event.type === 'InvoiceIssued') {
      toInvoice.delete((event.data as { invoiceId: string }).invoiceId);
      return;
    }
    if (!event.streamName.startsWith('lot-')) return;
    const lotId = event.streamName.slice('lot-'.length);
    const e = { type: event.type, data: event.data } as LotEvent;
    switch (e.type) {
      case 'OfferMade':
      case 'OfferCountered':
        open.set(`${lotId}\u0000${e.data.offerId}`, {
          lotId,
          offerId: e.data.offerId,
          expiresAt: Date.parse(e.data.expiresAt),
        });
        break;
      case 'OfferAccepted':
        open.delete(`${lotId}\u0000${e.data.offerId}`);
        toInvoice.set(e.data.invoiceId, {
          lotId,
          accepted: e.data,
          at: Date.parse(event.metadata.occurredAt),
        });
        break;
      case 'OfferDeclined':
      case 'OfferWithdrawn':
      case 'OfferExpired':
        open.delete(`${lotId}\u0000${e.data.offerId}`);
        break;
      case 'LotClosed': {
        const closed: Closed = e.data;
        if (closed.outcome === 'unsold' && !closed.reserveMet && closed.bidCount > 0)
          secondChances.set(lotId, Date.parse(closed.closesAt));
        break;
      }
      default:
        break;
    }
  }

  async function expire(key: string, lotId: string, offerId: string) {
    const now = clock.now();
    const step = systemStep('offers', `${lotId}:${offerId}`);
    const result = await streams.handle(
      lotStream(lotId),
      lotDecider,
      { type: 'ExpireOffer', offerId, now },
      stepContext(step, 'expire', now),
    );
    open.delete(key);
    if (result.events.length > 0 && !result.replayed) await deps.offerMail.tell(lotId, result.events);
  }

  async function offerSecondChance(lotId: string) {
    const now = clock.now();
    const settings = deps.money();
    const step = systemStep('offers', `${lotId}:second-chance`);
    const lot = await streams.load(lotStream(lotId), lotDecider);
    secondChances.delete(lotId);
    if (lot.status !== 'closed') return;
    const result = await streams.handle(
      lotStream(lotId),
      lotDecider,
      {
        type: 'OfferSecondChance',
        offerId: houseSecondChanceId(lotId),
        by: { side: 'house' },
        price: null,
        now,
        expiresAt: new Date(now.getTime() + settings.offerHours * HOUR_MS),
      },
      stepContext(step, 'offer', now),
    );
    if (result.events.length > 0 && !result.replayed) await deps.offerMail.tell(lotId, result.events);
  }

  function tick({ run }: Steps) {
    const now = clock.now().getTime();
    for (const [key, offer] of open) {
      if (offer.expiresAt <= now) void run(key, () => expire(key, offer.lotId, offer.offerId));
    }
    for (const [invoiceId, { lotId, accepted, at }] of toInvoice) {
      if (now - at < INVOICE_GRACE_MS) continue;
      void run(invoiceId, async () => {
        await issueOfferInvoice(deps, systemStep('offers', invoiceId), lotId, accepted);
        toInvoice.delete(invoiceId);
      });
    }
    const window = deps.money().offerHours * HOUR_MS;
    for (const [lotId, closedAt] of secondChances) {
      // A close long past (the process's first start on an old log) is not offered again.
      if (now - closedAt > window) secondChances.delete(lotId);
      else void run(`sc:${lotId}`, () => offerSecondChance(lotId));
    }
  }

  return tickingProcess({
    feed,
    name: 'offers',
    logger,
    failure: 'an offer step failed; retrying',
    tickMs,
    tickAfterEvents: true,
    follow,
    tick,
  });
}
