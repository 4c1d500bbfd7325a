import { type Action, actions, HOUSE_SELLER_ID, UPLOAD_DEFAULTS } from '@wine/contracts';
import { type LotListedData, lotStream } from '@wine/event-schemas';
import { type ActionContext, AppError, type Clock, type FileStore, registerAction } from '@wine/platform';
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import { commandContext } from '../core/command-context.ts';
import { type CommandContext, eventIdFor, type Streams } from '../core/command-handler.ts';
import { type ExternalPhotoOptions, fetchExternalPhoto } from '../photos/external.ts';
import { storePhoto } from '../photos/process.ts';
import type { SessionAuth } from '../users/session/session-auth.ts';
import { actorOf } from '../users/user-service.ts';
import { type LotChanges, type LotEditor, lotDecider } from './decide.ts';
import { lotFromInput } from './list-lot.ts';

export interface LotRouteDeps {
  streams: Streams;
  clock: Clock;
  auth: SessionAuth;
  /** Where photos given as links are stored once fetched; without it links stay links. */
  files?: FileStore;
  externalImages?: ExternalPhotoOptions;
}

type Input<A extends Action> = z.output<A['input']>;

/** The input's changed fields as the decider takes them (the id is not a change). */
const changesOf = ({ id: _id, ...changes }: Input<typeof actions.updateLot>): LotChanges =>
  Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as LotChanges;

/** The admin's lots (on the house's behalf) and the sellers' own: list, update, withdraw. */
export const lotRoutes: FastifyPluginAsync<LotRouteDeps> = async (
  app,
  { streams, clock, auth, files, externalImages },
) => {
  const asAdmin = (ctx: ActionContext) => commandContext(ctx, auth.adminOf(ctx.request), clock.now());

  /**
   * Issue 33: a photo given as a link (attachment type 2) is fetched, checked and stored as an uploaded
   * photo is, before the lot is written: the site's Content-Security-Policy allows only its own images.
   */
  type Attachment = LotListedData['images'][number];
  async function storedImages<T extends { images?: Attachment[] | undefined }>(input: T): Promise<T> {
    if (!files || !input.images?.some((image) => image.type === 2)) return input;
    const images = await Promise.all(
      input.images.map(async (image): Promise<Attachment> => {
        if (image.type !== 2) return image;
        const bytes = await fetchExternalPhoto(image.fileName, externalImages);
        let photo: Awaited<ReturnType<typeof storePhoto>>;
        try {
          photo = await storePhoto(files, 'product', bytes, { isCompress: true, ...UPLOAD_DEFAULTS });
        } catch (error) {
          // Not a photo (what processPhoto refuses); the store failing is not the link's fault.
          if (!(error instanceof AppError && error.code === 'UPLOAD_FILE_TYPE')) throw error;
          throw new AppError('EXTERNAL_IMAGE_FAILED', {
            params: { url: image.fileName, reason: 'not a photo' },
          });
        }
        return { ...image, type: 1, fileName: photo.name, name: image.name ?? image.fileName };
      }),
    );
    return { ...input, images };
  }

  async function list(given: Input<typeof actions.createLot>, by: LotEditor, ctx: CommandContext) {
    const input = await storedImages(given);
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

  /**
   * Issue 33 "Sellers": a seller's new listing is a draft (LotDrafted) the house approves; the house
   * places it in an auction, so a seller's auction and lot number are not taken.
   */
  async function draft(given: Input<typeof actions.createLot>, sellerId: string, ctx: CommandContext) {
    // Issue 36 §5: the house invites a private sale's buyers, so the house alone lists one.
    if (given.privateSale) throw new AppError('PRIVATE_SALE_HOUSE_ONLY');
    const input = await storedImages(given);
    const lot = {
      ...lotFromInput(input, sellerId, ctx.now, ctx.commandId),
      auctionId: null,
      lotNumber: null,
    };
    const result = await streams.handle(
      lotStream(lot.lotId),
      lotDecider,
      { type: 'DraftLot', data: lot, sellerId, now: ctx.now },
      ctx,
    );
    return { id: lot.lotId, position: result.position ?? '' };
  }

  async function update(given: Input<typeof actions.updateLot>, by: LotEditor, ctx: CommandContext) {
    const input = await storedImages(given);
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
    return draft(input, seller.userId, context);
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
