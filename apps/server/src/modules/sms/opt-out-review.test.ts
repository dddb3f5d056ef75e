import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { Lead, OptOutReviewResponse } from '@leasing/contract';
import { auditLog, consentChanges } from '../../db/schema/index.js';
import { bearer, oneDatabase, login } from '../../test/test-app.js';
import {
  automaticReplies,
  leadById,
  startInboundApp,
  SUMMIT_NUMBER,
  text,
  type InboundTestApp,
} from './test-support.js';

const CONFIRMATION =
  "Lakeside Rentals: You're unsubscribed and will get no more texts from us. Reply START to subscribe again.";

describe.each(oneDatabase())('opting out of texts in words on $name', (target) => {
  let t: InboundTestApp;
  beforeAll(async () => {
    t = await startInboundApp(target);
  });
  afterAll(() => t.stop());

  /** A lead of the Summit created by a first text from a fresh number. */
  let nextPhone = 700;
  const freshLead = async () => {
    const phone = `+15125550${String((nextPhone += 1)).padStart(3, '0')}`;
    const { event } = await text(t, phone, SUMMIT_NUMBER, 'Hi, is the 2 bedroom available?');
    return { phone, leadId: event!.leadId };
  };
  const sentTo = (phone: string) => t.fake.received.filter((message) => message.to === phone);
  const consentRows = (leadId: string) =>
    t.app.database.db
      .select()
      .from(consentChanges)
      .where(eq(consentChanges.leadId, leadId))
      .orderBy(asc(consentChanges.occurredAt));
  const review = (leadId: string, eventId: string, decision: string, token = t.token) =>
    t.app.inject({
      method: 'POST',
      url: `/api/leads/${leadId}/opt-out-reviews/${eventId}`,
      headers: bearer(token),
      payload: { decision },
    });
  const getLead = async (leadId: string) => {
    const row = await leadById(t, leadId);
    const response = await t.app.inject({
      url: `/api/properties/${row.propertyId}/leads/${row.pmsLeadId}`,
      headers: bearer(t.token),
    });
    return response.json<Lead>();
  };

  it('opts the lead out on a revocation in English or Spanish, confirms once and keeps the record', async () => {
    for (const words of ['Please stop texting me', 'No me envíen más mensajes']) {
      const { phone, leadId } = await freshLead();
      const { event } = await text(t, phone, SUMMIT_NUMBER, words);
      expect(event!.data, words).toEqual({
        optStatusChange: { channel: 'phone', status: 'OPT_OUT' },
      });
      expect((await leadById(t, leadId)).phoneOptStatus).toBe('OPT_OUT');
      expect((await automaticReplies(t, leadId)).map((reply) => reply.body)).toEqual([
        CONFIRMATION,
      ]);
      await expect.poll(() => sentTo(phone).length, { timeout: 10_000 }).toBe(1);

      const lead = await getLead(leadId);
      expect(lead.consent).toEqual({
        sms: {
          channel: 'SMS',
          status: 'OPT_OUT',
          source: 'sms_phrase',
          at: event!.date.toISOString(),
          timelineEventId: event!.id,
          message: words,
          actorName: null,
        },
        email: null,
      });
      // The same words again change nothing and send nothing more.
      await text(t, phone, SUMMIT_NUMBER, words);
      expect(await automaticReplies(t, leadId)).toHaveLength(1);
      expect(await consentRows(leadId)).toHaveLength(1);
    }
  });

  it('records a STOP as a keyword, and START back in, each with its message', async () => {
    const { phone, leadId } = await freshLead();
    await text(t, phone, SUMMIT_NUMBER, 'STOP');
    await text(t, phone, SUMMIT_NUMBER, 'START');
    const rows = await consentRows(leadId);
    expect(rows.map(({ status, source, message }) => ({ status, source, message }))).toEqual([
      { status: 'OPT_OUT', source: 'sms_keyword', message: 'STOP' },
      { status: 'OPT_IN', source: 'sms_keyword', message: 'START' },
    ]);
    expect((await getLead(leadId)).consent.sms).toMatchObject({ status: 'OPT_IN' });
  });

  it('flags a maybe for a person; one click opts out with a timeline event, an audit row and the confirmation', async () => {
    const { phone, leadId } = await freshLead();
    const { event } = await text(t, phone, SUMMIT_NUMBER, 'not interested right now');
    expect(event!.data).toEqual({ optOutReview: { status: 'PENDING' } });
    expect((await leadById(t, leadId)).phoneOptStatus).toBe('NO_INDICATION');
    expect(await automaticReplies(t, leadId)).toHaveLength(0);

    const decided = await review(leadId, event!.id, 'OPT_OUT');
    expect(decided.statusCode).toBe(200);
    const body = decided.json<OptOutReviewResponse>();
    expect(body.event.data.optOutReview).toMatchObject({
      status: 'OPTED_OUT',
      byUserName: 'Dana Whitfield',
    });
    expect(body.phoneOptStatus).toBe('OPT_OUT');
    expect(body.consentEvent).toMatchObject({
      eventType: 'CONSENT_CHANGE',
      body: 'Opted out of texts by Dana Whitfield',
      eventByUserName: 'Dana Whitfield',
    });
    expect(body.consent.sms).toMatchObject({
      status: 'OPT_OUT',
      source: 'staff',
      actorName: 'Dana Whitfield',
      timelineEventId: body.consentEvent!._id,
    });
    expect((await leadById(t, leadId)).phoneOptStatus).toBe('OPT_OUT');
    expect((await automaticReplies(t, leadId)).map((reply) => reply.body)).toEqual([CONFIRMATION]);
    await expect.poll(() => sentTo(phone).length, { timeout: 10_000 }).toBe(1);

    const audit = await t.app.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.leadId, leadId))
      .orderBy(asc(auditLog.action));
    expect(audit.map(({ action, actorName, after }) => ({ action, actorName, after }))).toEqual([
      {
        action: 'consent.changed',
        actorName: 'Dana Whitfield',
        after: { channel: 'SMS', status: 'OPT_OUT', source: 'staff' },
      },
      {
        action: 'opt_out_review.decided',
        actorName: 'Dana Whitfield',
        after: { decision: 'OPT_OUT' },
      },
    ]);

    // Decided once: a second click (another console) is told so and changes nothing.
    const again = await review(leadId, event!.id, 'OPT_OUT');
    expect(again.statusCode).toBe(409);
    expect(await automaticReplies(t, leadId)).toHaveLength(1);
  });

  it("dismisses a maybe as 'Not an opt-out' without touching the lead, and refuses others' leads and bad input", async () => {
    const { phone, leadId } = await freshLead();
    const { event } = await text(t, phone, SUMMIT_NUMBER, 'We already found a place, thanks');
    expect(event!.data.optOutReview).toEqual({ status: 'PENDING' });

    const bad = await review(leadId, event!.id, 'MAYBE');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].path).toBe('body.decision');

    const { token: harborToken } = await login(t.app, t.world.harborStaff.credentials);
    expect((await review(leadId, event!.id, 'OPT_OUT', harborToken)).statusCode).toBe(403);

    const dismissed = await review(leadId, event!.id, 'NOT_OPT_OUT');
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json<OptOutReviewResponse>()).toMatchObject({
      event: { data: { optOutReview: { status: 'DISMISSED', byUserName: 'Dana Whitfield' } } },
      consentEvent: null,
      phoneOptStatus: 'NO_INDICATION',
      consent: { sms: null, email: null },
    });
    expect((await leadById(t, leadId)).phoneOptStatus).toBe('NO_INDICATION');
    expect(await automaticReplies(t, leadId)).toHaveLength(0);

    // A message that was never flagged is not waiting for a decision.
    const plain = await text(t, phone, SUMMIT_NUMBER, 'Can I stop by tomorrow?');
    expect(plain.event!.data).toEqual({});
    expect((await review(leadId, plain.event!.id, 'OPT_OUT')).statusCode).toBe(409);
  });
});
