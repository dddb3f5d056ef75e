import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  apiPaths,
  callEventDataSchema,
  DEFAULT_COMPANY_CALL_SETTINGS,
  type ApiError,
  type CompanyCallSettings,
  type LeadCall,
} from '@leasing/contract';
import { auditLog, calls } from '../../db/schema/index.js';
import { createLead, createUser, uniquePhone } from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { waitUntil } from '../../test/wait-until.js';
import { createLocalMediaStorage } from '../messaging/index.js';
import { deleteExpiredRecordings } from './recording-retention.service.js';
import {
  answerPlacedCall,
  buildOffice,
  callbacks,
  callBySid,
  eventOf,
  incomingCallForm,
  newCallSid,
  parseTwiml,
  postTwilio,
  setVoiceSettings,
  useVoiceApp,
  verbsOf,
  type VoiceTestApp,
} from './test-support.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Recording: the company's setting (off by default; admins change it, audited), calls placed from
 * the console recorded with both sides told first, and every recording deleted at Twilio and in the
 * console once the company's retention period is over (audited as the system's).
 */
describe.each(oneDatabase())('call recording ($name)', (target) => {
  const v: VoiceTestApp = useVoiceApp(target);

  const settings = (as: string) =>
    v.t.request<CompanyCallSettings & ApiError>('GET', apiPaths.callSettings, { as });
  const saveSettings = (as: string, payload: unknown) =>
    v.t.request<CompanyCallSettings & ApiError>('PUT', apiPaths.callSettings, { as, payload });

  /** The office, an agent with a phone (signed in) and a lead with one. */
  const setUp = async () => {
    const office = await buildOffice(v);
    const agent = await createUser(v.t.db, office.company.id, {
      role: 'agent',
      name: 'Priya Shah',
      phone: uniquePhone(),
    });
    const lead = await createLead(v.t.db, office.property, { name: 'Ava Thompson' });
    return { office, lead, agentToken: await v.t.signIn(agent.credentials) };
  };

  /** A call the agent places and the lead answers: the TwiML the agent's pick-up got. */
  const placeAndAnswer = async (leadId: string, token: string) => {
    const before = v.fake().calls.length;
    const placed = await v.t.request<LeadCall>('POST', apiPaths.leadCalls(leadId), { as: token });
    expect(placed.status, placed.text).toBe(201);
    expect(v.fake().calls.slice(before)).toHaveLength(1);
    const request = v.fake().calls.at(-1)!;
    const answered = await answerPlacedCall(v, request);
    expect(answered.statusCode).toBe(200);
    return { request, twiml: parseTwiml(answered.body), callId: placed.body.callId };
  };

  it('is off by default; an admin turns it on (audited), others may only read it', async () => {
    const { office, agentToken } = await setUp();
    expect((await settings(agentToken)).body).toEqual(DEFAULT_COMPANY_CALL_SETTINGS);
    const on = { recordOutboundCalls: true, recordingRetentionDays: 30 };
    expect((await saveSettings(agentToken, on)).status).toBe(403);
    const bad = await saveSettings(office.admin, { ...on, recordingRetentionDays: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details?.[0]?.path).toBe('body.recordingRetentionDays');
    expect((await settings(office.admin)).body).toEqual(DEFAULT_COMPANY_CALL_SETTINGS);

    const saved = await saveSettings(office.admin, on);
    expect(saved.status).toBe(200);
    expect((await settings(agentToken)).body).toEqual(on);
    const [audit, ...more] = await v.t.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'call_settings.changed'),
          eq(auditLog.companyId, office.company.id),
        ),
      );
    expect(more).toEqual([]);
    expect(audit).toMatchObject({ before: DEFAULT_COMPANY_CALL_SETTINGS, after: on });
  });

  it('records a call placed from the console only when on, telling both sides first', async () => {
    const { office, lead, agentToken } = await setUp();

    // Off: nothing said about recording, nothing recorded.
    const plain = await placeAndAnswer(lead.id, agentToken);
    expect(plain.twiml.children[0]!.text).toBe('Connecting you to Ava Thompson');
    expect(plain.twiml.children[1]!.attributes.record).toBeUndefined();
    expect(plain.twiml.children[1]!.children[0]!.attributes.url).toBeUndefined();

    await saveSettings(office.admin, { recordOutboundCalls: true, recordingRetentionDays: 90 });
    const { request, twiml, callId } = await placeAndAnswer(lead.id, agentToken);
    expect(verbsOf(twiml)).toEqual(['Say', 'Dial']);
    expect(twiml.children[0]!.text).toBe('This call is recorded. Connecting you to Ava Thompson');
    const dial = twiml.children[1]!;
    expect(dial.attributes).toMatchObject({
      record: 'record-from-answer-dual',
      recordingStatusCallback: `${v.t.url}/webhooks/twilio/voice/recording`,
    });
    const announceUrl = `${v.t.url}/webhooks/twilio/voice/announce`;
    expect(dial.children[0]!.attributes).toEqual({ url: announceUrl, method: 'POST' });
    // The lead hears it on picking up, before being put through; an unsigned ask gets nothing.
    const form = {
      AccountSid: v.fake().accountSid,
      CallSid: newCallSid(),
      CallStatus: 'in-progress',
    };
    const heard = await postTwilio(v, '/webhooks/twilio/voice/announce', form);
    expect(parseTwiml(heard.body).children.map((verb) => [verb.name, verb.text])).toEqual([
      ['Say', 'This call is recorded.'],
    ]);
    expect(
      (await postTwilio(v, '/webhooks/twilio/voice/announce', form, { signature: null }))
        .statusCode,
    ).toBe(403);

    // The conversation's recording comes back: kept on the call, which stays answered.
    const recording = v.fake().addRecording(Buffer.from('call audio'));
    const twilioSays = callbacks(v, request.sid);
    await twilioSays.dialStatus(0, 'completed', 95);
    expect((await twilioSays.recording(recording, 95, 'completed')).statusCode).toBe(200);
    const call = (await callBySid(v, request.sid))!;
    expect(call).toMatchObject({ id: callId, outcome: 'answered', recordingSid: recording.sid });
    expect(callEventDataSchema.parse((await eventOf(v, call)).data)).toMatchObject({
      outcome: 'answered',
      recording: { id: recording.sid, durationSeconds: 95 },
    });
  });

  /** Our copy of a call's recording, once the copy job made it: its file in the private folder. */
  const copyOf = async (callId: string) => {
    const key = await waitUntil("the recording's copy is stored", async () => {
      const [row] = await v.t.db.select().from(calls).where(eq(calls.id, callId));
      return row?.recordingKey;
    });
    return { key, file: join(v.t.app.config.dataDir, 'recordings', key) };
  };

  it('keeps its own copy of each recording, played from there (seekable) once Twilio has it no more', async () => {
    const { lead, agentToken, office } = await setUp();
    await saveSettings(office.admin, { recordOutboundCalls: true, recordingRetentionDays: 90 });
    const { request, callId } = await placeAndAnswer(lead.id, agentToken);
    const audio = Buffer.from('ID3 the whole conversation, recorded');
    const recording = v.fake().addRecording(audio);
    const twilioSays = callbacks(v, request.sid);
    await twilioSays.dialStatus(0, 'completed', 40);
    // Twilio names it twice (the action and the status callback): one copy.
    await twilioSays.recording(recording, 40, 'completed');
    await twilioSays.recording(recording, 40, 'completed');
    const { key, file } = await copyOf(callId);
    expect(existsSync(file)).toBe(true);

    // Twilio no longer has it: the console still plays it, from our copy.
    const gone = await fetch(
      `${v.fake().url}/2010-04-01/Accounts/${v.fake().accountSid}/Recordings/${recording.sid}.json`,
      {
        method: 'DELETE',
        headers: {
          authorization: `Basic ${Buffer.from(`${v.fake().accountSid}:${v.fake().authToken}`).toString('base64')}`,
        },
      },
    );
    expect(gone.status).toBe(204);
    const asked = v.fake().recordingRequests.length;
    const play = (range?: string) =>
      v.t.app.inject({
        method: 'GET',
        url: apiPaths.callRecording(callId),
        headers: { authorization: `Bearer ${agentToken}`, ...(range ? { range } : {}) },
      });
    const whole = await play();
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({
      'content-type': 'audio/mpeg',
      'accept-ranges': 'bytes',
      'cache-control': 'private, no-store',
    });
    expect(whole.rawPayload.equals(audio)).toBe(true);
    const part = await play('bytes=4-6');
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-6/${audio.length}`);
    expect(part.rawPayload.toString()).toBe('the');
    expect((await play(`bytes=${audio.length}-`)).statusCode).toBe(416);
    expect(v.fake().recordingRequests.length).toBe(asked);
    // Nothing serves it as media, and nobody signed in gets it.
    expect((await v.t.app.inject({ method: 'GET', url: `/media/${key}` })).statusCode).toBe(404);
    expect(
      (await v.t.app.inject({ method: 'GET', url: apiPaths.callRecording(callId) })).statusCode,
    ).toBe(401);
  });

  it('deletes recordings past the retention period at Twilio and in the console, audited', async () => {
    const office = await buildOffice(v);
    await setVoiceSettings(v, office, { forwardingNumbers: [uniquePhone()] });
    /** A voicemail left `daysAgo`: its call's start moved back that far. */
    const voicemail = async (daysAgo: number) => {
      const callSid = newCallSid();
      await postTwilio(
        v,
        '/webhooks/twilio/voice',
        incomingCallForm(v, { callSid, from: uniquePhone(), to: office.number }),
      );
      const recording = v.fake().addRecording(Buffer.from(`voicemail ${daysAgo}`));
      await callbacks(v, callSid).dialStatus(0, 'no-answer');
      await callbacks(v, callSid).recording(recording, 12, 'completed');
      const stored = (await callBySid(v, callSid))!;
      await v.t.db
        .update(calls)
        .set({ startedAt: new Date(Date.now() - daysAgo * DAY_MS) })
        .where(eq(calls.id, stored.id));
      return { id: stored.id, recording };
    };
    const old = await voicemail(91);
    const recent = await voicemail(10);
    const oldCopy = await copyOf(old.id);
    const recentCopy = await copyOf(recent.id);
    const sweep = () =>
      deleteExpiredRecordings({
        db: v.t.db,
        events: v.t.app.events,
        now: () => new Date(),
        twilio: v.t.app.config.messaging.twilio,
        apiUrl: v.t.app.config.messaging.twilioApiUrl,
        recordings: createLocalMediaStorage(join(v.t.app.config.dataDir, 'recordings')),
      });
    const recordingOf = async (id: string) =>
      (await v.t.db.select().from(calls).where(eq(calls.id, id)))[0]!;

    // Kept 90 days by default: the 91-day-old one goes, the 10-day-old one stays.
    await sweep();
    expect(v.fake().hasRecording(old.recording.sid)).toBe(false);
    expect(v.fake().hasRecording(recent.recording.sid)).toBe(true);
    expect([existsSync(oldCopy.file), existsSync(recentCopy.file)]).toEqual([false, true]);
    const cleared = await recordingOf(old.id);
    expect(cleared).toMatchObject({
      recordingSid: null,
      recordingUrl: null,
      recordingKey: null,
      outcome: 'voicemail',
    });
    expect(callEventDataSchema.parse((await eventOf(v, cleared)).data).recording).toBeUndefined();
    expect((await recordingOf(recent.id)).recordingSid).toBe(recent.recording.sid);
    const audits = await v.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'call.recording_deleted'), eq(auditLog.targetId, old.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorType: 'system',
      after: { recording: null, retentionDays: 90 },
    });
    // Nothing more to do: a second sweep deletes nothing.
    const deletedBefore = v.fake().deletedRecordings.length;
    await sweep();
    expect(v.fake().deletedRecordings.length).toBe(deletedBefore);

    // A shorter retention takes the other one too.
    await saveSettings(office.admin, { recordOutboundCalls: false, recordingRetentionDays: 7 });
    await sweep();
    expect(v.fake().hasRecording(recent.recording.sid)).toBe(false);
    expect(existsSync(recentCopy.file)).toBe(false);
    expect((await recordingOf(recent.id)).recordingSid).toBeNull();
  });
});
