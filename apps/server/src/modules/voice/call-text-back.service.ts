import { TEXT_BACK_LINK_FIELD } from '@leasing/contract';
import type { CallRow } from '../../db/schema/index.js';
import type { RecordingScope } from '../../events/event-port.js';
import type { Clock } from '../../lib/clock.js';
import { findPropertyById } from '../company/index.js';
import { canTextLead, getCompanyLead } from '../lead/index.js';
import { insertAndEnqueue, type QueueDeps } from '../messaging/index.js';
import { bookingLinkOf } from '../tours/index.js';
import { updateCall } from './voice.repository.js';
import { voiceSettingsOf } from './voice-settings.service.js';

export type TextBackDeps = QueueDeps & { publicUrl: string; now: Clock };

/** What the timeline names the missed-call text by. */
export const TEXT_BACK_SENDER_NAME = 'Missed-call text';

/**
 * The missed-call text of a call nobody answered, decided once: in the transaction that locked
 * the call, its text (when the property sends one and the caller can be texted) is stored and
 * queued, and the call row says what was decided, so no later callback decides again (the text's
 * idempotency key backs that up). The text leaves now through the send window, as every
 * automatic text does: the opt-out register is read again as it leaves, and quiet hours hold it
 * to the lead's next allowed time.
 */
export const decideTextBack = async (
  deps: TextBackDeps,
  scope: RecordingScope,
  call: CallRow,
): Promise<CallRow> => {
  const property = await findPropertyById(scope.db, call.propertyId);
  const settings = await voiceSettingsOf(scope.db, property!);
  if (!settings.textBack) return updateCall(scope.db, call.id, { textBack: 'off' });
  const lead = await getCompanyLead(scope.db, call.companyId, call.leadId);
  if (!(await canTextLead(scope.db, lead)))
    return updateCall(scope.db, call.id, { textBack: 'cannot_text' });
  const link = await bookingLinkOf(scope.db, deps.publicUrl, lead);
  const sent = await insertAndEnqueue(
    deps,
    scope,
    lead,
    {
      eventType: 'SMS',
      body: settings.textBackMessage.replaceAll(TEXT_BACK_LINK_FIELD, link),
      senderType: 'SYSTEM',
      senderName: TEXT_BACK_SENDER_NAME,
      data: { callId: call.id },
    },
    {
      actor: { kind: 'system' },
      idempotencyKey: `call-text-back:${call.id}`,
      quietHours: 'send-window',
      // The caller writing first makes the text moot: it is then cancelled.
      schedule: { at: deps.now(), keepIfLeadReplies: false },
    },
  );
  return updateCall(scope.db, call.id, { textBack: 'sent', textBackEventId: sent._id });
};
