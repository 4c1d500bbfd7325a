import { queryOptions } from '@tanstack/react-query';
import { ApiError, call } from '../../api/client.ts';

/**
 * seeds 000 §7 getStaticPage: one page record by its id (its key is the action's, as in api/queries.ts).
 * Its own module: the route's loader needs it in the first load, the view (and DOMPurify) does not.
 */
export const staticPageQuery = (id: string) =>
  queryOptions({
    queryKey: ['getStaticPage', { id }] as const,
    queryFn: ({ signal }) => call('getStaticPage', { id }, { signal }),
    // A missing page stays missing for this visit; asking again would answer the same.
    retry: (count, error) => !(error instanceof ApiError && error.code === 'PAGE_NOT_FOUND') && count < 2,
  });
