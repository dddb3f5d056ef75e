import type { OutboxEntry } from '@leasing/contract';
import { Button, Center, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox, IconMail, IconMessage } from '@tabler/icons-react';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { formatDateTime } from '../../../lib/format-date';
import { useOutbox } from '../api/get-outbox';
import classes from './outbox.module.css';

/** The last part of a media URL: what the image is called. */
function mediaName(url: string): string {
  return decodeURIComponent(url.split('/').pop() ?? url);
}

function OutboxItem({ entry }: { entry: OutboxEntry }) {
  const isEmail = entry.channel === 'EMAIL';
  const channelLabel = isEmail ? 'Email' : 'SMS';
  return (
    <li className={classes.item}>
      <ThemeIcon
        size={34}
        radius="xl"
        variant="light"
        color={isEmail ? 'grape' : 'indigo'}
        aria-label={channelLabel}
        role="img"
      >
        {isEmail ? <IconMail size={18} stroke={1.75} /> : <IconMessage size={18} stroke={1.75} />}
      </ThemeIcon>
      <div className={classes.itemBody}>
        <div className={classes.header}>
          <dl className={classes.addresses}>
            <div>
              <dt>To</dt>
              <dd>{entry.to}</dd>
            </div>
            <div>
              <dt>From</dt>
              <dd>{entry.from}</dd>
            </div>
          </dl>
          <time className={classes.time} dateTime={entry.createdAt}>
            {formatDateTime(entry.createdAt)}
          </time>
        </div>
        {isEmail && entry.subject && <div className={classes.subject}>{entry.subject}</div>}
        {entry.body && <div className={classes.body}>{entry.body}</div>}
        {entry.mediaUrls.length > 0 && (
          <div className={classes.media}>
            {entry.mediaUrls.map((url, index) => (
              <a
                key={`${url}-${index}`}
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                className={classes.mediaLink}
                aria-label={`Open ${mediaName(url)}`}
              >
                <img src={url} alt={mediaName(url)} loading="lazy" decoding="async" />
              </a>
            ))}
          </div>
        )}
      </div>
    </li>
  );
}

function OutboxSkeleton() {
  return (
    <Stack gap={0} role="status" aria-label="Loading the outbox">
      {Array.from({ length: 4 }, (_, index) => (
        <div key={index} className={classes.item}>
          <Skeleton circle height={34} />
          <Stack gap={8} style={{ flex: 1 }}>
            <Skeleton height={12} width="45%" />
            <Skeleton height={12} width="85%" />
            <Skeleton height={12} width="60%" />
          </Stack>
        </div>
      ))}
    </Stack>
  );
}

/** The sandbox outbox, newest first, a page at a time. */
export function OutboxList() {
  const outbox = useOutbox();

  function handleRetry() {
    void outbox.refetch();
  }

  function handleLoadMore() {
    void outbox.fetchNextPage();
  }

  if (outbox.isPending) {
    return (
      <Paper withBorder radius="md">
        <OutboxSkeleton />
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
        <ul className={classes.list} aria-label="Sent messages">
          {entries.map((entry) => (
            <OutboxItem key={entry._id} entry={entry} />
          ))}
        </ul>
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
    </Stack>
  );
}
