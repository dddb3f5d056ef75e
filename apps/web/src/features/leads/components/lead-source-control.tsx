import type { Lead } from '@leasing/contract';
import { Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { SourceSelect } from '../../../components/ui/source-select';
import { useLeadSources } from '../api/get-lead-sources';
import { useSetLeadSource } from '../api/set-lead-source';

export type LeadSourceControlProps = {
  lead: Pick<Lead, '_id' | 'propertyID' | 'pmsLeadId' | 'source'>;
  /** Staff choose it; a secure link's visitor only reads it. */
  canEdit: boolean;
};

/** Where the lead came from ('Zillow', 'Walk-in'), chosen from the company's list. */
export function LeadSourceControl({ lead, canEdit }: LeadSourceControlProps) {
  const sources = useLeadSources(canEdit);
  const setSource = useSetLeadSource(lead);

  if (!canEdit) {
    return (
      <Text size="sm" c={lead.source ? undefined : 'dimmed'}>
        {lead.source?.name ?? 'Not known'}
      </Text>
    );
  }

  function handleChange(sourceId: string | null) {
    setSource.mutate(sourceId, {
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });
  }

  return (
    <SourceSelect
      aria-label="Source"
      sources={sources.data?.items}
      value={lead.source}
      onChange={handleChange}
      disabled={setSource.isPending}
      size="xs"
      maw={240}
    />
  );
}
