import { Button, CopyButton, Group, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

export type CopyFieldProps = {
  label: string;
  value: string;
  /** Secrets read better in a monospace font (an API key); links do not need it. */
  monospace?: boolean;
};

/** A read-only value with a Copy button: a secret or link shown so the user can take it away. */
export function CopyField({ label, value, monospace = false }: CopyFieldProps) {
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        label={label}
        value={value}
        readOnly
        flex={1}
        styles={
          monospace ? { input: { fontFamily: 'var(--mantine-font-family-monospace)' } } : undefined
        }
        onFocus={(event) => event.currentTarget.select()}
      />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button
            variant={copied ? 'light' : 'filled'}
            color={copied ? 'teal' : undefined}
            leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            onClick={copy}
            w={110}
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
