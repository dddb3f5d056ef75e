import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiPaths, type ApiError, type LeadCall } from '@leasing/contract';
import { firstResponses, leadReportFacts, leads } from '../../db/schema/index.js';
import {
  createConversationEvent,
  createLead,
  createUser,
  uniquePhone,
} from '../../test/factories.js';
import { everyDatabase } from '../../test/test-app.js';
import { rebuildLeadFacts } from '../reports/index.js';
import {
  answerPlacedCall,
  buildOffice,
  callbacks,
  callBySid,
  incomingCallForm,
  newCallSid,
  postTwilio,
  setVoiceSettings,
  useVoiceApp,
  type VoiceTestApp,
} from './test-support.js';

/**
 * Calls and the speed-to-lead clock (the inbox trigger, migration 0050): a call the lead makes
 * starts it like a message; a call is the team's response only once somebody answered it. A call
 * the agent placed that failed, or that the lead did not pick up, stops nothing and is no first
 * response; the answered one is, as the agent's. An inbound call answered by a forwarding number
 * is the team's response.
 */
describe.each(everyDatabase())('calls and the speed-to-lead clock ($name)', (target) => {
  const v: VoiceTestApp = useVoiceApp(target);

  const leadRow = async (id: string) =>
    (await v.t.db.select().from(leads).where(eq(leads.id, id)))[0]!;
  const firstResponsesOf = (leadId: string) =>
    v.t.db.select().from(firstResponses).where(eq(firstResponses.leadId, leadId));
  /** The reports' facts of the lead: as the events kept them, then as a rebuild counts them. */
  const reportFactsOf = async (leadId: string, companyId: string) => {
    const read = async () => {
      const [row] = await v.t.db
        .select()
        .from(leadReportFacts)
        .where(eq(leadReportFacts.leadId, leadId));
      return {
        firstInboundAt: row!.firstInboundAt,
        firstResponseAt: row!.firstResponseAt,
        firstResponderUserId: row!.firstResponderUserId,
        contactedAt: row!.contactedAt,
        lastOutboundAt: row!.lastOutboundAt,
      };
    };
    const kept = await read();
    await rebuildLeadFacts(v.t.db, companyId);
    expect(await read()).toEqual(kept);
    return kept;
  };

  it('counts a call the agent placed only once the lead answered it', async () => {
    const office = await buildOffice(v);
    const lead = await createLead(v.t.db, office.property, { name: 'Ava Thompson' });
    const agent = await createUser(v.t.db, office.company.id, {
      role: 'agent',
      name: 'Priya Shah',
      phone: uniquePhone(),
    });
    const token = await v.t.signIn(agent.credentials);
    const asked = await createConversationEvent(v.t.db, lead, {
      body: 'Is the 2-bedroom still free?',
      date: new Date(Date.now() - 10 * 60_000),
    });
    // Written straight to the table (no event): the reports' facts are counted from the timeline.
    await rebuildLeadFacts(v.t.db, office.company.id);
    const waitingSince = (await leadRow(lead.id)).awaitingSince;
    expect(waitingSince?.toISOString()).toBe(asked.date.toISOString());

    const place = async () => {
      const before = v.fake().calls.length;
      const placed = await v.t.request<LeadCall & ApiError>('POST', apiPaths.leadCalls(lead.id), {
        as: token,
      });
      expect(placed.status, placed.text).toBe(201);
      expect(v.fake().calls.slice(before)).toHaveLength(1);
      return { placed: placed.body, request: v.fake().calls.at(-1)! };
    };

    // Placed: nothing yet. Twilio could not reach the agent's phone: failed.
    const failed = await place();
    expect((await leadRow(lead.id)).awaitingSince).toEqual(waitingSince);
    await callbacks(v, failed.request.sid).status('no-answer', 0);
    // The lead did not pick up: missed.
    const missed = await place();
    await answerPlacedCall(v, missed.request);
    await callbacks(v, missed.request.sid).dialStatus(0, 'no-answer');
    await callbacks(v, missed.request.sid).status('completed', 31);
    expect((await callBySid(v, missed.request.sid))!.outcome).toBe('missed');
    expect((await leadRow(lead.id)).awaitingSince).toEqual(waitingSince);
    expect(await firstResponsesOf(lead.id)).toEqual([]);

    // The control: the lead picks up. The call is the agent's first response, dated when placed.
    const talked = await place();
    await answerPlacedCall(v, talked.request);
    await callbacks(v, talked.request.sid).dialStatus(0, 'completed', 42);
    await callbacks(v, talked.request.sid).status('completed', 50);
    expect((await leadRow(lead.id)).awaitingSince).toBeNull();
    const responses = await firstResponsesOf(lead.id);
    expect(responses).toHaveLength(1);
    expect(responses[0]).toMatchObject({
      conversationEventId: talked.placed.eventId,
      responderKind: 'user',
      responderUserId: agent.user.id,
      firstInboundAt: asked.date,
      firstResponseAt: new Date(talked.placed.data.startedAt),
    });
    // The reports count the answered call only, as the agent's.
    const placedAt = new Date(talked.placed.data.startedAt);
    expect(await reportFactsOf(lead.id, office.company.id)).toEqual({
      firstInboundAt: asked.date,
      firstResponseAt: placedAt,
      firstResponderUserId: agent.user.id,
      contactedAt: placedAt,
      lastOutboundAt: placedAt,
    });
  });

  it("starts the clock with the lead's call; a missed one leaves it running, an answered one stops it", async () => {
    const office = await buildOffice(v);
    await setVoiceSettings(v, office, { forwardingNumbers: [uniquePhone()], textBack: false });
    const caller = uniquePhone();
    const ring = async () => {
      const callSid = newCallSid();
      const arrived = await postTwilio(
        v,
        '/webhooks/twilio/voice',
        incomingCallForm(v, { callSid, from: caller, to: office.number }),
      );
      expect(arrived.statusCode).toBe(200);
      return { callSid, call: (await callBySid(v, callSid))! };
    };

    const first = await ring();
    await callbacks(v, first.callSid).dialStatus(0, 'no-answer');
    await callbacks(v, first.callSid).status('completed', 25);
    const leadId = first.call.leadId;
    expect((await leadRow(leadId)).awaitingSince).toEqual(first.call.startedAt);
    expect(await firstResponsesOf(leadId)).toEqual([]);

    const second = await ring();
    expect(second.call.leadId).toBe(leadId);
    expect((await leadRow(leadId)).awaitingSince).toEqual(first.call.startedAt);
    await callbacks(v, second.callSid).dialStatus(0, 'completed', 64);
    expect((await leadRow(leadId)).awaitingSince).toBeNull();
    const [response, ...more] = await firstResponsesOf(leadId);
    expect(more).toEqual([]);
    expect(response).toMatchObject({
      conversationEventId: second.call.timelineEventId,
      responderKind: 'user',
      responderUserId: null,
      firstInboundAt: first.call.startedAt,
      firstResponseAt: second.call.startedAt,
    });
    expect(await reportFactsOf(leadId, office.company.id)).toEqual({
      firstInboundAt: first.call.startedAt,
      firstResponseAt: second.call.startedAt,
      firstResponderUserId: null,
      contactedAt: second.call.startedAt,
      lastOutboundAt: second.call.startedAt,
    });
    // Twilio repeating the answer changes nothing.
    await callbacks(v, second.callSid).dialStatus(0, 'completed', 64);
    await callbacks(v, second.callSid).status('completed', 70);
    expect(await firstResponsesOf(leadId)).toHaveLength(1);
    expect((await reportFactsOf(leadId, office.company.id)).lastOutboundAt).toEqual(
      second.call.startedAt,
    );
  });
});
