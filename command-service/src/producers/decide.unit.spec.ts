import type { UserEvent } from '@wine/event-schemas';
import { describe, it } from 'vitest';
import { deciderSpec } from '../core/decider-spec.ts';
import { userDecider } from '../users/decide.ts';
import { deactivated, registered } from '../users/fixtures.ts';
import { MAX_FOLLOWS } from './decide.ts';

const spec = deciderSpec(userDecider);
const followed = (producer: string, rating = 5): UserEvent => ({
  type: 'ProducerFollowed',
  data: { producer, rating },
});

describe('user decider: following producers (seeds 000 §2.7, §4.7)', () => {
  it('follows a producer with the rating given', () => {
    spec([registered])
      .when({ type: 'FollowProducer', producer: 'Château Margaux', rating: 5 })
      .then([followed('Château Margaux')]);
  });

  it('re-rates a followed producer, and records nothing for the same rating', () => {
    spec([registered, followed('Opus One')])
      .when({ type: 'FollowProducer', producer: 'Opus One', rating: 3 })
      .then([followed('Opus One', 3)]);
    spec([registered, followed('Opus One'), followed('Opus One', 3)])
      .when({ type: 'FollowProducer', producer: 'Opus One', rating: 3 })
      .then([]);
  });

  it(`refuses a producer beyond ${MAX_FOLLOWS} with FOLLOWS_FULL, but still re-rates one followed`, () => {
    const full = Array.from({ length: MAX_FOLLOWS }, (_, i) => followed(`producer ${i}`));
    spec([registered, ...full])
      .when({ type: 'FollowProducer', producer: 'one more', rating: 5 })
      .thenThrows({ code: 'FOLLOWS_FULL' });
    spec([registered, ...full])
      .when({ type: 'FollowProducer', producer: 'producer 7', rating: 2 })
      .then([followed('producer 7', 2)]);
  });

  it('unfollows a followed producer, and records nothing for one not followed', () => {
    spec([registered, followed('Opus One')])
      .when({ type: 'UnfollowProducer', producer: 'Opus One' })
      .then([{ type: 'ProducerUnfollowed', data: { producer: 'Opus One' } }]);
    spec([registered, followed('Opus One'), { type: 'ProducerUnfollowed', data: { producer: 'Opus One' } }])
      .when({ type: 'UnfollowProducer', producer: 'Opus One' })
      .then([]);
  });

  it('refuses a deactivated user', () => {
    spec([registered, deactivated])
      .when({ type: 'FollowProducer', producer: 'Opus One', rating: 5 })
      .thenThrows({ code: 'DEACTIVATED' });
  });
});
