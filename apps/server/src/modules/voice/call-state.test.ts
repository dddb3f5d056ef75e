import { describe, expect, it } from 'vitest';
import type { CallRow } from '../../db/schema/index.js';
import {
  applyCallStatus,
  applyDialResult,
  applyPlacementFailure,
  applyRecording,
  applyTranscription,
  applyWhisper,
  callEventDataOf,
  isTextBackDue,
  strongerOutcome,
  type CallChanges,
} from './call-state.js';

const STARTED = new Date('2026-03-02T15:00:00Z');
const ENDED = new Date('2026-03-02T15:02:00Z');
const RECORDING_SID = `RE${'a'.repeat(32)}`;

const ringing = (overrides: Partial<CallRow> = {}): CallRow => ({
  id: '00000000-0000-4000-8000-000000000001',
  companyId: 'c',
  propertyId: 'p',
  leadId: 'l',
  timelineEventId: 'e',
  callSid: 'CA1',
  direction: 'inbound',
  fromNumber: '+15125550101',
  toNumber: '+15125550190',
  userId: null,
  agentNumber: null,
  status: 'ringing',
  outcome: null,
  startedAt: STARTED,
  endedAt: null,
  forwardTo: ['+15125550111', '+15125550112'],
  ringMode: 'simultaneous',
  ringTimeoutSeconds: 20,
  dialLeg: 0,
  answeredBy: null,
  answeredByName: null,
  talkSeconds: null,
  callSeconds: null,
  recordingSid: null,
  recordingUrl: null,
  recordingSeconds: null,
  recordingKey: null,
  transcript: null,
  textBack: null,
  textBackEventId: null,
  createdAt: STARTED,
  updatedAt: STARTED,
  ...overrides,
});

type Callback = { name: string; apply: (call: CallRow) => CallChanges };

const noAnswer: Callback = {
  name: 'dial no-answer',
  apply: (call) => applyDialResult(call, { leg: 0, status: 'no-answer', durationSeconds: 0 }),
};
const ended: Callback = {
  name: 'status completed',
  apply: (call) => applyCallStatus(call, { status: 'completed', durationSeconds: 75, at: ENDED }),
};
const recorded: Callback = {
  name: 'recording',
  apply: (call) =>
    applyRecording(call, {
      sid: RECORDING_SID,
      url: 'https://api.twilio.com/x',
      durationSeconds: 31,
      status: undefined,
    }),
};
const transcribed: Callback = {
  name: 'transcription',
  apply: (call) =>
    applyTranscription(call, {
      status: 'completed',
      text: 'Hi, is the two-bedroom still available?',
      recordingSid: RECORDING_SID,
    }),
};

const permutations = <T>(items: T[]): T[][] =>
  items.length <= 1
    ? [items]
    : items.flatMap((item, i) =>
        permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
      );

/** Applies the callbacks in order, each twice (Twilio repeats them), as the service does. */
const run = (start: CallRow, order: Callback[]) =>
  order
    .flatMap((callback) => [callback, callback])
    .reduce<CallRow>((call, callback) => ({ ...call, ...callback.apply(call) }), start);

describe('a call’s state under Twilio’s callbacks', () => {
  it('orders outcomes voicemail > answered > busy > failed > missed, never moving down', () => {
    expect(strongerOutcome(null, 'missed')).toBe('missed');
    expect(strongerOutcome('voicemail', 'missed')).toBe('voicemail');
    expect(strongerOutcome('missed', 'voicemail')).toBe('voicemail');
    expect(strongerOutcome('missed', 'answered')).toBe('answered');
    expect(strongerOutcome('answered', 'busy')).toBe('answered');
    expect(strongerOutcome('busy', 'failed')).toBe('busy');
    expect(strongerOutcome('failed', null)).toBe('failed');
  });

  it('ends a voicemail the same whatever the order and however often each callback comes', () => {
    const results = permutations([noAnswer, ended, recorded, transcribed]).map((order) => ({
      order: order.map((callback) => callback.name).join(', '),
      data: callEventDataOf(run(ringing(), order)),
    }));
    const expected = {
      callId: ringing().id,
      direction: 'inbound',
      from: '+15125550101',
      to: '+15125550190',
      startedAt: STARTED.toISOString(),
      outcome: 'voicemail',
      durationSeconds: 75,
      recording: { id: RECORDING_SID, durationSeconds: 31 },
      transcript: [{ speaker: 'LEAD', text: 'Hi, is the two-bedroom still available?' }],
    };
    expect(results).toHaveLength(24);
    for (const { order, data } of results)
      expect({ order, data }).toEqual({ order, data: expected });
  });

  it('changes nothing on a repeat: the second delivery of each callback is empty', () => {
    let call = ringing();
    for (const callback of [noAnswer, recorded, transcribed, ended]) {
      call = { ...call, ...callback.apply(call) };
      expect([callback.name, callback.apply(call)]).toEqual([callback.name, {}]);
    }
  });

  it('keeps an answered call answered, with the talk time and who picked up, after a late final status', () => {
    let call = ringing();
    call = { ...call, ...applyWhisper(call, 1, 'Priya Shah') };
    // On the line: who picked up shows while the call goes on; a second pick-up changes nothing.
    expect(callEventDataOf(call)).toMatchObject({
      outcome: null,
      answeredBy: '+15125550112',
      answeredByName: 'Priya Shah',
    });
    expect(applyWhisper(call, 0, 'Dana Whitfield')).toEqual({});
    call = {
      ...call,
      ...applyDialResult(call, { leg: 0, status: 'completed', durationSeconds: 48 }),
    };
    call = {
      ...call,
      ...applyCallStatus(call, { status: 'completed', durationSeconds: 70, at: ENDED }),
    };
    expect(callEventDataOf(call)).toMatchObject({
      outcome: 'answered',
      durationSeconds: 48,
      answeredBy: '+15125550112',
      answeredByName: 'Priya Shah',
    });
    expect(isTextBackDue(call)).toBe(false);
  });

  it('moves a sequential call to the next number once per leg, then to the voicemail', () => {
    let call = ringing({ ringMode: 'sequential' });
    call = { ...call, ...applyDialResult(call, { leg: 0, status: 'busy', durationSeconds: 0 }) };
    expect([call.dialLeg, call.outcome]).toEqual([1, null]);
    // The same leg's result again: the call already rings the next number.
    expect(applyDialResult(call, { leg: 0, status: 'busy', durationSeconds: 0 })).toEqual({});
    call = {
      ...call,
      ...applyDialResult(call, { leg: 1, status: 'no-answer', durationSeconds: 0 }),
    };
    expect([call.dialLeg, call.outcome]).toEqual([2, 'missed']);
  });

  it('takes no voicemail from an absent, failed or empty recording, and a missed call is due its text once over', () => {
    let call = ringing();
    call = { ...call, ...noAnswer.apply(call) };
    for (const status of ['absent', 'failed'])
      expect(
        applyRecording(call, { sid: RECORDING_SID, url: undefined, durationSeconds: 3, status }),
      ).toEqual({});
    expect(
      applyRecording(call, {
        sid: RECORDING_SID,
        url: undefined,
        durationSeconds: 0,
        status: undefined,
      }),
    ).toEqual({});
    expect(
      applyRecording(call, {
        sid: 'not-a-sid',
        url: undefined,
        durationSeconds: 5,
        status: undefined,
      }),
    ).toEqual({});
    // Missed, but not over yet: the caller may still leave a voicemail.
    expect(isTextBackDue(call)).toBe(false);
    call = { ...call, ...ended.apply(call) };
    expect([call.outcome, isTextBackDue(call)]).toEqual(['missed', true]);
    expect(isTextBackDue({ ...call, textBack: 'sent' })).toBe(false);
  });
});

describe('a call placed from the console (outbound)', () => {
  /** Twilio rang the agent's phone (the parent call); the lead is dialled in one leg. */
  const placed = (overrides: Partial<CallRow> = {}) =>
    ringing({
      direction: 'outbound',
      fromNumber: '+15125550190',
      toNumber: '+15125550101',
      forwardTo: [],
      status: 'queued',
      ringTimeoutSeconds: 30,
      ...overrides,
    });
  const finalStatus = (call: CallRow, status: string) => ({
    ...call,
    ...applyCallStatus(call, { status, durationSeconds: 40, at: ENDED }),
  });

  it('is answered when the lead picks up, missed when they do not, busy when their line is', () => {
    const outcomeAfter = (dialStatus: string) => {
      let call = placed();
      call = {
        ...call,
        ...applyDialResult(call, { leg: 0, status: dialStatus, durationSeconds: 12 }),
      };
      return finalStatus(call, 'completed').outcome;
    };
    expect(['completed', 'no-answer', 'busy', 'canceled'].map(outcomeAfter)).toEqual([
      'answered',
      'missed',
      'busy',
      'missed',
    ]);
  });

  it("fails when the agent's own phone never took it (the lead was not rung), and never texts back", () => {
    for (const status of ['no-answer', 'busy', 'failed', 'canceled']) {
      const call = finalStatus(placed(), status);
      expect([status, call.outcome, isTextBackDue(call)]).toEqual([status, 'failed', false]);
    }
    const missed = finalStatus(placed(), 'completed');
    expect([missed.outcome, isTextBackDue(missed)]).toEqual(['missed', false]);
    // The control: the same call from the lead is due its text.
    const inbound = finalStatus(ringing({ forwardTo: [] }), 'completed');
    expect([inbound.outcome, isTextBackDue(inbound)]).toEqual(['missed', true]);
  });

  it('is failed and over when Twilio would not place it, once', () => {
    const call = { ...placed(), ...applyPlacementFailure(placed(), ENDED) };
    expect([call.status, call.outcome, call.endedAt]).toEqual(['failed', 'failed', ENDED]);
    expect(applyPlacementFailure(call, new Date())).toEqual({});
    expect(isTextBackDue(call)).toBe(false);
  });
});
