import { apiPaths } from '@leasing/contract';
import type { ConversationEvent, Lead } from '@leasing/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '../../../lib/api-client';
import { markLeadReadInInbox } from './live-updates';

/**
 * Marks the lead read for the signed-in user. Best effort, and never a reason to sign anyone out
 * or leave a secure link: a mark that fails only leaves the lead looking unread.
 */
export function markLeadRead(leadID: string): Promise<unknown> {
  return apiRequest(apiPaths.leadRead(leadID), { method: 'POST', skipAuthHandling: true });
}

const isFromLead = (event: ConversationEvent) =>
  event.senderType === 'LEAD' &&
  (event.eventType === 'SMS' || event.eventType === 'EMAIL' || event.eventType === 'CALL');

/**
 * The open lead is read by whoever looks at it: when it opens, and again whenever the lead writes
 * while it is open (the newest inbound message changes). Not a mutation on purpose: the pane's
 * 'Processing...' overlay follows mutations, and this is no work the user asked for.
 */
export function useMarkLeadRead(lead: Pick<Lead, '_id' | 'conversations'>): void {
  const queryClient = useQueryClient();
  const leadId = lead._id;
  const newestInboundId = lead.conversations.find(isFromLead)?._id ?? null;

  useEffect(() => {
    markLeadReadInInbox(queryClient, leadId);
    markLeadRead(leadId).catch(() => undefined);
  }, [queryClient, leadId, newestInboundId]);
}
