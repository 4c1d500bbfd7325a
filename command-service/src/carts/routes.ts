import { actions, buyNowMessages } from '@wine/contracts';
import { cartStream, lotStream } from '@wine/event-schemas';
import { type Clock, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { commandContext } from '../core/command-context.ts';
import type { Streams } from '../core/command-handler.ts';
import { lotDecider } from '../lots/decide.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { actorOf } from '../users/user-service.ts';
import { buyNowLine } from './buy-now.ts';
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
      { type: 'SetLines', lines, hasCard },
      commandContext(ctx, actorOf(session), now),
    );
    ctx.setMessage(buyNowMessages.added);
    return { lines: lines.map((l) => ({ product_id: l.lotId, qty: l.qty, unit_price: l.unitPrice })) };
  });
};
