import type { UnmatchedMessage } from '@leasing/contract';
import { Button, Center, Paper, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconMailCheck } from '@tabler/icons-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import {
  MessageList,
  MessageListItem,
  MessageListSkeleton,
} from '../../../components/ui/message-list';
import { useUnmatchedMessages } from '../api/get-unmatched-messages';

export const NO_UNMATCHED_MESSAGES = 'No unmatched messages — every text and email found its lead.';

function UnmatchedItem({ message }: { message: UnmatchedMessage }) {
  return (
    <MessageListItem
      channel={message.channel}
      addresses={[
        { label: 'From', value: message.from },
        { label: 'To', value: message.to },
      ]}
      time={message.receivedAt}
      subject={message.subject}
      body={message.body}
      media={message.attachmentsUrls.map(({ url, thumbnailUrl, fileName }) => ({
        url,
        thumbnailUrl,
        name: fileName,
      }))}
      footer={
        <Text size="xs" c="dimmed" style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
          <IconInfoCircle size={14} stroke={1.75} aria-hidden />
          <span>
            <Text span size="xs" fw={600} c="gray.7">
              Not matched:
            </Text>{' '}
            {message.reason}
          </span>
        </Text>
      }
    />
  );
}

/**
 * Texts and emails no lead could be found for (a stranger texting the shared number, a bounce of a
 * message we have no record of), newest first, a page at a time.
 */
export function UnmatchedList() {
  const unmatched = useUnmatchedMessages();

  function handleRetry() {
    void unmatched.refetch();
  }

  function handleLoadMore() {
    void unmatched.fetchNextPage();
  }

  if (unmatched.isPending) {
    return (
      <Paper withBorder radius="md">
        <MessageListSkeleton label="Loading unmatched messages" />
      </Paper>
    );
  }
  // A failed 'Load more' keeps the pages already shown; only a failed first page has none.
  if (!unmatched.data) {
    return (
      <Paper withBorder radius="md">
        <ErrorState
          title="Could not load unmatched messages"
          message={unmatched.error?.message}
          onRetry={handleRetry}
        />
      </Paper>
    );
  }

  const messages = unmatched.data.pages.flatMap((page) => page.items);
  if (messages.length === 0) {
    return (
      <Paper withBorder radius="md">
        <EmptyState icon={<IconMailCheck size={22} stroke={1.5} />} title={NO_UNMATCHED_MESSAGES} />
      </Paper>
    );
  }

  return (
    <Stack gap="sm">
      <Paper withBorder radius="md">
        <MessageList label="Unmatched messages">
          {messages.map((message) => (
            <UnmatchedItem key={message._id} message={message} />
          ))}
        </MessageList>
      </Paper>
      {unmatched.isFetchNextPageError && (
        <ErrorState
          title="Could not load more messages"
          message={unmatched.error?.message}
          onRetry={handleLoadMore}
        />
      )}
      <Center>
        {unmatched.hasNextPage ? (
          <Button variant="default" onClick={handleLoadMore} loading={unmatched.isFetchingNextPage}>
            Load more
          </Button>
        ) : (
          <Text size="xs" c="dimmed">
            {messages.length === 1 ? 'The one message' : `All ${messages.length} messages`} shown
          </Text>
        )}
      </Center>
    </Stack>
  );
}
