import {
  weekdayLabels,
  weekdays,
  type DayHours,
  type Weekday,
  type WeekHours,
} from '@leasing/contract';
import { Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { useId } from 'react';

/** The hours a day gets when it is ticked open. */
const OPENED_DAY = { open: '09:00', close: '18:00' };

/** The first day that closes before it opens, if any. */
export const invalidDayOf = (hours: WeekHours): Weekday | undefined =>
  weekdays.find((day) => {
    const value = hours[day];
    return value !== null && !(value.open < value.close);
  });

/** Open on no day of the week. */
export const isClosedAllWeek = (hours: WeekHours) => weekdays.every((day) => hours[day] === null);

export type WeekHoursFieldsProps = {
  hours: WeekHours;
  onChange: (hours: WeekHours) => void;
  /** What is wrong with a day, written under it and joined to its fields. */
  errors?: Partial<Record<Weekday, string>>;
};

/**
 * A week's opening hours, Monday first: a box per day and, when open, its opening and closing
 * times. Used by the office hours and by the hours a property gives tours in.
 */
export function WeekHoursFields({ hours, onChange, errors = {} }: WeekHoursFieldsProps) {
  const errorIdPrefix = useId();
  const setDay = (day: Weekday, value: DayHours) => onChange({ ...hours, [day]: value });

  return (
    <Stack gap={6}>
      {weekdays.map((day) => {
        const value = hours[day];
        const label = weekdayLabels[day];
        const error = errors[day];
        const errorId = error ? `${errorIdPrefix}-${day}` : undefined;
        return (
          <div key={day}>
            <Group gap="xs" wrap="wrap" align="center">
              <Checkbox
                w={110}
                label={label}
                checked={value !== null}
                onChange={(event) => setDay(day, event.currentTarget.checked ? OPENED_DAY : null)}
                aria-describedby={errorId}
              />
              {value ? (
                <Group gap="xs" wrap="nowrap">
                  <TextInput
                    type="time"
                    aria-label={`${label} opens`}
                    value={value.open}
                    onChange={(event) => setDay(day, { ...value, open: event.currentTarget.value })}
                    aria-describedby={errorId}
                    aria-invalid={error ? true : undefined}
                    w={128}
                  />
                  <Text size="sm" aria-hidden>
                    –
                  </Text>
                  <TextInput
                    type="time"
                    aria-label={`${label} closes`}
                    value={value.close}
                    onChange={(event) =>
                      setDay(day, { ...value, close: event.currentTarget.value })
                    }
                    aria-describedby={errorId}
                    aria-invalid={error ? true : undefined}
                    w={128}
                  />
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  Closed
                </Text>
              )}
            </Group>
            {error && (
              <Text size="sm" c="red" id={errorId}>
                {error}
              </Text>
            )}
          </div>
        );
      })}
    </Stack>
  );
}
