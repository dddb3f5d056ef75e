import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import twilio from 'twilio';
import { and, count, eq, or, sql } from 'drizzle-orm';
import { apiPaths, type VoiceSettings } from '@leasing/contract';
import {
  calls,
  conversationEvents,
  leads,
  type CallRow,
  type ConversationEventRow,
} from '../../db/schema/index.js';
import { createOffice, uniquePhone, type Office } from '../../test/factories.js';
import { startFakeTwilio, type FakeTwilio, type ReceivedCall } from '../../test/fake-twilio.js';
import type { DatabaseTarget } from '../../test/test-app.js';
import { useTestApp, type TestContext } from '../../test/use-test-app.js';
import type { SendWindow } from '../scheduling/index.js';

/** TWILIO_FROM in these tests: a number nobody calls. */
export const SHARED_NUMBER = '+15125550900';

export const newCallSid = () => `CA${randomBytes(16).toString('hex')}`;

export type VoiceTestApp = {
  t: TestContext;
  /** The loopback Twilio the app is configured against (its account signs the webhooks). */
  fake: () => FakeTwilio;
};

/**
 * The real app, listening (PUBLIC_URL is its address, as Twilio would call it), with Twilio
 * configured against a loopback double. `sendWindow` is when automatic texts may leave.
 */
export const useVoiceApp = (
  target: DatabaseTarget,
  options: { sendWindow?: SendWindow } = {},
): VoiceTestApp => {
  let fake: FakeTwilio | undefined;
  beforeAll(async () => {
    fake = await startFakeTwilio();
  });
  afterAll(() => fake?.close());
  const t = useTestApp(target, {
    seed: 'none',
    listen: true,
    sendWindow: options.sendWindow,
    env: ({ url }) => ({ PUBLIC_URL: url!, ...fake!.env(SHARED_NUMBER), TWILIO_MPS: '50' }),
  });
  return { t, fake: () => fake! };
};

/** A company with an admin and a property that has a number of its own (the one called). */
export const buildOffice = async (v: VoiceTestApp, propertyName = 'Maple Grove Apartments') => {
  const number = uniquePhone();
  const office: Office = await createOffice(v.t.db, {
    staff: { name: 'Dana Whitfield' },
    property: { name: propertyName, smsNumber: number },
  });
  const admin = await v.t.signIn(office.staff.credentials);
  return { ...office, number, admin };
};

/** Saves the property's voice settings through the admin's API (only the fields given change). */
export const setVoiceSettings = async (
  v: VoiceTestApp,
  office: { property: { id: string }; admin: string },
  changes: Partial<VoiceSettings>,
) => {
  const path = apiPaths.propertyVoice(office.property.id);
  const current = await v.t.request<{ settings: VoiceSettings }>('GET', path, { as: office.admin });
  const saved = await v.t.request('PUT', path, {
    as: office.admin,
    payload: { ...current.body.settings, ...changes },
  });
  if (saved.status !== 200) throw new Error(`settings answered ${saved.status}: ${saved.text}`);
};

/**
 * Posts a webhook the way Twilio does: form-encoded, signed over PUBLIC_URL + path (with its
 * query) and the parameters. `signature: null` leaves the header out; a string is sent as is.
 */
export const postTwilio = (
  v: VoiceTestApp,
  path: string,
  form: Record<string, string>,
  options: { signature?: string | null } = {},
) => {
  const signature =
    options.signature === undefined
      ? twilio.getExpectedTwilioSignature(v.fake().authToken, `${v.t.url}${path}`, form)
      : options.signature;
  return v.t.app.inject({
    method: 'POST',
    url: path,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature === null ? {} : { 'x-twilio-signature': signature }),
    },
    payload: new URLSearchParams(form).toString(),
  });
};

/** The parameters Twilio posts when a call comes in (names and shape as documented). */
export const incomingCallForm = (
  v: VoiceTestApp,
  call: { callSid: string; from: string; to: string },
): Record<string, string> => ({
  AccountSid: v.fake().accountSid,
  ApiVersion: '2010-04-01',
  CallSid: call.callSid,
  CallStatus: 'ringing',
  Called: call.to,
  CalledCountry: 'US',
  Caller: call.from,
  CallerCountry: 'US',
  Direction: 'inbound',
  From: call.from,
  FromCountry: 'US',
  To: call.to,
  ToCountry: 'US',
});

/** Twilio's parameters of any callback about the call. */
const about = (v: VoiceTestApp, callSid: string) => ({
  AccountSid: v.fake().accountSid,
  ApiVersion: '2010-04-01',
  CallSid: callSid,
});

/** The callbacks Twilio makes after the call came in, each posted signed. */
export const callbacks = (v: VoiceTestApp, callSid: string) => ({
  dialStatus: (leg: number, status: string, durationSeconds?: number) =>
    postTwilio(v, `/webhooks/twilio/voice/dial-status?leg=${leg}`, {
      ...about(v, callSid),
      CallStatus: 'in-progress',
      DialCallSid: newCallSid(),
      DialCallStatus: status,
      ...(durationSeconds === undefined ? {} : { DialCallDuration: String(durationSeconds) }),
    }),
  whisper: (callId: string, n: number) =>
    postTwilio(v, `/webhooks/twilio/voice/whisper?call=${callId}&n=${n}`, {
      AccountSid: v.fake().accountSid,
      CallSid: newCallSid(),
      ParentCallSid: callSid,
      CallStatus: 'in-progress',
    }),
  status: (status: string, durationSeconds: number) =>
    postTwilio(v, '/webhooks/twilio/voice/status', {
      ...about(v, callSid),
      CallStatus: status,
      CallDuration: String(durationSeconds),
    }),
  recording: (recording: { sid: string; url: string }, durationSeconds: number, status?: string) =>
    postTwilio(v, '/webhooks/twilio/voice/recording', {
      ...about(v, callSid),
      RecordingSid: recording.sid,
      RecordingUrl: recording.url,
      RecordingDuration: String(durationSeconds),
      ...(status ? { RecordingStatus: status } : { Digits: 'hangup' }),
    }),
  transcription: (recordingSid: string, text: string) =>
    postTwilio(v, '/webhooks/twilio/voice/transcription', {
      ...about(v, callSid),
      RecordingSid: recordingSid,
      TranscriptionSid: `TR${randomBytes(16).toString('hex')}`,
      TranscriptionStatus: 'completed',
      TranscriptionText: text,
    }),
});

/**
 * Twilio asking the `Url` of a call placed through its Calls API what to do, once the phone it
 * rang (the agent's) picked up: posted signed, to that URL as given, with the call's parameters.
 */
export const answerPlacedCall = (v: VoiceTestApp, placed: ReceivedCall) => {
  const url = new URL(placed.url);
  return postTwilio(v, `${url.pathname}${url.search}`, {
    AccountSid: v.fake().accountSid,
    ApiVersion: '2010-04-01',
    CallSid: placed.sid,
    CallStatus: 'in-progress',
    Direction: 'outbound-api',
    From: placed.from,
    To: placed.to,
    Caller: placed.from,
    Called: placed.to,
  });
};

/** A TwiML element: its name, attributes, text and child elements. */
export type TwimlNode = {
  name: string;
  attributes: Record<string, string>;
  text: string;
  children: TwimlNode[];
};

const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** Reads a TwiML answer into its elements (TwiML is small, flat XML: no comments or CDATA). */
export const parseTwiml = (xml: string): TwimlNode => {
  const root: TwimlNode = { name: '#document', attributes: {}, text: '', children: [] };
  const stack = [root];
  for (const [token] of xml.replace(/^<\?xml[^>]*\?>/, '').matchAll(/<[^>]+>|[^<]+/g)) {
    const parent = stack.at(-1)!;
    if (token.startsWith('</')) {
      stack.pop();
    } else if (token.startsWith('<')) {
      const [, name, rest = ''] = token.match(/^<([\w:-]+)([\s\S]*?)\/?>$/)!;
      const node: TwimlNode = { name: name!, attributes: {}, text: '', children: [] };
      for (const [, key, value] of rest.matchAll(/([\w:-]+)="([^"]*)"/g))
        node.attributes[key!] = unescape(value!);
      parent.children.push(node);
      if (!token.endsWith('/>')) stack.push(node);
    } else {
      parent.text += unescape(token);
    }
  }
  const [response] = root.children;
  if (response?.name !== 'Response') throw new Error(`not TwiML: ${xml}`);
  return response;
};

/** The verbs of a TwiML answer as `Name` (and their children), for a quick comparison. */
export const verbsOf = (node: TwimlNode): string[] => node.children.map((child) => child.name);

export const callBySid = async (v: VoiceTestApp, callSid: string): Promise<CallRow | undefined> =>
  (await v.t.db.select().from(calls).where(eq(calls.callSid, callSid)))[0];

export const eventOf = async (v: VoiceTestApp, call: CallRow): Promise<ConversationEventRow> =>
  (
    await v.t.db
      .select()
      .from(conversationEvents)
      .where(eq(conversationEvents.id, call.timelineEventId))
  )[0]!;

/** The lead's automatic texts about a call (the missed-call text). */
export const textBacksOf = (v: VoiceTestApp, leadId: string) =>
  v.t.db
    .select()
    .from(conversationEvents)
    .where(
      and(
        eq(conversationEvents.leadId, leadId),
        eq(conversationEvents.eventType, 'SMS'),
        sql`${conversationEvents.data} ? 'callId'`,
      ),
    );

/**
 * What a refused webhook or call must leave untouched: leads, calls, the timeline's calls and the
 * texts about them (not other events: a lead's edited phone is on the timeline too, written after
 * its change is committed), queued jobs.
 */
export const footprint = async (v: VoiceTestApp) => {
  const { db } = v.t;
  const n = async (table: typeof leads | typeof calls) =>
    (await db.select({ n: count() }).from(table))[0]!.n;
  const callEvents = await db
    .select({ n: count() })
    .from(conversationEvents)
    .where(
      or(eq(conversationEvents.eventType, 'CALL'), sql`${conversationEvents.data} ? 'callId'`),
    );
  // The app's jobs: pg-boss's own (its clock's `__pgboss__send-it`, due each minute) are not ours.
  const jobs = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where left(name, 10) <> '__pgboss__'`,
  );
  return {
    leads: await n(leads),
    calls: await n(calls),
    events: callEvents[0]!.n,
    jobs: jobs.rows[0]!.n,
  };
};
