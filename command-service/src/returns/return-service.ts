import type {
  DecideReturnInput,
  RaiseReturnInput,
  ReceiveReturnInput,
  RefundReturnInput,
  ReturnDecisionResult,
} from '@wine/contracts';
import {
  type InvoiceEvent,
  invoiceStream,
  lotStream,
  type RecordedEvent,
  walletStream,
} from '@wine/event-schemas';
import { AppError, CardDeclinedError, PayPalRefusedError } from '@wine/platform';
import type { z } from 'zod';
import { type MoneyDeps, type Step, stepContext } from '../checkout/money-deps.ts';
import { channelOf } from '../checkout/paypal.ts';
import { commandContext, type RequestContext } from '../core/command-context.ts';
import { derivedId } from '../core/derived-id.ts';
import { invoiceParties, refuseOwnMoneyRecord } from '../core/separation-of-duties.ts';
import { invoiceDecider } from '../invoices/decide.ts';
import {
  evolveInvoice,
  type Invoice,
  type IssuedInvoice,
  initialInvoice,
  isPaid,
} from '../invoices/invoice.ts';
import { lotDecider } from '../lots/decide.ts';
import { refundThrough, transactionOf } from '../payments/ledger.ts';
import { actorOf, type Session } from '../users/user-service.ts';
import { walletDecider } from '../wallets/wallet.ts';
import type { ReturnMail } from './mail.ts';

type RaiseInput = z.output<typeof RaiseReturnInput>;
type DecideInput = z.output<typeof DecideReturnInput>;
type ReceiveInput = z.output<typeof ReceiveReturnInput>;
type RefundInput = z.output<typeof RefundReturnInput>;

/** A return's id, from the request that asked for it: a retried request finds the same return. */
export const returnIdFor = (buyerId: string, commandId: string) => derivedId('R', buyerId, commandId);

/**
 * When the invoice became paid: the server time of the event that made its payments cover the total
 * (null if it is not paid now). The window for returns runs from there.
 */
export function paidAtOf(events: readonly RecordedEvent[]): Date | null {
  let state: Invoice = initialInvoice();
  let paidAt: string | null = null;
  for (const event of events) {
    state = evolveInvoice(state, { type: event.type, data: event.data } as InvoiceEvent);
    const paid = state.status === 'issued' && isPaid(state);
    if (!paid) paidAt = null;
    else paidAt ??= event.metadata.occurredAt;
  }
  return paidAt ? new Date(paidAt) : null;
}

/**
 * DOMAIN.md "Money", "Returns", issue 31: the buyer asks to return bottles of a paid line; finance or
 * an admin accepts (or refuses), marks the wine received (the good bottles back on the lot's stock),
 * then refunds (all the return brings, or less with a reason), the way the invoice was paid. Never
 * on an invoice of their own, as its buyer or a seller (separation of duties).
 */
export function returnService(deps: MoneyDeps & { returnMail: ReturnMail }) {
  const { streams, clock } = deps;
  const load = async (invoiceId: string) => streams.load(invoiceStream(invoiceId), invoiceDecider);
  const caseIn = (invoice: Invoice, returnId: string) =>
    invoice.status === 'issued' ? invoice.returns[returnId] : undefined;

  /** The staff's step on an invoice that is not their own, as its buyer or a seller. */
  async function staffInvoice(session: Session, invoiceId: string) {
    const current = await load(invoiceId);
    if (current.status !== 'issued') throw new AppError('INVOICE_NOT_FOUND', { field: 'invoice_id' });
    refuseOwnMoneyRecord(session.user.id, invoiceParties(current.issued));
    return current;
  }

  async function answer(invoiceId: string, returnId: string): Promise<ReturnDecisionResult> {
    const invoice = await load(invoiceId);
    const now = caseIn(invoice, returnId);
    if (!now) throw new AppError('RETURN_NOT_FOUND');
    const parts = now.refund?.parts ?? [];
    const sum = (to: 'card' | 'wallet') => parts.filter((p) => p.to === to).reduce((n, p) => n + p.amount, 0);
    return {
      return_id: returnId,
      status: now.status,
      amount: now.amount,
      refund_to: now.to,
      refunded: now.refund?.amount ?? null,
      refunded_card: sum('card'),
      refunded_wallet: sum('wallet'),
    };
  }

  /** The good bottles back on the lot's stock, once per return whoever retries (through the lot decider). */
  async function restock(step: Step, invoice: IssuedInvoice, returnId: string) {
    const back = invoice.returns[returnId];
    if (!back?.received || back.received.good < 1) return;
    await streams.handle(
      lotStream(back.lotId),
      lotDecider,
      { type: 'RestockReturn', returnId, invoiceId: invoice.issued.invoiceId, qty: back.received.good },
      stepContext({ ...step, base: { ...step.base, commandId: returnId } }, 'restock', clock.now()),
    );
  }

  /**
   * Gives the claimed refund back, part by part: the wallet part credited (its entry id from the
   * refund's, so once), the card part refunded at the provider with an idempotency key from the
   * refund's id (from the command that claimed it: a retry, or a second request meanwhile, makes the
   * provider answer with the first refund); then records every part in one append.
   */
  async function payBack(step: Step, invoice: IssuedInvoice, returnId: string) {
    const plan = invoice.returns[returnId]?.refund;
    if (invoice.returns[returnId]?.status !== 'refunding' || !plan) return false;
    const { invoiceId, buyerId } = invoice.issued;
    for (const [i, part] of plan.parts.entries()) {
      const partId = `${plan.refundId}-${i + 1}`;
      const partStep = { ...step, base: { ...step.base, commandId: partId } };
      const paid = invoice.payments[part.paymentId];
      const back = { refundId: partId, amount: part.amount, to: part.to, reason: plan.reason, invoiceId };
      // Each part goes back out of the transaction that took it, never more than it still holds.
      await refundThrough(deps, partStep, transactionOf(part.paymentId, paid), back, async () => {
        if (part.to === 'wallet') {
          await streams.handle(
            walletStream(buyerId),
            walletDecider,
            {
              type: 'Credit',
              entry: { entryId: partId, amount: part.amount, source: 'refund', reference: invoiceId },
            },
            stepContext(partStep, 'wallet', clock.now()),
          );
          return;
        }
        const chargeId = paid?.chargeId;
        if (!chargeId) throw new AppError('RETURN_CARD_UNAVAILABLE');
        try {
          // PayPal's capture goes back through PayPal.
          await channelOf(deps, paid?.method === 'paypal' ? 'paypal' : 'card').refund(
            chargeId,
            part.amount,
            partId,
          );
        } catch (error) {
          if (error instanceof CardDeclinedError || error instanceof PayPalRefusedError) {
            throw new AppError('RETURN_CARD_UNAVAILABLE');
          }
          throw error;
        }
      });
    }
    const result = await streams.handle(
      invoiceStream(invoiceId),
      invoiceDecider,
      { type: 'RecordRefund', returnId },
      stepContext({ ...step, base: { ...step.base, commandId: plan.refundId } }, 'record', clock.now()),
    );
    return result.events.length > 0 && !result.replayed;
  }

  return {
    /** seeds 001 §7 product/raiseReturnRequest. */
    async request(session: Session, input: RaiseInput, request: RequestContext) {
      const buyerId = session.user.id;
      const returnId = returnIdFor(buyerId, request.commandId);
      const paidAt = paidAtOf(await streams.store.readStream(invoiceStream(input.invoice_id)));
      const now = clock.now();
      await streams.handle(
        invoiceStream(input.invoice_id),
        invoiceDecider,
        {
          type: 'RequestReturn',
          buyerId,
          returnId,
          lotId: input.product_id,
          qty: input.qty,
          reason: input.reason,
          now,
          paidAt,
          returnDays: deps.money().returnDays,
        },
        commandContext(request, actorOf(session), now),
      );
      const asked = caseIn(await load(input.invoice_id), returnId);
      if (!asked) throw new AppError('RETURN_NOT_FOUND');
      return { return_id: returnId, status: asked.status, amount: asked.amount };
    },

    /** Accepts (the buyer sends the wine back; nothing is refunded yet) or refuses, and tells the buyer. */
    async decide(
      session: Session,
      input: DecideInput,
      request: RequestContext,
    ): Promise<ReturnDecisionResult> {
      const step: Step = { base: request, actor: actorOf(session) };
      const { invoice_id: invoiceId, return_id: returnId, note } = input;
      await staffInvoice(session, invoiceId);
      const command =
        input.decision === 'refuse'
          ? ({ type: 'RefuseReturn', returnId, note } as const)
          : ({ type: 'AcceptReturn', returnId, by: session.user.id, note, to: input.to } as const);
      const result = await streams.handle(
        invoiceStream(invoiceId),
        invoiceDecider,
        command,
        stepContext(step, input.decision, clock.now()),
      );
      const invoice = (await load(invoiceId)) as IssuedInvoice;
      const decided = invoice.returns[returnId];
      if (!decided) throw new AppError('RETURN_NOT_FOUND');
      if (result.events.length > 0 && !result.replayed) await deps.returnMail(invoice, decided, note);
      return answer(invoiceId, returnId);
    },

    /** Issue 31: the wine arrived; the good bottles go back on the lot's stock. */
    async receive(session: Session, input: ReceiveInput, request: RequestContext) {
      const step: Step = { base: request, actor: actorOf(session) };
      const { invoice_id: invoiceId, return_id: returnId } = input;
      await staffInvoice(session, invoiceId);
      await streams.handle(
        invoiceStream(invoiceId),
        invoiceDecider,
        {
          type: 'ReceiveReturn',
          returnId,
          good: input.good,
          damaged: input.damaged,
          by: session.user.id,
          note: input.note,
        },
        stepContext(step, 'receive', clock.now()),
      );
      await restock(step, (await load(invoiceId)) as IssuedInvoice, returnId);
      return answer(invoiceId, returnId);
    },

    /** Issue 31: the refund of a received return (all it brings, or less with a reason), once. */
    async refund(session: Session, input: RefundInput, request: RequestContext) {
      const step: Step = { base: request, actor: actorOf(session) };
      const { invoice_id: invoiceId, return_id: returnId } = input;
      await staffInvoice(session, invoiceId);
      await streams.handle(
        invoiceStream(invoiceId),
        invoiceDecider,
        {
          type: 'StartRefund',
          returnId,
          refundId: derivedId('RF', returnId, request.commandId),
          amount: input.amount,
          reason: input.reason,
          by: session.user.id,
        },
        stepContext(step, 'refund', clock.now()),
      );
      const told = await payBack(step, (await load(invoiceId)) as IssuedInvoice, returnId);
      const invoice = (await load(invoiceId)) as IssuedInvoice;
      const done = invoice.returns[returnId];
      if (told && done) await deps.returnMail(invoice, done, done.refund?.reason ?? '');
      return answer(invoiceId, returnId);
    },
  };
}

export type ReturnService = ReturnType<typeof returnService>;
