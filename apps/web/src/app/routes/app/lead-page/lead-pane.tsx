import type { ConversationEvent, Lead } from '@leasing/contract';
import { useDisclosure, useFullscreenElement, useMergedRef } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { PortalScope } from '../../../../components/ui/portal-scope';
import { ProcessingOverlay } from '../../../../components/ui/processing-overlay';
import { paths } from '../../../../config/paths';
import { useUser } from '../../../../features/auth/api/get-user';
import { MyPhoneDialog } from '../../../../features/auth/components/my-phone-dialog';
import { canLeadTeam } from '../../../../features/auth/utils/authorization';
import { CallLeadControl } from '../../../../features/calls/components/call-lead-control';
import { useCallLead } from '../../../../features/calls/hooks/use-call-lead';
import { callInProgress, onCallSentence } from '../../../../features/calls/utils/call-in-progress';
import { useComposer } from '../../../../features/composer/hooks/use-composer';
import { useComposerFocus } from '../../../../features/composer/hooks/use-composer-focus';
import { useServerDraft } from '../../../../features/composer/hooks/use-server-draft';
import { leadLocalZone } from '../../../../features/composer/utils/send-later-choices';
import { ConversationMoreMenu } from '../../../../features/conversations/components/conversation-more-menu';
import { useScheduledMessageActions } from '../../../../features/conversations/hooks/use-scheduled-message-actions';
import { useMarkLeadRead } from '../../../../features/inbox/api/mark-lead-read';
import { A2pBanner } from '../../../../features/leads/components/a2p-banner';
import { CompleteDecisionPrompt } from '../../../../features/leads/components/complete-decision-prompt';
import { LeadHeader } from '../../../../features/leads/components/lead-header';
import { OfficeDecisionControl } from '../../../../features/leads/components/office-decision-control';
import { NotesDialog } from '../../../../features/leads/components/notes-dialog';
import { OwnerControl } from '../../../../features/owners/components/owner-control';
import { useRemoteConfig } from '../../../../features/config/api/get-remote-config';
import { PaymentLinkDialog } from '../../../../features/payment-links/components/payment-link-dialog';
import { ScheduleTourDialog } from '../../../../features/tours/components/schedule-tour-dialog';
import {
  bookingLinkMessage,
  getBookingLink,
} from '../../../../features/tours/api/get-booking-link';
import { paymentRequestAccess } from '../../../../features/payment-links/utils/payments-off';
import { LeadPresence } from '../../../../features/presence/components/lead-presence';
import { useViewingLead } from '../../../../features/presence/hooks/use-presence';
import { ShareLinkDialog } from '../../../../features/secure-access/components/share-link-dialog';
import type { FilledTemplateWithFiles } from '../../../../features/templates/api/render-template';
import { TemplatePicker } from '../../../../features/templates/components/template-picker';
import { addConversationEvents } from '../../../../lib/conversation-cache/conversation-cache';
import { ConversationsPanel } from './conversations-panel';
import { LeadInfoPanel } from './lead-info-panel';
import { LeadLights } from './lead-lights';
import classes from './lead-page.module.css';
import { LeadBackLink } from './lead-top-bar';
import { NarrowViewSwitch, useIsNarrowPane } from './narrow-view-switch';
import type { NarrowView } from './narrow-view-switch';
import { SendNowQuietHoursModal } from './send-now-quiet-hours-modal';
import { useIsPaneWorking } from './use-is-pane-working';
import { useLeadPaneShortcuts } from './use-lead-pane-shortcuts';

export type LeadPaneProps = {
  lead: Lead;
  isSecureAccess: boolean;
  backHref: string;
  queueNavigation?: ReactNode;
};

/**
 * The conversation pane: the 'Conversation info' tab beside the CONVERSATIONS panel. It can be
 * expanded over the whole window or put in browser full screen.
 */
export function LeadPane({ lead, isSecureAccess, backHref, queueNavigation }: LeadPaneProps) {
  const [isExpanded, setIsExpanded] = useState(false);
  // A phone shows the conversation first; who the lead is and who works them are a tap away.
  const isNarrow = useIsNarrowPane();
  const [narrowView, setNarrowView] = useState<NarrowView>('conversation');
  const fullscreen = useFullscreenElement<HTMLDivElement>();
  const [paneElement, setPaneElement] = useState<HTMLDivElement | null>(null);
  const paneRef = useMergedRef(fullscreen.ref, setPaneElement);
  const isWorking = useIsPaneWorking();
  const composer = useComposer(lead);
  const userQuery = useUser();
  const queryClient = useQueryClient();
  useMarkLeadRead(lead);
  // Memoized: the header is, and the composer's draft re-renders the pane on every keystroke.
  const me = userQuery.data;
  const ownerControl = useMemo(
    () => (isSecureAccess ? undefined : <OwnerControl lead={lead} me={me} />),
    [isSecureAccess, lead, me],
  );
  const call = callInProgress(lead.conversations);
  const onCall = call ? onCallSentence(call, me?.name) : null;
  const presence = useMemo(
    () => (isSecureAccess ? null : <LeadPresence leadID={lead._id} onCall={onCall} />),
    [isSecureAccess, lead._id, onCall],
  );
  const [isDecisionPromptOpen, decisionPrompt] = useDisclosure(false);
  const [isShareLinkOpen, shareLink] = useDisclosure(false);
  const [isPaymentLinkOpen, paymentLink] = useDisclosure(false);
  const [isScheduleTourOpen, scheduleTour] = useDisclosure(false);
  const [isTemplatePickerOpen, templatePicker] = useDisclosure(false);
  const [isNotesOpen, notes] = useDisclosure(false);
  const [isFollowUpOpen, followUp] = useDisclosure(false);
  const [isMyPhoneOpen, myPhone] = useDisclosure(false);
  // 'Call' refused for want of one's own phone offers the dialog that sets it.
  const remoteConfig = useRemoteConfig().data;
  const callLead = useCallLead(lead, { onAddPhone: myPhone.open, calls: remoteConfig?.calls });
  // A secure link's visitor is no colleague: no presence, and no draft kept for them.
  useViewingLead(isSecureAccess ? null : lead._id);
  useServerDraft(lead._id, composer, !isSecureAccess);
  const {
    slotRef: composerSlotRef,
    focusMessage,
    focusMessageEnd,
    focusSubject,
  } = useComposerFocus();
  useLeadPaneShortcuts({
    lead,
    me,
    isSecureAccess,
    onReply: () => focusMessage(),
    onAddNote: notes.open,
    onSetFollowUp: followUp.open,
    onCompleteDecision: decisionPrompt.open,
    onCall: callLead.start,
  });

  // Opening a lead is opening it to reply: the keyboard starts in the message. Not on a touch
  // screen, whose keyboard would cover the timeline, nor in a secure link's frame (the host page
  // keeps its focus).
  const leadId = lead._id;
  useEffect(() => {
    if (isSecureAccess || window.matchMedia?.('(pointer: coarse)').matches) return;
    focusMessage({ preventScroll: true });
  }, [leadId, isSecureAccess, focusMessage]);

  /** The message just sent shows at once, before the socket brings it. */
  function handleSent(event: ConversationEvent) {
    addConversationEvents(queryClient, lead, [event]);
    // A scheduled message has not been sent yet: the decision can wait for it.
    if (event.sendingStatus === 'SCHEDULED') return;
    const decision = lead.officeDecisionState;
    if (decision && decision.status !== 'COMPLETED') decisionPrompt.open();
  }

  const paymentsState = remoteConfig?.payments ?? 'on';
  const paymentRequest = isSecureAccess
    ? ({ kind: 'hidden' } as const)
    : paymentRequestAccess(paymentsState, me?.role);

  const leadZone = leadLocalZone(lead, { timeZone: lead.propertyTimeZone });
  const scheduled = useScheduledMessageActions(lead, leadZone);
  const canEmail = composer.modes.unavailable.EMAIL === null;
  const writeEmail = composer.writeEmail;
  const handleSendByEmailInstead = useCallback(
    (failed: ConversationEvent) => {
      writeEmail(failed.body ?? '');
      // The subject is what the email still needs.
      focusSubject();
    },
    [writeEmail, focusSubject],
  );

  function handleSendBySms() {
    composer.selectMode('SMS');
  }

  function handleSendByEmail() {
    composer.selectMode('EMAIL');
  }

  function handleToggleFullscreen() {
    void fullscreen.toggle();
  }

  /** The message carrying the link and its 'sent' event join the timeline as a sent message does. */
  function handlePaymentLinkSent(events: ConversationEvent[]) {
    addConversationEvents(queryClient, lead, events);
  }

  /** Rendered at once, inside the key's event: the keys typed after '/' reach the picker's search. */
  function handleOpenTemplates() {
    flushSync(() => templatePicker.open());
  }

  /** Back to the message, with the caret after its text (a template's, when one was chosen). */
  function handleCloseTemplates() {
    templatePicker.close();
    focusMessageEnd();
  }

  /**
   * 'Send booking link': the lead's own booking page link in the message, after what is written,
   * to read and send like any text.
   */
  async function handleSendBookingLink() {
    try {
      const { url } = await getBookingLink(lead._id);
      // Once is enough: a second press finds it already in the message.
      if (composer.text.includes(url)) {
        focusMessageEnd();
        return;
      }
      const firstName = lead.name?.trim().split(/\s+/)[0] ?? null;
      const message = bookingLinkMessage(url, composer.text.trim() ? null : firstName);
      composer.setText(composer.text.trim() ? `${composer.text.trimEnd()} ${message}` : message);
      focusMessageEnd();
    } catch {
      notifications.show({
        color: 'red',
        message: 'The booking link could not be made. Please try again.',
      });
    }
  }

  function handlePickTemplate(template: FilledTemplateWithFiles) {
    composer.applyTemplate(template);
  }

  function handleToggleExpanded() {
    setIsExpanded((expanded) => !expanded);
  }

  const moreMenu = (
    <ConversationMoreMenu
      isFullscreen={fullscreen.fullscreen}
      isExpanded={isExpanded}
      onToggleFullscreen={handleToggleFullscreen}
      onToggleExpanded={handleToggleExpanded}
      sendMode={composer.mode}
      canSendBySms={composer.modes.unavailable.SMS === null}
      canSendByEmail={canEmail}
      onSendBySms={handleSendBySms}
      onSendByEmail={handleSendByEmail}
      onRequestPayment={paymentRequest.kind === 'offered' ? paymentLink.open : undefined}
      requestPaymentDisabledReason={
        paymentRequest.kind === 'disabled' ? paymentRequest.reason : undefined
      }
      onShareLink={isSecureAccess ? undefined : shareLink.open}
      onScheduleTour={isSecureAccess ? undefined : scheduleTour.open}
      onSendBookingLink={
        isSecureAccess || composer.modes.unavailable.SMS !== null
          ? undefined
          : () => void handleSendBookingLink()
      }
    />
  );
  // A secure link's visitor is no colleague with a phone to ring.
  const actions = (
    <>
      {!isSecureAccess && <CallLeadControl lead={lead} callLead={callLead} isCompact={isNarrow} />}
      {moreMenu}
    </>
  );
  const isInfoShown = !isNarrow || narrowView === 'info';
  const lights = (
    <LeadLights lead={lead} isFollowUpOpen={isFollowUpOpen} onFollowUpOpenChange={followUp.set} />
  );
  // An open decision waits on the conversation's own bar, its question in view; a completed one
  // (with its minute of 'Undo') stays on the lead's line.
  const isDecisionCompleted = lead.officeDecisionState?.status === 'COMPLETED';

  return (
    <div className={classes.page}>
      <div ref={paneRef} className={classes.pane} data-expanded={isExpanded || undefined}>
        <PortalScope target={fullscreen.fullscreen ? paneElement : null}>
          <ProcessingOverlay visible={isWorking} />
          <LeadHeader
            lead={lead}
            leading={isSecureAccess ? undefined : <LeadBackLink backHref={backHref} />}
            trailing={isSecureAccess ? undefined : queueNavigation}
            ownerControl={isNarrow ? undefined : ownerControl}
            presence={presence}
            details={
              <>
                {/* On a phone too, whichever tab shows: what needs attention stays in view. */}
                {lights}
                {isDecisionCompleted && <OfficeDecisionControl lead={lead} />}
              </>
            }
          />
          {isNarrow && <NarrowViewSwitch value={narrowView} onChange={setNarrowView} />}
          {isInfoShown && (
            <>
              {isNarrow && ownerControl}
              {me?.role === 'admin' && lead.propertyA2pUnregisteredAt && (
                <A2pBanner
                  propertyName={lead.propertyName}
                  since={lead.propertyA2pUnregisteredAt}
                />
              )}
            </>
          )}
          <div className={classes.columns} data-narrow-view={isNarrow ? narrowView : undefined}>
            {isInfoShown && (
              <LeadInfoPanel
                lead={lead}
                isNarrow={isNarrow}
                isExpanded={isExpanded}
                canEditContact={!isSecureAccess}
              />
            )}
            <ConversationsPanel
              lead={lead}
              composer={composer}
              composerSlotRef={composerSlotRef}
              leadZone={leadZone}
              sender={me ?? null}
              isNarrow={isNarrow}
              isSecureAccess={isSecureAccess}
              actions={actions}
              scheduledActions={scheduled.actions}
              onSent={handleSent}
              onSendByEmailInstead={canEmail ? handleSendByEmailInstead : undefined}
              onOpenTemplates={handleOpenTemplates}
            />
          </div>
          <CompleteDecisionPrompt
            lead={lead}
            opened={isDecisionPromptOpen}
            onClose={decisionPrompt.close}
          />
          <NotesDialog lead={lead} opened={isNotesOpen} onClose={notes.close} />
          <ShareLinkDialog
            leadID={lead._id}
            leadName={lead.name}
            opened={isShareLinkOpen}
            onClose={shareLink.close}
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
          <SendNowQuietHoursModal
            question={scheduled.sendNowQuietHours}
            isSending={scheduled.isAnsweringSendNow}
            onClose={scheduled.dismissSendNowQuietHours}
            onSchedule={scheduled.scheduleForAllowedHours}
            onSendNow={scheduled.sendNowAnyway}
          />
          <PaymentLinkDialog
            lead={lead}
            opened={isPaymentLinkOpen}
            onClose={paymentLink.close}
            onSent={handlePaymentLinkSent}
          />
          {!isSecureAccess && <MyPhoneDialog opened={isMyPhoneOpen} onClose={myPhone.close} />}
          {!isSecureAccess && (
            <ScheduleTourDialog
              lead={lead}
              availabilityHref={
                canLeadTeam(me?.role) ? paths.tourAvailability.getHref(lead.propertyID) : undefined
              }
              opened={isScheduleTourOpen}
              onClose={scheduleTour.close}
            />
          )}
        </PortalScope>
      </div>
    </div>
  );
}
