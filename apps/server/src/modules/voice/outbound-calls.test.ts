import { afterAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  apiPaths,
  callEventDataSchema,
  socketEvents,
  type ApiError,
  type LeadCall,
  type NewConversationAnnouncement,
} from '@leasing/contract';
import { auditLog, calls, phoneNumbers, type CallRow } from '../../db/schema/index.js';
import {
  createLead,
  createOffice,
  createPhoneNumber,
  createProperty,
  createUser,
  uniquePhone,
} from '../../test/factories.js';
import { createSocketOpener } from '../../test/sockets.js';
import { oneDatabase } from '../../test/test-app.js';
import { waitUntil } from '../../test/wait-until.js';
import {
  answerPlacedCall,
  buildOffice,
  callbacks,
  callBySid,
  eventOf,
  footprint,
  incomingCallForm,
  newCallSid,
  parseTwiml,
  postTwilio,
  SHARED_NUMBER,
  textBacksOf,
  useVoiceApp,
  verbsOf,
  type VoiceTestApp,
} from './test-support.js';

const callById = async (v: VoiceTestApp, id: string): Promise<CallRow> =>
  (await v.t.db.select().from(calls).where(eq(calls.id, id)))[0]!;

describe.each(oneDatabase())('calling a lead from the console ($name)', (target) => {
  const v: VoiceTestApp = useVoiceApp(target);
  const sockets = createSocketOpener();
  afterAll(() => sockets.closeAll());

  /** The office, a lead of it, and an agent with their own phone, signed in. */
  const setUp = async () => {
    const office = await buildOffice(v, 'Maple Grove Apartments');
    const lead = await createLead(v.t.db, office.property, { name: 'Ava Thompson' });
    const agentPhone = uniquePhone();
    const agent = await createUser(v.t.db, office.company.id, {
      role: 'agent',
      name: 'Priya Shah',
      phone: agentPhone,
    });
    return { office, lead, agent, agentPhone, token: await v.t.signIn(agent.credentials) };
  };

  const placeCall = (leadId: string, token: string) =>
    v.t.request<LeadCall & ApiError>('POST', apiPaths.leadCalls(leadId), { as: token });

  /** The one call the loopback Twilio was asked to place since `before` of them were. */
  const placedSince = (before: number) => {
    expect(v.fake().calls.slice(before)).toHaveLength(1);
    return v.fake().calls.at(-1)!;
  };

  it("rings the agent's own phone from the property's number, then dials the lead with that number as caller ID; the status callback ends it", async () => {
    const { office, lead, agent, agentPhone, token } = await setUp();
    const socket = await sockets.open(v.t.url, office.admin);
    const announced: string[] = [];
    socket.on(
      socketEvents.newConversation(office.company.id),
      (announcement: NewConversationAnnouncement) => announced.push(announcement.eventID),
    );
    const before = v.fake().calls.length;

    const placed = await placeCall(lead.id, token);
    expect(placed.status, placed.text).toBe(201);
    const { callId, eventId } = placed.body;
    expect(placed.body).toEqual({
      callId,
      eventId,
      leadId: lead.id,
      data: {
        callId,
        direction: 'outbound',
        from: office.number,
        to: lead.phone,
        startedAt: expect.any(String),
        outcome: null,
      },
    });

    // Twilio was asked to ring the agent's phone, from the property's number, with callbacks
    // under PUBLIC_URL (so Twilio signs them over the address they are checked against).
    const request = placedSince(before);
    expect(request).toMatchObject({
      to: agentPhone,
      from: office.number,
      url: `${v.t.url}/webhooks/twilio/voice/outbound?call=${callId}`,
      method: 'POST',
      statusCallback: `${v.t.url}/webhooks/twilio/voice/status`,
      statusCallbackMethod: 'POST',
      timeout: '20',
      authorization: `Basic ${Buffer.from(`${v.fake().accountSid}:${v.fake().authToken}`).toString('base64')}`,
    });
    const stored = await callById(v, callId);
    expect(stored).toMatchObject({
      callSid: request.sid,
      direction: 'outbound',
      userId: agent.user.id,
      agentNumber: agentPhone,
      timelineEventId: eventId,
    });
    expect(await eventOf(v, stored)).toMatchObject({
      leadId: lead.id,
      eventType: 'CALL',
      senderType: 'USER',
      senderName: 'Priya Shah',
      sentByUserId: agent.user.id,
    });
    await waitUntil('the console hears of the call', () => announced.includes(eventId));

    // An unsigned request to the call's URL is refused and changes nothing …
    const forged = await postTwilio(
      v,
      `/webhooks/twilio/voice/outbound?call=${callId}`,
      { CallSid: request.sid, CallStatus: 'in-progress' },
      { signature: null },
    );
    expect(forged.statusCode).toBe(403);
    expect((await callById(v, callId)).status).toBe('queued');

    // … Twilio's, signed, connects the agent to the lead.
    const answered = await answerPlacedCall(v, request);
    expect(answered.statusCode, answered.body).toBe(200);
    const twiml = parseTwiml(answered.body);
    expect(verbsOf(twiml)).toEqual(['Say', 'Dial']);
    expect(twiml.children[0]!.text).toBe('Connecting you to Ava Thompson');
    const dial = twiml.children[1]!;
    expect(dial.attributes).toEqual({
      callerId: office.number,
      action: `${v.t.url}/webhooks/twilio/voice/dial-status?leg=0`,
      method: 'POST',
      timeout: '30',
    });
    expect(dial.children.map((number) => [number.name, number.text])).toEqual([
      ['Number', lead.phone],
    ]);
    expect((await callById(v, callId)).status).toBe('in-progress');

    // The lead picked up and talked; the agent hung up: the same callbacks end it.
    const twilioSays = callbacks(v, request.sid);
    expect(verbsOf(parseTwiml((await twilioSays.dialStatus(0, 'completed', 42)).body))).toEqual([
      'Hangup',
    ]);
    expect((await twilioSays.status('completed', 55)).statusCode).toBe(200);
    const ended = await callById(v, callId);
    expect(ended).toMatchObject({ outcome: 'answered', status: 'completed', callSeconds: 55 });
    expect(callEventDataSchema.parse((await eventOf(v, ended)).data)).toMatchObject({
      direction: 'outbound',
      outcome: 'answered',
      durationSeconds: 42,
    });
    expect(await textBacksOf(v, lead.id)).toEqual([]);

    const [audit, ...more] = await v.t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'call.placed'), eq(auditLog.companyId, office.company.id)));
    expect(more).toEqual([]);
    expect(audit).toMatchObject({
      actorUserId: agent.user.id,
      leadId: lead.id,
      targetType: 'call',
      targetId: callId,
      after: { from: office.number, to: lead.phone },
    });
  });

  it('ends a call the lead did not answer as missed, and one the agent never picked up as failed, texting nobody back', async () => {
    const { office, lead, token } = await setUp();

    const before = v.fake().calls.length;
    const unanswered = await placeCall(lead.id, token);
    const toLead = placedSince(before);
    await answerPlacedCall(v, toLead);
    const leadSays = callbacks(v, toLead.sid);
    expect(verbsOf(parseTwiml((await leadSays.dialStatus(0, 'no-answer')).body))).toEqual([
      'Hangup',
    ]);
    await leadSays.status('completed', 34);
    expect(await callById(v, unanswered.body.callId)).toMatchObject({
      outcome: 'missed',
      textBack: null,
    });

    const never = await placeCall(lead.id, token);
    const toAgent = placedSince(before + 1);
    await callbacks(v, toAgent.sid).status('no-answer', 0);
    expect(await callById(v, never.body.callId)).toMatchObject({
      outcome: 'failed',
      textBack: null,
    });
    // Twilio asking again after the call ended only hangs up.
    expect(verbsOf(parseTwiml((await answerPlacedCall(v, toAgent)).body))).toEqual(['Hangup']);
    expect(await textBacksOf(v, lead.id)).toEqual([]);

    // The control: the lead's own call nobody answered is texted back, once.
    const callSid = newCallSid();
    await postTwilio(
      v,
      '/webhooks/twilio/voice',
      incomingCallForm(v, { callSid, from: lead.phone!, to: office.number }),
    );
    await callbacks(v, callSid).status('completed', 20);
    expect((await callBySid(v, callSid))!.leadId).toBe(lead.id);
    expect(await textBacksOf(v, lead.id)).toHaveLength(1);
  });

  it("refuses without the agent's phone, the lead's phone or a number to call from (409, nothing stored, Twilio not asked), and calls once all three are there", async () => {
    // The shared number is another company's, so this one has no number until it adds one.
    const elsewhere = await createOffice(v.t.db);
    await v.t.db
      .insert(phoneNumbers)
      .values({ e164: SHARED_NUMBER, companyId: elsewhere.company.id })
      .onConflictDoNothing();
    const office = await createOffice(v.t.db, { staff: { name: 'Noor Haddad' } });
    const property = await createProperty(v.t.db, office.company.id, { name: 'Cedar Point' });
    const lead = await createLead(v.t.db, property, { phone: null });
    const token = await v.t.signIn(office.staff.credentials);

    const refusal = async (code: string, message: string | RegExp) => {
      const calls = v.fake().calls.length;
      const stored = await footprint(v);
      const refused = await placeCall(lead.id, token);
      expect(refused.status, refused.text).toBe(409);
      expect(refused.body.error.code).toBe(code);
      expect(refused.body.error.message).toMatch(message);
      expect(v.fake().calls).toHaveLength(calls);
      expect(await footprint(v)).toEqual(stored);
    };

    await refusal('NO_AGENT_PHONE', /^Add your phone number in your profile to place calls\.$/);
    const phone = uniquePhone();
    const profile = await v.t.request('PATCH', apiPaths.me, { as: token, payload: { phone } });
    expect(profile.status).toBe(200);

    await refusal('NO_LEAD_PHONE', /^This lead has no phone number to call\.$/);
    const leadPhone = uniquePhone();
    expect(
      (
        await v.t.request('PATCH', apiPaths.leadDetails(lead.id), {
          as: token,
          payload: { phone: leadPhone },
        })
      ).status,
    ).toBe(200);

    await refusal(
      'NO_PROPERTY_NUMBER',
      'Calls cannot be placed yet: Cedar Point has no phone number to call from. An admin can add one under Settings → Numbers.',
    );
    const { e164: number } = await createPhoneNumber(v.t.db, office.company.id);

    const before = v.fake().calls.length;
    const placed = await placeCall(lead.id, token);
    expect(placed.status, placed.text).toBe(201);
    expect(placedSince(before)).toMatchObject({ to: phone, from: number });
    expect(placed.body.data).toMatchObject({ from: number, to: leadPhone });
  });

  it("fails the call with Twilio's words (502) when Twilio refuses it, and places the next one", async () => {
    const { lead, token } = await setUp();
    v.fake().setCallOutcome(() => ({
      accept: false,
      httpStatus: 400,
      code: 21215,
      message: 'Account not authorized to call this number.',
    }));
    try {
      const before = v.fake().calls.length;
      const refused = await placeCall(lead.id, token);
      expect(refused.status).toBe(502);
      expect(refused.body.error).toEqual({
        code: 'CALL_REFUSED',
        message:
          'Twilio refused the call: Account not authorized to call this number. (error 21215)',
      });
      expect(v.fake().calls).toHaveLength(before);
      const [failed] = await v.t.db.select().from(calls).where(eq(calls.leadId, lead.id));
      expect(failed).toMatchObject({
        direction: 'outbound',
        callSid: null,
        status: 'failed',
        outcome: 'failed',
        endedAt: expect.any(Date),
      });
      expect(callEventDataSchema.parse((await eventOf(v, failed!)).data)).toMatchObject({
        outcome: 'failed',
      });
      expect(await textBacksOf(v, lead.id)).toEqual([]);
    } finally {
      v.fake().setCallOutcome(() => ({ accept: true }));
    }
    const placed = await placeCall(lead.id, token);
    expect(placed.status).toBe(201);
    expect((await callById(v, placed.body.callId)).status).toBe('queued');
  });

  it("answers another company's lead as the other lead routes do (403), an unknown one 404, and calls nothing", async () => {
    const { lead, token } = await setUp();
    const other = await buildOffice(v);
    const theirs = await createLead(v.t.db, other.property);
    const before = v.fake().calls.length;
    const stored = await footprint(v);

    const notes = await v.t.request('GET', apiPaths.leadNotes(theirs.id), { as: token });
    const refused = await placeCall(theirs.id, token);
    expect(refused.status).toBe(403);
    expect(refused.status).toBe(notes.status);
    const unknown = await placeCall('00000000-0000-4000-8000-000000000000', token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('NOT_FOUND');
    expect(v.fake().calls).toHaveLength(before);
    expect(await footprint(v)).toEqual(stored);

    // The same agent's own lead is called.
    expect((await placeCall(lead.id, token)).status).toBe(201);
  });

  it('refuses a simulated call where Twilio is configured, storing nothing, while real calls go', async () => {
    const { lead, token } = await setUp();
    expect((await placeCall(lead.id, token)).status).toBe(201);
    const stored = await footprint(v);
    const simulated = await v.t.request<ApiError>('POST', apiPaths.leadCallsSimulate(lead.id), {
      as: token,
      payload: { outcome: 'missed' },
    });
    expect(simulated.status).toBe(404);
    expect(simulated.body.error).toEqual({
      code: 'NOT_FOUND',
      message: 'Simulated calls are for the sandbox only.',
    });
    expect(await footprint(v)).toEqual(stored);
    // The console is told so: its pane offers 'Call', not simulated calls.
    const config = await v.t.request<{ calls: string }>('GET', apiPaths.config);
    expect(config.body.calls).toBe('twilio');
  });
});
