import { actions, type LotDocument, USERS, type UserDocument } from '@wine/contracts';
import { AppError, type DocumentStore, findByIds, registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { LOTS } from '../lots/project.ts';
import { LIVE_ROOMS, type LiveRoomDocument } from './project.ts';
import {
  type BidderFields,
  consoleUserIds,
  consoleView,
  type RoomLotFields,
  roomView,
  shownLotIds,
} from './views.ts';

/** A live sale's room, or the error the command side gives for it (unknown, or a timed auction). */
async function liveRoomOf(docs: DocumentStore, auctionId: string): Promise<LiveRoomDocument> {
  const doc = await docs.collection<LiveRoomDocument>(LIVE_ROOMS).findOne({ _id: auctionId });
  if (!doc) throw new AppError('AUCTION_NOT_FOUND');
  if (doc.kind !== 'live') throw new AppError('NOT_LIVE_SALE');
  return doc;
}

/**
 * The titles and pictures of the lots the room shows, from the lots read model (read at query time, and
 * when a room's change is told to the bus).
 */
export async function lotsOf(
  docs: DocumentStore,
  doc: LiveRoomDocument,
): Promise<Map<string, RoomLotFields>> {
  const found = await findByIds(docs.collection<LotDocument>(LOTS), shownLotIds(doc), {
    projection: { title: 1, allattachmentlist: 1 },
  });
  return new Map(found.map((lot) => [lot._id, lot]));
}

/** Issue 37: the live room page (anyone; a signed-in caller's paddle and standing) and the auctioneer's console. */
export const liveRoomQueries: QueryPlugin = async (app, { docs, auth }) => {
  const { authorize, viewerOf } = auth;

  registerAction(app, actions.liveRoom, authorize, async (input, { request }) => {
    const doc = await liveRoomOf(docs, input.auction_id);
    return roomView(doc, await lotsOf(docs, doc), viewerOf(request));
  });

  registerAction(app, actions.liveConsole, authorize, async (input, { request }) => {
    const doc = await liveRoomOf(docs, input.auction_id);
    const [lots, found] = await Promise.all([
      lotsOf(docs, doc),
      findByIds(docs.collection<UserDocument>(USERS), consoleUserIds(doc), {
        projection: { first_name: 1, last_name: 1 },
      }),
    ]);
    const users = new Map<string, BidderFields>(found.map((user) => [user._id, user]));
    return consoleView(doc, lots, users, viewerOf(request));
  });
};
