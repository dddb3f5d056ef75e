import type { Lead, TourOutcome } from '@leasing/contract';
import { tourOutcomeLabels } from '@leasing/contract';
import { Button, Group, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarQuestion } from '@tabler/icons-react';
import { formatZoned } from '../../../lib/format-zoned';
import { useRecordTourOutcome } from '../api/record-tour-outcome';

export type TourOutcomePromptProps = {
  lead: Pick<
    Lead,
    '_id' | 'propertyID' | 'pmsLeadId' | 'tourDateUTC' | 'tourOutcomePending' | 'propertyTimeZone'
  >;
};

/** A tour's time has passed and nobody said how it went: 'Toured' or 'No-show'. */
export function TourOutcomePrompt({ lead }: TourOutcomePromptProps) {
  const recordOutcome = useRecordTourOutcome(lead);
  if (!lead.tourOutcomePending) return null;

  function handleOutcome(outcome: TourOutcome) {
    recordOutcome.mutate(outcome, {
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });
  }

  return (
    <Paper
      withBorder
      radius="md"
      px="md"
      py="xs"
      bg="violet.0"
      role="region"
      aria-label="Tour outcome"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconCalendarQuestion size={18} stroke={1.75} aria-hidden />
          <Text size="sm">
            How did the tour
            {lead.tourDateUTC
              ? ` on ${formatZoned(lead.tourDateUTC, lead.propertyTimeZone)}`
              : ''}{' '}
            go?
          </Text>
        </Group>
        <Group gap="xs">
          {(['TOURED', 'NO_SHOW'] as const).map((outcome) => (
            <Button
              key={outcome}
              size="xs"
              variant={outcome === 'TOURED' ? 'filled' : 'default'}
              onClick={() => handleOutcome(outcome)}
              loading={recordOutcome.isPending && recordOutcome.variables === outcome}
              disabled={recordOutcome.isPending}
            >
              {tourOutcomeLabels[outcome]}
            </Button>
          ))}
        </Group>
      </Group>
    </Paper>
  );
}
