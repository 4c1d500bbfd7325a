import { type Action, actions, HOUSE_SELLER_ID } from '@wine/contracts';
import { lotStream } from '@wine/event-schemas';
import { type ActionContext, type Clock, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { commandContext } from '../core/command-context.ts';
import { type CommandContext, eventIdFor, type Streams } from '../core/command-handler.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { actorOf } from '../users/user-service.ts';
import { type LotChanges, type LotEditor, lotDecider } from './decide.ts';
import { lotFromInput } from './list-lot.ts';

export interface LotRouteDeps {
  streams: Streams;
  clock: Clock;
  auth: SessionAuth;
}

type Input<A extends Action> = z.output<A['input']>;

/** The input's changed fields as the decider takes them (the id is not a change). */
const changesOf = ({ id: _id, ...changes }: Input<typeof actions.updateLot>): LotChanges =>
  Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as LotChanges;

/** The admin's lots (on the house's behalf) and the sellers' own: list, update, withdraw. */
export const lotRoutes: FastifyPluginAsync<LotRouteDeps> = async (app, { streams, clock, auth }) => {
  const asAdmin = (ctx: ActionContext) => commandContext(ctx, auth.adminOf(ctx.request), clock.now());

  async function list(input: Input<typeof actions.createLot>, by: LotEditor, ctx: CommandContext) {
    const sellerId = by.kind === 'seller' ? by.userId : HOUSE_SELLER_ID;
    const lot = lotFromInput(input, sellerId, ctx.now, ctx.commandId);
    const result = await streams.handle(
      lotStream(lot.lotId),
      lotDecider,
      { type: 'ListLot', data: lot, by, now: ctx.now },
      ctx,
    );
    return { id: lot.lotId, position: result.position ?? '' };
  }

  async function update(input: Input<typeof actions.updateLot>, by: LotEditor, ctx: CommandContext) {
    const result = await streams.handle(
      lotStream(input.id),
      lotDecider,
      { type: 'UpdateLot', changes: changesOf(input), by, now: ctx.now },
      ctx,
    );
    const changed = result.events.flatMap((e) => (e.type === 'LotUpdated' ? e.data.changed : []));
    return { id: input.id, changed };
  }

  async function withdraw(input: Input<typeof actions.withdrawLot>, by: LotEditor, ctx: CommandContext) {
    await streams.handle(
      lotStream(input.id),
      lotDecider,
      { type: 'WithdrawLot', reason: input.reason, by },
      ctx,
    );
    return { id: input.id };
  }

  /**
   * A withdrawn or unsold lot offered again: LotRelisted on the old lot names the new one (refused once
   * done, so a lot is relisted once), then the new lot is listed with the old one's fields and the bottles
   * left. Both writes carry the command id, so a retry after a crash between them finishes the second.
   */
  async function relist(input: Input<typeof actions.relistLot>, by: LotEditor, ctx: CommandContext) {
    const newLotId = eventIdFor(ctx.commandId, 'relist', 0);
    const relisted = await streams.handle(
      lotStream(input.id),
      lotDecider,
      { type: 'RelistLot', newLotId, closesAt: input.closesAt, by, now: ctx.now },
      ctx,
    );
    const old = await streams.load(lotStream(input.id), lotDecider);
    if (old.status === 'empty') throw new Error('a relisted lot has a stream');
    const quantity =
      relisted.events.find((e) => e.type === 'LotRelisted')?.data.quantity ?? old.lot.quantity - old.sold;
    const { relistedFrom: _earlier, ...fields } = old.lot;
    const lot = {
      ...fields,
      lotId: newLotId,
      lotNumber: null,
      auctionId: null,
      quantity,
      minimumQuantity: Math.min(old.lot.minimumQuantity, quantity),
      startsAt: new Date(input.startsAt ?? ctx.now).toISOString(),
      closesAt: new Date(input.closesAt).toISOString(),
      relistedFrom: input.id,
    };
    const result = await streams.handle(
      lotStream(newLotId),
      lotDecider,
      { type: 'ListLot', data: lot, by, now: ctx.now },
      ctx,
    );
    return { id: newLotId, position: result.position ?? '' };
  }

  // An admin lists lots on the house's behalf, and may change any lot.
  registerAction(app, actions.createLot, auth, (input, ctx) => list(input, { kind: 'admin' }, asAdmin(ctx)));
  registerAction(app, actions.updateLot, auth, (input, ctx) =>
    update(input, { kind: 'admin' }, asAdmin(ctx)),
  );
  registerAction(app, actions.withdrawLot, auth, (input, ctx) =>
    withdraw(input, { kind: 'admin' }, asAdmin(ctx)),
  );
  registerAction(app, actions.relistLot, auth, (input, ctx) =>
    relist(input, { kind: 'admin' }, asAdmin(ctx)),
  );

  // The seller role was checked before the body was read (session-auth); a seller changes their own lots only.
  const asSeller = (ctx: ActionContext) => {
    const session = auth.sessionOf(ctx.request);
    const seller = { kind: 'seller', userId: session.user.id } as const;
    return { seller, context: commandContext(ctx, actorOf(session), clock.now()) };
  };
  registerAction(app, actions.sellerCreateLot, auth, (input, ctx) => {
    const { seller, context } = asSeller(ctx);
    return list(input, seller, context);
  });
  registerAction(app, actions.sellerUpdateLot, auth, (input, ctx) => {
    const { seller, context } = asSeller(ctx);
    return update(input, seller, context);
  });
  registerAction(app, actions.sellerWithdrawLot, auth, (input, ctx) => {
    const { seller, context } = asSeller(ctx);
    return withdraw(input, seller, context);
  });
};
