import { invoiceStream } from '@wine/event-schemas';
import type { PayPalEvent, ProviderEvent } from '@wine/platform';
import { invoiceDecider } from '../invoices/decide.ts';
import type { IssuedInvoice } from '../invoices/invoice.ts';
import { chargeTransaction, disputeTransaction, refundThrough } from '../payments/ledger.ts';
import { type MoneyDeps, stepContext, systemStep } from './money-deps.ts';
import {
  type ChargeChannel,
  cardChannel,
  cardPart,
  fail,
  payPalPart,
  recordCharge,
  refundKeyOf,
} from './payments.ts';
import { payPalChannel } from './paypal.ts';
import type { PayPalMoney } from './paypal-payments.ts';
import { settle } from './settle.ts';

export type EventEffect = 'recorded' | 'refunded' | 'failed' | 'disputed' | 'unchanged' | 'unknown' | 'noted';

/** A gateway's event about one charge, in the words applying it needs. */
interface ChargeEvent {
  id: string;
  outcome: ProviderEvent['outcome'];
  /** What is recorded as the payment's reference and refunded: the card charge, PayPal's capture. */
  chargeId: string;
  /**
   * The ids an invoice's payment may hold for this charge: the card charge's own; PayPal's order
   * (recorded while the buyer approves it) and its capture (recorded once paid).
   */
  knownAs: readonly string[];
  reference: string;
  invoices: readonly string[];
  amount?: number | undefined;
  reason?: string | undefined;
  disputeId?: string | undefined;
}

/** How one gateway's charges sit on the invoices: the channel, the payment's part, the steps' name. */
interface ChargeGateway {
  channel: ChargeChannel;
  part: (paymentId: string) => string;
  /** Names the event's steps: their ids derive from it and the event id, so a redelivery writes nothing. */
  process: string;
  /** What a charge was made for, when its event does not say (a Stripe dispute names only the charge). */
  chargeInfo?: ((chargeId: string) => Promise<{ reference: string; invoices: string[] }>) | undefined;
}

/**
 * A card provider's event applied to the invoices its charge was for (issue 35 §1): a charge that
 * succeeded is recorded on each invoice still waiting for it and its order completed, one that failed
 * fails their waiting payment. Each step's id derives from the provider's event id, so the same event
 * delivered twice writes nothing the second time; and each step asks the invoice's own state, so an
 * event that comes before the checkout's answer, after it, late or out of order moves nothing twice:
 * a failure after a success changes nothing; a success for a payment the product already called
 * failed (the buyer was told so; its money may be back already) is refunded under the same key the
 * checkout refunds with, so it goes back once; a success the invoice cannot take is refunded. Only a
 * charge an invoice knows is acted on: its payment under our reference, with this charge or none yet.
 */
export const applyProviderEvent = (deps: MoneyDeps, event: ProviderEvent): Promise<EventEffect> =>
  applyChargeEvent(
    deps,
    {
      channel: cardChannel(deps),
      part: cardPart,
      process: `card-event-${deps.cards.name}`,
      chargeInfo: deps.cards.chargeInfo?.bind(deps.cards),
    },
    { ...event, knownAs: [event.chargeId] },
  );

/**
 * PayPal's event (PAYMENT.CAPTURE.COMPLETED, .DENIED, .REFUNDED, a dispute) applied as a card
 * provider's is, once per event id, before or after the buyer's return: its capture is recorded on
 * the invoices waiting for its order (paypal-payments.ts finds them by our reference), a denied
 * capture fails them, a capture the product had called failed is refunded through PayPal.
 */
export const applyPayPalEvent = (deps: MoneyDeps, paypal: PayPalMoney, event: PayPalEvent) =>
  applyChargeEvent(
    deps,
    { channel: payPalChannel(paypal), part: payPalPart, process: `paypal-event-${paypal.gateway.name}` },
    {
      id: event.id,
      outcome: event.outcome,
      chargeId: event.captureId,
      knownAs: [event.orderId, event.captureId].filter(Boolean),
      reference: event.reference,
      invoices: event.reference ? paypal.payments.invoicesOf(event.reference) : [],
      amount: event.amount,
      reason: event.reason,
      disputeId: event.disputeId,
    },
  );

async function applyChargeEvent(
  deps: MoneyDeps,
  { channel, part, process, chargeInfo }: ChargeGateway,
  event: ChargeEvent,
): Promise<EventEffect> {
  const log = {
    provider: channel.name,
    eventId: event.id,
    chargeId: event.chargeId,
    outcome: event.outcome,
  };
  if (event.outcome === 'refunded') {
    // Refunds the product made are recorded by the return that made them; one made in the provider's
    // dashboard is for finance to settle.
    deps.logger.warn(
      { ...log, amount: event.amount, reason: event.reason },
      `a ${channel.method} event to settle by hand`,
    );
    return 'noted';
  }
  if (event.outcome === 'disputed' || event.outcome === 'dispute_won' || event.outcome === 'dispute_lost')
    return applyDispute(deps, { part, process, chargeInfo }, event, log);
  if (!event.reference || event.invoices.length === 0) return 'unknown';
  const paymentId = part(event.reference);
  const invoices: IssuedInvoice[] = [];
  for (const id of new Set(event.invoices)) {
    const invoice = await deps.streams.load(invoiceStream(id), invoiceDecider);
    const payment = invoice.status === 'issued' ? invoice.payments[paymentId] : undefined;
    if (invoice.status !== 'issued' || !payment) continue;
    if (payment.chargeId !== null && !event.knownAs.includes(payment.chargeId)) continue;
    invoices.push(invoice);
  }
  if (invoices.length === 0) {
    deps.logger.warn(log, `a ${channel.method} event for a charge no invoice knows`);
    return 'unknown';
  }
  const step = systemStep(process, event.id);
  if (event.outcome === 'failed') {
    let failed = 0;
    for (const invoice of invoices) {
      const status = invoice.payments[paymentId]?.status;
      if (status !== 'pending' && status !== 'action_required') continue;
      await fail(
        deps,
        step,
        invoice.issued.invoiceId,
        paymentId,
        event.reason ?? `declined by ${channel.method === 'card' ? 'the card issuer' : 'PayPal'}`,
      );
      failed += 1;
    }
    return failed > 0 ? 'failed' : 'unchanged';
  }
  const partsIn = (...statuses: string[]) =>
    invoices
      .filter((invoice) => statuses.includes(invoice.payments[paymentId]?.status ?? ''))
      .map((invoice) => ({
        invoiceId: invoice.issued.invoiceId,
        amount: invoice.payments[paymentId]?.amount ?? 0,
      }));
  const given = partsIn('failed');
  if (given.length > 0) {
    const back = given.reduce((sum, part) => sum + part.amount, 0);
    const key = refundKeyOf(
      paymentId,
      given.map((part) => part.invoiceId),
    );
    // The money moved all the same: the ledger says so, then that it went back, once per key.
    await chargeTransaction(deps, step, paymentId, { reference: event.chargeId });
    const reason = 'succeeded after the product called it failed';
    const unallotted = { refundId: key, amount: back, to: 'card', reason, invoiceId: null } as const;
    await refundThrough(deps, step, paymentId, unallotted, () => channel.refund(event.chargeId, back, key));
    deps.logger.warn({ ...log, amount: back }, 'a charge the product had called failed succeeded: refunded');
  }
  const { written, refunded } = await recordCharge(
    deps,
    step,
    paymentId,
    event.chargeId,
    partsIn('pending', 'action_required'),
    { refusalAnswered: true, via: channel },
  );
  if (written === 0) return given.length > 0 || refunded > 0 ? 'refunded' : 'unchanged';
  const ids = invoices.map((invoice) => invoice.issued.invoiceId);
  await settle(deps, step, event.reference, ids, { status: 'paid' }, false);
  return 'recorded';
}

/**
 * Issue 35 §1: a dispute of a charge (a chargeback) recorded on the invoices the charge paid, the
 * disputed amount shared among them in order, each up to what the charge paid on it; its decision
 * closes it there (a lost one counts as charged back). Steps are named by the provider's event, so a
 * redelivery writes nothing; a decision that comes before the opening opens and closes it at once.
 * Finance is told in the log either way: answering a dispute is theirs, with the provider.
 */
async function applyDispute(
  deps: MoneyDeps,
  { part, process, chargeInfo }: Pick<ChargeGateway, 'part' | 'process' | 'chargeInfo'>,
  event: ChargeEvent,
  log: Record<string, unknown>,
): Promise<EventEffect> {
  deps.logger.warn({ ...log, amount: event.amount, reason: event.reason }, 'a disputed charge for finance');
  const known =
    event.reference || !chargeInfo
      ? { reference: event.reference, invoices: [...event.invoices] }
      : await chargeInfo(event.chargeId);
  if (!known.reference || known.invoices.length === 0) return 'unknown';
  const paymentId = part(known.reference);
  const paid: { invoiceId: string; amount: number }[] = [];
  for (const id of new Set(known.invoices)) {
    const invoice = await deps.streams.load(invoiceStream(id), invoiceDecider);
    const payment = invoice.status === 'issued' ? invoice.payments[paymentId] : undefined;
    if (payment?.status !== 'succeeded' || !event.knownAs.includes(payment.chargeId ?? '')) continue;
    paid.push({ invoiceId: id, amount: payment.amount });
  }
  if (paid.length === 0) return 'unknown';
  const disputeId = event.disputeId ?? event.id;
  const reason = event.reason ?? 'disputed by the cardholder';
  const step = systemStep(process, event.id);
  const took = paid.reduce((sum, p) => sum + p.amount, 0);
  let left = Math.min(event.amount ?? took, took);
  // The ledger's transaction is disputed as a whole; each invoice then with its share.
  const outcome =
    event.outcome === 'disputed' ? 'disputed' : event.outcome === 'dispute_lost' ? 'lost' : 'won';
  const ledger = await disputeTransaction(deps, step, paymentId, {
    disputeId,
    outcome,
    amount: left,
    reason,
  });
  let written = ledger.replayed ? 0 : ledger.events.length;
  for (const { invoiceId, amount: took } of paid) {
    const amount = Math.min(left, took);
    left -= amount;
    if (amount < 1) continue;
    const opened = { paymentId, amount, reason };
    const command =
      event.outcome === 'disputed'
        ? ({ type: 'OpenDispute', disputeId, ...opened } as const)
        : ({
            type: 'CloseDispute',
            disputeId,
            outcome: event.outcome === 'dispute_lost' ? 'lost' : 'won',
            opened,
          } as const);
    const result = await deps.streams.handle(
      invoiceStream(invoiceId),
      invoiceDecider,
      command,
      stepContext(step, `dispute:${invoiceId}`, deps.clock.now()),
    );
    if (!result.replayed) written += result.events.length;
  }
  return written > 0 ? 'disputed' : 'unchanged';
}
