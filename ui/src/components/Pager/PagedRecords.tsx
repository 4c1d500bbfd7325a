import { Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryState } from '../QueryState/QueryState.tsx';
import { Pager } from './Pager.tsx';

/**
 * A page of a staff list: the list asked for (kept on screen while the next page comes), what it says
 * when nothing matches, how many match, the records as the screen draws them and the pager.
 */
export function PagedRecords<R>({
  query,
  label,
  empty,
  count,
  page,
  pageSize,
  onPage,
  gap = 'sm',
  children,
}: {
  query: Pick<UseQueryResult<{ records: R[]; totalRecords: number }>, 'data' | 'error' | 'isError'>;
  /** What is loading, for the skeleton's label. */
  label: string;
  empty: string;
  count: (totalRecords: number) => string;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  gap?: 'xs' | 'sm';
  children: (record: R) => ReactNode;
}) {
  return (
    <QueryState query={query} label={label} keepData error="alert">
      {(data) =>
        data.records.length === 0 ? (
          <Text c="dimmed">{empty}</Text>
        ) : (
          <Stack gap={gap}>
            <Text size="sm" c="dimmed">
              {count(data.totalRecords)}
            </Text>
            {data.records.map(children)}
            <Pager page={page} pageSize={pageSize} totalRecords={data.totalRecords} onPage={onPage} />
          </Stack>
        )
      }
    </QueryState>
  );
}
