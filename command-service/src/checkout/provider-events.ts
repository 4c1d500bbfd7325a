import { invoiceStream } from '@wine/event-schemas';
import type { ProviderEvent } from '@wine/platform';
import { invoiceDecider } from '../invoices/decide.ts';
import type { IssuedInvoice } from '../invoices/invoice.ts';
import { type MoneyDeps, systemStep } from './money-deps.ts';
import { cardPart, fail, recordCharge, refundKeyOf } from './payments.ts';
import { settle } from './settle.ts';

export type EventEffect = 'recorded' | 'refunded' | 'failed' | 'unchanged' | 'unknown' | 'noted';

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
export async function applyProviderEvent(deps: MoneyDeps, event: ProviderEvent): Promise<EventEffect> {
  const log = {
    provider: deps.cards.name,
    eventId: event.id,
    chargeId: event.chargeId,
    outcome: event.outcome,
  };
  if (event.outcome === 'refunded' || event.outcome === 'disputed') {
    // Refunds the product made are recorded by the return that made them; a dispute is for finance.
    deps.logger.warn(
      { ...log, amount: event.amount, reason: event.reason },
      'a card provider event to settle by hand',
    );
    return 'noted';
  }
  if (!event.reference || event.invoices.length === 0) return 'unknown';
  const paymentId = cardPart(event.reference);
  const invoices: IssuedInvoice[] = [];
  for (const id of new Set(event.invoices)) {
    const invoice = await deps.streams.load(invoiceStream(id), invoiceDecider);
    const payment = invoice.status === 'issued' ? invoice.payments[paymentId] : undefined;
    if (invoice.status !== 'issued' || !payment) continue;
    if (payment.chargeId !== null && payment.chargeId !== event.chargeId) continue;
    invoices.push(invoice);
  }
  if (invoices.length === 0) {
    deps.logger.warn(log, 'a card provider event for a charge no invoice knows');
    return 'unknown';
  }
  const step = systemStep(`card-event-${deps.cards.name}`, event.id);
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
        event.reason ?? 'declined by the card issuer',
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
    await deps.cards.refund(event.chargeId, back, key);
    deps.logger.warn({ ...log, amount: back }, 'a charge the product had called failed succeeded: refunded');
  }
  const { written, refunded } = await recordCharge(
    deps,
    step,
    paymentId,
    event.chargeId,
    partsIn('pending', 'action_required'),
    { refusalAnswered: true },
  );
  if (written === 0) return given.length > 0 || refunded > 0 ? 'refunded' : 'unchanged';
  const ids = invoices.map((invoice) => invoice.issued.invoiceId);
  await settle(deps, step, event.reference, ids, { status: 'paid' }, false);
  return 'recorded';
}
