import { formatMoney, type MoneySettings, t } from '@wine/contracts';
import { cartStream, invoiceStream } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import { cartDecider } from '../carts/cart.ts';
import { invoiceParties, refuseOwnMoneyRecord } from '../core/separation-of-duties.ts';
import { invoiceDecider } from '../invoices/decide.ts';
import { dueOf } from '../invoices/invoice.ts';
import type { OpenInvoices } from '../invoices/open-invoices.ts';
import { chargeTransaction } from '../payments/ledger.ts';
import { buyNowInvoiceId, type MoneyDeps, paymentIdFor, type Step, stepContext } from './money-deps.ts';
import { afterPayment } from './orders.ts';

/** What a buyer's unpaid buy-now orders hold now: how many orders, how many bottles together. */
export interface UnpaidHolds {
  orders: number;
  bottles: number;
}

/**
 * Issue 30: an order placed to pay offline holds its bottles for the payment terms (14 days) with
 * nothing paid, so one buyer could hold a whole lot. A new one is refused when the buyer already has
 * `offlineOrdersMax` unpaid buy-now orders open, or when its bottles would take what they hold
 * together over `offlineBottlesMax`.
 */
export function refuseOverOfflineCap(
  held: UnpaidHolds,
  adding: number,
  limits: Pick<MoneySettings, 'offlineOrdersMax' | 'offlineBottlesMax'>,
): void {
  if (held.orders >= limits.offlineOrdersMax) {
    throw new AppError('OFFLINE_ORDERS_CAPPED', { params: { count: held.orders } });
  }
  if (held.bottles + adding > limits.offlineBottlesMax) {
    throw new AppError('OFFLINE_HOLD_CAPPED', { params: { max: limits.offlineBottlesMax } });
  }
}

/**
 * The cap, around each buy-now cart placed to pay offline: the buyer's unpaid buy-now orders (each
 * loaded from its stream, the judge) and the cart's bottles. The orders are found in the open-invoices
 * index, which follows the log a moment behind, and among the orders placed here since; one buyer's
 * placements in this process wait for each other, so a burst of requests is judged one at a time.
 * The same cart placed again (a retry) finds its order and is not counted twice.
 */
export function offlineOrderCap(deps: MoneyDeps & { openInvoices: OpenInvoices }) {
  const { streams } = deps;
  const load = (id: string) => streams.load(invoiceStream(id), invoiceDecider);
  /** Orders placed by this process that the index may not have followed yet, per buyer. */
  const placedHere = new Map<string, Set<string>>();
  /** Each buyer's placement under way (settled, never rejected): the next one waits for it. */
  const turns = new Map<string, Promise<unknown>>();

  async function check(buyerId: string, cartId: string): Promise<void> {
    if ((await load(buyNowInvoiceId(buyerId, cartId))).status === 'issued') return;
    const followed = deps.openInvoices.unpaidInvoices(buyerId, 'buynow');
    const recent = placedHere.get(buyerId) ?? new Set<string>();
    const held: UnpaidHolds = { orders: 0, bottles: 0 };
    for (const id of new Set([...followed, ...recent])) {
      const invoice = await load(id);
      const unpaid = invoice.status === 'issued' && !invoice.voided && dueOf(invoice) > 0;
      // What the index knows now, or what is settled, needs no keeping here.
      if (!unpaid || followed.includes(id)) recent.delete(id);
      if (!unpaid) continue;
      held.orders += 1;
      held.bottles += invoice.issued.lines.reduce((sum, line) => sum + line.qty, 0);
    }
    if (recent.size === 0) placedHere.delete(buyerId);
    const cart = await streams.load(cartStream(buyerId), cartDecider);
    // Lines saved for later (issue 38 §2) are not in this order.
    const adding = Object.values(cart.lines).reduce((sum, line) => sum + (line.saved ? 0 : line.qty), 0);
    refuseOverOfflineCap(held, adding, deps.money());
  }

  return {
    /** Checks the cap, then runs `place` (the order placed), one at a time per buyer. */
    async place<T extends { invoice_ids: readonly string[] }>(
      buyerId: string,
      cartId: string,
      place: () => Promise<T>,
    ): Promise<T> {
      const before = turns.get(buyerId) ?? Promise.resolve();
      const turn = before.then(async () => {
        await check(buyerId, cartId);
        const result = await place();
        const recent = placedHere.get(buyerId) ?? new Set<string>();
        for (const id of result.invoice_ids) recent.add(id);
        placedHere.set(buyerId, recent);
        return result;
      });
      const settled = turn.catch(() => undefined);
      turns.set(buyerId, settled);
      try {
        return await turn;
      } finally {
        if (turns.get(buyerId) === settled) turns.delete(buyerId);
      }
    },
  };
}

/** What the buyer is told when an order is placed to pay offline: how much, which invoice, until when. */
export async function offlineInstructions(deps: MoneyDeps, invoiceIds: readonly string[]): Promise<string> {
  let due = 0;
  let until = '';
  for (const id of invoiceIds) {
    const invoice = await deps.streams.load(invoiceStream(id), invoiceDecider);
    if (invoice.status !== 'issued') continue;
    due += dueOf(invoice);
    if (!until || invoice.issued.dueAt < until) until = invoice.issued.dueAt;
  }
  return t('checkout.offlineInstructions', {
    amount: formatMoney(due),
    invoice: invoiceIds.join(', '),
    until: until.slice(0, 10),
  });
}

/**
 * Finance or an admin records money received offline (a transfer, cash at pickup) on an invoice. A
 * buy-now order paid in full becomes a sale. Answers the invoice's status after it. Never on an
 * invoice of their own, as its buyer or a seller (separation of duties).
 */
export async function recordOfflinePayment(
  deps: MoneyDeps,
  step: Step,
  input: { invoice_id: string; amount: number; reference: string },
) {
  const { streams, clock } = deps;
  const invoice = await streams.load(invoiceStream(input.invoice_id), invoiceDecider);
  if (invoice.status === 'none') throw new AppError('INVOICE_NOT_FOUND', { field: 'invoice_id' });
  refuseOwnMoneyRecord(step.actor.id, invoiceParties(invoice.issued));
  const paymentId = paymentIdFor(step.base.commandId, 'offline');
  const { amount, reference } = input;
  // The invoice first: it refuses more than is due, and money received offline is only what it takes.
  await streams.handle(
    invoiceStream(input.invoice_id),
    invoiceDecider,
    { type: 'RecordPayment', paymentId, method: 'offline', amount, reference, transactionId: paymentId },
    stepContext(step, 'record', clock.now()),
  );
  await chargeTransaction(deps, step, paymentId, {
    reference,
    start: {
      buyerId: invoice.issued.buyerId,
      method: 'offline',
      provider: 'offline',
      amount,
      target: { kind: 'invoices', invoices: [{ invoiceId: input.invoice_id, amount }] },
      card: null,
    },
  });
  return afterPayment(deps, step, input.invoice_id, input.amount);
}
