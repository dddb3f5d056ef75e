import { Alert, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';

export type ErrorStateProps = {
  title: string;
  message?: string;
  onRetry?: () => void;
  /** What to do instead when retrying cannot help (a way back). */
  action?: ReactNode;
};

export function ErrorState({ title, message, onRetry, action }: ErrorStateProps) {
  return (
    <Alert
      color="red"
      variant="light"
      title={title}
      icon={<IconAlertTriangle size={18} />}
      role="alert"
      m="md"
    >
      <Group justify="space-between" align="center" gap="sm">
        <Text size="sm">{message ?? 'Something went wrong.'}</Text>
        {onRetry && (
          <Button
            size="xs"
            variant="white"
            color="red"
            leftSection={<IconRefresh size={14} />}
            onClick={onRetry}
          >
            Retry
          </Button>
        )}
        {action}
      </Group>
    </Alert>
  );
}
