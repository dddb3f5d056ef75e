import { Button, Center, Paper, Stack, Text } from '@mantine/core';
import { IconInbox, IconMessageReply } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import {
  MessageList,
  MessageListItem,
  MessageListSkeleton,
} from '../../../components/ui/message-list';
import { useOutbox } from '../api/get-outbox';
import type { OutboxEntry } from '../api/get-outbox';
import { InvitationLinkAction } from './invitation-link-action';
import { SimulateReplyDialog } from './simulate-reply-dialog';

/** The last part of a media URL: what the image is called. */
function mediaName(url: string): string {
  return decodeURIComponent(url.split('/').pop() ?? url);
}

type ReplyTarget = { leadID: string; from: string };

type OutboxItemProps = {
  entry: OutboxEntry;
  onSimulateReply: (target: ReplyTarget) => void;
};

function OutboxItem({ entry, onSimulateReply }: OutboxItemProps) {
  const { leadID } = entry;
  return (
    <MessageListItem
      channel={entry.channel}
      addresses={[
        { label: 'To', value: entry.to },
        { label: 'From', value: entry.from },
      ]}
      time={entry.createdAt}
      subject={entry.subject}
      body={entry.body}
      media={entry.mediaUrls.map((url) => ({ url, thumbnailUrl: url, name: mediaName(url) }))}
      files={entry.files}
      footer={
        entry.invitation ? (
          <InvitationLinkAction invitation={entry.invitation} to={entry.to} />
        ) : (
          entry.channel === 'SMS' &&
          leadID && (
            <Button
              variant="light"
              size="compact-sm"
              leftSection={<IconMessageReply size={14} stroke={1.75} />}
              onClick={() => onSimulateReply({ leadID, from: entry.to })}
            >
              Simulate reply
            </Button>
          )
        )
      }
    />
  );
}

/** The sandbox outbox, newest first, a page at a time. */
export function OutboxList() {
  const outbox = useOutbox();
  const [replyTarget, setReplyTarget] = useState<ReplyTarget | null>(null);

  function handleRetry() {
    void outbox.refetch();
  }

  function handleLoadMore() {
    void outbox.fetchNextPage();
  }

  function handleCloseReply() {
    setReplyTarget(null);
  }

  if (outbox.isPending) {
    return (
      <Paper withBorder radius="md">
        <MessageListSkeleton label="Loading the outbox" />
      </Paper>
    );
  }
  // A failed 'Load more' keeps the pages already shown; only a failed first page has none.
  if (!outbox.data) {
    return (
      <Paper withBorder radius="md">
        <ErrorState
          title="Could not load the outbox"
          message={outbox.error?.message}
          onRetry={handleRetry}
        />
      </Paper>
    );
  }

  const entries = outbox.data.pages.flatMap((page) => page.items);
  if (entries.length === 0) {
    return (
      <Paper withBorder radius="md">
        <EmptyState
          icon={<IconInbox size={22} stroke={1.5} />}
          title="Nothing sent yet"
          description="Send an SMS or an email from a lead's conversation and it appears here."
        />
      </Paper>
    );
  }

  return (
    <Stack gap="sm">
      <Paper withBorder radius="md">
        <MessageList label="Sent messages">
          {entries.map((entry) => (
            <OutboxItem key={entry._id} entry={entry} onSimulateReply={setReplyTarget} />
          ))}
        </MessageList>
      </Paper>
      {outbox.isFetchNextPageError && (
        <ErrorState
          title="Could not load more messages"
          message={outbox.error?.message}
          onRetry={handleLoadMore}
        />
      )}
      <Center>
        {outbox.hasNextPage ? (
          <Button variant="default" onClick={handleLoadMore} loading={outbox.isFetchingNextPage}>
            Load more
          </Button>
        ) : (
          <Text size="xs" c="dimmed">
            {entries.length === 1 ? 'The one message' : `All ${entries.length} messages`} shown
          </Text>
        )}
      </Center>
      {replyTarget && (
        <SimulateReplyDialog
          key={replyTarget.leadID}
          leadID={replyTarget.leadID}
          from={replyTarget.from}
          onClose={handleCloseReply}
        />
      )}
    </Stack>
  );
}
