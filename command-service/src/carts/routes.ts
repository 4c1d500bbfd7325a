import { actions, buyNowMessages, checkoutMessages, t } from '@wine/contracts';
import { cartStream, invoiceStream, lotStream } from '@wine/event-schemas';
import { AppError, type Clock, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { commandContext, followUp } from '../core/command-context.ts';
import type { Streams } from '../core/command-handler.ts';
import { invoiceDecider } from '../invoices/decide.ts';
import { dueOf } from '../invoices/invoice.ts';
import { buyNowLine } from '../lots/buy-now.ts';
import { lotDecider } from '../lots/decide.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { actorOf } from '../users/user-service.ts';
import { cartDecider, refuseWithoutCard } from './cart.ts';

export interface CartRouteDeps {
  streams: Streams;
  clock: Clock;
  auth: SessionAuth;
}

/** seeds 000 §4.4 / §5 buynow/addToCart: every line is checked against its lot before anything is written. */
export const cartRoutes: FastifyPluginAsync<CartRouteDeps> = async (app, { streams, clock, auth }) => {
  registerAction(app, actions.addToCart, auth, async (input, ctx) => {
    const now = clock.now();
    const session = auth.sessionOf(ctx.request);
    const hasCard = session.user.cards.length > 0;
    refuseWithoutCard(hasCard);
    const lines = [];
    for (const { product_id, qty } of input.cart) {
      const lot = await streams.load(lotStream(product_id), lotDecider);
      const { unitPrice } = buyNowLine(lot, qty, session.user.id, now);
      lines.push({ lotId: product_id, qty, unitPrice });
    }
    await streams.handle(
      cartStream(session.user.id),
      cartDecider,
      // A line saved for later that the buyer adds again goes back into the cart.
      { type: 'SetLines', lines, hasCard, intoCart: true },
      commandContext(ctx, actorOf(session), now),
    );
    ctx.setMessage(buyNowMessages.added);
    return { lines: lines.map((l) => ({ product_id: l.lotId, qty: l.qty, unit_price: l.unitPrice })) };
  });

  // seeds 001 §7 buynow/addToBuynow (issue 38 §2): "buy this now" from the lot page. The lot is checked
  // as addToCart checks it; its line goes in the cart, the others are saved for later, in one append.
  registerAction(app, actions.addToBuynow, auth, async (input, ctx) => {
    const now = clock.now();
    const session = auth.sessionOf(ctx.request);
    const hasCard = session.user.cards.length > 0;
    refuseWithoutCard(hasCard);
    const lot = await streams.load(lotStream(input.product_id), lotDecider);
    const { unitPrice } = buyNowLine(lot, input.qty, session.user.id, now);
    const line = { lotId: input.product_id, qty: input.qty, unitPrice };
    const { events } = await streams.handle(
      cartStream(session.user.id),
      cartDecider,
      { type: 'BuyAlone', line, hasCard },
      commandContext(ctx, actorOf(session), now),
    );
    const saved = events.flatMap((e) =>
      e.type === 'CartLineStatusChanged' && e.data.status === 'saved' ? [e.data.lotId] : [],
    );
    ctx.setMessage(t('orders.buyingNow'));
    return { lines: [{ product_id: input.product_id, qty: input.qty, unit_price: unitPrice }], saved };
  });

  // seeds 001 §7 buynow/changeStatus (issue 38 §2): a line saved for later, or back in the cart.
  registerAction(app, actions.buynowChangeStatus, auth, async (input, ctx) => {
    const session = auth.sessionOf(ctx.request);
    await streams.handle(
      cartStream(session.user.id),
      cartDecider,
      { type: 'ChangeLineStatus', lotId: input.product_id, status: input.status },
      commandContext(ctx, actorOf(session), clock.now()),
    );
    ctx.setMessage(input.status === 'saved' ? t('orders.savedForLater') : t('orders.movedToCart'));
    return { product_id: input.product_id, status: input.status };
  });

  // seeds 001 §7 cart/changeStatus (issue 38 §2): a won lot's invoice set aside from the auction cart's
  // checkout, or put back. Only the caller's own auction invoice (any other answers as unknown); set
  // aside only while something is due on it.
  registerAction(app, actions.cartChangeStatus, auth, async (input, ctx) => {
    const session = auth.sessionOf(ctx.request);
    const invoice = await streams.load(invoiceStream(input.invoice_id), invoiceDecider);
    if (
      invoice.status === 'none' ||
      invoice.issued.buyerId !== session.user.id ||
      invoice.issued.kind !== 'auction'
    ) {
      throw new AppError('INVOICE_NOT_FOUND', { field: 'invoice_id' });
    }
    if (input.status === 'saved' && invoice.voided)
      throw new AppError('INVOICE_VOID', { field: 'invoice_id' });
    if (input.status === 'saved' && dueOf(invoice) === 0) {
      throw new AppError('INVOICE_PAID', { field: 'invoice_id' });
    }
    await streams.handle(
      cartStream(session.user.id),
      cartDecider,
      { type: 'ChangeInvoiceStatus', invoiceId: input.invoice_id, status: input.status },
      commandContext(ctx, actorOf(session), clock.now()),
    );
    ctx.setMessage(input.status === 'saved' ? t('orders.invoiceSetAside') : t('orders.invoiceBackInCart'));
    return { invoice_id: input.invoice_id, status: input.status };
  });

  registerAction(app, actions.cancelItem, auth, async (input, ctx) => {
    const session = auth.sessionOf(ctx.request);
    const now = clock.now();
    const stream = cartStream(session.user.id);
    const cart = await streams.load(stream, cartDecider);
    if (!cart.lines[input.product_id]) throw new AppError('NOT_IN_CART');
    await streams.handle(
      stream,
      cartDecider,
      { type: 'RemoveLines', lotIds: [input.product_id] },
      commandContext(ctx, actorOf(session), now),
    );
    ctx.setMessage(checkoutMessages.itemRemoved);
    return null;
  });

  // Prices every line again against its lot now (a quantity-discount row or a price may have
  // changed); a line no longer for sale leaves the cart.
  registerAction(app, actions.refreshCart, auth, async (_input, ctx) => {
    const session = auth.sessionOf(ctx.request);
    const now = clock.now();
    const stream = cartStream(session.user.id);
    const cart = await streams.load(stream, cartDecider);
    const removed: string[] = [];
    const repriced: { lotId: string; qty: number; unitPrice: number }[] = [];
    for (const [lotId, line] of Object.entries(cart.lines)) {
      const lot = await streams.load(lotStream(lotId), lotDecider);
      try {
        const { unitPrice } = buyNowLine(lot, line.qty, session.user.id, now);
        if (unitPrice !== line.unitPrice) repriced.push({ lotId, qty: line.qty, unitPrice });
      } catch {
        removed.push(lotId);
      }
    }
    const context = commandContext(ctx, actorOf(session), now);
    if (removed.length > 0)
      await streams.handle(stream, cartDecider, { type: 'RemoveLines', lotIds: removed }, context);
    if (repriced.length > 0 && session.user.cards.length > 0) {
      const hasCard = true;
      await streams.handle(
        stream,
        cartDecider,
        { type: 'SetLines', lines: repriced, hasCard },
        commandContext(followUp(ctx, 'reprice'), actorOf(session), now),
      );
    }
    ctx.setMessage(checkoutMessages.cartRefreshed);
    return { removed, repriced: repriced.map((l) => l.lotId) };
  });
};
