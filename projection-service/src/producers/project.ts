import type { UserEvent } from '@wine/event-schemas';
import { guardedDelete } from '../core/guarded.ts';
import { defineProjection, type ProjectedOperation } from '../core/projection.ts';

export const FOLLOWERS = 'followers';

/** A producer a user follows (seeds 000 §3.2 Follower: follows, rating). */
export interface FollowerDocument {
  _id: string;
  [key: string]: unknown;
  user_id: string;
  follows: string;
  rating: number;
  followed_at: string;
  _position: string;
}

export const followerId = (userId: string, producer: string) => `${userId}:${producer}`;

export const followersProjection = defineProjection<
  Extract<UserEvent, { type: 'ProducerFollowed' | 'ProducerUnfollowed' }>
>({
  name: 'followers',
  collections: [FOLLOWERS],
  handles: ['ProducerFollowed', 'ProducerUnfollowed'],
  indexes: { [FOLLOWERS]: [{ key: { user_id: 1, followed_at: 1 }, name: 'user_followed' }] },
  project(event): ProjectedOperation[] {
    const userId = event.streamName.slice('user-'.length);
    const _id = followerId(userId, event.data.producer);
    if (event.type === 'ProducerFollowed') {
      const { producer, rating } = event.data;
      // A re-rating keeps when the producer was first followed. Redelivery replays in log order from
      // the checkpoint, so follow / unfollow pairs end as the log ends (as the watchlist does).
      return [
        {
          collection: FOLLOWERS,
          operation: {
            updateOne: {
              filter: { _id },
              update: {
                $set: { user_id: userId, follows: producer, rating, _position: event.position },
                $setOnInsert: { followed_at: event.metadata.occurredAt },
              },
              upsert: true,
            },
          },
        },
      ];
    }
    return [guardedDelete(FOLLOWERS, _id, event)];
  },
});
