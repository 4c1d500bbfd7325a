import {
  type CartValues,
  type CheckoutResult,
  type ConfirmPaymentInput,
  holdOffered,
  holdWindow,
  type CheckoutInput as In,
  invoiceAmounts,
  lineAmount,
  type SaveAddressInput,
} from '@wine/contracts';
import { cartStream, type DeliveryData, invoiceStream, lotStream } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { z } from 'zod';
import { cartDecider } from '../carts/cart.ts';
import type { RequestContext } from '../core/command-context.ts';
import { invoiceDecider } from '../invoices/decide.ts';
import { dueOf, type IssuedInvoice } from '../invoices/invoice.ts';
import type { OpenInvoices } from '../invoices/open-invoices.ts';
import { buyNowLine } from '../lots/buy-now.ts';
import { lotDecider } from '../lots/decide.ts';
import { shipmentCharge } from '../shipping/charge.ts';
import { actorOf, type Session } from '../users/user-service.ts';
import { resolveDelivery } from './delivery.ts';
import { buyNowInvoiceId, type MoneyDeps, paymentIdFor, type Step, stepContext } from './money-deps.ts';
import { abandonBuyNowOrder, completeBuyNowOrder, placeBuyNowOrder } from './orders.ts';
import { cardPart, confirmCardPayment, type PaymentOutcome, pay, walletPart } from './payments.ts';

type CheckoutInput = z.output<typeof In>;

const values = (
  amounts: {
    subtotal: number;
    premiumPercent: number;
    premium: number;
    tax: number;
    shipping?: number;
    total: number;
  }[],
  rate: number,
  paid: number,
  count: number,
): CartValues => {
  const sum = (k: 'subtotal' | 'premium' | 'tax' | 'shipping' | 'total') =>
    amounts.reduce((s, a) => s + (a[k] ?? 0), 0);
  const total = sum('total');
  return {
    count,
    subtotal: sum('subtotal'),
    premium_percent: amounts[0]?.premiumPercent ?? 0,
    premium: sum('premium'),
    tax_rate: rate,
    tax: sum('tax'),
    shipping: sum('shipping'),
    total,
    paid,
    due: Math.max(0, total - paid),
  };
};

/** This payment (its wallet or card part) settled the invoice: a retried request finds it done. */
const paidBy = (invoice: IssuedInvoice, paymentId: string) =>
  dueOf(invoice) === 0 &&
  [walletPart(paymentId), cardPart(paymentId)].some((id) => invoice.payments[id]?.status === 'succeeded');

/** The checkout process manager (DOMAIN.md "Buy now and cart", "Money"): one cart, or unpaid invoices. */
export function checkoutService(deps: MoneyDeps & { openInvoices: OpenInvoices }) {
  const { streams, clock } = deps;
  const loadInvoice = async (id: string) => streams.load(invoiceStream(id), invoiceDecider);

  /** The caller's own invoices of an auction cart: one, or `all` still unpaid. */
  async function auctionInvoices(buyerId: string, cartId: string): Promise<IssuedInvoice[]> {
    const ids = cartId === 'all' ? deps.openInvoices.unpaidAuctionInvoices(buyerId) : [cartId];
    const invoices: IssuedInvoice[] = [];
    for (const id of ids) {
      const invoice = await loadInvoice(id);
      if (
        invoice.status === 'none' ||
        invoice.issued.buyerId !== buyerId ||
        invoice.issued.kind !== 'auction'
      ) {
        throw new AppError('INVOICE_NOT_FOUND', { field: 'cart_id' });
      }
      if (invoice.voided) throw new AppError('INVOICE_VOID', { field: 'cart_id' });
      if (dueOf(invoice) === 0) {
        if (cartId === 'all') continue;
        throw new AppError('INVOICE_PAID', { field: 'cart_id' });
      }
      invoices.push(invoice);
    }
    if (invoices.length === 0) throw new AppError('CART_EMPTY');
    return invoices;
  }

  async function cartLines(buyerId: string) {
    const cart = await streams.load(cartStream(buyerId), cartDecider);
    const lines = Object.entries(cart.lines).map(([lotId, line]) => ({ lotId, qty: line.qty }));
    if (lines.length === 0) throw new AppError('CART_EMPTY');
    return lines;
  }

  const bottlesOf = (invoice: IssuedInvoice) => invoice.issued.lines.reduce((n, l) => n + l.qty, 0);

  /**
   * Each auction invoice with the chosen delivery's tax (its premium stays). Issue 31: the lots paid
   * together ship together: one shipment of all their bottles, its charge on the first invoice.
   */
  const withDelivery = (invoices: IssuedInvoice[], delivery: DeliveryData) => {
    const load = {
      bottles: invoices.reduce((n, inv) => n + bottlesOf(inv), 0),
      goods: invoices.reduce((s, inv) => s + inv.amounts.subtotal + inv.amounts.premium, 0),
    };
    const shipment = shipmentCharge(deps.money.shipping, delivery, load, clock.now());
    return invoices.map((invoice, i) =>
      invoiceAmounts(
        invoice.amounts.subtotal,
        invoice.amounts.premiumPercent,
        delivery.taxRate,
        shipment && (i === 0 ? shipment : { ...shipment, charge: 0 }),
      ),
    );
  };

  /** Issue 31: what checkout shows of shipping with a quote (null for pickup). */
  const shippingQuote = (delivery: DeliveryData, amounts: { shipping?: number }[]) => {
    if (!delivery.shipping) return null;
    const now = clock.now();
    return {
      method: delivery.shipping.method,
      charge: amounts.reduce((s, a) => s + (a.shipping ?? 0), 0),
      taxable: delivery.shipping.taxable,
      hold: { offered: holdOffered(deps.money.shipping, now), ...holdWindow(deps.money.shipping, now) },
    };
  };

  /**
   * The outcome told and followed: a paid buy-now order becomes a sale; a declined one is given up
   * only when this request placed it (`placed`), else it stays as it was (a pay-later order).
   */
  async function finish(
    step: Step,
    paymentId: string,
    ids: string[],
    outcome: PaymentOutcome,
    placed: boolean,
  ): Promise<CheckoutResult> {
    const invoices = (await Promise.all(ids.map(loadInvoice))) as IssuedInvoice[];
    for (const invoice of invoices) {
      if (outcome.status === 'paid') {
        const parts = [walletPart(paymentId), cardPart(paymentId)].map((id) => invoice.payments[id]);
        const amount = parts.reduce((sum, p) => (p?.status === 'succeeded' ? sum + p.amount : sum), 0);
        if (amount > 0) await deps.mail.paymentReceived(invoice, amount);
      }
      if (invoice.issued.kind !== 'buynow') continue;
      if (outcome.status === 'paid') await completeBuyNowOrder(deps, step, invoice);
      if (outcome.status === 'declined' && placed) {
        await abandonBuyNowOrder(deps, step, invoice, 'payment_failed');
      }
    }
    if (outcome.status === 'declined')
      throw new AppError('PAYMENT_DECLINED', { params: { reason: outcome.reason } });
    return {
      status: outcome.status,
      invoice_ids: ids,
      payment_id: paymentId,
      url: outcome.status === 'requires_action' && outcome.url ? outcome.url : null,
    };
  }

  return {
    /** seeds 001 cart/saveAddress: the address checked, and the cart's values with its tax. */
    async quote(session: Session, input: z.output<typeof SaveAddressInput>) {
      const buyerId = session.user.id;
      const delivery = await resolveDelivery(deps, input);
      if (input.type === 'auction') {
        const invoices = await auctionInvoices(buyerId, input.cart_id);
        const amounts = withDelivery(invoices, delivery);
        const paid = invoices.reduce((s, inv) => s + inv.paid, 0);
        return {
          cartValues: values(amounts, delivery.taxRate, paid, invoices.length),
          tax_state: delivery.taxState,
          cartLocation: deps.money.pickup,
          shipping: shippingQuote(delivery, amounts),
        };
      }
      const now = clock.now();
      let subtotal = 0;
      let count = 0;
      let bottles = 0;
      for (const line of await cartLines(buyerId)) {
        const lot = await streams.load(lotStream(line.lotId), lotDecider);
        try {
          subtotal += lineAmount(line.qty, buyNowLine(lot, line.qty, buyerId, now).unitPrice);
          count += 1;
          bottles += line.qty;
        } catch {
          // A line no longer for sale is left out; checkout will say which.
        }
      }
      const shipment = shipmentCharge(deps.money.shipping, delivery, { bottles, goods: subtotal }, now);
      const amounts = [invoiceAmounts(subtotal, 0, delivery.taxRate, shipment)];
      return {
        cartValues: values(amounts, delivery.taxRate, 0, count),
        tax_state: delivery.taxState,
        cartLocation: deps.money.pickup,
        shipping: shippingQuote(delivery, amounts),
      };
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
      const delivery = await resolveDelivery(deps, input);
      const paymentId = paymentIdFor(request.commandId, buyerId);
      let invoices: IssuedInvoice[];
      // This request placed the order: a payment that fails gives it up; an order placed before
      // (to pay later, or by another tab) stays as it was.
      let placed = false;
      if (input.type === 'buynow') {
        const invoiceId = buyNowInvoiceId(buyerId, input.cart_id);
        const existing = await loadInvoice(invoiceId);
        // The same request again (a retry) answers what it did; any other finds the order taken.
        if (existing.status === 'issued' && paidBy(existing, paymentId)) {
          return { status: 'paid', invoice_ids: [invoiceId], payment_id: paymentId, url: null };
        }
        if (existing.status === 'issued' && (existing.voided || dueOf(existing) === 0))
          throw new AppError('ORDER_TAKEN');
        if (existing.status === 'issued' && options.offline) {
          return { status: 'unpaid', invoice_ids: [invoiceId], payment_id: paymentId, url: null };
        }
        const minutes = options.offline ? deps.money.paymentDueDays * 24 * 60 : deps.money.reservationMinutes;
        if (existing.status === 'issued') {
          invoices = [existing];
        } else {
          const order = await placeBuyNowOrder(deps, step, {
            invoiceId,
            buyerId,
            lines: await cartLines(buyerId),
            delivery,
            holdMinutes: minutes,
          });
          invoices = [order.invoice];
          placed = order.placed;
        }
      } else {
        if (input.cart_id !== 'all') {
          const one = await loadInvoice(input.cart_id);
          if (one.status === 'issued' && one.issued.buyerId === buyerId && paidBy(one, paymentId)) {
            return { status: 'paid', invoice_ids: [input.cart_id], payment_id: paymentId, url: null };
          }
        }
        invoices = [];
        const unpaid = await auctionInvoices(buyerId, input.cart_id);
        const amounts = withDelivery(unpaid, delivery);
        for (const [i, invoice] of unpaid.entries()) {
          const { invoiceId } = invoice.issued;
          await streams.handle(
            invoiceStream(invoiceId),
            invoiceDecider,
            { type: 'ChooseDelivery', buyerId, delivery, amounts: amounts[i] as (typeof amounts)[number] },
            stepContext(step, `delivery:${invoiceId}`, clock.now()),
          );
          invoices.push((await loadInvoice(invoiceId)) as IssuedInvoice);
        }
      }
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
        outcome = await pay(deps, step, plan);
      } catch (error) {
        // This payment could not go on (the wallet fell short, the card left the vault): the order it
        // placed is given up. Another payment under way on it is left to finish.
        const own =
          error instanceof AppError &&
          (error.code === 'WALLET_INSUFFICIENT' || error.code === 'CARD_NOT_FOUND');
        if (input.type === 'buynow' && own && placed) {
          const invoice = (await loadInvoice(ids[0] as string)) as IssuedInvoice;
          await abandonBuyNowOrder(deps, step, invoice, 'payment_failed');
        }
        throw error;
      }
      return finish(step, paymentId, ids, outcome, placed);
    },

    /**
     * The sandbox issuer's page acts only on a charge waiting for the caller's own authentication: a
     * card payment of one of the caller's invoices in `action_required`. Any other charge (another
     * buyer's, settled, unknown) answers as unknown.
     */
    async assertWaitingCharge(session: Session, chargeId: string, invoiceIds: readonly string[]) {
      for (const id of invoiceIds) {
        const invoice = await loadInvoice(id);
        if (invoice.status !== 'issued' || invoice.issued.buyerId !== session.user.id) continue;
        const payments = Object.values(invoice.payments);
        if (payments.some((p) => p.status === 'action_required' && p.chargeId === chargeId)) return;
      }
      throw new AppError('CHARGE_NOT_FOUND', { field: 'charge_id' });
    },

    /** Back from the card issuer's page: the charge's outcome recorded on its invoices. */
    async confirm(session: Session, input: z.output<typeof ConfirmPaymentInput>, request: RequestContext) {
      const buyerId = session.user.id;
      const step: Step = { base: request, actor: actorOf(session) };
      const invoices: IssuedInvoice[] = [];
      for (const id of new Set(input.invoice_ids)) {
        const invoice = await loadInvoice(id);
        if (invoice.status === 'none' || invoice.issued.buyerId !== buyerId)
          throw new AppError('INVOICE_NOT_FOUND');
        invoices.push(invoice);
      }
      const outcome = await confirmCardPayment(deps, step, input.payment_id, invoices);
      // A charge the issuer refused leaves its order as it was: its holds lapse at their time.
      return finish(step, input.payment_id, [...new Set(input.invoice_ids)], outcome, false);
    },
  };
}

export type CheckoutService = ReturnType<typeof checkoutService>;
