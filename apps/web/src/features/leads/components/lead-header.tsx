import type { Lead } from '@leasing/contract';
import { Group, Stack, Text, Title } from '@mantine/core';
import { memo } from 'react';
import type { ReactNode } from 'react';
import { LeadStatusControl } from './lead-status-control';
import { OfficeDecisionControl } from './office-decision-control';
import classes from './lead-header.module.css';
import { TourOutcomePrompt } from './tour-outcome-prompt';

export type LeadHeaderProps = {
  lead: Lead;
  /** Who works the lead and what can be done about it (the page composes it). */
  ownerControl?: ReactNode;
  /** Beside the name: who else has the lead open (the app's presence). */
  presence?: ReactNode;
};

/**
 * Who the lead is, who else has them open, where they are in the pipeline, who works them, and
 * the office decision waiting on them; a past tour's outcome is asked for beneath. Memoized: the
 * pane re-renders as the composer's draft changes.
 */
export const LeadHeader = memo(function LeadHeader({
  lead,
  ownerControl,
  presence,
}: LeadHeaderProps) {
  return (
    <Stack gap="xs" className={classes.header}>
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Group
          gap="md"
          align="baseline"
          wrap="wrap"
          style={{ minWidth: 0 }}
          className={classes.identity}
        >
          <Title order={1} size="h3" className={classes.name}>
            {lead.name}
          </Title>
          <Text c="dimmed" size="sm">
            {lead.propertyName}
          </Text>
          {presence}
        </Group>
        <Group gap="sm" wrap="wrap" className={classes.actions}>
          <LeadStatusControl lead={lead} />
          <OfficeDecisionControl lead={lead} />
        </Group>
      </Group>
      {ownerControl}
      <TourOutcomePrompt lead={lead} />
    </Stack>
  );
});
