import { actions, type CheckoutResult, checkoutMessages, formatMoney, t } from '@wine/contracts';
import { invoiceStream, lotStream, userStream } from '@wine/event-schemas';
import { AppError, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { loadInvoice } from '../checkout/checkout-invoices.ts';
import { type MoneyDeps, paymentIdFor, type Step } from '../checkout/money-deps.ts';
import { offlineInstructions } from '../checkout/offline.ts';
import { pay, type SavedCard } from '../checkout/payments.ts';
import { paidBy, settle } from '../checkout/settle.ts';
import { commandContext } from '../core/command-context.ts';
import { derivedId } from '../core/derived-id.ts';
import { refuseOwnMoneyRecord } from '../core/separation-of-duties.ts';
import { invoiceNumberFor } from '../invoice-numbers/assign.ts';
import { invoiceDecider } from '../invoices/decide.ts';
import { dueOf, type IssuedInvoice } from '../invoices/invoice.ts';
import { lotDecider } from '../lots/decide.ts';
import { userDecider } from '../users/decide.ts';
import { hasRole } from '../users/roles/decide.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { actorOf, type Session } from '../users/user-service.ts';
import { chargeInvoice } from './charge-invoice.ts';

export interface SellerChargeRouteDeps {
  money: MoneyDeps;
  auth: SessionAuth;
}

/** The charges a seller pays now, and those this payment (its id) settled already: a retry's. */
interface ChargesToPay {
  ids: string[];
  unpaid: IssuedInvoice[];
}

/**
 * The caller's own charges, named by the statement: each a `charge` invoice billed to them (another's,
 * or an invoice of another kind, answers as unknown), not voided and still owed. One this very
 * payment settled (a retry of a request that died after paying it) is left out of what is paid now.
 */
async function chargesToPay(
  money: MoneyDeps,
  sellerId: string,
  invoiceIds: readonly string[],
  paymentId: string,
): Promise<ChargesToPay> {
  const unpaid: IssuedInvoice[] = [];
  for (const id of invoiceIds) {
    const invoice = await loadInvoice(money, id);
    if (invoice.status === 'none' || invoice.issued.buyerId !== sellerId || invoice.issued.kind !== 'charge')
      throw new AppError('INVOICE_NOT_FOUND', { field: 'invoice_ids' });
    if (invoice.voided) throw new AppError('INVOICE_VOID', { field: 'invoice_ids' });
    if (paidBy(invoice, paymentId)) continue;
    if (dueOf(invoice) === 0) throw new AppError('INVOICE_PAID', { field: 'invoice_ids' });
    unpaid.push(invoice);
  }
  return { ids: [...invoiceIds], unpaid };
}

/** What the seller is told: paid, or asked to finish with the card issuer. */
const messageOf = (result: CheckoutResult) =>
  result.status === 'paid' ? checkoutMessages.paid : checkoutMessages.authenticate;

/**
 * Issue 38 §1 (seeds 001 §7 seller/cart/checkout, seller/credit/payCartWallet,
 * seller/offline/payCartOffline): the house bills a seller or vendor a charge (an admin, never to
 * themself), and the seller settles their charges from the statement by a saved card (the wallet
 * first when asked), from the wallet alone, or offline. The money moves through the checkout's own
 * machinery (`pay`, `settle`): one payment at a time per invoice, the card charged once per payment
 * id (the request's x-command-id), a wallet never below zero, every step once on a retry.
 */
export const sellerChargeRoutes: FastifyPluginAsync<SellerChargeRouteDeps> = async (app, { money, auth }) => {
  const { streams, clock } = money;

  registerAction(app, actions.billSellerCharge, auth, async (input, ctx) => {
    const admin = auth.adminOf(ctx.request);
    // Separation of duties: no member of staff bills themself, refused before anything is read.
    refuseOwnMoneyRecord(admin.id, [input.seller_id]);
    const seller = await streams.load(userStream(input.seller_id), userDecider);
    if (!seller.email) throw new AppError('USER_NOT_FOUND', { field: 'seller_id' });
    if (!hasRole(seller, 'seller') && !hasRole(seller, 'vendor')) throw new AppError('CHARGE_NOT_SELLER');
    let lot: { lotId: string; title: string } | null = null;
    if (input.lot_id) {
      const found = await streams.load(lotStream(input.lot_id), lotDecider);
      // Only the seller's own lot; another's answers as unknown.
      if (found.status === 'empty' || found.lot.sellerId !== seller.id)
        throw new AppError('LOT_NOT_FOUND', { field: 'lot_id' });
      lot = { lotId: found.lot.lotId, title: found.lot.title };
    }
    // The id comes from the command id, so a retry of the request bills the same charge once.
    const invoiceId = derivedId('S', input.seller_id, ctx.commandId);
    const now = clock.now();
    const number = await invoiceNumberFor(streams, invoiceId, now);
    const data = chargeInvoice({
      invoiceId,
      number,
      sellerId: seller.id,
      kind: input.kind,
      amount: input.amount,
      lot,
      note: input.note ? input.note : null,
      taxState: money.money().pickup.state,
      paymentDueDays: money.money().paymentDueDays,
      now,
    });
    const result = await streams.handle(
      invoiceStream(invoiceId),
      invoiceDecider,
      { type: 'IssueInvoice', data },
      commandContext(ctx, admin, now),
    );
    const invoice = (await loadInvoice(money, invoiceId)) as IssuedInvoice;
    // The seller is told once, by the request that billed it.
    if (result.events.length > 0 && !result.replayed) await money.mail.invoiceIssued(invoice);
    const name = `${seller.firstName} ${seller.lastName}`.trim() || seller.email;
    ctx.setMessage(t('sellerCharges.billed', { amount: formatMoney(input.amount), name }));
    return { invoice_id: invoiceId, number: invoice.issued.number ?? null, amount: input.amount };
  });

  /** Pays the caller's charges: the wallet first when asked, then the card for the rest (or none). */
  async function payCharges(
    session: Session,
    invoiceIds: readonly string[],
    request: { commandId: string; correlationId: string },
    payment: { useWallet: boolean; card: SavedCard | null },
  ): Promise<CheckoutResult> {
    const sellerId = session.user.id;
    const step: Step = { base: request, actor: actorOf(session) };
    const paymentId = paymentIdFor(request.commandId, sellerId);
    const { ids, unpaid } = await chargesToPay(money, sellerId, invoiceIds, paymentId);
    if (unpaid.length === 0) return { status: 'paid', invoice_ids: ids, payment_id: paymentId, url: null };
    const returnUrl = `/checkout_confirm?payment_id=${paymentId}&invoice=${ids.join(',')}`;
    const outcome = await pay(money, step, {
      buyerId: sellerId,
      paymentId,
      invoices: unpaid,
      useWallet: payment.useWallet,
      card: payment.card,
      returnUrl,
    });
    // Told, receipted and (declined) refused as a checkout's; a charge holds no stock to give back.
    return settle(money, step, paymentId, ids, outcome, false);
  }

  registerAction(app, actions.sellerChargesCheckout, auth, async (input, ctx) => {
    const session = auth.sessionOf(ctx.request);
    const card = session.user.cards.find((c) => c.cardId === input.card_id);
    if (!card) throw new AppError('CARD_NOT_FOUND', { field: 'card_id' });
    const result = await payCharges(session, input.invoice_ids, ctx, {
      useWallet: input.use_wallet,
      card: { cardId: card.cardId, brand: card.brand, last4: card.last4 },
    });
    ctx.setMessage(messageOf(result));
    return result;
  });

  registerAction(app, actions.sellerChargesPayWallet, auth, async (input, ctx) => {
    // No card: a wallet that falls short is refused before anything is taken (WALLET_INSUFFICIENT).
    const result = await payCharges(auth.sessionOf(ctx.request), input.invoice_ids, ctx, {
      useWallet: true,
      card: null,
    });
    ctx.setMessage(messageOf(result));
    return result;
  });

  // Nothing moves: the seller is told what to send and by when; finance records it (recordOfflinePayment).
  registerAction(app, actions.sellerChargesPayOffline, auth, async (input, ctx) => {
    const sellerId = auth.sessionOf(ctx.request).user.id;
    const paymentId = paymentIdFor(ctx.commandId, sellerId);
    const { ids, unpaid } = await chargesToPay(money, sellerId, input.invoice_ids, paymentId);
    if (unpaid.length === 0) throw new AppError('INVOICE_PAID', { field: 'invoice_ids' });
    ctx.setMessage(await offlineInstructions(money, ids));
    const result: CheckoutResult = { status: 'unpaid', invoice_ids: ids, payment_id: paymentId, url: null };
    return result;
  });
};
