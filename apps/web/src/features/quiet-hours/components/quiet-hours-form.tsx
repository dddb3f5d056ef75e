import type { QuietHoursPolicy } from '@leasing/contract';
import { Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { toServerFieldErrors } from '../../../lib/field-errors';
import { useUpdateQuietHours } from '../api/update-quiet-hours';

/** A time field cannot say 24:00: midnight as the end means the end of the day. */
const END_OF_DAY = '24:00';
const endFieldOf = (end: string) => (end === END_OF_DAY ? '00:00' : end);
const endOf = (field: string) => (field === '00:00' ? END_OF_DAY : field);

/** Settings → Quiet hours: when texts may reach leads, in each lead's local time. */
export function QuietHoursForm({ policy }: { policy: QuietHoursPolicy }) {
  const [start, setStart] = useState(policy.start);
  const [end, setEnd] = useState(endFieldOf(policy.end));
  const [stateRules, setStateRules] = useState(policy.stateRules);
  const [allowSendNow, setAllowSendNow] = useState(policy.allowSendNow);
  const mutation = useUpdateQuietHours();
  const serverErrors = toServerFieldErrors(mutation.error);
  const problem =
    start === '' || end === ''
      ? 'Enter both times'
      : !(start < endOf(end))
        ? 'The allowed hours must end after they start'
        : null;

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    mutation.mutate({ start, end: endOf(end), stateRules, allowSendNow });
  };

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={handleSubmit} aria-label="Quiet hours">
        <Stack gap="md">
          <div>
            <Title order={2} size="h5">
              Allowed hours
            </Title>
            <Text size="sm" c="dimmed">
              In each lead&apos;s local time: their own zone when your property-management system
              gives it, else their phone&apos;s area code, else the property&apos;s zone. Until
              12:00 AM means the end of the day.
            </Text>
          </div>
          <Group gap="xs" align="flex-start" wrap="wrap">
            <TextInput
              type="time"
              label="Texts allowed from"
              value={start}
              onChange={(event) => setStart(event.currentTarget.value)}
              error={serverErrors.start}
              w={160}
            />
            <TextInput
              type="time"
              label="Until"
              value={end}
              onChange={(event) => setEnd(event.currentTarget.value)}
              error={serverErrors.end ?? problem}
              w={160}
            />
          </Group>
          <Switch
            label="Apply stricter state rules"
            description="Florida and Oklahoma: 8:00 AM–8:00 PM. Texas: 9:00 AM–9:00 PM, and not before noon on Sundays. The state comes from the lead's area code."
            checked={stateRules}
            onChange={(event) => setStateRules(event.currentTarget.checked)}
          />
          <Switch
            label="Allow 'Send now' outside allowed hours"
            description="When off, a text written outside the lead's allowed hours can only be scheduled."
            checked={allowSendNow}
            onChange={(event) => setAllowSendNow(event.currentTarget.checked)}
          />
          <Group gap="sm">
            <Button
              type="submit"
              loading={mutation.isPending}
              disabled={problem !== null}
              aria-describedby={problem ? 'quiet-hours-problem' : undefined}
            >
              Save quiet hours
            </Button>
            {problem && (
              <Text size="sm" c="red" id="quiet-hours-problem">
                {problem}
              </Text>
            )}
            {mutation.isSuccess && (
              <Text size="sm" c="teal" role="status">
                Saved.
              </Text>
            )}
            {mutation.isError && (
              <Text size="sm" c="red" role="alert">
                Could not save the quiet hours. Try again.
              </Text>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
