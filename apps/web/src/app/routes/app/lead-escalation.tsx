import type { ConversationEvent, InboxItem, Lead } from '@leasing/contract';
import { leadParamsSchema } from '@leasing/contract';
import { Anchor, Group, Paper, SegmentedControl, Skeleton, Stack, Tabs } from '@mantine/core';
import { useFullscreenElement, useMediaQuery, useMergedRef } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import type { Mutation } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { notifications } from '@mantine/notifications';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { z } from 'zod';
import { ErrorState } from '../../../components/ui/error-state';
import { PortalScope } from '../../../components/ui/portal-scope';
import { ProcessingOverlay } from '../../../components/ui/processing-overlay';
import { paths } from '../../../config/paths';
import { useUser } from '../../../features/auth/api/get-user';
import { SEND_MESSAGE_MUTATION_KEY } from '../../../features/composer/api/send-message-key';
import { MessageComposer } from '../../../features/composer/components/message-composer';
import { leadLocalZone } from '../../../features/composer/utils/send-later-choices';
import { useCancelScheduledMessage } from '../../../features/conversations/api/cancel-scheduled-message';
import { useEditScheduledMessage } from '../../../features/conversations/api/edit-scheduled-message';
import { useSendScheduledNow } from '../../../features/conversations/api/send-scheduled-now';
import type { ScheduledMessageActions } from '../../../features/conversations/components/scheduled-message-note';
import { useComposer } from '../../../features/composer/hooks/use-composer';
import { useServerDraft } from '../../../features/composer/hooks/use-server-draft';
import { LeadPresence } from '../../../features/presence/components/lead-presence';
import { useTypingSignal, useViewingLead } from '../../../features/presence/hooks/use-presence';
import { ConversationMoreMenu } from '../../../features/conversations/components/conversation-more-menu';
import { ConversationTimeline } from '../../../features/conversations/components/conversation-timeline';
import {
  RETRY_MESSAGE_MUTATION_KEY,
  useRetryMessage,
} from '../../../features/conversations/api/retry-message';
import { useMarkLeadRead } from '../../../features/inbox/api/mark-lead-read';
import { InboxSidebar } from '../../../features/inbox/components/inbox-sidebar';
import { LeadStepper } from '../../../features/inbox/components/lead-stepper';
import { useLeadNeighbors } from '../../../features/inbox/hooks/use-lead-neighbors';
import {
  dashboardSearchOf,
  inboxLinkSearch,
  readLeadQueue,
} from '../../../features/inbox/utils/inbox-url-params';
import { renderRowPresence } from '../../../features/presence/components/row-presence';
import { useProperties } from '../../../features/properties/api/get-properties';
import { useLead } from '../../../features/leads/api/get-lead';
import { useNewEvents } from '../../../features/live/hooks/use-new-events';
import { CREATE_PAYMENT_LINK_MUTATION_KEY } from '../../../features/payment-links/api/create-payment-link';
import { PaymentLinkDialog } from '../../../features/payment-links/components/payment-link-dialog';
import { A2pBanner } from '../../../features/leads/components/a2p-banner';
import { CompleteDecisionPrompt } from '../../../features/leads/components/complete-decision-prompt';
import { ConversationInfo } from '../../../features/leads/components/conversation-info';
import { LeadHeader } from '../../../features/leads/components/lead-header';
import { NotesDialog } from '../../../features/leads/components/notes-dialog';
import { useAssignLead } from '../../../features/owners/api/assign-lead';
import { OwnerControl } from '../../../features/owners/components/owner-control';
import { reassignBlockedReason } from '../../../features/owners/utils/owner-label';
import { useShortcut } from '../../../features/shortcuts/hooks/use-shortcut';
import { LeadLightBadges } from '../../../components/ui/lead-lights';
import { FollowUpMenu } from '../../../features/follow-ups/components/follow-up-menu';
import { ShareLinkDialog } from '../../../features/secure-access/components/share-link-dialog';
import { TemplatePicker } from '../../../features/templates/components/template-picker';
import type { FilledTemplateWithFiles } from '../../../features/templates/api/render-template';
import { ApiRequestError } from '../../../lib/api-client';
import { addConversationEvents } from '../../../lib/conversation-cache/conversation-cache';
import classes from './lead-escalation.module.css';

function BackToDashboardLink({ href }: { href: string }) {
  return (
    <div>
      <Anchor component={Link} to={href} size="sm" c="dimmed">
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

type LeadPageProps = {
  /** Where 'Back to dashboard' goes: the inbox the lead was opened from. */
  backHref?: string;
  /** Next/previous lead in that inbox, beside the way back. */
  queueNavigation?: ReactNode;
  propertyId: string;
  /** The lead's id in the property-management system, as the pane's URL names it. */
  pmsLeadId: string;
  /** Opened from a secure link: no way back to the dashboard, no new links. */
  isSecureAccess?: boolean;
};

/** The lead's pane once loaded; the secure-access page shows it too. */
export function LeadPage({
  propertyId,
  pmsLeadId,
  isSecureAccess = false,
  backHref = paths.dashboard.getHref(propertyId),
  queueNavigation,
}: LeadPageProps) {
  const leadQuery = useLead(propertyId, pmsLeadId);

  function handleRetry() {
    void leadQuery.refetch();
  }

  if (leadQuery.isPending) return <LeadPageSkeleton />;
  if (leadQuery.isError) {
    return (
      <Stack gap="md">
        {!isSecureAccess && (
          <div className={classes.topBar}>
            <BackToDashboardLink href={backHref} />
            {queueNavigation}
          </div>
        )}
        <Paper withBorder radius="md">
          <LeadLoadError error={leadQuery.error} onRetry={handleRetry} />
        </Paper>
      </Stack>
    );
  }
  // Keyed: another lead starts with its own draft, mode and reply.
  return (
    <LeadPane
      key={leadQuery.data._id}
      lead={leadQuery.data}
      isSecureAccess={isSecureAccess}
      backHref={backHref}
      queueNavigation={queueNavigation}
    />
  );
}

/** Sending shows on its own button; everything else done on the pane covers it. */
const SENDING_MUTATION_KEYS: unknown[] = [
  SEND_MESSAGE_MUTATION_KEY,
  RETRY_MESSAGE_MUTATION_KEY,
  CREATE_PAYMENT_LINK_MUTATION_KEY,
];

function isPaneWork(mutation: Mutation<unknown, Error, unknown, unknown>) {
  return !SENDING_MUTATION_KEYS.includes(mutation.options.mutationKey?.[0]);
}

/**
 * The conversation pane: the 'Conversation info' tab beside the CONVERSATIONS panel. It can be
 * expanded over the whole window or put in browser full screen.
 */
/** Below Mantine's `md` breakpoint the pane's two columns do not fit side by side. */
const NARROW_MEDIA_QUERY = '(max-width: 62em)';
type NarrowView = 'conversation' | 'info';
const narrowViewOptions = [
  { value: 'conversation', label: 'Conversations' },
  { value: 'info', label: 'Conversation info' },
];

type LeadPaneProps = {
  lead: Lead;
  isSecureAccess: boolean;
  backHref: string;
  queueNavigation?: ReactNode;
};

function LeadPane({ lead, isSecureAccess, backHref, queueNavigation }: LeadPaneProps) {
  const [isExpanded, setIsExpanded] = useState(false);
  // A phone shows the conversation first; who the lead is and who works them are a tap away.
  const isNarrow = useMediaQuery(NARROW_MEDIA_QUERY) ?? false;
  const [narrowView, setNarrowView] = useState<NarrowView>('conversation');
  const [toolsEndSlot, setToolsEndSlot] = useState<HTMLDivElement | null>(null);
  const fullscreen = useFullscreenElement<HTMLDivElement>();
  const [paneElement, setPaneElement] = useState<HTMLDivElement | null>(null);
  const paneRef = useMergedRef(fullscreen.ref, setPaneElement);
  // Saving a note, completing the decision: work on the pane.
  const isWorking = useIsMutating({ predicate: isPaneWork }) > 0;
  const composer = useComposer(lead);
  const userQuery = useUser();
  const queryClient = useQueryClient();
  const newEvents = useNewEvents(lead._id);
  useMarkLeadRead(lead);
  // Memoized: the header is, and the composer's draft re-renders the pane on every keystroke.
  const me = userQuery.data;
  const ownerControl = useMemo(
    () => (isSecureAccess ? undefined : <OwnerControl lead={lead} me={me} />),
    [isSecureAccess, lead, me],
  );
  const presence = useMemo(
    () => (isSecureAccess ? null : <LeadPresence leadID={lead._id} />),
    [isSecureAccess, lead._id],
  );
  const [isDecisionPromptOpen, setIsDecisionPromptOpen] = useState(false);
  const [isShareLinkOpen, setIsShareLinkOpen] = useState(false);
  const [isPaymentLinkOpen, setIsPaymentLinkOpen] = useState(false);
  const [isTemplatePickerOpen, setIsTemplatePickerOpen] = useState(false);
  const [reviewRequests, setReviewRequests] = useState(0);
  // A secure link's visitor is no colleague: no presence, and no draft kept for them.
  useViewingLead(isSecureAccess ? null : lead._id);
  const typing = useTypingSignal(lead._id);
  useServerDraft(lead._id, composer, !isSecureAccess);
  const [isNotesOpen, setIsNotesOpen] = useState(false);
  const [isFollowUpOpen, setIsFollowUpOpen] = useState(false);
  const composerSlotRef = useRef<HTMLDivElement>(null);
  const isDecisionOpen = lead.officeDecisionState?.status === 'PENDING';
  const assign = useAssignLead(lead);
  const canTakeLead =
    !isSecureAccess &&
    me !== undefined &&
    !(lead.owner.kind === 'user' && lead.owner.userId === me._id) &&
    reassignBlockedReason(lead.owner, me) === null;

  useShortcut(
    'a',
    () => {
      if (me) assign.mutate({ owner: { kind: 'user', userId: me._id }, name: me.name });
    },
    { description: 'Assign the lead to me', enabled: canTakeLead },
  );

  // Opening a lead is opening it to reply: the keyboard starts in the message. Not on a touch
  // screen, whose keyboard would cover the timeline, nor in a secure link's frame (the host page
  // keeps its focus).
  const leadId = lead._id;
  useEffect(() => {
    if (isSecureAccess || window.matchMedia?.('(pointer: coarse)').matches) return;
    composerSlotRef.current?.querySelector('textarea')?.focus({ preventScroll: true });
  }, [leadId, isSecureAccess]);

  useShortcut('r', () => composerSlotRef.current?.querySelector('textarea')?.focus(), {
    description: 'Reply to the lead',
  });
  useShortcut('n', () => setIsNotesOpen(true), {
    description: 'Add a note',
    enabled: !isSecureAccess,
  });
  useShortcut('f', () => setIsFollowUpOpen(true), {
    description: 'Set a follow-up',
    enabled: !isSecureAccess,
  });
  useShortcut('e', () => setIsDecisionPromptOpen(true), {
    description: 'Complete the decision',
    enabled: isDecisionOpen,
  });

  /** The message just sent shows at once, before the socket brings it. */
  function handleSent(event: ConversationEvent) {
    addConversationEvents(queryClient, lead, [event]);
    // A scheduled message has not been sent yet: the decision can wait for it.
    if (event.sendingStatus === 'SCHEDULED') return;
    const decision = lead.officeDecisionState;
    if (decision && decision.status !== 'COMPLETED') setIsDecisionPromptOpen(true);
  }

  const leadZone = leadLocalZone(lead, { timeZone: lead.propertyTimeZone });
  const editScheduled = useEditScheduledMessage(lead);
  const cancelScheduled = useCancelScheduledMessage(lead);
  const sendScheduledNow = useSendScheduledNow(lead);
  const pendingScheduleId = editScheduled.isPending
    ? editScheduled.variables.messageID
    : cancelScheduled.isPending
      ? cancelScheduled.variables
      : sendScheduledNow.isPending
        ? sendScheduledNow.variables
        : null;
  const { mutateAsync: editAsync } = editScheduled;
  const { mutate: cancelMutate } = cancelScheduled;
  const { mutate: sendNowMutate } = sendScheduledNow;
  // Stable between changes: every timeline row gets it, and the rows are memoized.
  const scheduledActions = useMemo<ScheduledMessageActions>(() => {
    const onError = (title: string) => (error: Error) =>
      notifications.show({ color: 'red', title, message: error.message });
    return {
      leadZone,
      pendingId: pendingScheduleId,
      onEdit: (event, change) =>
        editAsync({ messageID: event._id, change }).catch((error: Error) => {
          onError('Could not change the scheduled message')(error);
          throw error;
        }),
      onCancel: (event) =>
        cancelMutate(event._id, { onError: onError('Could not cancel the scheduled message') }),
      onSendNow: (event) =>
        sendNowMutate(event._id, { onError: onError('Could not send the message now') }),
    };
  }, [leadZone, pendingScheduleId, editAsync, cancelMutate, sendNowMutate]);

  const retry = useRetryMessage(lead);
  const retryMutate = retry.mutate;
  // Stable: every timeline row gets it, and the rows are memoized.
  const handleRetry = useCallback(
    (failed: ConversationEvent) => {
      retryMutate(failed, {
        onError: (error) =>
          notifications.show({ color: 'red', title: 'Could not retry', message: error.message }),
      });
    },
    [retryMutate],
  );
  const canEmail = composer.modes.unavailable.EMAIL === null;
  const writeEmail = composer.writeEmail;
  const handleSendByEmailInstead = useCallback(
    (failed: ConversationEvent) => {
      writeEmail(failed.body ?? '');
      // The subject is what the email still needs.
      requestAnimationFrame(() =>
        composerSlotRef.current
          ?.querySelector<HTMLInputElement>('input[aria-label="Subject"]')
          ?.focus(),
      );
    },
    [writeEmail],
  );

  function handleCloseNotes() {
    setIsNotesOpen(false);
  }

  function handleCloseDecisionPrompt() {
    setIsDecisionPromptOpen(false);
  }

  function handleSendBySms() {
    composer.selectMode('SMS');
  }

  function handleSendByEmail() {
    composer.selectMode('EMAIL');
  }

  function handleToggleFullscreen() {
    void fullscreen.toggle();
  }

  function handleOpenShareLink() {
    setIsShareLinkOpen(true);
  }

  function handleCloseShareLink() {
    setIsShareLinkOpen(false);
  }

  function handleOpenPaymentLink() {
    setIsPaymentLinkOpen(true);
  }

  function handleClosePaymentLink() {
    setIsPaymentLinkOpen(false);
  }

  /** The message carrying the link and its 'sent' event join the timeline as a sent message does. */
  function handlePaymentLinkSent(events: ConversationEvent[]) {
    addConversationEvents(queryClient, lead, events);
  }

  /** Rendered at once, inside the key's event: the keys typed after '/' reach the picker's search. */
  function handleOpenTemplates() {
    flushSync(() => setIsTemplatePickerOpen(true));
  }

  /** Back to the message, with the caret after its text (a template's, when one was chosen). */
  function handleCloseTemplates() {
    setIsTemplatePickerOpen(false);
    requestAnimationFrame(() => {
      const textarea = composerSlotRef.current?.querySelector('textarea');
      textarea?.focus();
      textarea?.setSelectionRange(textarea.value.length, textarea.value.length);
    });
  }

  function handlePickTemplate(template: FilledTemplateWithFiles) {
    composer.applyTemplate(template);
  }

  function handleReview() {
    setReviewRequests((count) => count + 1);
  }

  function handleNarrowViewChange(value: string) {
    setNarrowView(value === 'info' ? 'info' : 'conversation');
  }

  function handleToggleExpanded() {
    setIsExpanded((expanded) => !expanded);
  }

  const conversationInfo = (
    <ConversationInfo lead={lead} isExpanded={isExpanded} canEditContact={!isSecureAccess} />
  );

  // In the panel's header on a wide screen; on a narrow one, where every line counts, at the end of
  // the timeline's tool row (the 'Conversations' switch above names the panel there).
  const moreMenu = (
    <ConversationMoreMenu
      isFullscreen={fullscreen.fullscreen}
      isExpanded={isExpanded}
      onToggleFullscreen={handleToggleFullscreen}
      onToggleExpanded={handleToggleExpanded}
      sendMode={composer.mode}
      canSendBySms={composer.modes.unavailable.SMS === null}
      canSendByEmail={composer.modes.unavailable.EMAIL === null}
      onSendBySms={handleSendBySms}
      onSendByEmail={handleSendByEmail}
      onRequestPayment={isSecureAccess ? undefined : handleOpenPaymentLink}
      onShareLink={isSecureAccess ? undefined : handleOpenShareLink}
    />
  );

  return (
    <div className={classes.page}>
      {!isSecureAccess && (
        <div className={classes.topBar}>
          <BackToDashboardLink href={backHref} />
          {queueNavigation}
        </div>
      )}
      <div ref={paneRef} className={classes.pane} data-expanded={isExpanded || undefined}>
        <PortalScope target={fullscreen.fullscreen ? paneElement : null}>
          <ProcessingOverlay visible={isWorking} />
          <LeadHeader
            lead={lead}
            ownerControl={isNarrow ? undefined : ownerControl}
            presence={presence}
          />
          {isNarrow && (
            <SegmentedControl
              fullWidth
              value={narrowView}
              onChange={handleNarrowViewChange}
              data={narrowViewOptions}
              aria-label="Show"
            />
          )}
          {(!isNarrow || narrowView === 'info') && (
            <>
              {isNarrow && ownerControl}
              {me?.role === 'admin' && lead.propertyA2pUnregisteredAt && (
                <A2pBanner
                  propertyName={lead.propertyName}
                  since={lead.propertyA2pUnregisteredAt}
                />
              )}
              <Group gap="xs" pb="xs" wrap="wrap" aria-label="Lights" role="group">
                <LeadLightBadges
                  lights={lead.lights}
                  followUpAt={lead.followUpAt}
                  timeZone={lead.propertyTimeZone}
                  now={new Date()}
                />
                <FollowUpMenu
                  leadId={lead._id}
                  leadName={lead.name}
                  followUpAt={lead.followUpAt}
                  timeZone={lead.propertyTimeZone}
                  opened={isFollowUpOpen}
                  onOpenedChange={setIsFollowUpOpen}
                />
              </Group>
            </>
          )}
          <div className={classes.columns} data-narrow-view={isNarrow ? narrowView : undefined}>
            {(!isNarrow || narrowView === 'info') && (
              <Paper
                withBorder
                radius="md"
                className={classes.info}
                // On a narrow screen the switch above is its tab: a second one would repeat it.
                component={isNarrow ? 'section' : 'div'}
                aria-label={isNarrow ? 'Conversation info' : undefined}
              >
                {isNarrow ? (
                  <div className={classes.infoBody}>{conversationInfo}</div>
                ) : (
                  <Tabs
                    defaultValue="conversation-info"
                    classNames={{ root: classes.tabs, panel: classes.infoBody }}
                  >
                    <Tabs.List px="md">
                      <Tabs.Tab value="conversation-info">Conversation info</Tabs.Tab>
                    </Tabs.List>
                    <Tabs.Panel value="conversation-info">{conversationInfo}</Tabs.Panel>
                  </Tabs>
                )}
              </Paper>
            )}
            <Paper
              withBorder
              radius="md"
              component="section"
              aria-label="Conversations"
              className={classes.conversations}
            >
              {!isNarrow && (
                <div className={classes.conversationsHeader}>
                  <span className={classes.conversationsTitle}>CONVERSATIONS</span>
                  {moreMenu}
                </div>
              )}
              <div className={classes.timeline}>
                <ConversationTimeline
                  leadID={lead._id}
                  recentEvents={lead.conversations}
                  olderCursor={lead.conversationsCursor}
                  propertyTimeZone={lead.propertyTimeZone}
                  officeDecisionStatus={lead.officeDecisionState?.status ?? null}
                  selectedReplyId={composer.replyTo?._id ?? null}
                  onEmailClick={composer.canReply ? composer.toggleReply : undefined}
                  onRetry={isSecureAccess ? undefined : handleRetry}
                  retryingId={retry.isPending ? retry.variables._id : null}
                  onSendByEmail={canEmail ? handleSendByEmailInstead : undefined}
                  scheduledActions={isSecureAccess ? undefined : scheduledActions}
                  isCatchingUp={newEvents.isCatchingUp}
                  newEventCount={newEvents.count}
                  onNewEventsSeen={newEvents.dismiss}
                  scrollToEndRequests={reviewRequests}
                  toolsEndRef={isNarrow ? setToolsEndSlot : undefined}
                />
                {isNarrow && toolsEndSlot && createPortal(moreMenu, toolsEndSlot)}
              </div>
              <div
                ref={composerSlotRef}
                data-testid="composer-slot"
                className={classes.composerSlot}
              >
                <MessageComposer
                  composer={composer}
                  lead={lead}
                  leadTimeZone={leadZone}
                  sender={userQuery.data ?? null}
                  onSent={handleSent}
                  onTyping={isSecureAccess ? undefined : typing.typed}
                  onTypingStopped={isSecureAccess ? undefined : typing.stopped}
                  onReview={handleReview}
                  onOpenTemplates={isSecureAccess ? undefined : handleOpenTemplates}
                />
              </div>
            </Paper>
          </div>
          <CompleteDecisionPrompt
            lead={lead}
            opened={isDecisionPromptOpen}
            onClose={handleCloseDecisionPrompt}
          />
          <NotesDialog lead={lead} opened={isNotesOpen} onClose={handleCloseNotes} />
          <ShareLinkDialog
            leadID={lead._id}
            leadName={lead.name}
            opened={isShareLinkOpen}
            onClose={handleCloseShareLink}
          />
          {!isSecureAccess && composer.mode !== null && (
            <TemplatePicker
              opened={isTemplatePickerOpen}
              leadId={lead._id}
              channel={composer.mode}
              onClose={handleCloseTemplates}
              onPick={handlePickTemplate}
            />
          )}
          <PaymentLinkDialog
            lead={lead}
            opened={isPaymentLinkOpen}
            onClose={handleClosePaymentLink}
            onSent={handlePaymentLinkSent}
          />
        </PortalScope>
      </div>
    </div>
  );
}

/**
 * The pane's route params. The API's lead params call the PMS id `leadId`; here it is named for
 * what it is, beside the lead's UUID (`lead._id`), with the same rules.
 */
export const leadPaneParamsSchema = z.object({
  propertyId: leadParamsSchema.shape.propertyId,
  pmsLeadId: leadParamsSchema.shape.leadId,
});

/** The lead's escalation page: the conversation pane of one lead. */
export function LeadEscalationRoute() {
  const params = leadPaneParamsSchema.safeParse(useParams());
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
  return <LeadWorkspace propertyId={params.data.propertyId} pmsLeadId={params.data.pmsLeadId} />;
}

/** Wide enough for the inbox beside the lead (Mantine's `xl` breakpoint is 88em; this is 80em). */
const SPLIT_MEDIA_QUERY = '(min-width: 80em)';

/**
 * The lead in the queue it was opened from: that inbox (scope, search, filters) on the left on a
 * wide screen, next/previous lead above the pane, and 'Back to dashboard' to the same list.
 */
function LeadWorkspace({ propertyId, pmsLeadId }: { propertyId: string; pmsLeadId: string }) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queue = readLeadQueue(searchParams, propertyId);
  const linkSearch = inboxLinkSearch(queue);
  const isSplit = useMediaQuery(SPLIT_MEDIA_QUERY) ?? false;
  const neighbors = useLeadNeighbors(queue, { propertyId, pmsLeadId });
  const propertiesQuery = useProperties();
  const scopeLabel = queue.propertyId
    ? (propertiesQuery.data?.find((property) => property._id === queue.propertyId)?.name ??
      'One property')
    : 'All properties';

  function openLead(item: InboxItem) {
    void navigate(`${paths.leadEscalation.getHref(item.propertyID, item.pmsLeadId)}${linkSearch}`);
  }

  function handleNext() {
    if (neighbors.nextBlockedReason) return;
    void neighbors.findNext().then((item) => item && openLead(item));
  }

  function handlePrevious() {
    if (!neighbors.previousBlockedReason && neighbors.previous) openLead(neighbors.previous);
  }

  useShortcut('j', handleNext, { description: 'Next lead' });
  useShortcut('k', handlePrevious, { description: 'Previous lead' });

  const backHref = `${paths.dashboard.getHref()}${dashboardSearchOf(queue)}`;
  return (
    <div className={classes.workspace} data-split={isSplit || undefined}>
      {isSplit && (
        <aside className={classes.sidebar} aria-label="Inbox">
          <InboxSidebar
            params={queue}
            scopeLabel={scopeLabel}
            linkSearch={linkSearch}
            fullInboxHref={backHref}
            currentLeadId={neighbors.current?._id ?? null}
            renderRowPresence={renderRowPresence}
          />
        </aside>
      )}
      <LeadPage
        propertyId={propertyId}
        pmsLeadId={pmsLeadId}
        backHref={backHref}
        queueNavigation={
          <LeadStepper
            neighbors={neighbors}
            onPrevious={handlePrevious}
            onNext={handleNext}
            keys={{ previous: 'k', next: 'j' }}
          />
        }
      />
    </div>
  );
}
