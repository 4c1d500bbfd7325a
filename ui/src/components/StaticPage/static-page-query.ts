import { queryOptions } from '@tanstack/react-query';
import type { Language } from '@wine/contracts';
import { ApiError, call } from '../../api/client.ts';

/**
 * seeds 000 §7 getStaticPage: one page record by its id, in the reader's language (issue 34 §2; its key
 * is the action's, as in api/queries.ts). Its own module: the route's loader needs it in the first
 * load, the view (and DOMPurify) does not.
 */
export const staticPageQuery = (id: string, language: Language) =>
  queryOptions({
    queryKey: ['getStaticPage', { id, language }] as const,
    queryFn: ({ signal }) => call('getStaticPage', { id, language }, { signal }),
    // A missing page stays missing for this visit; asking again would answer the same.
    retry: (count, error) => !(error instanceof ApiError && error.code === 'PAGE_NOT_FOUND') && count < 2,
  });
