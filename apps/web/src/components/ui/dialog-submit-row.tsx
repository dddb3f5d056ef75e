import { Box, Button, Group, Text } from '@mantine/core';
import { useId } from 'react';
import type { ReactNode } from 'react';

export type DialogSubmitRowProps = {
  /** The submit button's words: 'Save', 'Move', 'Create lead'. */
  submitLabel: string;
  /** An icon before the words. */
  submitIcon?: ReactNode;
  isSubmitting: boolean;
  /** Why the form cannot be sent yet: written under the buttons, and the disabled button says it. */
  disabledReason?: string | null;
  onCancel: () => void;
  /** At the start of the row, apart from Cancel and the submit button: 'Remove'. */
  leading?: ReactNode;
};

/** A dialog form's last row: Cancel, the submit button, and why it is disabled when it is. */
export function DialogSubmitRow({
  submitLabel,
  submitIcon,
  isSubmitting,
  disabledReason = null,
  onCancel,
  leading,
}: DialogSubmitRowProps) {
  const reasonId = useId();
  return (
    <>
      <Group justify="flex-end" gap="sm">
        {leading && <Box mr="auto">{leading}</Box>}
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          type="submit"
          leftSection={submitIcon}
          loading={isSubmitting}
          disabled={disabledReason !== null}
          title={disabledReason ?? undefined}
          aria-describedby={disabledReason ? reasonId : undefined}
        >
          {submitLabel}
        </Button>
      </Group>
      {disabledReason && (
        <Text id={reasonId} size="xs" c="dimmed" ta="right">
          {disabledReason}
        </Text>
      )}
    </>
  );
}
