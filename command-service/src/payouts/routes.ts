import { actions, type SellerTerms } from '@wine/contracts';
import { payoutStream } from '@wine/event-schemas';
import { type Clock, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import { commandContext } from '../core/command-context.ts';
import type { Streams } from '../core/command-handler.ts';
import { derivedId } from '../core/derived-id.ts';
import { refuseOwnMoneyRecord } from '../core/separation-of-duties.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { actorOf } from '../users/user-service.ts';
import { payoutDecider } from './decide.ts';
import { saleOf } from './sale-facts.ts';

export interface PayoutRouteDeps {
  streams: Streams;
  clock: Clock;
  auth: SessionAuth;
  /** The configured terms of consignment, for lots that recorded none at their approval. */
  sellerTerms: SellerTerms;
}

/**
 * Issue 33 "Sellers": paying sellers. Finance records a payout of a seller's payable statement lines
 * (`seller/invoice: changeStatus`); the seller says how they want to be paid (`seller/user/invoice:
 * update_invoice`). Both on `payout-<sellerId>`.
 */
export const payoutRoutes: FastifyPluginAsync<PayoutRouteDeps> = async (
  app,
  { streams, clock, auth, sellerTerms },
) => {
  registerAction(app, actions.recordSellerPayout, auth, async (input, ctx) => {
    const staff = auth.adminOf(ctx.request);
    // Separation of duties: no member of staff pays themself, refused before anything is read.
    refuseOwnMoneyRecord(staff.id, [input.sellerId]);
    const context = commandContext(ctx, staff, clock.now());
    const lines = await Promise.all(
      input.lines.map(async ({ invoiceId, lotId }) => ({
        invoiceId,
        lotId,
        sale: await saleOf(streams.store, invoiceId, lotId),
      })),
    );
    // The id comes from the command id, so a retry of the request names the same payout.
    const payoutId = derivedId('payout', input.sellerId, ctx.commandId);
    const result = await streams.handle(
      payoutStream(input.sellerId),
      payoutDecider,
      {
        type: 'RecordPayout',
        sellerId: input.sellerId,
        payoutId,
        method: input.method,
        reference: input.reference,
        lines,
        configured: sellerTerms,
        now: context.now,
      },
      context,
    );
    const paid = result.events.find((event) => event.type === 'SellerPaidOut');
    return { payoutId, amount: paid?.type === 'SellerPaidOut' ? paid.data.amount : 0 };
  });

  registerAction(app, actions.setSellerPayoutPreference, auth, async ({ payee, method, note }, ctx) => {
    const session = auth.sessionOf(ctx.request);
    await streams.handle(
      payoutStream(session.user.id),
      payoutDecider,
      { type: 'SetPayoutPreference', payee, method, note: note ? note : null },
      commandContext(ctx, actorOf(session), clock.now()),
    );
    return null;
  });
};
