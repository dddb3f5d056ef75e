import { weekdayLabels, type PropertyOfficeHours, type WeekHours } from '@leasing/contract';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState, type FormEvent } from 'react';
import {
  invalidDayOf,
  isClosedAllWeek,
  WeekHoursFields,
} from '../../../components/ui/week-hours-fields';
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
  const invalidDay = invalidDayOf(hours);
  const noDay = isClosedAllWeek(hours);
  const problem = invalidDay
    ? `${weekdayLabels[invalidDay]} must close after it opens`
    : noDay
      ? 'Open the office on at least one day'
      : null;

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
          <WeekHoursFields hours={hours} onChange={setHours} />
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
