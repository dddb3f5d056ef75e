import {
  RECORDED_CALL_NOTICE,
  RECORDING_RETENTION_MAX_DAYS,
  RECORDING_RETENTION_MIN_DAYS,
  type CompanyCallSettings,
} from '@leasing/contract';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId, useState, type FormEvent } from 'react';
import { toServerFieldErrors } from '../../../lib/field-errors';
import { useUpdateCallSettings } from '../api/update-call-settings';

const READ_ONLY_REASON = 'Only an admin can change call recording.';

export type CallRecordingFormProps = {
  saved: CompanyCallSettings;
  canChange: boolean;
};

const retentionProblem = (days: number) =>
  !Number.isInteger(days)
    ? 'Enter a number of days'
    : days < RECORDING_RETENTION_MIN_DAYS
      ? `At least ${RECORDING_RETENTION_MIN_DAYS} day`
      : days > RECORDING_RETENTION_MAX_DAYS
        ? `At most ${RECORDING_RETENTION_MAX_DAYS} days`
        : null;

/**
 * Settings → Calls, for the whole company: whether calls placed from the console are recorded
 * (both sides told first), and how long recordings and voicemails are kept.
 */
export function CallRecordingForm({ saved, canChange }: CallRecordingFormProps) {
  const [values, setValues] = useState(saved);
  const mutation = useUpdateCallSettings();
  const reasonId = useId();
  const serverErrors = toServerFieldErrors(mutation.error);
  const problem = retentionProblem(values.recordingRetentionDays);
  const disabled = !canChange;
  const locked = { disabled, title: disabled ? READ_ONLY_REASON : undefined };
  const unchanged =
    values.recordOutboundCalls === saved.recordOutboundCalls &&
    values.recordingRetentionDays === saved.recordingRetentionDays;
  const disabledReason = disabled
    ? READ_ONLY_REASON
    : unchanged
      ? 'Nothing has changed yet'
      : problem
        ? 'Correct the fields marked in red first'
        : null;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (disabledReason) return;
    mutation.mutate(values, {
      onSuccess: (answer) => {
        setValues(answer);
        notifications.show({ color: 'green', message: 'Recording settings saved' });
      },
    });
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="calls-recording">
      <form onSubmit={handleSubmit} aria-label="Call recording" noValidate>
        <Stack gap="sm">
          <div>
            <Title order={2} size="h5" id="calls-recording">
              Recording (every property)
            </Title>
            <Text size="sm" c="dimmed">
              Recordings play in the lead&rsquo;s conversation, to staff only. Voicemails are kept
              for the same time.
            </Text>
          </div>
          <Switch
            label="Record calls placed from the console"
            aria-label="Record calls placed from the console"
            description={`Both sides hear “${RECORDED_CALL_NOTICE}” before the call is put through, as states that require everyone's consent expect.`}
            checked={values.recordOutboundCalls}
            onChange={(event) =>
              setValues((current) => ({
                ...current,
                recordOutboundCalls: event.currentTarget.checked,
              }))
            }
            {...locked}
          />
          <NumberInput
            label="Keep recordings for (days)"
            description="Older recordings and voicemails are deleted, here and at Twilio; each deletion is in the audit log."
            value={Number.isNaN(values.recordingRetentionDays) ? '' : values.recordingRetentionDays}
            onChange={(value) =>
              setValues((current) => ({
                ...current,
                recordingRetentionDays: typeof value === 'number' ? value : Number.NaN,
              }))
            }
            min={RECORDING_RETENTION_MIN_DAYS}
            max={RECORDING_RETENTION_MAX_DAYS}
            allowDecimal={false}
            allowNegative={false}
            {...locked}
            error={problem ?? serverErrors.recordingRetentionDays}
            maw={420}
          />
          {mutation.isError && Object.keys(serverErrors).length === 0 && (
            <Alert color="red" title="Not saved" role="alert">
              {mutation.error.message}
            </Alert>
          )}
          <Stack gap={4}>
            <Group>
              <Button
                type="submit"
                variant="light"
                loading={mutation.isPending}
                disabled={disabledReason !== null}
                title={disabledReason ?? undefined}
                aria-describedby={disabledReason ? reasonId : undefined}
              >
                Save recording settings
              </Button>
            </Group>
            {disabledReason && (
              <Text size="sm" c="dimmed" id={reasonId}>
                {disabledReason}
              </Text>
            )}
          </Stack>
        </Stack>
      </form>
    </Paper>
  );
}
