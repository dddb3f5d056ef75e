import { Select, Stack, Text, TextInput } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { formatZoneName } from '../../../lib/format-date';
import type { ReportParams } from '../utils/report-params';
import { formatDays, rangeChoiceLabels, rangeChoices, rangeProblem } from '../utils/report-range';
import type { RangeChoice, ReportDays } from '../utils/report-range';
import classes from './reports.module.css';

const RANGE_OPTIONS = rangeChoices.map((value) => ({ value, label: rangeChoiceLabels[value] }));
const ALL_PROPERTIES = 'all';

export type ReportRangeBarProps = {
  params: ReportParams;
  /** The days the report counts (a preset's, on the company's calendar). */
  days: ReportDays;
  /** The zone the days are counted in: the company's once the server has said which. */
  timeZone: string;
  properties: { value: string; label: string }[];
  /** The properties could not be listed: the filter says so instead of offering none. */
  propertiesError: boolean;
  onChange: (changes: Partial<ReportParams>) => void;
};

/** The report's days and property: each change goes into the URL, so Back and reload keep it. */
export function ReportRangeBar({
  params,
  days,
  timeZone,
  properties,
  propertiesError,
  onChange,
}: ReportRangeBarProps) {
  const problem = params.range === 'custom' ? rangeProblem(days) : null;

  function handleRange(value: string | null) {
    const range = (value ?? 'last_30_days') as RangeChoice;
    // Custom starts from the days shown, for the person to move from there.
    onChange(range === 'custom' ? { range, from: days.from, to: days.to } : { range });
  }

  function handleFrom(event: ChangeEvent<HTMLInputElement>) {
    if (event.currentTarget.value) onChange({ range: 'custom', from: event.currentTarget.value });
  }

  function handleTo(event: ChangeEvent<HTMLInputElement>) {
    if (event.currentTarget.value) onChange({ range: 'custom', to: event.currentTarget.value });
  }

  function handleProperty(value: string | null) {
    onChange({ propertyId: value && value !== ALL_PROPERTIES ? value : null });
  }

  return (
    <Stack gap={4} role="group" aria-label="Report range and property">
      <div className={classes.controls}>
        <Select
          label="Range"
          data={RANGE_OPTIONS}
          value={params.range}
          onChange={handleRange}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        {params.range === 'custom' && (
          <>
            <TextInput type="date" label="From" value={days.from} onChange={handleFrom} required />
            <TextInput
              type="date"
              label="To"
              value={days.to}
              onChange={handleTo}
              required
              error={problem ?? undefined}
            />
          </>
        )}
        <Select
          label="Property"
          data={[{ value: ALL_PROPERTIES, label: 'All properties' }, ...properties]}
          value={params.propertyId ?? ALL_PROPERTIES}
          onChange={handleProperty}
          allowDeselect={false}
          searchable
          error={propertiesError ? 'Could not list the properties' : undefined}
          comboboxProps={{ withinPortal: true }}
        />
      </div>
      <Text size="sm" c="dimmed">
        {formatDays(days, { withYear: true })} · days in {formatZoneName(timeZone)} time
      </Text>
    </Stack>
  );
}
