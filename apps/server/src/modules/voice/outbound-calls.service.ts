import type { LeadCall } from '@leasing/contract';
import type { CallRow } from '../../db/schema/index.js';
import { domainEvent } from '../../events/domain-events.js';
import { HttpError } from '../../lib/errors.js';
import { formatPhone, toE164 } from '../../lib/phone-numbers.js';
import { userActor, type Principal } from '../../lib/principal.js';
import { findUserPhone } from '../auth/index.js';
import { findPropertyById } from '../company/index.js';
import { appendTimelineEvent, replaceEventData } from '../conversation/index.js';
import { callSettingsOf } from './voice-settings.service.js';
import { getCompanyLead } from '../lead/index.js';
import { sendingNumberOf } from '../numbers/index.js';
import { applyPlacementFailure, callEventDataOf, hasEnded } from './call-state.js';
import { applyToCall, type TwilioForm, type VoiceDeps } from './inbound-calls.service.js';
import { CallNotPlacedError, type TwilioCalls } from './twilio-calls.provider.js';
import {
  callStatusUrlOf,
  hangupTwiml,
  outboundAnswerUrlOf,
  outboundCallTwiml,
  voiceUrlsOf,
} from './twiml.js';
import {
  attachCallSid,
  findCallById,
  insertCall,
  lockCall,
  updateCall,
} from './voice.repository.js';

export type OutboundCallDeps = VoiceDeps & {
  /** Twilio's Calls API; undefined in the sandbox (no Twilio credentials), where none is placed. */
  calls: TwilioCalls | undefined;
};

/** How long the agent's phone rings: short of where most phones' own voicemail would answer. */
const AGENT_RING_SECONDS = 20;
/** How long the lead's phone rings once the agent picked up (Twilio's default for a <Dial>). */
const LEAD_RING_SECONDS = 30;

/** The call as the API answers it: its CALL event and what it knows. */
export const leadCallOf = (call: CallRow): LeadCall => ({
  callId: call.id,
  eventId: call.timelineEventId,
  leadId: call.leadId,
  data: callEventDataOf(call),
});

export const NO_AGENT_PHONE_MESSAGE = 'Add your phone number in your profile to place calls.';

/** The lead and the three numbers a call needs, or the refusal that says which is missing. */
const placementOf = async (deps: OutboundCallDeps, principal: Principal, leadId: string) => {
  const { db } = deps;
  const lead = await getCompanyLead(db, principal.companyId, leadId);
  if (!deps.calls) {
    throw new HttpError(
      'CALLS_UNAVAILABLE',
      'Calls cannot be placed here: no Twilio account is configured (the sandbox). Simulate a call instead.',
    );
  }
  const agentPhone = await findUserPhone(db, principal.id);
  if (!agentPhone) throw new HttpError('NO_AGENT_PHONE', NO_AGENT_PHONE_MESSAGE);
  const leadPhone = toE164(lead.phone ?? undefined);
  if (!leadPhone) throw new HttpError('NO_LEAD_PHONE', 'This lead has no phone number to call.');
  const property = (await findPropertyById(db, lead.propertyId))!;
  const from = await sendingNumberOf(db, deps.shared, property);
  if (!from) {
    throw new HttpError(
      'NO_PROPERTY_NUMBER',
      `Calls cannot be placed yet: ${property.name} has no phone number to call from. An admin can add one under Settings → Numbers.`,
    );
  }
  return { lead, agentPhone, leadPhone, from, calls: deps.calls };
};

/**
 * Click-to-call: the call is stored, on the lead's timeline as a CALL event by the person placing
 * it (consoles hear of it), then Twilio is asked to ring that person's own phone; once they pick
 * up, Twilio asks `/voice/outbound` to connect them to the lead, and the status callbacks end it
 * as they end a call that came in. A refusal of Twilio's fails the call (502 with its words).
 */
export const placeCall = async (
  deps: OutboundCallDeps,
  principal: Principal,
  leadId: string,
): Promise<LeadCall> => {
  const { lead, agentPhone, leadPhone, from, calls } = await placementOf(deps, principal, leadId);
  const stored = await deps.events.transaction(async (scope) => {
    const startedAt = deps.now();
    const event = await appendTimelineEvent(scope.db, {
      companyId: lead.companyId,
      leadId: lead.id,
      eventType: 'CALL',
      date: startedAt,
      senderType: 'USER',
      senderName: principal.name,
      iconUrl: principal.pictureUrl,
      sentByUserId: principal.id,
      // With the insert: the inbox counts a call the agent placed only once it is answered.
      data: { direction: 'outbound', outcome: null },
    });
    const call = await insertCall(scope.db, {
      companyId: lead.companyId,
      propertyId: lead.propertyId,
      leadId: lead.id,
      timelineEventId: event.id,
      callSid: null,
      direction: 'outbound',
      fromNumber: from,
      toNumber: leadPhone,
      userId: principal.id,
      agentNumber: agentPhone,
      status: 'queued',
      startedAt,
      forwardTo: [],
      ringMode: 'simultaneous',
      ringTimeoutSeconds: LEAD_RING_SECONDS,
    });
    await replaceEventData(scope.db, event.id, callEventDataOf(call));
    scope.record(
      domainEvent('timeline.event_added', {
        companyId: lead.companyId,
        leadId: lead.id,
        timelineEventId: event.id,
        eventType: 'CALL',
      }),
      domainEvent('call.placed', {
        companyId: lead.companyId,
        leadId: lead.id,
        callId: call.id,
        from,
        to: leadPhone,
        actor: userActor(principal),
      }),
    );
    return call;
  });

  try {
    const placed = await calls.placeCall({
      to: agentPhone,
      from,
      url: outboundAnswerUrlOf(deps.publicUrl, stored.id),
      statusCallback: callStatusUrlOf(deps.publicUrl),
      timeoutSeconds: AGENT_RING_SECONDS,
    });
    await attachCallSid(deps.db, stored.id, placed.sid);
  } catch (error) {
    await applyToCall(deps, { id: stored.id }, (call) => applyPlacementFailure(call, deps.now()));
    if (error instanceof CallNotPlacedError) throw new HttpError('CALL_REFUSED', error.message);
    throw error;
  }
  return leadCallOf((await findCallById(deps.db, stored.id))!);
};

/**
 * The agent picked up the call they placed (`/voice/outbound?call=`): the call learns its CallSid
 * if Twilio's answer to the request has not come yet, and the agent is put through to the lead.
 * A call that is over (failed, or Twilio asking again after the lead's leg) only hangs up.
 */
export const receiveOutboundAnswer = async (
  deps: VoiceDeps,
  callId: string,
  form: TwilioForm,
): Promise<string> => {
  const callSid = form.CallSid;
  const call = await deps.events.transaction(async ({ db }) => {
    const locked = await lockCall(db, { id: callId });
    if (!locked || locked.direction !== 'outbound' || !callSid) return undefined;
    // Another call's request naming this one (the URL of a call we did not make for it).
    if (locked.callSid && locked.callSid !== callSid) return undefined;
    if (hasEnded(locked) || locked.outcome) return locked;
    return updateCall(db, locked.id, {
      callSid,
      status: form.CallStatus ?? 'in-progress',
    });
  });
  if (!call || hasEnded(call) || call.outcome) return hangupTwiml();
  const lead = await getCompanyLead(deps.db, call.companyId, call.leadId);
  const { recordOutboundCalls } = await callSettingsOf(deps.db, call.companyId);
  return outboundCallTwiml(
    call,
    lead.name.trim() || formatPhone(call.toNumber),
    voiceUrlsOf(deps.publicUrl),
    { record: recordOutboundCalls },
  );
};
