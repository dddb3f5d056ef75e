import type { Lead } from '@leasing/contract';
import { ActionIcon, Divider, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { memo, useState } from 'react';
import type { CSSProperties, ReactNode } from 'react';
import { formatZoned } from '../../../lib/format-zoned';
import { EditContactDialog } from './edit-contact-dialog';
import { LeadContactFacts } from './lead-contact-facts';
import { LeadSourceControl } from './lead-source-control';
import { LeadNotes } from './lead-notes';

export type ConversationInfoProps = {
  lead: Lead;
  /** The expanded pane leaves the tour time out to give the timeline the room. */
  isExpanded?: boolean;
  /** Staff may correct the name, phone, email and source; a secure link's visitor may not. */
  canEditContact?: boolean;
};

type InfoSectionProps = {
  label: string;
  children: ReactNode;
  style?: CSSProperties;
  /** A control beside the label (e.g. 'Edit contact details'). */
  action?: ReactNode;
};

function InfoSection({ label, children, style, action }: InfoSectionProps) {
  return (
    <section aria-label={label} style={style}>
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={6}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: 0.4 }}>
          {label}
        </Text>
        {action}
      </Group>
      {children}
    </section>
  );
}

function EditContactButton({ onClick }: { onClick: () => void }) {
  return (
    <Tooltip label="Edit contact details" withArrow>
      <ActionIcon variant="subtle" size="sm" aria-label="Edit contact details" onClick={onClick}>
        <IconPencil size={14} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * The 'Conversation info' tab: who the lead is and where they came from, the scheduled tour,
 * notes and contact. Memoized:
 * the pane re-renders as the composer's draft changes.
 */
export const ConversationInfo = memo(function ConversationInfo({
  lead,
  isExpanded = false,
  canEditContact = true,
}: ConversationInfoProps) {
  const [isEditing, setIsEditing] = useState(false);
  const editAction = canEditContact ? (
    <EditContactButton onClick={() => setIsEditing(true)} />
  ) : null;
  // Under the name, on one line: where the lead came from.
  const source = (
    <Group gap="xs" wrap="nowrap" mt={6}>
      <Text size="xs" c="dimmed" fw={600} aria-hidden={canEditContact || undefined}>
        Source
      </Text>
      <LeadSourceControl lead={lead} canEdit={canEditContact} />
    </Group>
  );
  const dialog = canEditContact && (
    <EditContactDialog
      key={`${lead.name}|${lead.phone}|${lead.email}`}
      lead={lead}
      opened={isEditing}
      onClose={() => setIsEditing(false)}
    />
  );
  if (isExpanded) {
    // One row above the full-width timeline.
    return (
      <Group align="flex-start" gap="xl" wrap="nowrap">
        <InfoSection label="Lead" style={{ flex: '0 1 240px', minWidth: 0 }}>
          <Text fw={600}>{lead.name}</Text>
          {source}
        </InfoSection>
        <InfoSection label="Notes" style={{ flex: '1 1 480px', minWidth: 0, maxWidth: 640 }}>
          <LeadNotes lead={lead} isCompact />
        </InfoSection>
        <InfoSection label="Contact" style={{ flex: '0 1 280px', minWidth: 0 }} action={editAction}>
          <LeadContactFacts lead={lead} isCompact />
        </InfoSection>
        {dialog}
      </Group>
    );
  }
  return (
    <Stack gap="lg">
      <InfoSection label="Lead">
        <Text fw={600}>{lead.name}</Text>
        {source}
      </InfoSection>
      {lead.tourDateUTC && !isExpanded && (
        <InfoSection label="Scheduled tour">
          <Text size="sm">{formatZoned(lead.tourDateUTC, lead.propertyTimeZone)}</Text>
        </InfoSection>
      )}
      <InfoSection label="Notes">
        <LeadNotes lead={lead} />
      </InfoSection>
      <Divider />
      <InfoSection label="Contact" action={editAction}>
        <LeadContactFacts lead={lead} />
      </InfoSection>
      {dialog}
    </Stack>
  );
});
