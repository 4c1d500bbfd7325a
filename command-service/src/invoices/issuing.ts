import { invoiceAmounts, pickupTaxRate } from '@wine/contracts';
import { invoiceStream, type LotEvent, lotStream, type RecordedEvent } from '@wine/event-schemas';
import { auctionInvoiceId, type MoneyDeps, stepContext, systemStep } from '../checkout/money-deps.ts';
import { type LogFeed, type LogFollower, logFeed } from '../core/follow-log.ts';
import { invoiceNumberFor } from '../invoice-numbers/assign.ts';
import { lotDecider } from '../lots/decide.ts';
import { invoiceDecider } from './decide.ts';
import type { OpenInvoices } from './open-invoices.ts';

type Closed = Extract<LotEvent, { type: 'LotClosed' }>['data'];

const DAY_MS = 24 * 3600_000;
/** Invoices issued at once: a minute in which 10,000 lots close should not wait for each in turn. */
const PARALLEL = 16;

export interface Invoicing extends LogFollower {
  /** Sold lots whose invoice is not issued yet. */
  pending(): number;
}

/**
 * DOMAIN.md "Money": when a lot is sold, its winner's invoice is issued (hammer + buyer's premium +
 * tax at the pickup location's rate until the buyer chooses delivery), due in 14 days. It follows the
 * log; every instance may issue an invoice, and the invoice's stream lets one through (same command
 * id, and the decider answers nothing for an invoice already issued).
 */
export function invoicingProcess(
  deps: MoneyDeps,
  openInvoices: OpenInvoices,
  feed: LogFeed = logFeed(deps.streams.store, deps.logger),
): Invoicing {
  const { streams, clock, logger } = deps;
  const toIssue = new Map<string, Closed>();
  const inFlight = new Set<string>();
  let live = false;

  async function issue(lotId: string, closed: Closed) {
    const lot = await streams.load(lotStream(lotId), lotDecider);
    if (lot.status === 'empty' || !closed.winnerId || closed.hammerPrice === null || closed.quantity === 0)
      return;
    const invoiceId = auctionInvoiceId(lotId);
    const rate = pickupTaxRate(deps.money());
    const hammer = closed.hammerPrice;
    // The bottles the auction sold (what buy now did not sell or hold); older closes sold the whole lot.
    const qty = closed.quantity ?? lot.lot.quantity;
    const now = clock.now();
    const number = await invoiceNumberFor(streams, invoiceId, now);
    const result = await streams.handle(
      invoiceStream(invoiceId),
      invoiceDecider,
      {
        type: 'IssueInvoice',
        data: {
          invoiceId,
          ...(number ? { number } : {}),
          kind: 'auction',
          buyerId: closed.winnerId,
          // One lot, one line: the hammer is for all the bottles the auction sold, and the line says how
          // many (the unit price is the hammer shared over them; the amount is the hammer).
          lines: [
            {
              lotId,
              title: lot.lot.title,
              sellerId: lot.lot.sellerId,
              qty,
              unitPrice: Math.round(hammer / qty),
              amount: hammer,
              reservationId: null,
            },
          ],
          amounts: invoiceAmounts(hammer, deps.premiumPercent(), rate),
          delivery: {
            method: 'pickup',
            address: null,
            billingAddress: null,
            taxState: deps.money().pickup.state,
            taxRate: rate,
          },
          dueAt: new Date(Date.parse(closed.closesAt) + deps.money().paymentDueDays * DAY_MS).toISOString(),
        },
      },
      stepContext(systemStep('invoicing', lotId), 'issue', now),
    );
    // Told once: only the instance whose command wrote the invoice sends its mail.
    if (result.events.length > 0 && !result.replayed) {
      const invoice = await streams.load(invoiceStream(invoiceId), invoiceDecider);
      if (invoice.status === 'issued') await deps.mail.invoiceIssued(invoice);
    }
  }

  async function drain() {
    if (!live) return;
    const work = [...toIssue.entries()].filter(([lotId]) => !inFlight.has(lotId));
    for (const [lotId] of work) inFlight.add(lotId);
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < work.length; i = next++) {
        const [lotId, closed] = work[i] as [string, Closed];
        // A stop takes no more of the backlog: what is left is issued at the next start.
        if (!live) {
          inFlight.delete(lotId);
          continue;
        }
        try {
          await issue(lotId, closed);
          toIssue.delete(lotId);
        } catch (error) {
          logger.error({ err: error, lotId }, 'issuing an invoice failed; retrying');
        } finally {
          inFlight.delete(lotId);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, work.length) }, worker));
  }

  function follow(event: RecordedEvent) {
    openInvoices.follow(event);
    if (event.type === 'LotClosed' && event.streamName.startsWith('lot-')) {
      const closed = event.data as Closed;
      // A lot sold out by buy now has no winner: its buyers' invoices are their checkouts'.
      if (
        closed.outcome === 'sold' &&
        closed.winnerId &&
        closed.hammerPrice !== null &&
        closed.quantity !== 0
      )
        toIssue.set(event.streamName.slice('lot-'.length), closed);
    } else if (event.type === 'InvoiceIssued') {
      const issued = event.data as { kind: string; lines: { lotId: string }[] };
      if (issued.kind === 'auction') for (const line of issued.lines) toIssue.delete(line.lotId);
    }
  }

  const log = feed.follow('invoicing', (events) => {
    for (const event of events) follow(event);
    void drain();
  });
  let retry: NodeJS.Timeout | null = null;

  return {
    async start() {
      await log.start();
      live = true;
      void drain();
      // What failed is tried again (a store that was briefly away).
      retry = setInterval(() => void drain(), 5_000);
      retry.unref();
    },
    async stop() {
      live = false;
      if (retry) clearInterval(retry);
      await log.stop();
      while (inFlight.size > 0) await new Promise((r) => setTimeout(r, 10));
    },
    pending: () => toIssue.size,
  };
}
