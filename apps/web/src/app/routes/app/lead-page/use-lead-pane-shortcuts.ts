import type { Lead, User } from '@leasing/contract';
import { useTakeLead } from '../../../../features/owners/hooks/use-take-lead';
import { useShortcut } from '../../../../features/shortcuts/hooks/use-shortcut';

export type LeadPaneShortcuts = {
  lead: Pick<Lead, '_id' | 'propertyID' | 'pmsLeadId' | 'owner' | 'officeDecisionState'>;
  me: Pick<User, '_id' | 'name' | 'role'> | undefined;
  /** A secure link's visitor only replies. */
  isSecureAccess: boolean;
  onReply: () => void;
  onAddNote: () => void;
  onSetFollowUp: () => void;
  onCompleteDecision: () => void;
  /** 'Call' (in the sandbox, 'Simulate a call'). */
  onCall: () => void;
};

/**
 * The pane's keys: `a` takes the lead, `r` replies, `n` notes, `f` follows up, `e` decides, `c`
 * calls.
 */
export function useLeadPaneShortcuts({
  lead,
  me,
  isSecureAccess,
  onReply,
  onAddNote,
  onSetFollowUp,
  onCompleteDecision,
  onCall,
}: LeadPaneShortcuts) {
  const takeLead = useTakeLead(lead, me);
  useShortcut('a', takeLead.take, {
    description: 'Assign the lead to me',
    enabled: !isSecureAccess && takeLead.canTake,
  });
  useShortcut('r', onReply, { description: 'Reply to the lead' });
  useShortcut('n', onAddNote, { description: 'Add a note', enabled: !isSecureAccess });
  useShortcut('f', onSetFollowUp, { description: 'Set a follow-up', enabled: !isSecureAccess });
  useShortcut('e', onCompleteDecision, {
    description: 'Complete the decision',
    enabled: lead.officeDecisionState?.status === 'PENDING',
  });
  useShortcut('c', onCall, { description: 'Call the lead', enabled: !isSecureAccess });
}
