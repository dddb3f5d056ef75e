import { randomBytes } from 'node:crypto';
import type { LeadCall, SimulatedCallOutcome } from '@leasing/contract';
import { HttpError } from '../../lib/errors.js';
import { toE164 } from '../../lib/phone-numbers.js';
import type { Principal } from '../../lib/principal.js';
import { findPropertyById } from '../company/index.js';
import { getCompanyLead } from '../lead/index.js';
import { sendingNumberOf } from '../numbers/index.js';
import { legCountOf } from './call-state.js';
import {
  receiveCall,
  receiveCallStatus,
  receiveDialResult,
  receiveRecording,
  receiveTranscription,
  receiveWhisper,
  type TwilioForm,
} from './inbound-calls.service.js';
import { leadCallOf, type OutboundCallDeps } from './outbound-calls.service.js';
import { findCallById, findCallBySid } from './voice.repository.js';

/*
 * The sandbox's simulated calls: without Twilio, a call from the lead's phone to the number the
 * lead is texted from goes through the very functions Twilio's webhooks call, with the parameters
 * Twilio would post, so its CALL event, outcome, transcript and missed-call text are a real call's.
 */

/** The account the simulated callbacks name (no real one exists in the sandbox). */
const SANDBOX_ACCOUNT_SID = `AC${'0'.repeat(32)}`;

/** How long the simulated calls last, in seconds. */
const TALK_SECONDS = 95;
const CALL_SECONDS = { answered: 112, missed: 38, voicemail: 61 } as const;
const VOICEMAIL_SECONDS = 14;

const twilioSid = (prefix: 'CA' | 'RE' | 'TR') => `${prefix}${randomBytes(16).toString('hex')}`;

/** What the simulated caller says after the tone. */
export const sampleVoicemail = (leadName: string) => {
  const [first = ''] = leadName.trim().split(/\s+/);
  const hello = /\p{L}/u.test(first) ? `Hi, this is ${first}.` : 'Hi.';
  return `${hello} I saw the two-bedroom online and wanted to ask if it is still available. Please call me back.`;
};

/**
 * A call from the lead, ending as asked: someone at the office answers (the first forwarding
 * number, when there is one), nobody does and the caller hangs up, or the caller leaves a
 * voicemail (with its transcript). Refused where Twilio is configured: calls are real there.
 */
export const simulateCall = async (
  deps: OutboundCallDeps,
  principal: Principal,
  leadId: string,
  outcome: SimulatedCallOutcome,
): Promise<LeadCall> => {
  if (deps.calls) throw new HttpError('NOT_FOUND', 'Simulated calls are for the sandbox only.');
  const lead = await getCompanyLead(deps.db, principal.companyId, leadId);
  const from = toE164(lead.phone ?? undefined);
  if (!from) throw new HttpError('NO_LEAD_PHONE', 'This lead has no phone number to call from.');
  const property = (await findPropertyById(deps.db, lead.propertyId))!;
  const to = await sendingNumberOf(deps.db, deps.shared, property);
  if (!to) {
    throw new HttpError(
      'NO_PROPERTY_NUMBER',
      `${property.name} has no phone number to call. An admin can add one under Settings → Numbers.`,
    );
  }

  const callSid = twilioSid('CA');
  const about = (fields: TwilioForm): TwilioForm => ({
    AccountSid: SANDBOX_ACCOUNT_SID,
    ApiVersion: '2010-04-01',
    CallSid: callSid,
    ...fields,
  });
  await receiveCall(
    deps,
    about({
      CallStatus: 'ringing',
      Direction: 'inbound',
      From: from,
      To: to,
      Caller: from,
      Called: to,
    }),
    { fallbackLeadId: lead.id },
  );
  const call = await findCallBySid(deps.db, callSid);
  if (!call) throw new Error(`the simulated call ${callSid} was not stored`);

  const dialResult = (leg: number, status: string, seconds?: number) =>
    receiveDialResult(
      deps,
      about({
        CallStatus: 'in-progress',
        DialCallSid: twilioSid('CA'),
        DialCallStatus: status,
        ...(seconds === undefined ? {} : { DialCallDuration: String(seconds) }),
      }),
      leg,
    );

  if (outcome === 'answered') {
    if (call.forwardTo.length > 0) await receiveWhisper(deps, call.id, 0);
    await dialResult(0, 'completed', TALK_SECONDS);
  } else {
    for (let leg = 0; leg < legCountOf(call); leg += 1) await dialResult(leg, 'no-answer');
  }
  if (outcome === 'voicemail') {
    const recordingSid = twilioSid('RE');
    await receiveRecording(
      deps,
      about({ RecordingSid: recordingSid, RecordingDuration: String(VOICEMAIL_SECONDS) }),
    );
    await receiveTranscription(
      deps,
      about({
        RecordingSid: recordingSid,
        TranscriptionSid: twilioSid('TR'),
        TranscriptionStatus: 'completed',
        TranscriptionText: sampleVoicemail(lead.name),
      }),
    );
  }
  await receiveCallStatus(
    deps,
    about({ CallStatus: 'completed', CallDuration: String(CALL_SECONDS[outcome]) }),
  );
  return leadCallOf((await findCallById(deps.db, call.id))!);
};
