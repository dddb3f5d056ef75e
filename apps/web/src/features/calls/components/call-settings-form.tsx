import {
  MAX_FORWARDING_NUMBERS,
  RING_TIMEOUT_MAX_SECONDS,
  RING_TIMEOUT_MIN_SECONDS,
  TEXT_BACK_LINK_FIELD,
  TEXT_BACK_MAX_LENGTH,
  VOICE_GREETING_MAX_LENGTH,
  voiceSettingsSchema,
  type RingMode,
  type VoiceSettings,
} from '@leasing/contract';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { toServerFieldErrors, type ServerFieldErrors } from '../../../lib/field-errors';
import { useUpdateVoiceSettings } from '../api/update-voice-settings';

const READ_ONLY_REASON = 'Only an admin can change call settings.';
const NUMBER_HINT = '+15125550100';

const ringModeOptions: { value: RingMode; label: string }[] = [
  { value: 'simultaneous', label: 'All at once' },
  { value: 'sequential', label: 'One after another' },
];

const ringTimeHint: Record<RingMode, string> = {
  simultaneous: 'How long the phones ring before the caller hears the voicemail greeting.',
  sequential: 'How long each phone rings before the next one, and the last before the voicemail.',
};

/** One forwarding number as edited; the key keeps a row's field when one above it is removed. */
type NumberRow = { key: string; number: string };

/** The form's values. The ring time holds NaN while its field is empty. */
type FormValues = Omit<VoiceSettings, 'forwardingNumbers'> & { forwardingNumbers: NumberRow[] };

let lastRowKey = 0;
const nextRowKey = () => `number-${(lastRowKey += 1)}`;

function valuesOf(settings: VoiceSettings): FormValues {
  return {
    ...settings,
    forwardingNumbers: settings.forwardingNumbers.map((number) => ({ key: nextRowKey(), number })),
  };
}

/** '+1 (512) 555-0100' as typed → '+15125550100', as the server stores it. */
const compactNumber = (number: string) => number.replace(/[\s().-]/g, '');

/** What Save sends. */
function settingsOf(values: FormValues): VoiceSettings {
  return {
    greeting: values.greeting.trim(),
    forwardingNumbers: values.forwardingNumbers.map((row) => compactNumber(row.number)),
    ringMode: values.ringMode,
    ringAgentsOnDuty: values.ringAgentsOnDuty,
    ringTimeoutSeconds: values.ringTimeoutSeconds,
    voicemailGreeting: values.voicemailGreeting.trim(),
    transcription: values.transcription,
    textBack: values.textBack,
    textBackMessage: values.textBackMessage.trim(),
  };
}

const sameSettings = (values: FormValues, saved: VoiceSettings) =>
  JSON.stringify(settingsOf(values)) === JSON.stringify(settingsOf(valuesOf(saved)));

const isPhoneNumber = (number: string) =>
  voiceSettingsSchema.shape.forwardingNumbers.element.safeParse(number).success;

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * What is wrong before anything is sent, by the names the server's 400 gives its fields
 * (`forwardingNumbers.1`, `ringTimeoutSeconds`), so both show in the same place.
 */
function problemsOf(values: FormValues): ServerFieldErrors {
  const problems: ServerFieldErrors = {};
  const settings = settingsOf(values);
  if (settings.greeting.length > VOICE_GREETING_MAX_LENGTH) {
    problems.greeting = `At most ${VOICE_GREETING_MAX_LENGTH} characters`;
  }
  settings.forwardingNumbers.forEach((number, index) => {
    const at = `forwardingNumbers.${index}`;
    if (!number) problems[at] = 'Enter a phone number, or remove this one';
    else if (!isPhoneNumber(number)) {
      problems[at] = `Enter the number with its country code, like ${NUMBER_HINT}`;
    } else if (settings.forwardingNumbers.indexOf(number) < index) {
      problems[at] = 'This number is already in the list';
    }
  });
  const seconds = settings.ringTimeoutSeconds;
  if (
    !Number.isInteger(seconds) ||
    seconds < RING_TIMEOUT_MIN_SECONDS ||
    seconds > RING_TIMEOUT_MAX_SECONDS
  ) {
    problems.ringTimeoutSeconds = `Enter a whole number of seconds from ${RING_TIMEOUT_MIN_SECONDS} to ${RING_TIMEOUT_MAX_SECONDS}`;
  }
  if (settings.voicemailGreeting.length > VOICE_GREETING_MAX_LENGTH) {
    problems.voicemailGreeting = `At most ${VOICE_GREETING_MAX_LENGTH} characters`;
  }
  // The contract's own check: not empty, not too long, no field but the booking link.
  const message = voiceSettingsSchema.shape.textBackMessage.safeParse(settings.textBackMessage);
  if (!message.success) {
    problems.textBackMessage = capitalized(message.error.issues[0]?.message ?? 'Check the text');
  }
  return problems;
}

/** The fields this form shows a message beside; any other goes in the alert. */
const SHOWN_FIELD =
  /^(greeting|forwardingNumbers(\.\d+)?|ringMode|ringAgentsOnDuty|ringTimeoutSeconds|voicemailGreeting|transcription|textBack|textBackMessage)$/;

/** A NumberInput's value as a number: NaN while the field is empty or half typed. */
const numberOf = (value: number | string) => (typeof value === 'number' ? value : NaN);
const shown = (value: number) => (Number.isNaN(value) ? '' : value);

export type CallSettingsFormProps = {
  propertyId: string;
  /** The property's settings as saved (the defaults until an admin changed them). */
  saved: VoiceSettings;
  /** Admins change the settings; managers read them, every control disabled with the reason. */
  canChange: boolean;
};

/**
 * Settings → Calls, for one property: what a caller hears, which phones ring and how, the
 * voicemail, and the text to callers nobody answered.
 */
export function CallSettingsForm({ propertyId, saved, canChange }: CallSettingsFormProps) {
  const [values, setValues] = useState(() => valuesOf(saved));
  const mutation = useUpdateVoiceSettings(propertyId);
  const reasonId = useId();
  const readOnlyId = useId();
  const ringLabelId = useId();
  const serverErrors = toServerFieldErrors(mutation.error);
  const problems = problemsOf(values);
  const errors = { ...serverErrors, ...problems };
  const disabled = !canChange;
  // Every control of a manager's read-only form says why it is disabled, also on hover.
  const locked = { disabled, title: disabled ? READ_ONLY_REASON : undefined };
  const disabledReason = !canChange
    ? READ_ONLY_REASON
    : sameSettings(values, saved)
      ? 'Nothing has changed yet'
      : Object.keys(problems).length > 0
        ? 'Correct the fields marked in red first'
        : null;
  const unshownServerError =
    mutation.error &&
    (!(mutation.error instanceof ApiRequestError) ||
      mutation.error.details.length === 0 ||
      Object.keys(serverErrors).some((field) => !SHOWN_FIELD.test(field)))
      ? mutation.error.message
      : null;
  const full = values.forwardingNumbers.length >= MAX_FORWARDING_NUMBERS;

  const change = (next: Partial<FormValues>) => setValues((current) => ({ ...current, ...next }));
  const setNumber = (key: string, number: string) =>
    setValues((current) => ({
      ...current,
      forwardingNumbers: current.forwardingNumbers.map((row) =>
        row.key === key ? { ...row, number } : row,
      ),
    }));

  function handleAddNumber() {
    change({ forwardingNumbers: [...values.forwardingNumbers, { key: nextRowKey(), number: '' }] });
  }

  function handleRemoveNumber(key: string) {
    // The server's messages name numbers by position, which removing one changes.
    mutation.reset();
    change({ forwardingNumbers: values.forwardingNumbers.filter((row) => row.key !== key) });
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (disabledReason) return;
    mutation.mutate(settingsOf(values), {
      onSuccess: (answer) => {
        setValues(valuesOf(answer.settings));
        notifications.show({ color: 'green', message: 'Call settings saved' });
      },
    });
  }

  return (
    <form
      onSubmit={handleSubmit}
      aria-label="Call settings"
      aria-describedby={disabled ? readOnlyId : undefined}
      noValidate
    >
      <Stack gap="lg">
        {disabled && (
          <Alert
            color="gray"
            variant="light"
            icon={<IconInfoCircle size={18} stroke={1.5} />}
            role="note"
          >
            <span id={readOnlyId}>{READ_ONLY_REASON}</span>
          </Alert>
        )}

        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="calls-answer">
          <Stack gap="sm">
            <Title order={2} size="h5" id="calls-answer">
              When someone calls
            </Title>
            <Textarea
              label="Greeting"
              description="Said to the caller before the phones ring. Leave it empty to say nothing."
              value={values.greeting}
              onChange={(event) => change({ greeting: event.currentTarget.value })}
              maxLength={VOICE_GREETING_MAX_LENGTH}
              autosize
              minRows={2}
              {...locked}
              error={errors.greeting}
            />
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="calls-forwarding">
          <Stack gap="sm">
            <div>
              <Title order={2} size="h5" id="calls-forwarding">
                Forwarding numbers
              </Title>
              <Text size="sm" c="dimmed">
                The phones that ring, each with its country code, like {NUMBER_HINT}. Up to{' '}
                {MAX_FORWARDING_NUMBERS}; with none, callers go straight to the voicemail.
              </Text>
            </div>
            {values.forwardingNumbers.length === 0 && (
              <Text size="sm" c="dimmed">
                No numbers yet: every call goes to the voicemail.
              </Text>
            )}
            {values.forwardingNumbers.map((row, index) => {
              const name = `Forwarding number ${index + 1}`;
              const remove = `Remove forwarding number ${index + 1}`;
              return (
                <TextInput
                  key={row.key}
                  label={name}
                  placeholder={NUMBER_HINT}
                  type="tel"
                  autoComplete="off"
                  value={row.number}
                  onChange={(event) => setNumber(row.key, event.currentTarget.value)}
                  error={errors[`forwardingNumbers.${index}`]}
                  maw={360}
                  {...locked}
                  rightSectionPointerEvents="all"
                  rightSection={
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      onClick={() => handleRemoveNumber(row.key)}
                      aria-label={remove}
                      title={disabled ? READ_ONLY_REASON : remove}
                      disabled={disabled}
                    >
                      <IconTrash size={16} stroke={1.5} />
                    </ActionIcon>
                  }
                />
              );
            })}
            {errors.forwardingNumbers && (
              <Text size="sm" c="red">
                {errors.forwardingNumbers}
              </Text>
            )}
            <Group gap="sm" wrap="wrap">
              <Button
                variant="default"
                leftSection={<IconPlus size={14} stroke={1.5} />}
                onClick={handleAddNumber}
                disabled={disabled || full}
                title={
                  disabled
                    ? READ_ONLY_REASON
                    : full
                      ? `At most ${MAX_FORWARDING_NUMBERS} numbers`
                      : undefined
                }
                aria-describedby={disabled ? readOnlyId : full ? `${reasonId}-full` : undefined}
              >
                Add a number
              </Button>
              {!disabled && full && (
                <Text size="sm" c="dimmed" id={`${reasonId}-full`}>
                  At most {MAX_FORWARDING_NUMBERS} numbers: remove one to add another.
                </Text>
              )}
            </Group>
            <Stack gap={4}>
              <Text size="sm" fw={500} id={ringLabelId}>
                Ring
              </Text>
              <SegmentedControl<RingMode>
                aria-labelledby={ringLabelId}
                data={ringModeOptions}
                value={values.ringMode}
                onChange={(ringMode) => change({ ringMode })}
                {...locked}
                maw={420}
              />
              {errors.ringMode && (
                <Text size="xs" c="red">
                  {errors.ringMode}
                </Text>
              )}
            </Stack>
            <Switch
              label="Also ring the agents on duty"
              aria-label="Also ring the agents on duty"
              description="Everyone with the console open and their own phone number set rings too, after the numbers above."
              checked={values.ringAgentsOnDuty}
              onChange={(event) => change({ ringAgentsOnDuty: event.currentTarget.checked })}
              {...locked}
              error={errors.ringAgentsOnDuty}
            />
            <NumberInput
              label="Ring time (seconds)"
              description={ringTimeHint[values.ringMode]}
              value={shown(values.ringTimeoutSeconds)}
              onChange={(value) => change({ ringTimeoutSeconds: numberOf(value) })}
              min={RING_TIMEOUT_MIN_SECONDS}
              max={RING_TIMEOUT_MAX_SECONDS}
              allowDecimal={false}
              allowNegative={false}
              {...locked}
              error={errors.ringTimeoutSeconds}
              maw={420}
            />
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="calls-voicemail">
          <Stack gap="sm">
            <Title order={2} size="h5" id="calls-voicemail">
              Voicemail
            </Title>
            <Textarea
              label="Voicemail greeting"
              description="Said before the tone when nobody answers. Leave it empty for the tone alone."
              value={values.voicemailGreeting}
              onChange={(event) => change({ voicemailGreeting: event.currentTarget.value })}
              maxLength={VOICE_GREETING_MAX_LENGTH}
              autosize
              minRows={2}
              {...locked}
              error={errors.voicemailGreeting}
            />
            <Switch
              label="Transcribe voicemails"
              // Mantine puts the description inside the label: the name stays the label alone.
              aria-label="Transcribe voicemails"
              description="The caller's words show under the voicemail on the lead's timeline."
              checked={values.transcription}
              onChange={(event) => change({ transcription: event.currentTarget.checked })}
              {...locked}
              error={errors.transcription}
            />
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="calls-text-back">
          <Stack gap="sm">
            <Title order={2} size="h5" id="calls-text-back">
              Missed calls
            </Title>
            <Switch
              label="Text back missed callers"
              // Mantine puts the description inside the label: the name stays the label alone.
              aria-label="Text back missed callers"
              description="A caller nobody answered gets one text from the number they called, never when they opted out."
              checked={values.textBack}
              onChange={(event) => change({ textBack: event.currentTarget.checked })}
              {...locked}
              error={errors.textBack}
            />
            <Textarea
              label="Text-back message"
              description={`${TEXT_BACK_LINK_FIELD} is replaced by the caller's own tour booking link.`}
              value={values.textBackMessage}
              onChange={(event) => change({ textBackMessage: event.currentTarget.value })}
              maxLength={TEXT_BACK_MAX_LENGTH}
              autosize
              minRows={2}
              {...locked}
              error={errors.textBackMessage}
            />
          </Stack>
        </Paper>

        {unshownServerError && (
          <Alert color="red" title="Not saved" role="alert">
            {unshownServerError}
          </Alert>
        )}
        <Stack gap={4}>
          <Group gap="sm">
            <Button
              type="submit"
              loading={mutation.isPending}
              disabled={disabledReason !== null}
              title={disabledReason ?? undefined}
              aria-describedby={disabled ? readOnlyId : disabledReason ? reasonId : undefined}
            >
              Save
            </Button>
            {mutation.isError && !unshownServerError && (
              <Text size="sm" c="red" role="alert">
                Not saved: correct the fields marked in red.
              </Text>
            )}
          </Group>
          {/* A manager reads the reason at the top of the form, once. */}
          {disabledReason && !disabled && (
            <Text size="sm" c="dimmed" id={reasonId}>
              {disabledReason}
            </Text>
          )}
        </Stack>
      </Stack>
    </form>
  );
}
