import type {
  CheckoutResult,
  ConfirmPaymentInput,
  ErrorCode,
  GatewayResponseInput,
  MembershipPaymentInput,
  PayPalResponseInput,
  UpdateCheckoutInput,
} from '@wine/contracts';
import { AppError, type HostedGatewayName } from '@wine/platform';
import type { z } from 'zod';
import type { RequestContext } from '../core/command-context.ts';
import type { IssuedInvoice } from '../invoices/invoice.ts';
import { actorOf, type Session } from '../users/user-service.ts';
import { type CheckoutDeps, issuedInvoices, loadInvoice } from './checkout-invoices.ts';
import { quoteDelivery, resolveDelivery } from './delivery.ts';
import {
  assertGatewayPayable,
  confirmGatewayPayment,
  confirmMembershipPayment,
  type GatewayCustomer,
  payMembershipWithGateway,
  payWithGateway,
} from './hosted.ts';
import { paymentIdFor, type Step } from './money-deps.ts';
import { abandonBuyNowOrder } from './orders.ts';
import { confirmCardPayment, type PaymentOutcome, pay, payWithNewCard } from './payments.ts';
import { confirmPayPalPayment, payPalOf, payWithPayPal } from './paypal.ts';
import { type CheckoutInput, chooseDelivery, placeOrder } from './place-order.ts';
import { invoicesQuote, quote } from './quote.ts';
import { settle } from './settle.ts';

/** Who pays on a hosted gateway: the account, its e-mail and phone as the gateway keeps them with the order. */
const customerOf = (session: Session): GatewayCustomer => ({
  id: session.user.id,
  email: session.user.email,
  phone: session.user.phone,
});

/**
 * The checkout process manager (DOMAIN.md "Buy now and cart", "Money"): one cart, or unpaid invoices.
 * The quote in quote.ts, the order placed in place-order.ts, its payment's outcome followed in settle.ts.
 */
export function checkoutService(deps: CheckoutDeps) {
  return {
    quote: (session: Session, input: Parameters<typeof quote>[2]) => quote(deps, session, input),

    gatewayResponse,

    /**
     * seeds 001 paymentThird/paytm and paymentThird/cashfree membership-payment: a bid deposit paid on
     * the gateway's page (hosted.ts); answers where the browser goes.
     */
    async membershipPayment(
      session: Session,
      gateway: HostedGatewayName,
      input: z.output<typeof MembershipPaymentInput>,
      request: RequestContext,
    ): Promise<CheckoutResult> {
      const step: Step = { base: request, actor: actorOf(session) };
      const started = await payMembershipWithGateway(deps, step, {
        gateway,
        customer: customerOf(session),
        amount: input.amount,
        commandId: request.commandId,
      });
      return { status: 'requires_action', invoice_ids: [], payment_id: started.paymentId, url: started.url };
    },

    /**
     * Places the order (buy now: holds every line and issues its invoice; auction: the chosen
     * delivery on each invoice) and pays it, or, `offline`, leaves it unpaid for finance to record
     * the money, its holds kept for the payment terms.
     */
    async checkout(
      session: Session,
      input: CheckoutInput,
      request: RequestContext,
      options: { offline?: boolean } = {},
    ): Promise<CheckoutResult> {
      const buyerId = session.user.id;
      const step: Step = { base: request, actor: actorOf(session) };
      const card = input.payment.card_id
        ? session.user.cards.find((c) => c.cardId === input.payment.card_id)
        : null;
      if (input.payment.card_id && !card) throw new AppError('CARD_NOT_FOUND', { field: 'card_id' });
      // Refused before anything is placed or taken from the wallet.
      if (input.payment.paypal) payPalOf(deps);
      const gateway = input.payment.gateway ?? null;
      if (gateway) assertGatewayPayable(deps, gateway, customerOf(session));
      if (input.payment.element && !deps.cards.startBrowserCharge)
        throw new AppError('CARD_PROVIDER_NO_NEW_CARD', { field: 'element' });
      const delivery = await resolveDelivery(deps, input);
      const paymentId = paymentIdFor(request.commandId, buyerId);
      // `placed`: this request placed the order, so a payment that fails gives it up; an order placed
      // before (to pay later, or by another tab) stays as it was.
      const order = await placeOrder(deps, step, input, {
        buyerId,
        paymentId,
        delivery,
        offline: options.offline === true,
      });
      if ('done' in order) return order.done;
      const { invoices, placed } = order;
      const ids = invoices.map((inv) => inv.issued.invoiceId);
      if (options.offline) {
        // A buy-now order placed to pay offline has a new invoice to tell of; a won lot's was told at its close.
        for (const invoice of invoices)
          if (invoice.issued.kind === 'buynow') await deps.mail.invoiceIssued(invoice);
        return { status: 'unpaid', invoice_ids: ids, payment_id: paymentId, url: null };
      }
      const returnUrl = `/checkout_confirm?payment_id=${paymentId}&invoice=${ids.join(',')}`;
      const plan = {
        buyerId,
        paymentId,
        invoices,
        useWallet: input.payment.use_wallet,
        card: card ? { cardId: card.cardId, brand: card.brand, last4: card.last4 } : null,
        returnUrl,
      };
      let outcome: PaymentOutcome;
      try {
        outcome = gateway
          ? await payWithGateway(deps, step, { ...plan, gateway, customer: customerOf(session) })
          : input.payment.paypal
            ? await payWithPayPal(deps, step, plan)
            : input.payment.element
              ? await payWithNewCard(deps, step, plan)
              : await pay(deps, step, plan);
      } catch (error) {
        // This payment could not go on (the wallet fell short, the card left the vault): the order it
        // placed is given up. Another payment under way on it is left to finish.
        const own =
          error instanceof AppError &&
          (error.code === 'WALLET_INSUFFICIENT' || error.code === 'CARD_NOT_FOUND');
        if (input.type === 'buynow' && own && placed) {
          const invoice = (await loadInvoice(deps, ids[0] as string)) as IssuedInvoice;
          await abandonBuyNowOrder(deps, step, invoice, 'payment_failed');
        }
        throw error;
      }
      return settle(deps, step, paymentId, ids, outcome, placed);
    },

    /**
     * seeds 001 §7 cart/updateCheckout (issue 38 §2): the delivery chosen written on the cart's unpaid
     * invoices (an auction cart's one or `all`, or the temporary cart's) as checkout writes it, without
     * paying: their tax, shipping and total as they will be paid. Answers their values.
     */
    async updateCheckout(
      session: Session,
      input: z.output<typeof UpdateCheckoutInput>,
      request: RequestContext,
    ) {
      const buyerId = session.user.id;
      const step: Step = { base: request, actor: actorOf(session) };
      const { delivery, taxFallback } = await quoteDelivery(deps, input);
      const unpaid = await issuedInvoices(deps, buyerId, input.cart_id, input.type);
      const invoices = await chooseDelivery(deps, step, buyerId, unpaid, delivery);
      const amounts = invoices.map((invoice) => invoice.amounts);
      return invoicesQuote(deps, invoices, amounts, delivery, taxFallback);
    },

    /**
     * The sandbox issuer's (or sandbox PayPal's) page acts only on a charge waiting for the caller's
     * own action: a payment of one of the caller's invoices in `action_required` with this charge (a
     * card charge, a PayPal order). Any other charge (another buyer's, settled, unknown) answers as
     * unknown, with `unknown` (CHARGE_NOT_FOUND by default).
     */
    async assertWaitingCharge(
      session: Session,
      chargeId: string,
      invoiceIds: readonly string[],
      unknown: { code: ErrorCode; field: string } = { code: 'CHARGE_NOT_FOUND', field: 'charge_id' },
    ) {
      for (const id of invoiceIds) {
        const invoice = await loadInvoice(deps, id);
        if (invoice.status !== 'issued' || invoice.issued.buyerId !== session.user.id) continue;
        const payments = Object.values(invoice.payments);
        if (payments.some((p) => p.status === 'action_required' && p.chargeId === chargeId)) return;
      }
      throw new AppError(unknown.code, { field: unknown.field });
    },

    /** Back from the card issuer's page: the charge's outcome recorded on its invoices. */
    async confirm(session: Session, input: z.output<typeof ConfirmPaymentInput>, request: RequestContext) {
      const step: Step = { base: request, actor: actorOf(session) };
      const invoices = await ownInvoices(session, input.invoice_ids);
      const outcome = await confirmCardPayment(deps, step, input.payment_id, invoices);
      // A charge the issuer refused leaves its order as it was: its holds lapse at their time.
      return settle(deps, step, input.payment_id, [...new Set(input.invoice_ids)], outcome, false);
    },

    /**
     * seeds 001 "Payments" paypal_response: back from PayPal's page (approved or cancelled), the
     * order captured and recorded on the caller's own invoices, or the payment given up.
     */
    async paypalResponse(
      session: Session,
      input: z.output<typeof PayPalResponseInput>,
      request: RequestContext,
    ) {
      const step: Step = { base: request, actor: actorOf(session) };
      const invoices = await ownInvoices(session, input.invoice_ids);
      const outcome = await confirmPayPalPayment(
        deps,
        step,
        { paymentId: input.payment_id, orderId: input.token },
        invoices,
      );
      // As a refused card: a cancelled or declined PayPal payment leaves its order's holds to lapse.
      return settle(deps, step, input.payment_id, [...new Set(input.invoice_ids)], outcome, false);
    },
  };

  /**
   * seeds 001 "Payments" paytm_response, cashfree_response: back from the gateway's page, the order's
   * outcome (by the gateway's status API) recorded on the caller's own invoices, or, with no invoices,
   * on the caller's own membership payment (a bid deposit).
   */
  async function gatewayResponse(
    session: Session,
    gateway: HostedGatewayName,
    input: z.output<typeof GatewayResponseInput>,
    request: RequestContext,
  ): Promise<CheckoutResult & { depositAmount?: number }> {
    const step: Step = { base: request, actor: actorOf(session) };
    const ids = [...new Set(input.invoice_ids)];
    if (ids.length === 0) {
      const buyerId = session.user.id;
      const outcome = await confirmMembershipPayment(deps, step, gateway, {
        ...input,
        paymentId: input.payment_id,
        buyerId,
      });
      if (outcome.status === 'declined')
        throw new AppError('PAYMENT_DECLINED', { params: { reason: outcome.reason } });
      return {
        status: outcome.status,
        invoice_ids: [],
        payment_id: input.payment_id,
        url: null,
        ...(outcome.status === 'paid' && !outcome.quiet && outcome.amount
          ? { depositAmount: outcome.amount }
          : {}),
      };
    }
    const invoices = await ownInvoices(session, ids);
    const outcome = await confirmGatewayPayment(
      deps,
      step,
      gateway,
      { paymentId: input.payment_id, fields: input.fields },
      invoices,
    );
    // As a refused card: a failed gateway payment leaves its order's holds to lapse.
    return settle(deps, step, input.payment_id, ids, outcome, false);
  }

  /** The invoices named, each the caller's own; another buyer's answers as an unknown one. */
  async function ownInvoices(session: Session, ids: readonly string[]): Promise<IssuedInvoice[]> {
    const invoices: IssuedInvoice[] = [];
    for (const id of new Set(ids)) {
      const invoice = await loadInvoice(deps, id);
      if (invoice.status === 'none' || invoice.issued.buyerId !== session.user.id)
        throw new AppError('INVOICE_NOT_FOUND');
      invoices.push(invoice);
    }
    return invoices;
  }
}

export type CheckoutService = ReturnType<typeof checkoutService>;
