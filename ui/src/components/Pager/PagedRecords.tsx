import { Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryState } from '../QueryState/QueryState.tsx';
import { Pager } from './Pager.tsx';

/**
 * A page of a list: the list asked for (kept on screen while the next page comes, a failure told as
 * `error` says), what it says when nothing matches, how many match (when the screen says it), the
 * page's records as the screen draws them (cards, a table, or cards on a phone and a table wider) and
 * the pager.
 */
export function PagedRecords<R>({
  query,
  label,
  loader,
  empty,
  emptyTestId,
  count,
  page,
  pageSize,
  onPage,
  error = 'alert',
  gap = 'sm',
  children,
}: {
  query: Pick<UseQueryResult<{ records: R[]; totalRecords: number }>, 'data' | 'error' | 'isError'>;
  /** What is loading, for the loader's accessible name. */
  label: string;
  /** Shown while the first page comes, instead of the loader (a skeleton of the screen's table). */
  loader?: ReactNode;
  empty: string;
  emptyTestId?: string;
  count?: (totalRecords: number) => string;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  error?: 'inline' | 'alert';
  gap?: 'xs' | 'sm';
  children: (records: R[]) => ReactNode;
}) {
  return (
    <QueryState query={query} label={label} loader={loader} keepData error={error}>
      {(data) =>
        data.records.length === 0 ? (
          <Text c="dimmed" data-testid={emptyTestId}>
            {empty}
          </Text>
        ) : (
          <Stack gap={gap}>
            {count && (
              <Text size="sm" c="dimmed">
                {count(data.totalRecords)}
              </Text>
            )}
            {children(data.records)}
            <Pager page={page} pageSize={pageSize} totalRecords={data.totalRecords} onPage={onPage} />
          </Stack>
        )
      }
    </QueryState>
  );
}
