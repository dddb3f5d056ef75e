import type { Lead } from '@leasing/contract';
import { Text, Title } from '@mantine/core';
import { memo } from 'react';
import type { ReactNode } from 'react';
import { LeadStatusControl } from './lead-status-control';
import classes from './lead-header.module.css';
import { TourOutcomePrompt } from './tour-outcome-prompt';

export type LeadHeaderProps = {
  lead: Lead;
  /** Before the name: the way back to the list the lead was opened from. */
  leading?: ReactNode;
  /** At the end of the name's line: next/previous lead in that list. */
  trailing?: ReactNode;
  /** Who works the lead and what can be done about it (the page composes it). */
  ownerControl?: ReactNode;
  /** After the status on the same line: the lights, the follow-up, a completed decision. */
  details?: ReactNode;
  /** Beside the name: who else has the lead open (the app's presence). */
  presence?: ReactNode;
};

/**
 * One line above the conversation: who the lead is (the property under the name), who else has
 * them open, who works them, where they are in the pipeline and what needs attention; it wraps on
 * a narrow pane. A past tour's outcome is asked for beneath. Memoized: the pane re-renders as the
 * composer's draft changes.
 */
export const LeadHeader = memo(function LeadHeader({
  lead,
  leading,
  trailing,
  ownerControl,
  details,
  presence,
}: LeadHeaderProps) {
  return (
    <div className={classes.header}>
      <div className={classes.line}>
        {leading}
        <div className={classes.identity}>
          <Title order={1} size="h4" className={classes.name}>
            {lead.name}
          </Title>
          <Text c="dimmed" size="xs" className={classes.property}>
            {lead.propertyName}
          </Text>
        </div>
        {presence}
        <div className={classes.controls}>
          {ownerControl}
          <LeadStatusControl lead={lead} />
          {details}
        </div>
        {trailing && <div className={classes.trailing}>{trailing}</div>}
      </div>
      <TourOutcomePrompt lead={lead} />
    </div>
  );
});
