import type { Lead } from '@leasing/contract';
import { leadParamsSchema } from '@leasing/contract';
import { Anchor, Group, Paper, Skeleton, Stack, Tabs } from '@mantine/core';
import { useFullscreenElement, useMergedRef } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useIsMutating } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../components/ui/error-state';
import { PortalScope } from '../../../components/ui/portal-scope';
import { ProcessingOverlay } from '../../../components/ui/processing-overlay';
import { paths } from '../../../config/paths';
import { ConversationMoreMenu } from '../../../features/conversations/components/conversation-more-menu';
import { ConversationTimeline } from '../../../features/conversations/components/conversation-timeline';
import { useLead } from '../../../features/leads/api/get-lead';
import { ConversationInfo } from '../../../features/leads/components/conversation-info';
import { LeadHeader } from '../../../features/leads/components/lead-header';
import { ApiRequestError } from '../../../lib/api-client';
import classes from './lead-escalation.module.css';

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
    <div className={classes.page}>
      <Skeleton height={14} width={140} />
      <div className={classes.pane} role="status" aria-label="Loading lead">
        <Skeleton height={30} width="40%" />
        <div className={classes.columns}>
          <Skeleton radius="md" />
          <Skeleton radius="md" />
        </div>
        <ProcessingOverlay visible />
      </div>
    </div>
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
  return <LeadPane lead={leadQuery.data} />;
}

/**
 * The conversation pane: the 'Conversation info' tab beside the CONVERSATIONS panel. It can be
 * expanded over the whole window or put in browser full screen.
 */
function LeadPane({ lead }: { lead: Lead }) {
  const [isExpanded, setIsExpanded] = useState(false);
  const fullscreen = useFullscreenElement<HTMLDivElement>();
  const [paneElement, setPaneElement] = useState<HTMLDivElement | null>(null);
  const paneRef = useMergedRef(fullscreen.ref, setPaneElement);
  // On this page every mutation is work on the pane: saving a note, completing the decision.
  const isWorking = useIsMutating() > 0;

  function handleToggleFullscreen() {
    void fullscreen.toggle();
  }

  function handleToggleExpanded() {
    setIsExpanded((expanded) => !expanded);
  }

  return (
    <div className={classes.page}>
      <BackToDashboardLink propertyId={lead.propertyID} />
      <div ref={paneRef} className={classes.pane} data-expanded={isExpanded || undefined}>
        <PortalScope target={fullscreen.fullscreen ? paneElement : null}>
          <ProcessingOverlay visible={isWorking} />
          <LeadHeader lead={lead} />
          <div className={classes.columns}>
            <Paper withBorder radius="md" className={classes.info}>
              <Tabs
                defaultValue="conversation-info"
                classNames={{ root: classes.tabs, panel: classes.infoBody }}
              >
                <Tabs.List px="md">
                  <Tabs.Tab value="conversation-info">Conversation info</Tabs.Tab>
                </Tabs.List>
                <Tabs.Panel value="conversation-info">
                  <ConversationInfo lead={lead} isExpanded={isExpanded} />
                </Tabs.Panel>
              </Tabs>
            </Paper>
            <Paper
              withBorder
              radius="md"
              component="section"
              aria-label="Conversations"
              className={classes.conversations}
            >
              <div className={classes.conversationsHeader}>
                <span className={classes.conversationsTitle}>CONVERSATIONS</span>
                <ConversationMoreMenu
                  isFullscreen={fullscreen.fullscreen}
                  isExpanded={isExpanded}
                  onToggleFullscreen={handleToggleFullscreen}
                  onToggleExpanded={handleToggleExpanded}
                />
              </div>
              <div className={classes.timeline}>
                <ConversationTimeline
                  leadID={lead._id}
                  recentEvents={lead.conversations}
                  olderCursor={lead.conversationsCursor}
                  officeDecisionStatus={lead.officeDecisionState?.status ?? null}
                />
              </div>
              <div data-testid="composer-slot" className={classes.composerSlot} />
            </Paper>
          </div>
        </PortalScope>
      </div>
    </div>
  );
}

/** The lead's escalation page: the conversation pane of one lead. */
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
