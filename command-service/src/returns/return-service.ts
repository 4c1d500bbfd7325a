import type { DecideReturnInput, RaiseReturnInput, ReturnDecisionResult } from '@wine/contracts';
import { type InvoiceEvent, invoiceStream, type RecordedEvent, walletStream } from '@wine/event-schemas';
import { AppError, CardDeclinedError } from '@wine/platform';
import type { z } from 'zod';
import { type MoneyDeps, type Step, stepContext } from '../checkout/money-deps.ts';
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
import { actorOf, type Session } from '../users/user-service.ts';
import { walletDecider } from '../wallets/wallet.ts';
import { refundSource } from './decide.ts';
import type { ReturnMail } from './mail.ts';

type RaiseInput = z.output<typeof RaiseReturnInput>;
type DecideInput = z.output<typeof DecideReturnInput>;

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
 * DOMAIN.md "Money", "Returns": the buyer asks to return a paid line; finance or an admin accepts
 * (the refund goes to the card or the wallet, as events) or refuses; the buyer is told by mail.
 */
export function returnService(deps: MoneyDeps & { returnMail: ReturnMail }) {
  const { streams, clock } = deps;
  const load = async (invoiceId: string) => streams.load(invoiceStream(invoiceId), invoiceDecider);
  const caseIn = (invoice: Invoice, returnId: string) =>
    invoice.status === 'issued' ? invoice.returns[returnId] : undefined;

  /** Gives the accepted return's money back (wallet credit, or the card charge), then records it. */
  async function refund(step: Step, invoice: IssuedInvoice, returnId: string) {
    const asked = invoice.returns[returnId];
    if (asked?.status !== 'accepted' || !asked.to) return false;
    const { invoiceId, buyerId } = invoice.issued;
    const { paymentId, chargeId } = refundSource(invoice, asked.to, asked.amount);
    const refundId = derivedId('R', returnId, 'refund');
    if (asked.to === 'wallet') {
      await streams.handle(
        walletStream(buyerId),
        walletDecider,
        {
          type: 'Credit',
          entry: { entryId: refundId, amount: asked.amount, source: 'refund', reference: invoiceId },
        },
        stepContext(step, `wallet:${returnId}`, clock.now()),
      );
    } else {
      if (!chargeId) throw new AppError('RETURN_CARD_UNAVAILABLE');
      try {
        await deps.cards.refund(chargeId, asked.amount);
      } catch (error) {
        if (error instanceof CardDeclinedError) throw new AppError('RETURN_CARD_UNAVAILABLE');
        throw error;
      }
    }
    const result = await streams.handle(
      invoiceStream(invoiceId),
      invoiceDecider,
      { type: 'RefundReturn', returnId, refundId, paymentId },
      stepContext(step, `refund:${returnId}`, clock.now()),
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
          returnDays: deps.money.returnDays,
        },
        commandContext(request, actorOf(session), now),
      );
      const asked = caseIn(await load(input.invoice_id), returnId);
      if (!asked) throw new AppError('RETURN_NOT_FOUND');
      return { return_id: returnId, status: asked.status, amount: asked.amount };
    },

    /**
     * Finance or an admin accepts (and the refund is made) or refuses; the buyer gets a mail. Never
     * on an invoice of their own, as its buyer or a seller (separation of duties).
     */
    async decide(
      session: Session,
      input: DecideInput,
      request: RequestContext,
    ): Promise<ReturnDecisionResult> {
      const step: Step = { base: request, actor: actorOf(session) };
      const { invoice_id: invoiceId, return_id: returnId, note } = input;
      const stream = invoiceStream(invoiceId);
      const current = await load(invoiceId);
      if (current.status === 'issued') refuseOwnMoneyRecord(session.user.id, invoiceParties(current.issued));
      let tell = false;
      if (input.decision === 'refuse') {
        const result = await streams.handle(
          stream,
          invoiceDecider,
          { type: 'RefuseReturn', returnId, note },
          stepContext(step, 'refuse', clock.now()),
        );
        tell = result.events.length > 0 && !result.replayed;
      } else {
        await streams.handle(
          stream,
          invoiceDecider,
          { type: 'AcceptReturn', returnId, by: session.user.id, note, to: input.to },
          stepContext(step, 'accept', clock.now()),
        );
        tell = await refund(step, (await load(invoiceId)) as IssuedInvoice, returnId);
      }
      const invoice = (await load(invoiceId)) as IssuedInvoice;
      const decided = invoice.returns[returnId];
      if (!decided) throw new AppError('RETURN_NOT_FOUND');
      if (tell) await deps.returnMail(invoice, decided, note);
      return { return_id: returnId, status: decided.status, amount: decided.amount, refund_to: decided.to };
    },
  };
}

export type ReturnService = ReturnType<typeof returnService>;
