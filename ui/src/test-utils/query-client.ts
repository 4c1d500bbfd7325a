import type { QueryClient } from '@tanstack/react-query';
import { onTestFinished } from 'vitest';
import { createQueryClient } from '../api/query-client.ts';

/**
 * A query cache of the test's own: nothing carries over from the last test, a failed read fails at
 * once (no retries), and its timers stop when the test ends.
 */
export function testQueryClient(): QueryClient {
  const queryClient = createQueryClient({ retry: false });
  onTestFinished(() => queryClient.clear());
  return queryClient;
}
