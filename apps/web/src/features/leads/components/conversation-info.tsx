import type { Lead } from '@leasing/contract';
import { Divider, Group, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format-date';
import { LeadContactFacts } from './lead-contact-facts';
import { LeadNotes } from './lead-notes';

export type ConversationInfoProps = {
  lead: Lead;
  /** The expanded pane leaves the tour time out to give the timeline the room. */
  isExpanded?: boolean;
};

type InfoSectionProps = { label: string; children: ReactNode; style?: CSSProperties };

function InfoSection({ label, children, style }: InfoSectionProps) {
  return (
    <section aria-label={label} style={style}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb={6} style={{ letterSpacing: 0.4 }}>
        {label}
      </Text>
      {children}
    </section>
  );
}

/**
 * The 'Conversation info' tab: who the lead is, the scheduled tour, notes and contact. Memoized:
 * the pane re-renders as the composer's draft changes.
 */
export const ConversationInfo = memo(function ConversationInfo({
  lead,
  isExpanded = false,
}: ConversationInfoProps) {
  if (isExpanded) {
    // One row above the full-width timeline.
    return (
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <InfoSection label="Lead" style={{ flex: '0 1 220px', minWidth: 0 }}>
          <Text fw={600}>{lead.name}</Text>
        </InfoSection>
        <InfoSection label="Notes" style={{ flex: '1 1 480px', minWidth: 0, maxWidth: 640 }}>
          <LeadNotes lead={lead} isCompact />
        </InfoSection>
        <InfoSection label="Contact" style={{ flex: '0 1 280px', minWidth: 0 }}>
          <LeadContactFacts lead={lead} isCompact />
        </InfoSection>
      </Group>
    );
  }
  return (
    <Stack gap="lg">
      <InfoSection label="Lead">
        <Text fw={600}>{lead.name}</Text>
      </InfoSection>
      {lead.tourDateUTC && !isExpanded && (
        <InfoSection label="Scheduled tour">
          <Text size="sm">
            {formatDateTime(lead.tourDateUTC, { timeZone: lead.companyTimeZone, showZone: true })}
          </Text>
        </InfoSection>
      )}
      <InfoSection label="Notes">
        <LeadNotes lead={lead} />
      </InfoSection>
      <Divider />
      <InfoSection label="Contact">
        <LeadContactFacts lead={lead} />
      </InfoSection>
    </Stack>
  );
});
