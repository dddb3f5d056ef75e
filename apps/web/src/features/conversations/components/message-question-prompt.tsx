import { Group, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './timeline.module.css';

export type MessageQuestionPromptProps = {
  /** The region's name, e.g. 'Possible opt-out'. */
  label: string;
  icon: ReactNode;
  /** What a person is asked to decide about the message. */
  question: string;
  /** The buttons that decide it. */
  children: ReactNode;
};

/** Under a lead's message: a question a person answers before the message counts as it looks. */
export function MessageQuestionPrompt({
  label,
  icon,
  question,
  children,
}: MessageQuestionPromptProps) {
  return (
    <Paper
      withBorder
      radius="md"
      px="sm"
      py={8}
      mt={6}
      bg="orange.0"
      role="region"
      aria-label={label}
      className={classes.optOutPrompt}
    >
      <Group gap="xs" wrap="nowrap" mb={6}>
        {icon}
        <Text size="sm">{question}</Text>
      </Group>
      {children}
    </Paper>
  );
}
