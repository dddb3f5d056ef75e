import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { STALE_DRAFT_MESSAGE } from '@leasing/contract';

export type HeldSendPromptProps = {
  /** How many messages came since the writing started (0 when the server did not say). */
  count: number;
  isSending: boolean;
  onSendAnyway: () => void;
  onReview: () => void;
};

/** The reply guard's question when someone spoke while this draft was being written. */
export function HeldSendPrompt({ count, isSending, onSendAnyway, onReview }: HeldSendPromptProps) {
  const what =
    count === 1
      ? 'A new message arrived'
      : count > 1
        ? `${count} new messages arrived`
        : 'Messages arrived';
  return (
    <Alert
      role="alert"
      color="yellow"
      variant="light"
      icon={<IconAlertTriangle size={18} stroke={1.75} aria-hidden />}
      title={STALE_DRAFT_MESSAGE}
      aria-label={STALE_DRAFT_MESSAGE}
      data-testid="held-send"
    >
      <Text size="sm">{what} while you were writing. Your message has not been sent.</Text>
      <Group gap="xs" mt="xs">
        <Button size="xs" variant="default" onClick={onReview} disabled={isSending}>
          Review
        </Button>
        <Button size="xs" color="yellow" onClick={onSendAnyway} loading={isSending}>
          Send anyway
        </Button>
      </Group>
    </Alert>
  );
}
