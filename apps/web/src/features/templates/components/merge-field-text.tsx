import { templateFieldInfo, templateFields } from '@leasing/contract';
import { Button, Code, Group, Menu, Text, Textarea, TextInput } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';
import { useId, useRef } from 'react';
import { flushSync } from 'react-dom';

export type MergeFieldTextProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  /** A one-line field (a subject) instead of a message box. */
  singleLine?: boolean;
};

/** A template text with an 'Insert field' menu that puts `{{field}}` at the caret. */
export function MergeFieldText({
  label,
  value,
  onChange,
  error,
  required,
  singleLine = false,
}: MergeFieldTextProps) {
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const id = useId();

  function handleInsert(field: string) {
    const element = ref.current;
    const token = `{{${field}}}`;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    flushSync(() => onChange(value.slice(0, start) + token + value.slice(end)));
    element?.focus();
    element?.setSelectionRange(start + token.length, start + token.length);
  }

  const menu = (
    <Menu position="bottom-end" withinPortal shadow="md" width={300}>
      <Menu.Target>
        <Button
          variant="subtle"
          size="compact-xs"
          leftSection={<IconBraces size={14} />}
          // Begins with what it shows (axe: label-content-name-mismatch).
          aria-label={`Insert field into ${label.toLowerCase()}`}
        >
          Insert field
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={320} style={{ overflowY: 'auto' }}>
        {templateFields.map((field) => (
          <Menu.Item key={field} onClick={() => handleInsert(field)}>
            <Code>{`{{${field}}}`}</Code>
            <Text size="xs" c="dimmed">
              {templateFieldInfo[field]}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
  const common = { id, value, error, required };
  return (
    <div>
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
        <Text component="label" htmlFor={id} size="sm" fw={500}>
          {label}
          {required && (
            <Text component="span" c="red" aria-hidden>
              {' *'}
            </Text>
          )}
        </Text>
        {menu}
      </Group>
      {singleLine ? (
        <TextInput
          ref={ref}
          {...common}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      ) : (
        <Textarea
          ref={ref}
          {...common}
          autosize
          minRows={3}
          maxRows={10}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )}
    </div>
  );
}
