import type { CallEventData, CallOutcome } from '@leasing/contract';
import type { CallRow } from '../../db/schema/index.js';

/*
 * What each Twilio callback does to a call, as pure functions: each answers the changes it makes
 * (nothing when the call already knows it), so a repeated callback changes nothing and callbacks
 * may arrive in any order.
 *
 * The outcome only ever moves UP this precedence, never down:
 *
 *   voicemail > answered > busy > failed > missed > (none yet)
 *
 * - voicemail: a recording exists only when nobody answered and the caller spoke after the tone;
 *   nothing a late status says undoes it.
 * - answered: an answered leg beats what the call's own final status says (Twilio reports the
 *   caller's call 'completed' whether or not anyone picked up).
 * - busy, failed: say more about why nobody answered than missed does.
 * - missed: the call ended (or every leg rang out) and nothing above is known.
 *
 * The other fields are set once, by the first callback that carries them: the first final status
 * ends the call (`endedAt`, `callSeconds`), the first recording and transcript stay. A dial result
 * counts only for the leg ringing now (`dialLeg`), so a repeated result of a leg already left
 * moves nothing.
 *
 * An outbound call (click-to-call) is the same machine from the other end: Twilio rings the
 * agent's phone (the parent call, whose status callbacks end it), then dials the lead in one leg
 * whose result says whether the lead answered. It has no voicemail of ours and no text-back.
 */

const PRECEDENCE: Record<CallOutcome, number> = {
  missed: 1,
  failed: 2,
  busy: 3,
  answered: 4,
  voicemail: 5,
};

/** The stronger of the two outcomes (see the precedence above). */
export const strongerOutcome = (
  current: CallOutcome | null,
  next: CallOutcome | null,
): CallOutcome | null => {
  if (!next) return current;
  if (!current) return next;
  return PRECEDENCE[next] > PRECEDENCE[current] ? next : current;
};

export type CallChanges = Partial<
  Pick<
    CallRow,
    | 'status'
    | 'outcome'
    | 'endedAt'
    | 'dialLeg'
    | 'answeredBy'
    | 'talkSeconds'
    | 'callSeconds'
    | 'recordingSid'
    | 'recordingUrl'
    | 'recordingSeconds'
    | 'transcript'
  >
>;

/** Only the fields whose value differs from the call's: an empty object changes nothing. */
const differing = (call: CallRow, candidate: CallChanges): CallChanges =>
  Object.fromEntries(
    Object.entries(candidate).filter(([key, value]) => {
      const before = call[key as keyof CallRow];
      if (value instanceof Date && before instanceof Date)
        return value.getTime() !== before.getTime();
      return value !== undefined && value !== before;
    }),
  ) as CallChanges;

/** How many dial legs the call has: one per number in order, one for all at once, or none. */
export const legCountOf = (call: Pick<CallRow, 'forwardTo' | 'ringMode'>) => {
  if (call.forwardTo.length === 0) return 0;
  return call.ringMode === 'sequential' ? call.forwardTo.length : 1;
};

/** The forwarding numbers a leg rings, each with its index in `forwardTo` (the whisper's `n`). */
export const numbersOfLeg = (call: Pick<CallRow, 'forwardTo' | 'ringMode'>, leg: number) =>
  call.ringMode === 'sequential'
    ? call.forwardTo[leg] === undefined
      ? []
      : [{ number: call.forwardTo[leg], index: leg }]
    : call.forwardTo.map((number, index) => ({ number, index }));

/** What Twilio says of a <Dial> that ended (`DialCallStatus`, `DialCallDuration`). */
export type DialResult = { leg: number; status: string; durationSeconds: number | undefined };

const isAnsweredDial = (status: string) => status === 'completed' || status === 'answered';

const outcomeOfUnansweredDial = (status: string): CallOutcome =>
  status === 'busy' ? 'busy' : status === 'failed' ? 'failed' : 'missed';

/**
 * A leg answered: the call is answered, with that leg's talk time. A leg nobody answered: the next
 * leg rings (sequential), or the caller reaches the voicemail and the call counts as missed (busy,
 * failed) unless a recording comes.
 */
export const applyDialResult = (call: CallRow, result: DialResult): CallChanges => {
  if (result.leg !== call.dialLeg) return {};
  if (isAnsweredDial(result.status)) {
    return differing(call, {
      outcome: strongerOutcome(call.outcome, 'answered'),
      talkSeconds: call.talkSeconds ?? result.durationSeconds,
    });
  }
  const next = call.dialLeg + 1;
  return differing(call, {
    dialLeg: next,
    ...(next >= legCountOf(call)
      ? { outcome: strongerOutcome(call.outcome, outcomeOfUnansweredDial(result.status)) }
      : {}),
  });
};

/**
 * The forwarding number whose whisper Twilio asked for: the one that picked up, and the name of
 * the staff member whose phone it is (when it is one of theirs). The first to pick up keeps it.
 */
export const applyWhisper = (
  call: CallRow,
  numberIndex: number,
  staffName: string | undefined,
): CallChanges =>
  call.answeredBy
    ? {}
    : differing(call, {
        answeredBy: call.forwardTo[numberIndex],
        ...(staffName ? { answeredByName: staffName } : {}),
      });

const FINAL_STATUSES = new Set(['completed', 'busy', 'failed', 'no-answer', 'canceled']);

/** What Twilio's call status callback says of the caller's call (`CallStatus`, `CallDuration`). */
export type CallStatusReport = { status: string; durationSeconds: number | undefined; at: Date };

/**
 * What a final status says when nothing stronger is known. An outbound call's status is the
 * agent's leg (Twilio rang their phone first): ended other than 'completed', the agent's phone
 * never took it and the lead was not rung, so the call failed; 'completed' with no dial result,
 * the lead did not answer.
 */
const outcomeOfFinalStatus = (call: Pick<CallRow, 'direction'>, status: string): CallOutcome => {
  if (call.direction === 'outbound') return status === 'completed' ? 'missed' : 'failed';
  return status === 'busy' ? 'busy' : status === 'failed' ? 'failed' : 'missed';
};

/**
 * The call moved on. Its first final status ends it (a call that ends 'completed' with nothing
 * stronger known was missed); a status after that, or an earlier one arriving late, changes
 * nothing.
 */
export const applyCallStatus = (call: CallRow, report: CallStatusReport): CallChanges => {
  if (call.endedAt) return {};
  if (!FINAL_STATUSES.has(report.status)) return differing(call, { status: report.status });
  return differing(call, {
    status: report.status,
    endedAt: report.at,
    callSeconds: report.durationSeconds,
    outcome: strongerOutcome(call.outcome, outcomeOfFinalStatus(call, report.status)),
  });
};

/** Twilio would not place an outbound call (or could not be asked): it failed, and is over. */
export const applyPlacementFailure = (call: CallRow, at: Date): CallChanges =>
  differing(call, {
    status: 'failed',
    endedAt: call.endedAt ?? at,
    outcome: strongerOutcome(call.outcome, 'failed'),
  });

/** Twilio's recording id: `RE` and 32 hex digits. */
export const RECORDING_SID = /^RE[0-9a-fA-F]{32}$/;

/** The voicemail's recording (the <Record> action or its status callback). */
export type RecordingReport = {
  sid: string | undefined;
  url: string | undefined;
  durationSeconds: number | undefined;
  /** The status callback's `RecordingStatus`; the action has none. */
  status: string | undefined;
};

/** A recording with sound in it is a voicemail; an absent, failed or empty one is none. */
export const applyRecording = (call: CallRow, report: RecordingReport): CallChanges => {
  if (!report.sid || !RECORDING_SID.test(report.sid)) return {};
  if (report.status !== undefined && report.status !== 'completed') return {};
  if (report.durationSeconds === 0) return {};
  if (call.recordingSid && call.recordingSid !== report.sid) return {};
  return differing(call, {
    recordingSid: report.sid,
    recordingUrl: call.recordingUrl ?? report.url,
    recordingSeconds: call.recordingSeconds ?? report.durationSeconds,
    // An outbound call's recording is of the conversation: the lead answered, no voicemail.
    outcome:
      call.direction === 'outbound' ? call.outcome : strongerOutcome(call.outcome, 'voicemail'),
  });
};

/** Twilio's transcription of the voicemail (`TranscriptionStatus`, `TranscriptionText`). */
export type TranscriptionReport = {
  status: string | undefined;
  text: string | undefined;
  recordingSid: string | undefined;
};

/**
 * The voicemail's words. A transcription proves the recording even when its own callback is
 * late: the call is a voicemail from then on.
 */
export const applyTranscription = (call: CallRow, report: TranscriptionReport): CallChanges => {
  const text = report.text?.trim();
  if (report.status !== 'completed' || !text || call.transcript) return {};
  const recordingSid =
    call.recordingSid ??
    (report.recordingSid && RECORDING_SID.test(report.recordingSid)
      ? report.recordingSid
      : undefined);
  return differing(call, {
    transcript: text,
    recordingSid,
    outcome: strongerOutcome(call.outcome, 'voicemail'),
  });
};

/** Over: Twilio said the call ended, or the caller left a voicemail (they are done). */
export const hasEnded = (call: Pick<CallRow, 'endedAt' | 'recordingSid'>) =>
  Boolean(call.endedAt || call.recordingSid);

/**
 * Nobody answered a caller whose call is over, and its text-back is not decided yet. Only a call
 * from the lead is texted back: an outbound call nobody answered was ours to make.
 */
export const isTextBackDue = (call: CallRow) =>
  call.direction === 'inbound' &&
  call.textBack === null &&
  hasEnded(call) &&
  call.outcome !== null &&
  call.outcome !== 'answered';

/** The CALL event's `data`: what the call row knows, without Twilio's URLs. */
export const callEventDataOf = (call: CallRow): CallEventData => {
  const duration =
    call.outcome === 'answered' ? (call.talkSeconds ?? call.callSeconds) : call.callSeconds;
  return {
    callId: call.id,
    direction: call.direction,
    from: call.fromNumber,
    to: call.toNumber,
    startedAt: call.startedAt.toISOString(),
    outcome: call.outcome,
    ...(duration !== null ? { durationSeconds: duration } : {}),
    // Who picked up, while the call goes on and once it was answered (not a leg that hung up).
    ...((call.outcome === 'answered' || call.outcome === null) && call.answeredBy
      ? {
          answeredBy: call.answeredBy,
          ...(call.answeredByName ? { answeredByName: call.answeredByName } : {}),
        }
      : {}),
    ...(call.recordingSid
      ? { recording: { id: call.recordingSid, durationSeconds: call.recordingSeconds } }
      : {}),
    ...(call.transcript
      ? { transcript: [{ speaker: 'LEAD' as const, text: call.transcript }] }
      : {}),
  };
};
