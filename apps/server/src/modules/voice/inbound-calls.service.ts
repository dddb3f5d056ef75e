import { isDeepStrictEqual } from 'node:util';
import { MAX_DIAL_NUMBERS, type VoiceSettings } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import type { CallRow } from '../../db/schema/index.js';
import { domainEvent } from '../../events/domain-events.js';
import type { EventPort, RecordingScope } from '../../events/event-port.js';
import { badRequest } from '../../lib/errors.js';
import { formatPhone, toE164 } from '../../lib/phone-numbers.js';
import { lockForTransaction } from '../../lib/transaction-lock.js';
import { findActiveStaffPhones, findStaffNameByPhone } from '../auth/index.js';
import { findPropertyById } from '../company/index.js';
import { appendTimelineEvent, replaceEventData } from '../conversation/index.js';
import { getCompanyLead, sourceNamed } from '../lead/index.js';
import type { SharedNumber } from '../numbers/index.js';
import { routeInboundSms } from '../sms/index.js';
import {
  applyCallStatus,
  applyDialResult,
  applyRecording,
  applyTranscription,
  applyWhisper,
  callEventDataOf,
  isTextBackDue,
  type CallChanges,
} from './call-state.js';
import { enqueueRecordingCopy } from './call-recording-copy.job.js';
import { decideTextBack, type TextBackDeps } from './call-text-back.service.js';
import {
  cannotTakeCallTwiml,
  emptyTwiml,
  hangupTwiml,
  nextStepTwiml,
  notInServiceTwiml,
  voiceUrlsOf,
  whisperTwiml,
} from './twiml.js';
import {
  findCallById,
  findCallBySid,
  insertCall,
  lockCall,
  updateCall,
} from './voice.repository.js';
import { voiceSettingsOf } from './voice-settings.service.js';

export type VoiceDeps = TextBackDeps & {
  db: Db;
  /** Every change is a transaction of the port: open consoles hear of it after the commit. */
  events: EventPort;
  /** TWILIO_FROM, the deployment's shared number, and the company that owns it. */
  shared: SharedNumber;
  /** The staff of a company with the console open now (`onlineStaffIds`); none when absent. */
  staffOnDuty?: (companyId: string) => Promise<string[]>;
};

/**
 * The numbers a call rings: the property's forwarding numbers, then (when the property rings
 * them) the phones of its company's agents on duty, each once, at most `MAX_DIAL_NUMBERS`.
 */
const dialledNumbers = async (deps: VoiceDeps, companyId: string, settings: VoiceSettings) => {
  const onDuty =
    settings.ringAgentsOnDuty && deps.staffOnDuty
      ? await findActiveStaffPhones(deps.db, companyId, await deps.staffOnDuty(companyId))
      : [];
  return [...new Set([...settings.forwardingNumbers, ...onDuty])].slice(0, MAX_DIAL_NUMBERS);
};

export type TwilioForm = Record<string, string | undefined>;

/** The source a caller's new lead gets when the number they called gives none. */
const PHONE_CALL_SOURCE = 'Phone call';

const seconds = (raw: string | undefined) => {
  const value = raw === undefined ? Number.NaN : Number.parseInt(raw, 10);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
};

const callSidOf = (form: TwilioForm) => {
  if (!form.CallSid) throw badRequest('body.CallSid', 'missing');
  return form.CallSid;
};

const propertyAndSettings = async (db: Db, call: Pick<CallRow, 'propertyId'>) => {
  const property = (await findPropertyById(db, call.propertyId))!;
  return { property, settings: await voiceSettingsOf(db, property) };
};

type Arrival =
  | { kind: 'call'; call: CallRow; settings: VoiceSettings }
  | { kind: 'unknown-number' }
  | { kind: 'no-lead' };

/**
 * The call's lead, by the rules of texts: the caller's lead of the property whose number was
 * called (a new one, source 'Phone call' unless the number gives its own), or on a company's
 * shared number the lead last texted there. Its CALL event and its call row, in one transaction.
 */
const storeArrival = async (
  deps: VoiceDeps,
  scope: RecordingScope,
  form: TwilioForm,
  callSid: string,
  fallbackLeadId: string | undefined,
): Promise<Arrival> => {
  const { db } = scope;
  // Twilio may ask again (a timeout, its fallback): one call, one event.
  await lockForTransaction(db, `call:${callSid}`);
  const known = await findCallBySid(db, callSid);
  if (known) {
    const { settings } = await propertyAndSettings(db, known);
    return { kind: 'call', call: known, settings };
  }

  const from = toE164(form.From);
  const to = toE164(form.To);
  const route = await routeInboundSms(db, {
    from,
    to,
    rawFrom: form.From ?? '',
    rawTo: form.To ?? '',
    shared: deps.shared,
    fallbackLeadId,
    newLead: {
      pmsLeadIdPrefix: 'CALL',
      fallbackSourceId: async (companyId) =>
        (await sourceNamed(scope, companyId, PHONE_CALL_SOURCE, { kind: 'system' })).id,
    },
  });
  if (route.kind === 'unmatched') return { kind: route.companyId ? 'no-lead' : 'unknown-number' };
  const { lead } = route;
  const { settings } = await propertyAndSettings(db, lead);
  const startedAt = deps.now();
  // The event first (the call row points to it), then its data from the stored call.
  const event = await appendTimelineEvent(db, {
    companyId: lead.companyId,
    leadId: lead.id,
    eventType: 'CALL',
    date: startedAt,
    senderType: 'LEAD',
    senderName: lead.name,
  });
  const call = await insertCall(db, {
    companyId: lead.companyId,
    propertyId: lead.propertyId,
    leadId: lead.id,
    timelineEventId: event.id,
    callSid,
    direction: 'inbound',
    fromNumber: from!,
    toNumber: to!,
    status: form.CallStatus ?? 'ringing',
    startedAt,
    forwardTo: await dialledNumbers(deps, lead.companyId, settings),
    ringMode: settings.ringMode,
    ringTimeoutSeconds: settings.ringTimeoutSeconds,
  });
  await replaceEventData(db, event.id, callEventDataOf(call));
  scope.record(
    domainEvent('timeline.event_added', {
      companyId: event.companyId,
      leadId: event.leadId,
      timelineEventId: event.id,
      eventType: 'CALL',
    }),
  );
  return { kind: 'call', call, settings };
};

/**
 * A call to one of our numbers (`POST /webhooks/twilio/voice`): stored on its lead's timeline,
 * answered with the property's greeting and its forwarding numbers ringing (or the voicemail).
 * A number nobody here owns is not in service; nothing is stored for it. `fallbackLeadId` is the
 * sandbox's simulated call: the lead it comes from, when a company number's routing finds none.
 */
export const receiveCall = async (
  deps: VoiceDeps,
  form: TwilioForm,
  { fallbackLeadId }: { fallbackLeadId?: string } = {},
): Promise<string> => {
  const callSid = callSidOf(form);
  const arrival = await deps.events.transaction((scope) =>
    storeArrival(deps, scope, form, callSid, fallbackLeadId),
  );
  if (arrival.kind === 'unknown-number') return notInServiceTwiml();
  if (arrival.kind === 'no-lead') return cannotTakeCallTwiml();
  return nextStepTwiml(arrival.call, arrival.settings, voiceUrlsOf(deps.publicUrl), {
    greeting: true,
  });
};

/**
 * One callback applied to its call, under the call's lock: its changes (none for a repeat) to the
 * call row and its CALL event, announced; then, when the call is over and nobody answered, the
 * text-back decided once. Undefined for a call we never stored.
 */
export const applyToCall = (
  deps: VoiceDeps,
  by: { callSid: string } | { id: string },
  apply: (call: CallRow) => CallChanges,
): Promise<CallRow | undefined> =>
  deps.events.transaction(async (scope) => {
    const locked = await lockCall(scope.db, by);
    if (!locked) return undefined;
    let call = locked;
    const changes = apply(call);
    if (Object.keys(changes).length > 0) {
      call = await updateCall(scope.db, call.id, changes);
      const data = callEventDataOf(call);
      // Consoles hear only of what the event shows: the leg ringing, or a status on the way, is not.
      if (!isDeepStrictEqual(data, callEventDataOf(locked))) {
        await replaceEventData(scope.db, call.timelineEventId, data);
        scope.record(
          domainEvent('call.updated', {
            companyId: call.companyId,
            leadId: call.leadId,
            timelineEventId: call.timelineEventId,
            callId: call.id,
            direction: call.direction,
            outcome: call.outcome,
            previousOutcome: locked.outcome,
          }),
        );
      }
    }
    // A recording Twilio just named is copied into our storage (once: one job per call).
    if (call.recordingSid && call.recordingSid !== locked.recordingSid && !call.recordingKey) {
      await enqueueRecordingCopy(deps.queue, scope.sql, call.id);
    }
    if (isTextBackDue(call)) call = await decideTextBack(deps, scope, call);
    return call;
  });

/**
 * A <Dial> ended (`/voice/dial-status?leg=`): hang up after an answered call, ring the next
 * number (sequential), or take a voicemail. An outbound call dialled the lead only: it is over.
 */
export const receiveDialResult = async (
  deps: VoiceDeps,
  form: TwilioForm,
  leg: number,
): Promise<string> => {
  const call = await applyToCall(deps, { callSid: callSidOf(form) }, (current) =>
    applyDialResult(current, {
      leg,
      status: form.DialCallStatus ?? '',
      durationSeconds: seconds(form.DialCallDuration),
    }),
  );
  if (!call || call.direction === 'outbound') return hangupTwiml();
  const { settings } = await propertyAndSettings(deps.db, call);
  return nextStepTwiml(call, settings, voiceUrlsOf(deps.publicUrl), { greeting: false });
};

/**
 * Someone picked up a forwarded call (`/voice/whisper?call=&n=`): they hear which property and
 * who is calling before the caller is put through, and the call knows who answered.
 */
export const receiveWhisper = async (
  deps: VoiceDeps,
  callId: string,
  numberIndex: number,
): Promise<string> => {
  const seen = await findCallById(deps.db, callId);
  const number = seen?.forwardTo[numberIndex];
  const staffName = number
    ? await findStaffNameByPhone(deps.db, seen.companyId, number)
    : undefined;
  const call = await applyToCall(deps, { id: callId }, (current) =>
    applyWhisper(current, numberIndex, staffName),
  );
  if (!call) return emptyTwiml();
  const { property } = await propertyAndSettings(deps.db, call);
  const lead = await getCompanyLead(deps.db, call.companyId, call.leadId);
  return whisperTwiml(`Call for ${property.name} from ${whoIsCalling(lead, call)}`);
};

const whoIsCalling = (lead: { name: string }, call: Pick<CallRow, 'fromNumber'>) =>
  lead.name.trim() || formatPhone(call.fromNumber);

/** The caller's call moved on (`/voice/status`, the number's status callback). */
export const receiveCallStatus = async (deps: VoiceDeps, form: TwilioForm): Promise<void> => {
  await applyToCall(deps, { callSid: callSidOf(form) }, (call) =>
    applyCallStatus(call, {
      status: form.CallStatus ?? '',
      durationSeconds: seconds(form.CallDuration),
      at: deps.now(),
    }),
  );
};

/** The voicemail was recorded (`/voice/recording`: the <Record> action and its status callback). */
export const receiveRecording = async (deps: VoiceDeps, form: TwilioForm): Promise<string> => {
  await applyToCall(deps, { callSid: callSidOf(form) }, (call) =>
    applyRecording(call, {
      sid: form.RecordingSid,
      url: form.RecordingUrl,
      durationSeconds: seconds(form.RecordingDuration),
      status: form.RecordingStatus,
    }),
  );
  return hangupTwiml();
};

/** Twilio transcribed the voicemail (`/voice/transcription`). */
export const receiveTranscription = async (deps: VoiceDeps, form: TwilioForm): Promise<void> => {
  await applyToCall(deps, { callSid: callSidOf(form) }, (call) =>
    applyTranscription(call, {
      status: form.TranscriptionStatus,
      text: form.TranscriptionText,
      recordingSid: form.RecordingSid,
    }),
  );
};
