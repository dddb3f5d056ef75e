import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import {
  apiPaths,
  callEventDataSchema,
  type ApiError,
  type CallEventData,
  type LeadCall,
  type SimulatedCallOutcome,
} from '@leasing/contract';
import { calls, conversationEvents, sandboxOutbox } from '../../db/schema/index.js';
import {
  createLead,
  createOffice,
  createPhoneNumber,
  createProperty,
  createUser,
  uniquePhone,
} from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';
import { waitUntil } from '../../test/wait-until.js';

/** The calls and timeline events of these leads: what a refusal must leave as it was. */
const countsOf = async (db: ReturnType<typeof useTestApp>['db'], leadIds: string[]) => ({
  calls: (await db.select({ id: calls.id }).from(calls).where(inArray(calls.leadId, leadIds)))
    .length,
  events: (
    await db
      .select({ id: conversationEvents.id })
      .from(conversationEvents)
      .where(inArray(conversationEvents.leadId, leadIds))
  ).length,
});

describe.each(oneDatabase())('simulated calls in the sandbox ($name)', (target) => {
  const t = useTestApp(target, { seed: 'none' });

  /** An office whose property has its own number and forwards calls to one phone; an agent. */
  const setUp = async () => {
    const number = uniquePhone();
    const office = await createOffice(t.db, {
      property: { name: 'Maple Grove Apartments', smsNumber: number },
    });
    const admin = await t.signIn(office.staff.credentials);
    const forwardTo = uniquePhone();
    const settings = await t.request<{ settings: Record<string, unknown> }>(
      'GET',
      apiPaths.propertyVoice(office.property.id),
      { as: admin },
    );
    const saved = await t.request('PUT', apiPaths.propertyVoice(office.property.id), {
      as: admin,
      payload: { ...settings.body.settings, forwardingNumbers: [forwardTo] },
    });
    expect(saved.status, saved.text).toBe(200);
    const agent = await createUser(t.db, office.company.id, { role: 'agent' });
    const lead = await createLead(t.db, office.property, { name: 'Ava Thompson' });
    return { office, number, forwardTo, lead, token: await t.signIn(agent.credentials) };
  };

  const simulate = (leadId: string, token: string, outcome: SimulatedCallOutcome | string) =>
    t.request<LeadCall & ApiError>('POST', apiPaths.leadCallsSimulate(leadId), {
      as: token,
      payload: { outcome },
    });

  /** The CALL event of a simulated call, as stored on the timeline. */
  const eventOf = async (call: LeadCall) => {
    const [event] = await t.db
      .select()
      .from(conversationEvents)
      .where(eq(conversationEvents.id, call.eventId));
    return { event: event!, data: callEventDataSchema.parse(event!.data) };
  };

  /** The missed-call texts of one call (the timeline event names its call). */
  const textBacksOf = async (leadId: string, callId: string) =>
    (
      await t.db.select().from(conversationEvents).where(eq(conversationEvents.leadId, leadId))
    ).filter(
      (event) => event.eventType === 'SMS' && (event.data as { callId?: string }).callId === callId,
    );

  it('stores an answered call from the lead as the webhooks would, answered by the forwarding number, and texts nobody', async () => {
    const { number, forwardTo, lead, token } = await setUp();
    const answered = await simulate(lead.id, token, 'answered');
    expect(answered.status, answered.text).toBe(201);
    const { event, data } = await eventOf(answered.body);
    expect(event).toMatchObject({
      leadId: lead.id,
      eventType: 'CALL',
      senderType: 'LEAD',
      senderName: 'Ava Thompson',
    });
    expect(data).toEqual<CallEventData>({
      callId: answered.body.callId,
      direction: 'inbound',
      from: lead.phone!,
      to: number,
      startedAt: expect.any(String),
      outcome: 'answered',
      durationSeconds: 95,
      answeredBy: forwardTo,
    });
    expect(answered.body).toEqual({
      callId: data.callId,
      eventId: event.id,
      leadId: lead.id,
      data,
    });
    expect(await textBacksOf(lead.id, answered.body.callId)).toEqual([]);
  });

  it('texts the caller of a missed call back exactly once, from the number they called', async () => {
    const { number, lead, token } = await setUp();
    const missed = await simulate(lead.id, token, 'missed');
    expect(missed.status, missed.text).toBe(201);
    expect(missed.body.data).toMatchObject({ outcome: 'missed', durationSeconds: 38 });
    expect(missed.body.data.answeredBy).toBeUndefined();

    const [text, ...more] = await textBacksOf(lead.id, missed.body.callId);
    expect(more).toEqual([]);
    expect(text).toMatchObject({ senderType: 'SYSTEM', senderName: 'Missed-call text' });
    expect(text!.body).toMatch(/^Sorry we missed your call — how can we help\?/);
    // It leaves through the sandbox's outbox, once.
    const sent = () => t.db.select().from(sandboxOutbox).where(eq(sandboxOutbox.eventId, text!.id));
    await waitUntil('the text-back reaches the outbox', async () => (await sent()).length > 0);
    expect((await sent()).map((row) => [row.from, row.to])).toEqual([[number, lead.phone]]);
  });

  it('leaves a voicemail with the sample transcript, texted back once, with no recording to play', async () => {
    const { lead, token } = await setUp();
    const voicemail = await simulate(lead.id, token, 'voicemail');
    expect(voicemail.status, voicemail.text).toBe(201);
    expect(voicemail.body.data).toMatchObject({
      outcome: 'voicemail',
      durationSeconds: 61,
      recording: { id: expect.stringMatching(/^RE[0-9a-f]{32}$/), durationSeconds: 14 },
      transcript: [
        {
          speaker: 'LEAD',
          text: 'Hi, this is Ava. I saw the two-bedroom online and wanted to ask if it is still available. Please call me back.',
        },
      ],
    });
    expect(await textBacksOf(lead.id, voicemail.body.callId)).toHaveLength(1);
    const recording = await t.request<ApiError>(
      'GET',
      apiPaths.callRecording(voicemail.body.callId),
      { as: token },
    );
    expect(recording.status).toBe(404);
    expect(recording.body.error.message).toBe(
      'The recording is not stored here: without Twilio credentials, calls are not recorded.',
    );
  });

  it('lands on the lead on a company number no property has as its own (never texted there)', async () => {
    const office = await createOffice(t.db);
    const { e164: companyNumber } = await createPhoneNumber(t.db, office.company.id);
    const property = await createProperty(t.db, office.company.id);
    const lead = await createLead(t.db, property, { name: 'Sam Rivera' });
    const token = await t.signIn(office.staff.credentials);
    const missed = await simulate(lead.id, token, 'missed');
    expect(missed.status, missed.text).toBe(201);
    expect(missed.body).toMatchObject({
      leadId: lead.id,
      data: { from: lead.phone, to: companyNumber, outcome: 'missed' },
    });
  });

  it('refuses click-to-call in the sandbox (409), where the simulation goes', async () => {
    const { lead, token } = await setUp();
    expect((await simulate(lead.id, token, 'missed')).status).toBe(201);
    // The missed call's text-back has left (its leaving moves the lead on: an event of its own).
    await waitUntil('the text-back reaches the outbox', async () => {
      const [text] = await t.db
        .select({ id: sandboxOutbox.id })
        .from(sandboxOutbox)
        .where(eq(sandboxOutbox.to, lead.phone!));
      return text;
    });
    const before = await countsOf(t.db, [lead.id]);
    const placed = await t.request<ApiError>('POST', apiPaths.leadCalls(lead.id), { as: token });
    expect(placed.status).toBe(409);
    expect(placed.body.error).toEqual({
      code: 'CALLS_UNAVAILABLE',
      message:
        'Calls cannot be placed here: no Twilio account is configured (the sandbox). Simulate a call instead.',
    });
    expect(await countsOf(t.db, [lead.id])).toEqual(before);
  });

  it("refuses another company's lead (403), a lead without a phone (409) and an unknown outcome (400), storing nothing", async () => {
    const { office, lead, token } = await setUp();
    const other = await createOffice(t.db, { property: { smsNumber: uniquePhone() } });
    const theirs = await createLead(t.db, other.property);
    const silent = await createLead(t.db, office.property, { phone: null });
    const leadIds = [theirs.id, silent.id, lead.id];
    const before = await countsOf(t.db, leadIds);

    const foreign = await simulate(theirs.id, token, 'missed');
    expect(foreign.status).toBe(403);
    const noPhone = await simulate(silent.id, token, 'missed');
    expect(noPhone.status).toBe(409);
    expect(noPhone.body.error).toEqual({
      code: 'NO_LEAD_PHONE',
      message: 'This lead has no phone number to call from.',
    });
    const unknown = await simulate(lead.id, token, 'busy');
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toEqual([
      { path: 'body.outcome', message: 'must be one of answered, missed, voicemail' },
    ]);
    expect(await countsOf(t.db, leadIds)).toEqual(before);

    // The control: the agent's own lead, with a phone and a known outcome.
    expect((await simulate(lead.id, token, 'missed')).status).toBe(201);
  });
});
