import { leadParamsSchema } from '@leasing/contract';
import { Anchor, Grid, Group, Paper, Skeleton, Stack, Tabs } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { paths } from '../../../config/paths';
import { ApiRequestError } from '../../../lib/api-client';
import { useLead } from '../../../features/leads/api/get-lead';
import { ConversationInfo } from '../../../features/leads/components/conversation-info';
import { LeadContactFacts } from '../../../features/leads/components/lead-contact-facts';
import { LeadHeader } from '../../../features/leads/components/lead-header';

function BackToDashboardLink({ propertyId }: { propertyId?: string }) {
  return (
    <div>
      <Anchor component={Link} to={paths.dashboard.getHref(propertyId)} size="sm" c="dimmed">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} stroke={1.75} aria-hidden />
          Back to dashboard
        </Group>
      </Anchor>
    </div>
  );
}

function LeadPageSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label="Loading lead">
      <Stack gap="xs">
        <Skeleton height={14} width={140} />
        <Skeleton height={30} width="40%" />
        <Skeleton height={14} width="25%" />
      </Stack>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Skeleton height={180} radius="md" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Skeleton height={260} radius="md" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** Retrying cannot help a lead that is not there or not ours: those say what to do instead. */
function LeadLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const status = error instanceof ApiRequestError ? error.status : 0;
  if (status === 403) {
    return (
      <ErrorState
        title="This lead is not available to you"
        message="It belongs to a property outside your company. Open your leads from the dashboard."
      />
    );
  }
  if (status === 404) {
    return (
      <ErrorState
        title="Lead not found"
        message="It may have been removed, or the link is incomplete. Open the lead from the dashboard."
      />
    );
  }
  return <ErrorState title="Could not load this lead" message={error.message} onRetry={onRetry} />;
}

function LeadPage({ propertyId, leadId }: { propertyId: string; leadId: string }) {
  const leadQuery = useLead(propertyId, leadId);

  function handleRetry() {
    void leadQuery.refetch();
  }

  if (leadQuery.isPending) return <LeadPageSkeleton />;
  if (leadQuery.isError) {
    return (
      <Stack gap="md">
        <BackToDashboardLink />
        <Paper withBorder radius="md">
          <LeadLoadError error={leadQuery.error} onRetry={handleRetry} />
        </Paper>
      </Stack>
    );
  }

  const lead = leadQuery.data;
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <BackToDashboardLink propertyId={lead.propertyID} />
        <LeadHeader lead={lead} />
      </Stack>
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <LeadContactFacts lead={lead} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Paper withBorder radius="md">
            <Tabs defaultValue="conversation-info">
              <Tabs.List px="md">
                <Tabs.Tab value="conversation-info">Conversation info</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="conversation-info" p="md">
                <ConversationInfo lead={lead} />
              </Tabs.Panel>
            </Tabs>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** The lead's escalation page: who the lead is now; the conversation pane joins the tabs later. */
export function LeadEscalationRoute() {
  const params = leadParamsSchema.safeParse(useParams());
  if (!params.success) {
    return (
      <Paper withBorder radius="md">
        <ErrorState
          title="This lead link is not valid"
          message="Open the lead from the dashboard."
        />
      </Paper>
    );
  }
  return <LeadPage propertyId={params.data.propertyId} leadId={params.data.leadId} />;
}
