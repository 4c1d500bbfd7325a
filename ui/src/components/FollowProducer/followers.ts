import { queryOptions } from '@tanstack/react-query';
import type { InputOf } from '@wine/contracts';
import { call } from '../../api/client.ts';
import { actionKey } from '../../api/queries.ts';

/** seeds 000 §7 getFollowers: the signed-in user's followed producers with their ratings. */
export const followersQuery = () =>
  queryOptions({
    queryKey: actionKey('getFollowers', {}),
    queryFn: ({ signal }) => call('getFollowers', {}, { signal }),
  });

/** seeds 000 §2.3, 001 §2 /producers: each followed producer with its first open lots. */
export const myProducersQuery = (input: InputOf<'myProducers'> = {}) =>
  queryOptions({
    queryKey: actionKey('myProducers', input),
    queryFn: ({ signal }) => call('myProducers', input, { signal }),
  });
