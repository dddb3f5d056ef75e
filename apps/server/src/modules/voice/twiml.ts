import twilio from 'twilio';
import {
  apiRoutes,
  RECORDED_CALL_NOTICE,
  VOICEMAIL_MAX_SECONDS,
  type VoiceSettings,
} from '@leasing/contract';
import type { CallRow } from '../../db/schema/index.js';
import { legCountOf, numbersOfLeg } from './call-state.js';

/*
 * The TwiML the voice webhooks answer with, built with Twilio's own `VoiceResponse`. Every URL it
 * names is PUBLIC_URL's, so Twilio signs its callbacks over the address we check them against.
 */

const { VoiceResponse } = twilio.twiml;

/** Where Twilio's voice callbacks come back to. */
export type VoiceUrls = {
  dialStatus: (leg: number) => string;
  whisper: (callId: string, numberIndex: number) => string;
  recording: string;
  transcription: string;
  /** Plays `RECORDED_CALL_NOTICE` to the lead of a recorded call. */
  announce: string;
};

export const voiceUrlsOf = (publicUrl: string): VoiceUrls => ({
  dialStatus: (leg) => `${publicUrl}${apiRoutes.twilioVoiceDialStatus}?leg=${leg}`,
  whisper: (callId, numberIndex) =>
    `${publicUrl}${apiRoutes.twilioVoiceWhisper}?call=${callId}&n=${numberIndex}`,
  recording: `${publicUrl}${apiRoutes.twilioVoiceRecording}`,
  transcription: `${publicUrl}${apiRoutes.twilioVoiceTranscription}`,
  announce: `${publicUrl}${apiRoutes.twilioVoiceAnnounce}`,
});

/** Where Twilio asks what to do once the agent picked up a call they placed (click-to-call). */
export const outboundAnswerUrlOf = (publicUrl: string, callId: string) =>
  `${publicUrl}${apiRoutes.twilioVoiceOutbound}?call=${callId}`;

/** The status callback of every call: its end completes the call, inbound or outbound. */
export const callStatusUrlOf = (publicUrl: string) => `${publicUrl}${apiRoutes.twilioVoiceStatus}`;

/** Nothing more to do (an answer Twilio only acknowledges). */
export const emptyTwiml = () => new VoiceResponse().toString();

export const hangupTwiml = () => {
  const response = new VoiceResponse();
  response.hangup();
  return response.toString();
};

/** A number no company here owns. */
export const notInServiceTwiml = () => {
  const response = new VoiceResponse();
  response.say('The number you have called is not in service.');
  response.hangup();
  return response.toString();
};

/** A company's number no property answers on, from a caller none of its leads is. */
export const cannotTakeCallTwiml = () => {
  const response = new VoiceResponse();
  response.say(
    'Sorry, calls to this number cannot be taken. Please send us a text message instead.',
  );
  response.hangup();
  return response.toString();
};

/** Said to the person who picked up, before the caller is put through. */
export const whisperTwiml = (words: string) => {
  const response = new VoiceResponse();
  response.say(words);
  return response.toString();
};

type CallPlan = Pick<CallRow, 'id' | 'forwardTo' | 'ringMode' | 'ringTimeoutSeconds' | 'dialLeg'>;

const dial = (response: InstanceType<typeof VoiceResponse>, call: CallPlan, urls: VoiceUrls) => {
  const verb = response.dial({
    action: urls.dialStatus(call.dialLeg),
    method: 'POST',
    timeout: call.ringTimeoutSeconds,
  });
  for (const { number, index } of numbersOfLeg(call, call.dialLeg)) {
    verb.number({ url: urls.whisper(call.id, index), method: 'POST' }, number);
  }
};

const voicemail = (
  response: InstanceType<typeof VoiceResponse>,
  settings: Pick<VoiceSettings, 'voicemailGreeting' | 'transcription'>,
  urls: VoiceUrls,
) => {
  if (settings.voicemailGreeting) response.say(settings.voicemailGreeting);
  response.record({
    maxLength: VOICEMAIL_MAX_SECONDS,
    playBeep: true,
    action: urls.recording,
    method: 'POST',
    recordingStatusCallback: urls.recording,
    recordingStatusCallbackMethod: 'POST',
    transcribe: settings.transcription,
    ...(settings.transcription ? { transcribeCallback: urls.transcription } : {}),
  });
};

/**
 * What the caller hears next, from what the call knows now (so a callback Twilio repeats gets the
 * same answer): nothing more once someone answered or a voicemail was left; else the leg ringing
 * now; past the last leg (or with no forwarding number), the voicemail. The greeting opens a
 * call's first answer only.
 */
export const nextStepTwiml = (
  call: CallPlan & Pick<CallRow, 'outcome'>,
  settings: Pick<VoiceSettings, 'greeting' | 'voicemailGreeting' | 'transcription'>,
  urls: VoiceUrls,
  { greeting }: { greeting: boolean },
) => {
  const response = new VoiceResponse();
  if (call.outcome === 'answered' || call.outcome === 'voicemail') {
    response.hangup();
    return response.toString();
  }
  if (greeting && settings.greeting) response.say(settings.greeting);
  if (call.dialLeg < legCountOf(call)) dial(response, call, urls);
  else voicemail(response, settings, urls);
  return response.toString();
};

/**
 * The agent picked up the call they placed: they hear whom they are put through to, then the
 * lead's phone rings with the property's number as caller ID (what the lead sees, and calls back).
 */
export const outboundCallTwiml = (
  call: Pick<CallRow, 'fromNumber' | 'toNumber' | 'ringTimeoutSeconds' | 'dialLeg'>,
  leadName: string,
  urls: Pick<VoiceUrls, 'dialStatus' | 'recording' | 'announce'>,
  { record }: { record: boolean } = { record: false },
) => {
  const response = new VoiceResponse();
  // Recorded: both sides hear it first (the agent here, the lead before being put through).
  response.say(
    record
      ? `${RECORDED_CALL_NOTICE} Connecting you to ${leadName}`
      : `Connecting you to ${leadName}`,
  );
  response
    .dial({
      callerId: call.fromNumber,
      action: urls.dialStatus(call.dialLeg),
      method: 'POST',
      timeout: call.ringTimeoutSeconds,
      ...(record
        ? {
            record: 'record-from-answer-dual' as const,
            recordingStatusCallback: urls.recording,
            recordingStatusCallbackMethod: 'POST' as const,
          }
        : {}),
    })
    .number(record ? { url: urls.announce, method: 'POST' } : {}, call.toNumber);
  return response.toString();
};

/** What the lead hears on picking up a recorded call, before being put through. */
export const announceTwiml = () => {
  const response = new VoiceResponse();
  response.say(RECORDED_CALL_NOTICE);
  return response.toString();
};
