import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useUpdateResponseTarget } from '../api/update-response-target';

/** Settings → Office hours → Response targets: minutes of office hours for the first reply. */
export function ResponseTargetForm({ minutes }: { minutes: number }) {
  const [value, setValue] = useState<number | string>(minutes);
  const mutation = useUpdateResponseTarget();
  const valid = typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 1440;
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (valid) mutation.mutate(value);
  };
  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={handleSubmit}>
        <Stack gap="sm">
          <div>
            <Title order={2} size="h5">
              Response targets
            </Title>
            <Text size="sm" c="dimmed">
              A waiting lead turns amber at 80 % of the target and red past it, counted in each
              property&apos;s office hours.
            </Text>
          </div>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NumberInput
              label="First reply within (minutes)"
              min={1}
              max={1440}
              value={value}
              onChange={setValue}
              error={valid ? undefined : 'Between 1 and 1440 minutes'}
              w={220}
            />
            <Button
              type="submit"
              loading={mutation.isPending}
              disabled={!valid}
              title={valid ? undefined : 'Enter a target between 1 and 1440 minutes'}
            >
              Save target
            </Button>
          </Group>
          {mutation.isSuccess && (
            <Text size="sm" c="teal" role="status">
              Saved.
            </Text>
          )}
          {mutation.isError && (
            <Text size="sm" c="red" role="alert">
              Could not save the target. Try again.
            </Text>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
