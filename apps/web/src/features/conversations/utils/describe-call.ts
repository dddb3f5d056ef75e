import { callEventDataSchema } from '@leasing/contract';
import type { CallEventData, ConversationEvent } from '@leasing/contract';
import { formatPhone } from '../../../lib/format-phone';
import { formatDuration } from './format-duration';

/**
 * A call through the property's number (Twilio) carries `callEventDataSchema` in its `data`; the
 * assistant's calls carry their own fields (no `callId`) and are read as before. Null for those.
 */
export function readPhoneCall(event: ConversationEvent): CallEventData | null {
  if (event.eventType !== 'CALL') return null;
  const parsed = callEventDataSchema.safeParse(event.data);
  return parsed.success ? parsed.data : null;
}

/** How a call looks: `missed` and `failed` are marked in red. */
export type CallTone = 'ringing' | 'answered' | 'missed' | 'voicemail' | 'failed';

export type CallDescription = {
  tone: CallTone;
  /** The row's first line: what happened. */
  title: string;
  /** Said after it on the second line, before the time. */
  detail: string | null;
};

/** A voicemail's length as a player shows it: 42 → '0:42', 130 → '2:10'. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

const withDuration = (text: string, seconds: number | undefined) =>
  seconds === undefined ? text : `${text} · ${formatDuration(seconds)}`;

/** Who picked up: the staff member by name when it was their phone, else the number. */
const answererOf = (call: CallEventData) =>
  call.answeredByName ?? (call.answeredBy ? formatPhone(call.answeredBy) : 'the office');

function describeInbound(call: CallEventData): CallDescription {
  const caller = formatPhone(call.from);
  switch (call.outcome) {
    case null:
      return call.answeredBy
        ? {
            tone: 'answered',
            title: `Call from ${caller}`,
            detail: `On the line with ${answererOf(call)}…`,
          }
        : { tone: 'ringing', title: `Incoming call from ${caller}`, detail: 'Ringing…' };
    case 'answered':
      return {
        tone: 'answered',
        title: withDuration(
          call.answeredBy ? `Call answered by ${answererOf(call)}` : 'Call answered',
          call.durationSeconds,
        ),
        detail: `From ${caller}`,
      };
    case 'voicemail': {
      const length = call.recording?.durationSeconds;
      return {
        tone: 'voicemail',
        title:
          length === null || length === undefined
            ? 'Voicemail'
            : `Voicemail · ${formatClock(length)}`,
        detail: `From ${caller}`,
      };
    }
    case 'missed':
      return { tone: 'missed', title: `Missed call from ${caller}`, detail: null };
    case 'busy':
      return { tone: 'missed', title: `Missed call from ${caller}`, detail: 'Every line was busy' };
    case 'failed':
      return { tone: 'failed', title: `Failed call from ${caller}`, detail: null };
  }
}

function describeOutbound(call: CallEventData, placedBy: string | null): CallDescription {
  const callee = formatPhone(call.to);
  const by = placedBy ? `By ${placedBy}` : null;
  switch (call.outcome) {
    case null:
      return { tone: 'ringing', title: `Calling ${callee}`, detail: 'Ringing…' };
    case 'answered':
      return {
        tone: 'answered',
        title: withDuration(`Call to ${callee}`, call.durationSeconds),
        detail: by,
      };
    case 'voicemail':
      return { tone: 'voicemail', title: `Call to ${callee} went to voicemail`, detail: by };
    case 'missed':
      return { tone: 'missed', title: `No answer from ${callee}`, detail: by };
    case 'busy':
      return { tone: 'missed', title: `No answer from ${callee}`, detail: 'The line was busy' };
    case 'failed':
      return { tone: 'failed', title: `Call to ${callee} failed`, detail: by };
  }
}

/**
 * The words of a call's row, as a leasing team reads a call log: 'Missed call from (512)
 * 555-0142', 'Call answered by (512) 555-0100 · 3 min 10 s', 'Voicemail · 0:42', 'Ringing…'.
 * `answeredBy` is the forwarding phone that picked up (the contract's E.164 number), named by
 * `answeredByName` when it is a staff member's own phone; `placedBy`
 * the person who placed an outbound call, when the event names them.
 */
export function describeCall(call: CallEventData, placedBy: string | null = null): CallDescription {
  return call.direction === 'inbound' ? describeInbound(call) : describeOutbound(call, placedBy);
}

/** The name of a call's recording player: the inbound call's voicemail, or the call itself. */
export function recordingLabel(call: CallEventData): string {
  return call.direction === 'inbound'
    ? `Voicemail from ${formatPhone(call.from)}`
    : `Recording of the call to ${formatPhone(call.to)}`;
}
