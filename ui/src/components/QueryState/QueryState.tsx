import { Alert, Loader, type MantineSize, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../api/client.ts';
import { LoadError } from '../LoadError/LoadError.tsx';

export interface QueryStateProps<T> {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isError'>;
  /** What the query's data shows. */
  children: (data: T) => ReactNode;
  /** The loader's accessible name: what is loading. */
  label?: string;
  /** Shown while pending instead of the loader (a skeleton). */
  loader?: ReactNode;
  /**
   * How a failure is told, with the server's message (seeds 000 §8): a red line (inline), an alert
   * box (alert), or the page's LoadError with its retry (page).
   */
  error?: 'inline' | 'alert' | 'page';
  /** The loader's and the red line's size. */
  size?: MantineSize;
  /** A failed refetch leaves the data shown (lists kept across pages); otherwise the failure shows. */
  keepData?: boolean;
  errorTestId?: string;
}

/** A query's three states: the loader while pending, the failure told, else its data. */
export function QueryState<T>({
  query,
  children,
  label,
  loader,
  error = 'inline',
  size = 'sm',
  keepData = false,
  errorTestId,
}: QueryStateProps<T>) {
  if (query.data !== undefined && (keepData || !query.isError)) return children(query.data);
  if (!query.isError) return loader ?? <Loader size={size} aria-label={label} />;
  if (error === 'page') return <LoadError error={query.error} />;
  if (error === 'alert') {
    return (
      <Alert color="red" role="alert" data-testid={errorTestId}>
        {errorMessage(query.error)}
      </Alert>
    );
  }
  return (
    <Text c="red.8" role="alert" size={size} data-testid={errorTestId}>
      {errorMessage(query.error)}
    </Text>
  );
}
