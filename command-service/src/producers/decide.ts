import type { UserEvent } from '@wine/event-schemas';
import { AppError } from '@wine/platform';
import type { UserHandlers, UserSlice } from '../users/handlers.ts';
import type { User } from '../users/user.ts';

/**
 * seeds 000 §2.7, §3.2 Follower (follows, rating), §4.7: the producers a user follows are kept on the
 * user's stream (`user-<id>`), so this is the follow part of the user decider.
 */
export type ProducerCommand =
  | { type: 'FollowProducer'; producer: string; rating: number }
  | { type: 'UnfollowProducer'; producer: string };

/** Following is for the producers one cares about, not the whole catalogue. */
export const MAX_FOLLOWS = 200;

export function decideProducer(command: ProducerCommand, state: User): UserEvent[] {
  const current = state.follows.find((f) => f.producer === command.producer);
  switch (command.type) {
    case 'FollowProducer':
      // Following again with another rating re-rates the producer; with the same one records nothing.
      if (current?.rating === command.rating) return [];
      if (!current && state.follows.length >= MAX_FOLLOWS) throw new AppError('FOLLOWS_FULL');
      return [{ type: 'ProducerFollowed', data: { producer: command.producer, rating: command.rating } }];
    case 'UnfollowProducer':
      return current ? [{ type: 'ProducerUnfollowed', data: { producer: command.producer } }] : [];
    default: {
      const _exhaustive: never = command;
      return [];
    }
  }
}

/** This capability's commands on the user's stream, for the user decider (users/decide.ts). */
export const producerHandlers: UserHandlers<ProducerCommand> = {
  FollowProducer: decideProducer,
  UnfollowProducer: decideProducer,
};

export interface FollowsState {
  /** Producers followed with their rating, oldest first (seeds 000 §3.2 Follower). */
  follows: { producer: string; rating: number }[];
}

export const followsSlice: UserSlice<FollowsState, 'ProducerFollowed' | 'ProducerUnfollowed'> = {
  initial: { follows: [] },
  evolve: {
    ProducerFollowed: (state, { data: { producer, rating } }) => {
      const known = state.follows.some((f) => f.producer === producer);
      return {
        ...state,
        follows: known
          ? state.follows.map((f) => (f.producer === producer ? { producer, rating } : f))
          : [...state.follows, { producer, rating }],
      };
    },
    ProducerUnfollowed: (state, event) => ({
      ...state,
      follows: state.follows.filter((f) => f.producer !== event.data.producer),
    }),
  },
};
