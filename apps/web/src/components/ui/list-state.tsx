import { Paper, Skeleton } from '@mantine/core';
import type { ReactElement } from 'react';
import { EmptyState, type EmptyStateProps } from './empty-state';
import { ErrorState } from './error-state';

type ListQuery = {
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  data: readonly unknown[] | undefined;
  refetch: () => unknown;
};

export type ListStateOptions = {
  /** The accessible name of the loading placeholder, e.g. 'Loading numbers'. */
  loadingLabel: string;
  /** The error's title, e.g. 'Could not load the numbers'. */
  errorTitle: string;
  empty: EmptyStateProps;
};

/**
 * What a settings list shows before it has rows: loading, an error with Retry, or its empty state,
 * each in the list's paper. Call it when the query has not succeeded or has no rows.
 */
export function listState(
  query: ListQuery,
  { loadingLabel, errorTitle, empty }: ListStateOptions,
): ReactElement {
  if (query.isPending) {
    return (
      <Paper withBorder radius="md">
        <div role="status" aria-label={loadingLabel}>
          {[0, 1, 2].map((row) => (
            <Skeleton key={row} height={20} m="md" width={`${80 - row * 15}%`} />
          ))}
        </div>
      </Paper>
    );
  }
  if (query.isError) {
    return (
      <Paper withBorder radius="md">
        <ErrorState
          title={errorTitle}
          message={query.error?.message ?? 'Something went wrong.'}
          onRetry={() => void query.refetch()}
        />
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md">
      <EmptyState {...empty} />
    </Paper>
  );
}
