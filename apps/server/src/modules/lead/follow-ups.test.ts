import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiPaths, type FollowUpResponse, type InboxPage, type Lead } from '@leasing/contract';
import { auditLog, leads } from '../../db/schema/index.js';
import type { PublishedEvent } from '../../events/event-port.js';
import {
  createConversationEvent,
  createLead,
  createOffice,
  createSentSms,
  createUser,
} from '../../test/factories.js';
import { everyDatabase } from '../../test/test-app.js';
import { createTestClock } from '../../test/test-clock.js';
import { useTestApp } from '../../test/use-test-app.js';
import { publishDueFollowUps } from './follow-ups.service.js';

const HOUR = 3_600_000;

describe.each(everyDatabase())('follow-ups and lights on $name', (target) => {
  const clock = createTestClock();
  const s = useTestApp(target, { seed: 'none', now: clock.now });

  const office = async () => {
    const made = await createOffice(s.db);
    const agent = await createUser(s.db, made.company.id, { role: 'agent' });
    return { ...made, token: await s.signIn(agent.credentials) };
  };
  const setFollowUp = (leadId: string, dueAt: string | null, as: string) =>
    s.request<FollowUpResponse>('PUT', apiPaths.leadFollowUp(leadId), {
      as,
      payload: { dueAt },
    });
  const inbox = async (token: string, filter?: string) => {
    const query = new URLSearchParams({ limit: '200', ...(filter ? { filter } : {}) });
    const response = await s.request<InboxPage>('GET', `${apiPaths.inbox}?${query}`, {
      as: token,
    });
    expect(response.status).toBe(200);
    return response.body.items;
  };
  const collect = <T extends 'follow_up.due' | 'follow_up.changed'>(type: T) => {
    const seen: PublishedEvent<T>[] = [];
    const stop = s.app.events.subscribe(type, `test-${type}`, (event) => {
      seen.push(event);
    });
    return { seen, stop };
  };

  it('sets a follow-up (any staff), shows it on the row and the pane, audits it and takes the lead out of Needs reply', async () => {
    const { property, token, company } = await office();
    const lead = await createLead(s.db, property);
    await createConversationEvent(s.db, lead, { date: new Date(clock.now().getTime() - HOUR) });
    expect((await inbox(token, 'awaiting')).map((item) => item._id)).toContain(lead.id);

    const changes = collect('follow_up.changed');
    const dueAt = new Date(clock.now().getTime() + 2 * HOUR).toISOString();
    const response = await setFollowUp(lead.id, dueAt, token);
    changes.stop();
    expect(response.status).toBe(200);
    expect(response.body.followUpAt).toBe(dueAt);
    expect(response.body.lights).toMatchObject({ needsReply: false, followUpOverdue: false });
    expect(changes.seen).toMatchObject([{ leadId: lead.id, dueAt, companyId: company.id }]);

    const [row] = (await inbox(token)).filter((item) => item._id === lead.id);
    expect(row?.followUpAt).toBe(dueAt);
    expect((await inbox(token, 'awaiting')).map((item) => item._id)).not.toContain(lead.id);

    const pane = await s.request<Lead>('GET', apiPaths.lead(property.id, lead.pmsLeadId), {
      as: token,
    });
    expect(pane.body.followUpAt).toBe(dueAt);
    expect(pane.body.lights.needsReply).toBe(false);

    const audit = await s.db.select().from(auditLog).where(eq(auditLog.leadId, lead.id));
    expect(audit).toMatchObject([{ action: 'follow_up.changed', after: { followUpAt: dueAt } }]);

    // When it comes due the lead is back, and its follow-up is overdue (the time moved back
    // instead of the clock forward: a sign-in lasts less than two hours).
    await s.db
      .update(leads)
      .set({ followUpAt: new Date(clock.now().getTime() - 60_000) })
      .where(eq(leads.id, lead.id));
    const back = (await inbox(token, 'awaiting')).find((item) => item._id === lead.id);
    expect(back?.lights).toMatchObject({ needsReply: true, followUpOverdue: true });
  });

  it('refuses a time already passed with details, changing nothing', async () => {
    const { property, token } = await office();
    const lead = await createLead(s.db, property);
    const response = await setFollowUp(
      lead.id,
      new Date(clock.now().getTime() - 60_000).toISOString(),
      token,
    );
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain('dueAt');
    const [row] = await s.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row?.followUpAt).toBeNull();
  });

  it("answers 404 for another company's lead, as for an unknown one", async () => {
    const mine = await office();
    const theirs = await office();
    const lead = await createLead(s.db, theirs.property);
    const dueAt = new Date(clock.now().getTime() + HOUR).toISOString();
    expect((await setFollowUp(lead.id, dueAt, mine.token)).status).toBe(404);
    expect((await setFollowUp(crypto.randomUUID(), dueAt, mine.token)).status).toBe(404);
    const [row] = await s.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row?.followUpAt).toBeNull();
  });

  it('clears the follow-up when the lead writes: back in Needs reply at once', async () => {
    const { property, token } = await office();
    const lead = await createLead(s.db, property);
    await createSentSms(s.db, lead, { minutesAgo: 60 });
    const dueAt = new Date(clock.now().getTime() + 72 * HOUR).toISOString();
    expect((await setFollowUp(lead.id, dueAt, token)).status).toBe(200);
    const [before] = await s.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(before?.followUpAt?.toISOString()).toBe(dueAt);

    await createConversationEvent(s.db, lead, { body: 'Is the unit still free?' });
    const [after] = await s.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(after?.followUpAt).toBeNull();
    const row = (await inbox(token, 'awaiting')).find((item) => item._id === lead.id);
    expect(row?.lights.needsReply).toBe(true);
    expect(row?.lights.waitingSince).not.toBeNull();
  });

  it('publishes follow_up.due exactly once, however many sweeps run at the same time', async () => {
    const { property, token } = await office();
    const lead = await createLead(s.db, property);
    const dueAt = new Date(clock.now().getTime() + HOUR).toISOString();
    await setFollowUp(lead.id, dueAt, token);
    const due = collect('follow_up.due');
    const deps = { db: s.db, events: s.app.events, now: clock.now };
    try {
      // Not due yet: nothing for this lead.
      await publishDueFollowUps(deps);
      expect(due.seen.filter((event) => event.leadId === lead.id)).toEqual([]);
      clock.advance(HOUR + 1000);
      await Promise.all([publishDueFollowUps(deps), publishDueFollowUps(deps)]);
      await publishDueFollowUps(deps);
      expect(due.seen.filter((event) => event.leadId === lead.id)).toMatchObject([
        { leadId: lead.id, dueAt, ownerUserId: null },
      ]);
    } finally {
      due.stop();
      clock.advance(-(HOUR + 1000));
    }
  });

  it('does not count an opted-out lead who wrote last as needing a reply', async () => {
    const { property, token } = await office();
    const stopped = await createLead(s.db, property, { phoneOptStatus: 'OPT_OUT' });
    await createConversationEvent(s.db, stopped, { body: 'STOP' });
    const writing = await createLead(s.db, property);
    await createConversationEvent(s.db, writing, { body: 'Hello?' });
    const awaiting = (await inbox(token, 'awaiting')).map((item) => item._id);
    expect(awaiting).toContain(writing.id);
    expect(awaiting).not.toContain(stopped.id);
    const row = (await inbox(token)).find((item) => item._id === stopped.id);
    expect(row?.lights).toMatchObject({ needsReply: false, waitingSince: null, speedToLead: null });
  });

  it('keeps waitingSince at the oldest unanswered message and clears it with our reply', async () => {
    const { property, token } = await office();
    const lead = await createLead(s.db, property);
    const now = clock.now().getTime();
    await createSentSms(s.db, lead, { date: new Date(now - 5 * HOUR) });
    const first = new Date(now - 3 * HOUR);
    await createConversationEvent(s.db, lead, { date: first });
    await createConversationEvent(s.db, lead, { date: new Date(now - HOUR) });
    const waiting = (await inbox(token)).find((item) => item._id === lead.id);
    expect(waiting?.lights.waitingSince).toBe(first.toISOString());
    expect(waiting?.awaitingReply).toBe(true);

    await createSentSms(s.db, lead);
    const answered = (await inbox(token)).find((item) => item._id === lead.id);
    expect(answered?.lights).toMatchObject({ needsReply: false, waitingSince: null });
  });

  it('lights a lead without contact for 48 hours and no follow-up', async () => {
    const { property, token } = await office();
    const quiet = await createLead(s.db, property);
    await createSentSms(s.db, quiet, { minutesAgo: 49 * 60 });
    const recent = await createLead(s.db, property);
    await createSentSms(s.db, recent, { minutesAgo: 47 * 60 });
    const items = await inbox(token);
    expect(items.find((item) => item._id === recent.id)?.lights.noContact48h).toBe(false);
    expect(items.find((item) => item._id === quiet.id)?.lights.noContact48h).toBe(true);
    await setFollowUp(quiet.id, new Date(clock.now().getTime() + HOUR).toISOString(), token);
    const after = (await inbox(token)).find((item) => item._id === quiet.id);
    expect(after?.lights.noContact48h).toBe(false);
  });
});
