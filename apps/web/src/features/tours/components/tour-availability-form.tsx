import {
  DEFAULT_WEEK_HOURS,
  TOUR_EXCEPTIONS_MAX,
  tourAvailabilitySchema,
  tourKindLabels,
  tourKindSettingsSchema,
  tourKinds,
  weekdayLabels,
  weekdays,
  type PropertyTourAvailability,
  type TourAvailability,
  type TourKind,
  type TourKindSettings,
  type Weekday,
  type WeekHours,
} from '@leasing/contract';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Radio,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useId, useState, type FormEvent } from 'react';
import {
  invalidDayOf,
  isClosedAllWeek,
  WeekHoursFields,
} from '../../../components/ui/week-hours-fields';
import { ApiRequestError } from '../../../lib/api-client';
import { toServerFieldErrors, type ServerFieldErrors } from '../../../lib/field-errors';
import { formatZoneName } from '../../../lib/format-date';
import { useUpdateTourAvailability } from '../api/update-tour-availability';
import { dayToIso, todayIn } from '../utils/zoned-week';

type NumberField = 'lengthMinutes' | 'bufferMinutes' | 'capacity';

type Bounds = { min: number; max: number };

/** The limits the server checks, read from the contract's schema. */
const boundsOf = (schema: { minValue: number | null; maxValue: number | null }): Bounds => ({
  min: schema.minValue ?? 0,
  max: schema.maxValue ?? Number.MAX_SAFE_INTEGER,
});

const KIND_BOUNDS: Record<NumberField, Bounds> = {
  lengthMinutes: boundsOf(tourKindSettingsSchema.shape.lengthMinutes),
  bufferMinutes: boundsOf(tourKindSettingsSchema.shape.bufferMinutes),
  capacity: boundsOf(tourKindSettingsSchema.shape.capacity),
};
const NOTICE_MINUTES = boundsOf(tourAvailabilitySchema.shape.minNoticeMinutes);
const NOTICE_HOURS: Bounds = { min: NOTICE_MINUTES.min / 60, max: NOTICE_MINUTES.max / 60 };
const DAYS_AHEAD = boundsOf(tourAvailabilitySchema.shape.maxDaysAhead);
const LABEL_MAX = 80;

const capacityLabel = (kind: TourKind) =>
  kind === 'IN_PERSON' ? 'Agents giving tours at once' : 'Tours at once';

/** One row of 'Closed days and other hours' as edited: closed, or open from `open` to `close`. */
type ExceptionRow = {
  key: string;
  from: string;
  to: string;
  label: string;
  closed: boolean;
  open: string;
  close: string;
};

/** The form's values. A number field left empty holds NaN until it is filled in again. */
type FormValues = {
  kinds: Record<TourKind, TourKindSettings>;
  ownHours: boolean;
  /** Kept while 'Same as the office hours' is chosen, so switching back loses nothing. */
  hours: WeekHours;
  exceptions: ExceptionRow[];
  noticeHours: number;
  maxDaysAhead: number;
};

let lastRowKey = 0;
const nextRowKey = () => `exception-${(lastRowKey += 1)}`;

function valuesOf(availability: TourAvailability): FormValues {
  return {
    kinds: availability.kinds,
    ownHours: availability.hours !== null,
    hours: availability.hours ?? DEFAULT_WEEK_HOURS,
    exceptions: availability.exceptions.map((exception) => ({
      key: nextRowKey(),
      from: exception.from,
      to: exception.to,
      label: exception.label,
      closed: exception.hours === null,
      open: exception.hours?.open ?? '09:00',
      close: exception.hours?.close ?? '17:00',
    })),
    noticeHours: availability.minNoticeMinutes / 60,
    maxDaysAhead: availability.maxDaysAhead,
  };
}

/** What Save sends. */
function availabilityOf(values: FormValues): TourAvailability {
  return {
    kinds: values.kinds,
    hours: values.ownHours ? values.hours : null,
    exceptions: values.exceptions.map((row) => ({
      from: row.from,
      to: row.to,
      hours: row.closed ? null : { open: row.open, close: row.close },
      label: row.label.trim(),
    })),
    minNoticeMinutes: Math.round(values.noticeHours * 60),
    maxDaysAhead: values.maxDaysAhead,
  };
}

const sameAvailability = (values: FormValues, saved: TourAvailability) =>
  JSON.stringify(availabilityOf(values)) === JSON.stringify(availabilityOf(valuesOf(saved)));

const inBounds = (value: number, { min, max }: Bounds, whole = true) =>
  (whole ? Number.isInteger(value) : Number.isFinite(value)) && value >= min && value <= max;

/**
 * What is wrong before anything is sent, by the names the server's 400 gives its fields
 * (`kinds.VIDEO.capacity`, `exceptions.0.to`, `hours.mon`), so both show in the same place.
 */
function problemsOf(values: FormValues): ServerFieldErrors {
  const problems: ServerFieldErrors = {};
  for (const kind of tourKinds) {
    for (const field of Object.keys(KIND_BOUNDS) as NumberField[]) {
      const bounds = KIND_BOUNDS[field];
      if (!inBounds(values.kinds[kind][field], bounds)) {
        problems[`kinds.${kind}.${field}`] =
          `Enter a whole number from ${bounds.min} to ${bounds.max}`;
      }
    }
  }
  if (values.ownHours) {
    const invalidDay = invalidDayOf(values.hours);
    if (invalidDay) problems[`hours.${invalidDay}`] = 'Must close after it opens';
    else if (isClosedAllWeek(values.hours)) problems.hours = 'Give tours on at least one day';
  }
  values.exceptions.forEach((row, index) => {
    const at = `exceptions.${index}`;
    if (!row.from) problems[`${at}.from`] = 'Pick the first day';
    if (!row.to) {
      problems[`${at}.to`] = 'Pick the last day';
    } else if (row.from && row.to < row.from) {
      problems[`${at}.to`] = 'Must not end before it starts';
    }
    if (row.label.trim().length > LABEL_MAX) {
      problems[`${at}.label`] = `At most ${LABEL_MAX} characters`;
    }
    if (!row.closed && !(row.open && row.close && row.open < row.close)) {
      problems[`${at}.hours`] = 'Must close after it opens';
    }
  });
  if (!inBounds(values.noticeHours, NOTICE_HOURS, false)) {
    problems.minNoticeMinutes = `Enter ${NOTICE_HOURS.min} to ${NOTICE_HOURS.max} hours`;
  }
  if (!inBounds(values.maxDaysAhead, DAYS_AHEAD)) {
    problems.maxDaysAhead = `Enter a whole number of days from ${DAYS_AHEAD.min} to ${DAYS_AHEAD.max}`;
  }
  return problems;
}

/** The message for a field or for anything under it (`exceptions.0.hours` covers `….hours.close`). */
const errorAt = (errors: ServerFieldErrors, name: string): string | undefined =>
  errors[name] ?? Object.entries(errors).find(([field]) => field.startsWith(`${name}.`))?.[1];

/** Each day's message, named by the day. */
function dayErrorsOf(errors: ServerFieldErrors): Partial<Record<Weekday, string>> {
  const byDay: Partial<Record<Weekday, string>> = {};
  for (const day of weekdays) {
    const error = errorAt(errors, `hours.${day}`);
    if (error) byDay[day] = `${weekdayLabels[day]}: ${error}`;
  }
  return byDay;
}

/** The fields this form shows a message beside; any other goes in the alert. */
const SHOWN_FIELD =
  /^(kinds\.(IN_PERSON|SELF_GUIDED|VIDEO)\.(lengthMinutes|bufferMinutes|capacity)|hours(\.(mon|tue|wed|thu|fri|sat|sun)(\..+)?)?|exceptions(\.\d+\.(from|to|label|hours)(\..+)?)?|minNoticeMinutes|maxDaysAhead)$/;

/** A NumberInput's value as a number: NaN while the field is empty or half typed. */
const numberOf = (value: number | string) => (typeof value === 'number' ? value : NaN);
const shown = (value: number) => (Number.isNaN(value) ? '' : value);

export type TourAvailabilityFormProps = {
  propertyId: string;
  /** The property's availability as saved, with the zone its times are in. */
  saved: PropertyTourAvailability;
};

/**
 * Settings → Tour availability, for one property (managers and admins): which tour types it offers
 * and how, the hours tours are given in, the days closed or with other hours, and how early and
 * how far ahead tours can be booked.
 */
export function TourAvailabilityForm({ propertyId, saved }: TourAvailabilityFormProps) {
  const [values, setValues] = useState(() => valuesOf(saved.availability));
  const mutation = useUpdateTourAvailability(propertyId);
  const reasonId = useId();
  const serverErrors = toServerFieldErrors(mutation.error);
  const problems = problemsOf(values);
  const errors = { ...serverErrors, ...problems };
  const changed = !sameAvailability(values, saved.availability);
  const disabledReason = !changed
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
  const zone = `${formatZoneName(saved.timeZone)} Time (${saved.timeZone})`;
  const full = values.exceptions.length >= TOUR_EXCEPTIONS_MAX;

  const setKind = (kind: TourKind, change: Partial<TourKindSettings>) =>
    setValues((current) => ({
      ...current,
      kinds: { ...current.kinds, [kind]: { ...current.kinds[kind], ...change } },
    }));
  const setRow = (key: string, change: Partial<ExceptionRow>) =>
    setValues((current) => ({
      ...current,
      exceptions: current.exceptions.map((row) => (row.key === key ? { ...row, ...change } : row)),
    }));

  function handleAddRow() {
    const today = dayToIso(todayIn(saved.timeZone));
    setValues((current) => ({
      ...current,
      exceptions: [
        ...current.exceptions,
        {
          key: nextRowKey(),
          from: today,
          to: today,
          label: '',
          closed: true,
          open: '09:00',
          close: '17:00',
        },
      ],
    }));
  }

  function handleRemoveRow(key: string) {
    setValues((current) => ({
      ...current,
      exceptions: current.exceptions.filter((row) => row.key !== key),
    }));
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (disabledReason) return;
    mutation.mutate(availabilityOf(values), {
      onSuccess: (answer) => {
        setValues(valuesOf(answer.availability));
        notifications.show({ color: 'green', message: 'Tour availability saved' });
      },
    });
  }

  return (
    <form onSubmit={handleSubmit} aria-label="Tour availability" noValidate>
      <Stack gap="lg">
        <Text size="sm" c="dimmed">
          Times are in {zone}.
        </Text>

        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="tour-types-title">
          <Stack gap="md">
            <div>
              <Title order={2} size="h5" id="tour-types-title">
                Tour types
              </Title>
              <Text size="sm" c="dimmed">
                The types turned on are offered in &apos;Schedule tour&apos; and on the booking
                page. Each tour is followed by its buffer before the next one starts.
              </Text>
            </div>
            {tourKinds.map((kind) => {
              const settings = values.kinds[kind];
              const numberProps = (field: NumberField) => ({
                value: shown(settings[field]),
                onChange: (value: number | string) => setKind(kind, { [field]: numberOf(value) }),
                min: KIND_BOUNDS[field].min,
                max: KIND_BOUNDS[field].max,
                allowDecimal: false,
                allowNegative: false,
                error: errors[`kinds.${kind}.${field}`],
              });
              return (
                <Stack
                  key={kind}
                  gap="xs"
                  role="group"
                  aria-label={tourKindLabels[kind]}
                  pt="sm"
                  style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
                >
                  <Switch
                    label={tourKindLabels[kind]}
                    checked={settings.enabled}
                    onChange={(event) => setKind(kind, { enabled: event.currentTarget.checked })}
                    fw={500}
                  />
                  <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
                    <NumberInput label="Length (minutes)" {...numberProps('lengthMinutes')} />
                    <NumberInput label="Buffer after (minutes)" {...numberProps('bufferMinutes')} />
                    <NumberInput label={capacityLabel(kind)} {...numberProps('capacity')} />
                  </SimpleGrid>
                </Stack>
              );
            })}
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="tour-hours-title">
          <Stack gap="sm">
            <Title order={2} size="h5" id="tour-hours-title">
              Hours
            </Title>
            <Radio.Group
              label="When tours are given"
              value={values.ownHours ? 'own' : 'office'}
              onChange={(value) =>
                setValues((current) => ({ ...current, ownHours: value === 'own' }))
              }
              error={values.ownHours ? errors.hours : undefined}
            >
              <Stack gap="xs" mt={6}>
                <Radio value="office" label="Same as the office hours" />
                <Radio value="own" label="Hours of their own" />
              </Stack>
            </Radio.Group>
            {values.ownHours && (
              <WeekHoursFields
                hours={values.hours}
                onChange={(hours) => setValues((current) => ({ ...current, hours }))}
                errors={dayErrorsOf(errors)}
              />
            )}
          </Stack>
        </Paper>

        <Paper
          withBorder
          radius="md"
          p="md"
          component="section"
          aria-labelledby="tour-exceptions-title"
        >
          <Stack gap="sm">
            <div>
              <Title order={2} size="h5" id="tour-exceptions-title">
                Closed days and other hours
              </Title>
              <Text size="sm" c="dimmed">
                A day or a run of days (both included) with no tours, or with other hours than
                usual. Up to {TOUR_EXCEPTIONS_MAX}.
              </Text>
            </div>
            {values.exceptions.length === 0 && (
              <Text size="sm" c="dimmed">
                None: tours follow the hours above every day.
              </Text>
            )}
            {values.exceptions.map((row, index) => {
              const at = `exceptions.${index}`;
              const name = row.label.trim() || `Row ${index + 1}`;
              return (
                <Paper key={row.key} withBorder radius="sm" p="sm" role="group" aria-label={name}>
                  <Stack gap="xs">
                    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" verticalSpacing="xs">
                      <TextInput
                        type="date"
                        label="From"
                        value={row.from}
                        onChange={(event) => setRow(row.key, { from: event.currentTarget.value })}
                        error={errorAt(errors, `${at}.from`)}
                      />
                      <TextInput
                        type="date"
                        label="To"
                        value={row.to}
                        min={row.from || undefined}
                        onChange={(event) => setRow(row.key, { to: event.currentTarget.value })}
                        error={errorAt(errors, `${at}.to`)}
                      />
                      <TextInput
                        label="Label"
                        placeholder="Thanksgiving"
                        value={row.label}
                        maxLength={LABEL_MAX}
                        onChange={(event) => setRow(row.key, { label: event.currentTarget.value })}
                        error={errorAt(errors, `${at}.label`)}
                      />
                    </SimpleGrid>
                    <Group gap="sm" align="flex-end" wrap="wrap" justify="space-between">
                      <Group gap="sm" align="flex-end" wrap="wrap">
                        <Checkbox
                          label="Closed"
                          checked={row.closed}
                          onChange={(event) =>
                            setRow(row.key, { closed: event.currentTarget.checked })
                          }
                          mb={8}
                        />
                        {!row.closed && (
                          <Group gap="xs" align="flex-start" wrap="nowrap">
                            <TextInput
                              type="time"
                              label="Opens"
                              value={row.open}
                              onChange={(event) =>
                                setRow(row.key, { open: event.currentTarget.value })
                              }
                              error={errorAt(errors, `${at}.hours`)}
                              w={128}
                            />
                            <TextInput
                              type="time"
                              label="Closes"
                              value={row.close}
                              onChange={(event) =>
                                setRow(row.key, { close: event.currentTarget.value })
                              }
                              error={errorAt(errors, `${at}.hours`) ? true : undefined}
                              w={128}
                            />
                          </Group>
                        )}
                      </Group>
                      <Button
                        variant="subtle"
                        color="red"
                        size="compact-sm"
                        leftSection={<IconTrash size={14} stroke={1.5} />}
                        onClick={() => handleRemoveRow(row.key)}
                        aria-label={`Remove ${name}`}
                        mb={6}
                      >
                        Remove
                      </Button>
                    </Group>
                  </Stack>
                </Paper>
              );
            })}
            {errors.exceptions && (
              <Text size="sm" c="red">
                {errors.exceptions}
              </Text>
            )}
            <Group gap="sm" wrap="wrap">
              <Button
                variant="default"
                leftSection={<IconPlus size={14} stroke={1.5} />}
                onClick={handleAddRow}
                disabled={full}
                title={full ? `At most ${TOUR_EXCEPTIONS_MAX}` : undefined}
                aria-describedby={full ? `${reasonId}-full` : undefined}
              >
                Add closed days or other hours
              </Button>
              {full && (
                <Text size="sm" c="dimmed" id={`${reasonId}-full`}>
                  At most {TOUR_EXCEPTIONS_MAX}: remove one to add another.
                </Text>
              )}
            </Group>
          </Stack>
        </Paper>

        <Paper
          withBorder
          radius="md"
          p="md"
          component="section"
          aria-labelledby="tour-window-title"
        >
          <Stack gap="sm">
            <Title order={2} size="h5" id="tour-window-title">
              Booking window
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
              <NumberInput
                label="Earliest booking"
                description="Hours ahead of now"
                value={shown(values.noticeHours)}
                onChange={(value) =>
                  setValues((current) => ({ ...current, noticeHours: numberOf(value) }))
                }
                min={NOTICE_HOURS.min}
                max={NOTICE_HOURS.max}
                decimalScale={2}
                allowNegative={false}
                error={errors.minNoticeMinutes}
              />
              <NumberInput
                label="How far ahead"
                description="Days, today counting as the first"
                value={shown(values.maxDaysAhead)}
                onChange={(value) =>
                  setValues((current) => ({ ...current, maxDaysAhead: numberOf(value) }))
                }
                min={DAYS_AHEAD.min}
                max={DAYS_AHEAD.max}
                allowDecimal={false}
                allowNegative={false}
                error={errors.maxDaysAhead}
              />
            </SimpleGrid>
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
              aria-describedby={disabledReason ? reasonId : undefined}
            >
              Save
            </Button>
            {mutation.isError && !unshownServerError && (
              <Text size="sm" c="red" role="alert">
                Not saved: correct the fields marked in red.
              </Text>
            )}
          </Group>
          {disabledReason && (
            <Text size="sm" c="dimmed" id={reasonId}>
              {disabledReason}
            </Text>
          )}
        </Stack>
      </Stack>
    </form>
  );
}
