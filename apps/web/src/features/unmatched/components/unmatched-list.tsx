import type { Property, UnmatchedMessage } from '@leasing/contract';
import { Anchor, Button, Center, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconInfoCircle, IconMailCheck, IconMessageOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import {
  MessageList,
  MessageListItem,
  MessageListSkeleton,
} from '../../../components/ui/message-list';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format-date';
import { useDismissUnmatched } from '../api/dismiss-unmatched';
import { useUnmatchedMessages, type UnmatchedTab } from '../api/get-unmatched-messages';
import { CreateLeadDialog } from './create-lead-dialog';
import type { SearchLeads } from './lead-choice';
import { MoveToLeadDialog } from './move-to-lead-dialog';

export const NO_UNMATCHED_MESSAGES = 'No unmatched messages — every text and email found its lead.';
export const NO_DONE_MESSAGES =
  'Nothing here yet: messages moved, made leads or dismissed show here.';

type ItemProps = {
  message: UnmatchedMessage;
  properties: Property[];
  searchLeads: SearchLeads;
};

/** What happened to a message that is done: "Moved to Ava Thompson by Alex Kim · Nov 25, 3:10 PM". */
function Resolution({ message }: { message: UnmatchedMessage }) {
  const by = message.resolvedByName ? ` by ${message.resolvedByName}` : '';
  const when = message.resolvedAt ? ` · ${formatDateTime(message.resolvedAt)}` : '';
  if (message.status === 'DISMISSED') {
    return (
      <Text size="xs" c="dimmed">
        Dismissed{by}
        {when}
      </Text>
    );
  }
  const verb = message.status === 'LEAD_CREATED' ? 'Lead created:' : 'Moved to';
  return (
    <Text size="xs" c="dimmed">
      {verb}{' '}
      {message.lead ? (
        <Anchor
          component={Link}
          to={paths.leadEscalation.getHref(message.lead.propertyID, message.lead.pmsLeadId)}
          size="xs"
        >
          {message.lead.name}
        </Anchor>
      ) : (
        'a lead that no longer exists'
      )}
      {by}
      {when}
    </Text>
  );
}

/** 'Move to lead', 'Create lead' and 'Dismiss' for a message still open. */
function ItemActions({ message, properties, searchLeads }: ItemProps) {
  const [dialog, setDialog] = useState<'move' | 'create' | null>(null);
  const dismiss = useDismissUnmatched(message._id);

  function handleDismiss() {
    dismiss.mutate(undefined, {
      onSuccess: () => notifications.show({ color: 'teal', message: 'Message dismissed' }),
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });
  }

  return (
    <>
      <Group gap="xs" mt={6}>
        <Button size="compact-sm" onClick={() => setDialog('move')}>
          Move to lead
        </Button>
        <Button size="compact-sm" variant="default" onClick={() => setDialog('create')}>
          Create lead
        </Button>
        <Button
          size="compact-sm"
          variant="subtle"
          color="gray"
          leftSection={<IconArchive size={14} aria-hidden />}
          onClick={handleDismiss}
          loading={dismiss.isPending}
        >
          Dismiss
        </Button>
      </Group>
      <MoveToLeadDialog
        message={message}
        searchLeads={searchLeads}
        opened={dialog === 'move'}
        onClose={() => setDialog(null)}
      />
      <CreateLeadDialog
        message={message}
        properties={properties}
        opened={dialog === 'create'}
        onClose={() => setDialog(null)}
      />
    </>
  );
}

function UnmatchedItem({ message, properties, searchLeads }: ItemProps) {
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
      files={message.files}
      footer={
        <>
          <Text size="xs" c="dimmed" style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
            <IconInfoCircle size={14} stroke={1.75} aria-hidden />
            <span>
              <Text span size="xs" fw={600} c="gray.7">
                Not matched:
              </Text>{' '}
              {message.reason}
            </span>
          </Text>
          {message.optedOut && (
            <Text
              size="xs"
              fw={600}
              c="red.8"
              style={{ display: 'flex', gap: 4, alignItems: 'center' }}
            >
              <IconMessageOff size={14} stroke={1.75} aria-hidden />
              <span>This number has opted out of texts.</span>
            </Text>
          )}
          {message.status === 'OPEN' ? (
            <ItemActions message={message} properties={properties} searchLeads={searchLeads} />
          ) : (
            <Resolution message={message} />
          )}
        </>
      }
    />
  );
}

export type UnmatchedListProps = {
  status: UnmatchedTab;
  /** The company's properties, for 'Create lead'. */
  properties: Property[];
  searchLeads: SearchLeads;
};

/**
 * Texts and emails no lead could be found for (a stranger texting the shared number, a bounce of a
 * message we have no record of), newest first, a page at a time: open ones with what to do, done
 * ones with what was done.
 */
export function UnmatchedList({ status, properties, searchLeads }: UnmatchedListProps) {
  const unmatched = useUnmatchedMessages(status);

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
        <EmptyState
          icon={<IconMailCheck size={22} stroke={1.5} />}
          title={status === 'open' ? NO_UNMATCHED_MESSAGES : NO_DONE_MESSAGES}
        />
      </Paper>
    );
  }

  return (
    <Stack gap="sm">
      <Paper withBorder radius="md">
        <MessageList label="Unmatched messages">
          {messages.map((message) => (
            <UnmatchedItem
              key={message._id}
              message={message}
              properties={properties}
              searchLeads={searchLeads}
            />
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
