import { describe, expect, it } from 'vitest';
import { applyEvents, eventRecorder } from '../core/testing.ts';
import { FOLLOWERS, type FollowerDocument, followersProjection } from './project.ts';

const followsOf = async (docs: Awaited<ReturnType<typeof applyEvents>>) =>
  (await docs.collection<FollowerDocument>(FOLLOWERS).find({}, { sort: { _id: 1 } })).map(
    ({ _id, user_id, follows, rating, followed_at }) => ({ _id, user_id, follows, rating, followed_at }),
  );

describe('the followers read model', () => {
  it('keeps the producers each user follows: a re-rating keeps when it was first followed, an unfollow drops it', async () => {
    const record = eventRecorder();
    const events = [
      record('user-ann', 'ProducerFollowed', { producer: 'Gaja', rating: 4 }),
      record('user-ann', 'ProducerFollowed', { producer: 'Krug', rating: 3 }),
      record('user-bob', 'ProducerFollowed', { producer: 'Gaja', rating: 5 }),
      record('user-ann', 'ProducerFollowed', { producer: 'Gaja', rating: 2 }),
      record('user-ann', 'ProducerUnfollowed', { producer: 'Krug' }),
    ];
    const docs = await applyEvents([followersProjection], events);
    expect(await followsOf(docs)).toEqual([
      {
        _id: 'ann:Gaja',
        user_id: 'ann',
        follows: 'Gaja',
        rating: 2,
        followed_at: events[0]?.metadata.occurredAt,
      },
      {
        _id: 'bob:Gaja',
        user_id: 'bob',
        follows: 'Gaja',
        rating: 5,
        followed_at: events[2]?.metadata.occurredAt,
      },
    ]);
  });

  it('ends as the log ends when it is replayed: follow, unfollow, follow again', async () => {
    const record = eventRecorder();
    const events = [
      record('user-cat', 'ProducerFollowed', { producer: 'Sassicaia', rating: 4 }),
      record('user-cat', 'ProducerUnfollowed', { producer: 'Sassicaia' }),
      record('user-cat', 'ProducerFollowed', { producer: 'Sassicaia', rating: 1 }),
    ];
    const docs = await applyEvents([followersProjection], events);
    await applyEvents([followersProjection], events, docs);
    expect(await followsOf(docs)).toEqual([
      {
        _id: 'cat:Sassicaia',
        user_id: 'cat',
        follows: 'Sassicaia',
        rating: 1,
        followed_at: events[2]?.metadata.occurredAt,
      },
    ]);
  });
});
