import { actions, type LotDocument } from '@wine/contracts';
import { registerAction } from '@wine/platform';
import type { QueryPlugin } from '../core/queries.ts';
import { LOTS } from '../lots/project.ts';
import { lotViewsOf } from '../lots/view.ts';
import { seenBy } from '../lots/visibility.ts';
import { FOLLOWERS, type FollowerDocument } from './project.ts';

const record = (f: FollowerDocument) => ({
  follows: f.follows,
  rating: f.rating,
  followed_at: f.followed_at,
});

/** The followers read model's queries: the caller's followed producers (seeds 000 §7 getFollowers, /producers). */
export const producerQueries: QueryPlugin = async (app, { docs, clock, auth }) => {
  const { authorize, viewerOf } = auth;
  const followed = (userId: string) =>
    docs
      .collection<FollowerDocument>(FOLLOWERS)
      .find({ user_id: userId }, { sort: { followed_at: 1, _id: 1 } });

  registerAction(app, actions.getFollowers, authorize, async (_input, { request }) => {
    const rows = await followed(viewerOf(request) as string);
    return { records: rows.map(record), totalRecords: rows.length };
  });

  // seeds 000 §2.3, 001 §2 /producers: each followed producer with its open lots, closing soonest first.
  registerAction(app, actions.myProducers, authorize, async ({ lots: perProducer }, { request }) => {
    const userId = viewerOf(request) as string;
    const rows = await followed(userId);
    const lots = docs.collection<LotDocument>(LOTS);
    const records = await Promise.all(
      rows.map(async (f) => {
        const open = seenBy({ custitem_gvo_producer: f.follows, market_status: 'open' }, userId);
        const [first, count] = await Promise.all([
          lots.find(open, { sort: { date_closed: 1, _id: 1 }, limit: perProducer }),
          lots.countDocuments(open),
        ]);
        const views = await lotViewsOf(
          docs,
          clock,
          first.map((l) => l._id),
          userId,
        );
        return { ...record(f), lots: views, open_lots: count };
      }),
    );
    return { records, totalRecords: records.length };
  });
};
