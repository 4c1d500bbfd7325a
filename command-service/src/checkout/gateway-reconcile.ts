import { t } from '@wine/contracts';
import type { RecordedEvent } from '@wine/event-schemas';
import { AppError, type HostedGatewayName, hostedGatewayNames } from '@wine/platform';
import { type LogFeed, type LogFollower, logFeed, type Steps, tickingProcess } from '../core/follow-log.ts';
import type { IssuedInvoice } from '../invoices/invoice.ts';
import { failTransaction } from '../payments/ledger.ts';
import { issuedInvoices, membershipDepositId, settleGatewayOrder, settleMembershipOrder } from './hosted.ts';
import { type MoneyDeps, systemStep } from './money-deps.ts';
import { fail } from './payments.ts';

/** How long the buyer's own return is waited for before the gateway is asked without it. */
export const RECONCILE_AFTER_MS = 2 * 60_000;
/** An order still open on the gateway this long after it was started is given up (the gateways' pages expire long before). */
export const GATEWAY_ORDER_LAPSE_MS = 24 * 60 * 60_000;

interface Waiting {
  gateway: HostedGatewayName;
  buyerId: string;
  /** The invoices it pays (their ids), or null for a membership payment (the wallet). */
  invoiceIds: string[] | null;
  startedAt: number;
}

const isGateway = (provider: string): provider is HostedGatewayName =>
  (hostedGatewayNames as readonly string[]).includes(provider);

/**
 * A buyer who paid on a gateway's page (Paytm, Cashfree) and never came back to the site (closed the
 * tab, lost the connection) is not left with the money taken and the invoice unpaid: every gateway
 * payment still open RECONCILE_AFTER_MS after it started is asked of the gateway's status API at each
 * tick and settled as the buyer's return would have settled it (hosted.ts): paid is recorded once,
 * failed is given up, an order the gateway never opened is given up, and one still open after
 * GATEWAY_ORDER_LAPSE_MS is given up (a payment made on it later is refunded when its return comes).
 * A membership payment charged on the ledger but not yet held on the wallet (a crash between the two)
 * is finished the same way.
 */
export function gatewayReconcileProcess(
  deps: MoneyDeps,
  feed: LogFeed = logFeed(deps.streams.store, deps.logger),
  tickMs = 30_000,
): LogFollower {
  const { clock, logger } = deps;
  const waiting = new Map<string, Waiting>();

  /** A membership payment charged on the ledger waits for its deposit held on the wallet, by the deposit's id. */
  const deposits = new Map<string, string>();

  function follow(event: RecordedEvent) {
    if (event.type === 'DepositHeld') {
      const { depositId } = event.data as { depositId: string };
      const id = deposits.get(depositId);
      if (id !== undefined) {
        deposits.delete(depositId);
        waiting.delete(id);
      }
      return;
    }
    if (!event.streamName.startsWith('payment-')) return;
    const id = event.streamName.slice('payment-'.length);
    if (event.type === 'TransactionStarted') {
      const data = event.data as {
        method: string;
        provider: string;
        buyerId: string;
        startedAt: string;
        target: { kind: 'invoices'; invoices: { invoiceId: string }[] } | { kind: 'wallet' };
      };
      if (data.method !== 'gateway' || !isGateway(data.provider)) return;
      waiting.set(id, {
        gateway: data.provider,
        buyerId: data.buyerId,
        invoiceIds: data.target.kind === 'invoices' ? data.target.invoices.map((i) => i.invoiceId) : null,
        startedAt: Date.parse(data.startedAt),
      });
    } else if (event.type === 'TransactionCharged') {
      // A membership payment is done once the wallet holds it: a process that died between the ledger's
      // charge and the wallet's credit is finished here (the credit and the hold are written once).
      const order = waiting.get(id);
      if (order?.invoiceIds === null) deposits.set(membershipDepositId(id), id);
      else waiting.delete(id);
    } else if (event.type === 'TransactionFailed') {
      waiting.delete(id);
    }
  }

  async function giveUp(id: string, invoices: readonly IssuedInvoice[]): Promise<void> {
    const step = systemStep('gateway-reconcile', id);
    const reason = t('checkout.gatewayNotCompleted');
    for (const invoice of invoices) await fail(deps, step, invoice.issued.invoiceId, id, reason);
    await failTransaction(deps, step, id, reason);
  }

  async function settle(id: string, order: Waiting) {
    const step = systemStep('gateway-reconcile', id);
    const invoices = await issuedInvoices(deps, order.invoiceIds ?? []);
    let outcome: { status: string };
    try {
      outcome =
        order.invoiceIds === null
          ? await settleMembershipOrder(deps, step, order.gateway, id, order.buyerId)
          : await settleGatewayOrder(deps, step, order.gateway, id, invoices);
    } catch (error) {
      // The gateway never opened the order (a crash before the buyer was sent): nothing can be paid on it.
      if (!(error instanceof AppError && error.code === 'PAYMENT_NOT_FOUND')) throw error;
      logger.warn({ gateway: order.gateway, transactionId: id }, 'a gateway order never opened: given up');
      return giveUp(id, invoices);
    }
    if (
      outcome.status === 'requires_action' &&
      clock.now().getTime() - order.startedAt >= GATEWAY_ORDER_LAPSE_MS
    )
      await giveUp(id, invoices);
  }

  function tick({ has, run }: Steps) {
    const now = clock.now().getTime();
    for (const [id, order] of waiting) {
      if (now - order.startedAt < RECONCILE_AFTER_MS || has(id)) continue;
      void run(id, () => settle(id, order));
    }
  }

  return tickingProcess({
    feed,
    name: 'gateway-reconcile',
    logger,
    failure: 'reconciling a gateway order failed; retrying',
    tickMs,
    tickAfterEvents: true,
    follow,
    tick,
  });
}
