import type { ConsentRecord, Lead } from '@leasing/contract';
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDateTime, formatTime } from '../../../lib/format-date';
import { formatPhone } from '../../../lib/format-phone';
import { formatZoned } from '../../../lib/format-zoned';
import { useMinuteClock } from '../hooks/use-minute-clock';
import { consentLine } from '../utils/consent-line';
import { OptStatusBadge } from './opt-status-badge';

export type LeadContactFactsProps = {
  lead: Lead;
  /** Phone and email only, for the expanded pane's one-row info. */
  isCompact?: boolean;
};

type FactProps = {
  label: string;
  value: string | null;
  badge?: ReactNode;
  /** Under the value: what is wrong with it. */
  note?: ReactNode;
};

function Fact({ label, value, badge, note }: FactProps) {
  return (
    <div>
      <Group gap="xs" justify="space-between" wrap="nowrap" mb={2}>
        <Text size="xs" c="dimmed" fw={600}>
          {label}
        </Text>
        {badge}
      </Group>
      <Text size="sm" c={value ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
        {value ?? 'Not given'}
      </Text>
      {note}
    </div>
  );
}

/** When and how the lead last opted in or out of the channel (the full time on hover). */
function ConsentNote({ record }: { record: ConsentRecord | null }) {
  if (!record) return null;
  return (
    <Text
      size="xs"
      c={record.status === 'OPT_OUT' ? 'red.8' : 'dimmed'}
      mt={2}
      title={formatDateTime(record.at)}
    >
      {consentLine(record)}
    </Text>
  );
}

function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en-US'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Where the lead's zone came from: quiet hours are counted in it. */
const zoneSources: Record<Lead['timeZone']['source'], string> = {
  integration: 'Time zone from the property-management system',
  'area-code': "Time zone from the phone's area code",
  property: "The property's time zone",
};

/** How to reach the lead, and whether they allow it. */
export function LeadContactFacts({ lead, isCompact = false }: LeadContactFactsProps) {
  const now = useMinuteClock();
  return (
    <Stack gap={isCompact ? 6 : 'sm'}>
      <Fact
        label="Phone"
        value={lead.phone && formatPhone(lead.phone)}
        badge={<OptStatusBadge channel="SMS" status={lead.phoneOptStatus} />}
        note={!isCompact && <ConsentNote record={lead.consent.sms} />}
      />
      <Fact
        label="Email"
        value={lead.email}
        badge={<OptStatusBadge channel="Email" status={lead.emailOptStatus} />}
        note={
          <>
            {!isCompact && <ConsentNote record={lead.consent.email} />}
            {lead.emailBouncedAt && (
              <Badge
                color="red"
                variant="light"
                size="sm"
                mt={4}
                title={`Mail to this address bounced on ${formatDateTime(lead.emailBouncedAt)}`}
              >
                Email bounced
              </Badge>
            )}
          </>
        }
      />
      {!isCompact && (
        <Fact
          label="Local time"
          // Their clock: the zone is named even when it is the viewer's.
          value={formatZoned(now, lead.timeZone.zone, { layout: formatTime, alwaysNameZone: true })}
          note={
            <Text size="xs" c="dimmed" mt={2} title={lead.timeZone.zone}>
              {zoneSources[lead.timeZone.source]}
            </Text>
          }
        />
      )}
      {!isCompact && lead.preferredLanguage && (
        <Fact label="Preferred language" value={languageName(lead.preferredLanguage)} />
      )}
      {!isCompact && <Fact label="Lead ID" value={lead.pmsLeadId} />}
    </Stack>
  );
}
