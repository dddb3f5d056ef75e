import { Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorState } from '../../../components/ui/error-state';
import type { useInbox } from '../api/get-inbox';
import { INBOX_ROW_HEIGHT } from './inbox-row';

function InboxSkeleton() {
  return (
    <Stack gap={0} role="status" aria-label="Loading leads">
      {Array.from({ length: 8 }, (_, index) => (
        <Stack key={index} gap={8} px="md" py={12} h={INBOX_ROW_HEIGHT}>
          <Skeleton height={12} width={`${40 + ((index * 17) % 30)}%`} />
          <Skeleton height={10} width={`${60 + ((index * 11) % 30)}%`} />
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * What an inbox shows before its first page: the skeleton while it loads, the error with 'Retry'
 * when it could not; null once there are rows to show (the dashboard's panel and the list
 * beside a lead say the same).
 */
export function renderInboxLoadState(inboxQuery: ReturnType<typeof useInbox>): ReactNode | null {
  if (inboxQuery.isPending) return <InboxSkeleton />;
  if (inboxQuery.data) return null;
  return (
    <ErrorState
      title="Could not load leads"
      message={inboxQuery.error?.message}
      onRetry={() => void inboxQuery.refetch()}
    />
  );
}
