import {
  weekdayLabels,
  weekdays,
  type PropertyOfficeHours,
  type WeekHours,
} from '@leasing/contract';
import {
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import { useUpdatePropertyOfficeHours } from '../api/update-property-office-hours';

const COMPANY_ZONE = '';

const allZones = () =>
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

/** One property's zone and opening hours per weekday. */
export function PropertyHoursForm({
  property,
  companyTimeZone,
}: {
  property: PropertyOfficeHours;
  companyTimeZone: string;
}) {
  const [zone, setZone] = useState(property.ownTimeZone ?? COMPANY_ZONE);
  const [hours, setHours] = useState<WeekHours>(property.hours);
  const mutation = useUpdatePropertyOfficeHours();
  const zones = useMemo(
    () => [
      { value: COMPANY_ZONE, label: `Company's zone (${companyTimeZone.replace(/_/g, ' ')})` },
      ...allZones().map((name) => ({ value: name, label: name.replace(/_/g, ' ') })),
    ],
    [companyTimeZone],
  );
  const invalidDay = weekdays.find((day) => {
    const value = hours[day];
    return value !== null && !(value.open < value.close);
  });
  const noDay = weekdays.every((day) => hours[day] === null);
  const problem = invalidDay
    ? `${weekdayLabels[invalidDay]} must close after it opens`
    : noDay
      ? 'Open the office on at least one day'
      : null;

  const setDay = (day: (typeof weekdays)[number], value: WeekHours[typeof day]) =>
    setHours((current) => ({ ...current, [day]: value }));
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (problem) return;
    mutation.mutate({ propertyId: property.propertyId, timeZone: zone || null, hours });
  };

  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={handleSubmit} aria-label={`Office hours of ${property.name}`}>
        <Stack gap="sm">
          <Title order={3} size="h5">
            {property.name}
          </Title>
          <Select
            label="Time zone"
            data={zones}
            value={zone}
            onChange={(value) => setZone(value ?? COMPANY_ZONE)}
            searchable
            allowDeselect={false}
            maw={360}
          />
          <Stack gap={6}>
            {weekdays.map((day) => {
              const value = hours[day];
              const label = weekdayLabels[day];
              return (
                <Group key={day} gap="xs" wrap="wrap" align="center">
                  <Checkbox
                    w={110}
                    label={label}
                    checked={value !== null}
                    onChange={(event) =>
                      setDay(
                        day,
                        event.currentTarget.checked ? { open: '09:00', close: '18:00' } : null,
                      )
                    }
                  />
                  {value ? (
                    <Group gap="xs" wrap="nowrap">
                      <TextInput
                        type="time"
                        aria-label={`${label} opens`}
                        value={value.open}
                        onChange={(event) =>
                          setDay(day, { ...value, open: event.currentTarget.value })
                        }
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
                        w={128}
                      />
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed">
                      Closed
                    </Text>
                  )}
                </Group>
              );
            })}
          </Stack>
          {problem && (
            <Text size="sm" c="red" id={`hours-problem-${property.propertyId}`}>
              {problem}
            </Text>
          )}
          <Group gap="sm">
            <Button
              type="submit"
              loading={mutation.isPending}
              disabled={problem !== null}
              aria-describedby={problem ? `hours-problem-${property.propertyId}` : undefined}
            >
              Save hours
            </Button>
            {mutation.isSuccess && (
              <Text size="sm" c="teal" role="status">
                Saved.
              </Text>
            )}
            {mutation.isError && (
              <Text size="sm" c="red" role="alert">
                Could not save the hours. Try again.
              </Text>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
