import { Alert, Button, Group, Text } from '@mantine/core';
import { IconMoon } from '@tabler/icons-react';
import { useId } from 'react';
import type { QuietHoursError } from '@leasing/contract';
import { quietHoursQuestion } from '../utils/quiet-hours-question';

export type QuietHoursPromptProps = {
  /** The server's 409: the lead's clock and when a text may go. */
  quietHours: QuietHoursError;
  isSending: boolean;
  /** Send the same message at `nextAllowedAt` (the default). */
  onSchedule: () => void;
  /** Send it now anyway (when the company allows it). */
  onSendNow: () => void;
};

/** Why Send now is off: the company forbids texts outside the allowed hours. */
export const SEND_NOW_FORBIDDEN_REASON =
  "Your company does not allow sending outside the lead's allowed hours.";

/** The question asked when a text would reach the lead outside their allowed hours. */
export function QuietHoursPrompt({
  quietHours,
  isSending,
  onSchedule,
  onSendNow,
}: QuietHoursPromptProps) {
  const reasonId = useId();
  const question = quietHoursQuestion(quietHours);
  return (
    <Alert
      role="alert"
      color="indigo"
      variant="light"
      icon={<IconMoon size={18} stroke={1.75} aria-hidden />}
      title="Outside the lead's allowed hours"
      aria-label="Outside the lead's allowed hours"
      data-testid="quiet-hours"
    >
      <Text size="sm">{question}</Text>
      <Group gap="xs" mt="xs">
        <Button size="xs" color="indigo" onClick={onSchedule} loading={isSending} autoFocus>
          Schedule
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={onSendNow}
          disabled={isSending || !quietHours.canSendNow}
          aria-describedby={quietHours.canSendNow ? undefined : reasonId}
        >
          Send now
        </Button>
      </Group>
      {!quietHours.canSendNow && (
        <Text id={reasonId} size="xs" c="dimmed" mt={6}>
          {SEND_NOW_FORBIDDEN_REASON}
        </Text>
      )}
    </Alert>
  );
}
