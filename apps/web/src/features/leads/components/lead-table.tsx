import type { LeadSummary } from '@leasing/contract';
import { Anchor, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format-date';
import { formatPhone } from '../../../lib/format-phone';
import { LeadStatusBadges } from './lead-status-badges';

export type LeadTableProps = {
  propertyId: string;
  leads: LeadSummary[];
};

function Missing() {
  return (
    <Text span c="dimmed" size="sm">
      —
    </Text>
  );
}

export function LeadTable({ propertyId, leads }: LeadTableProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Phone</Table.Th>
            <Table.Th>Email</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Last activity</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {leads.map((lead) => (
            <Table.Tr key={lead._id}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={paths.leadEscalation.getHref(propertyId, lead.pmsLeadId)}
                  fw={600}
                  size="sm"
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {lead.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {lead.phone ? (
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatPhone(lead.phone)}
                  </Text>
                ) : (
                  <Missing />
                )}
              </Table.Td>
              <Table.Td>
                {lead.email ? (
                  <Text size="sm" lineClamp={1}>
                    {lead.email}
                  </Text>
                ) : (
                  <Missing />
                )}
              </Table.Td>
              <Table.Td>
                <LeadStatusBadges
                  officeDecisionStatus={lead.officeDecisionStatus}
                  phoneOptStatus={lead.phoneOptStatus}
                  emailOptStatus={lead.emailOptStatus}
                  isEmailBounced={lead.emailBouncedAt !== null}
                />
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(lead.lastActivityAt)}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
