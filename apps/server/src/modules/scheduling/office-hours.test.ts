import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import {
  apiPaths,
  DEFAULT_WEEK_HOURS,
  type InboxPage,
  type OfficeHoursSettings,
  type PropertyOfficeHours,
  type WeekHours,
} from '@leasing/contract';
import { auditLog, firstResponses, leads, properties } from '../../db/schema/index.js';
import type { PublishedEvent } from '../../events/event-port.js';
import {
  createConversationEvent,
  createLead,
  createOffice,
  createUser,
  uniquePhone,
} from '../../test/factories.js';
import { everyDatabase } from '../../test/test-app.js';
import { createTestClock } from '../../test/test-clock.js';
import { useTestApp } from '../../test/use-test-app.js';
import { checkSpeedToLeadBreach } from '../lead/index.js';
import { SPEED_TO_LEAD_QUEUE } from './office-hours.service.js';

const MINUTE = 60_000;
/** Open all day every day (but the last minute), in UTC: office minutes are wall minutes. */
const ALWAYS: WeekHours = Object.fromEntries(
  Object.keys(DEFAULT_WEEK_HOURS).map((day) => [day, { open: '00:00', close: '23:59' }]),
) as WeekHours;

const multipart = (fields: Record<string, string>) => {
  const boundary = 'test-boundary-followups';
  const body = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  return {
    payload: `${body}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

describe.each(everyDatabase())('office hours and speed-to-lead on $name', (target) => {
  const clock = createTestClock();
  const s = useTestApp(target, { seed: 'none', now: clock.now });

  // ALWAYS closes for each day's last minute, so a wait that crossed the office's midnight would end
  // a minute later: each office keeps the clock of a zone whose next hours are all open, whatever
  // the hour the test runs at.
  const hourIn = (timeZone: string) =>
    Number(
      new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone }).format(
        clock.now(),
      ),
    );
  const openZone = () =>
    ['UTC', 'Asia/Tokyo'].find((timeZone) => hourIn(timeZone) >= 2 && hourIn(timeZone) < 21)!;

  const office = async () => {
    const made = await createOffice(s.db, {
      company: { timeZone: openZone() },
      property: { smsNumber: uniquePhone() },
    });
    await s.db
      .update(properties)
      .set({ officeHours: ALWAYS })
      .where(eq(properties.id, made.property.id));
    const agent = await createUser(s.db, made.company.id, { role: 'agent' });
    return {
      ...made,
      admin: await s.signIn(made.staff.credentials),
      agent: await s.signIn(agent.credentials),
      agentUser: agent.user,
    };
  };
  const waitingLead = async (
    property: Awaited<ReturnType<typeof office>>['property'],
    minutesAgo: number,
  ) => {
    const lead = await createLead(s.db, property);
    await createConversationEvent(s.db, lead, {
      date: new Date(clock.now().getTime() - minutesAgo * MINUTE),
    });
    return lead;
  };

  it('lets admins read and change the target and the hours; agents get 403', async () => {
    const { admin, agent, property, company } = await office();
    const settings = await s.request<OfficeHoursSettings>('GET', apiPaths.officeHoursSettings, {
      as: admin,
    });
    expect(settings.status).toBe(200);
    expect(settings.body.firstReplyTargetMinutes).toBe(15);
    expect(settings.body.properties).toMatchObject([
      { propertyId: property.id, timeZone: company.timeZone, ownTimeZone: null },
    ]);
    expect((await s.request('GET', apiPaths.officeHoursSettings, { as: agent })).status).toBe(403);
    expect(
      (
        await s.request('PUT', apiPaths.responseTarget, {
          as: agent,
          payload: { firstReplyTargetMinutes: 5 },
        })
      ).status,
    ).toBe(403);
    const hours = { ...DEFAULT_WEEK_HOURS, sun: { open: '10:00', close: '14:00' } };
    expect(
      (
        await s.request('PUT', apiPaths.propertyOfficeHours(property.id), {
          as: agent,
          payload: { timeZone: 'America/Chicago', hours },
        })
      ).status,
    ).toBe(403);

    const target = await s.request<OfficeHoursSettings>('PUT', apiPaths.responseTarget, {
      as: admin,
      payload: { firstReplyTargetMinutes: 30 },
    });
    expect(target.body.firstReplyTargetMinutes).toBe(30);
    const saved = await s.request<PropertyOfficeHours>(
      'PUT',
      apiPaths.propertyOfficeHours(property.id),
      { as: admin, payload: { timeZone: 'America/Chicago', hours } },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ timeZone: 'America/Chicago', hours });

    const audit = await s.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.companyId, company.id));
    const changes = audit.map((row) => row.action).filter((action) => !action.startsWith('auth.'));
    expect(changes.sort()).toEqual(['office_hours.changed', 'response_target.changed']);
  });

  it('refuses bad hours and zones with details, changing nothing', async () => {
    const { admin, property } = await office();
    const put = (payload: unknown) =>
      s.request('PUT', apiPaths.propertyOfficeHours(property.id), { as: admin, payload });
    const badZone = await put({ timeZone: 'Mars/Olympus', hours: DEFAULT_WEEK_HOURS });
    expect(badZone.status).toBe(400);
    expect(badZone.text).toContain('timeZone');
    const backwards = await put({
      timeZone: null,
      hours: { ...DEFAULT_WEEK_HOURS, mon: { open: '18:00', close: '09:00' } },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.text).toContain('close');
    const target = await s.request('PUT', apiPaths.responseTarget, {
      as: admin,
      payload: { firstReplyTargetMinutes: 0 },
    });
    expect(target.status).toBe(400);
    expect(target.text).toContain('firstReplyTargetMinutes');
    const [row] = await s.db.select().from(properties).where(eq(properties.id, property.id));
    expect(row?.officeHours).toEqual(ALWAYS);
    expect(row?.timeZone).toBeNull();
  });

  it("answers 404 for another company's property, as for an unknown one", async () => {
    const mine = await office();
    const theirs = await office();
    const payload = { timeZone: null, hours: DEFAULT_WEEK_HOURS };
    const other = await s.request('PUT', apiPaths.propertyOfficeHours(theirs.property.id), {
      as: mine.admin,
      payload,
    });
    expect(other.status).toBe(404);
    const unknown = await s.request('PUT', apiPaths.propertyOfficeHours(crypto.randomUUID()), {
      as: mine.admin,
      payload,
    });
    expect(unknown.status).toBe(404);
  });

  it('turns a waiting row amber past 80 % of the target and red past it', async () => {
    const { agent, property } = await office();
    const ok = await waitingLead(property, 5);
    const amber = await waitingLead(property, 13);
    const red = await waitingLead(property, 16);
    const items = (await s.request<InboxPage>('GET', `${apiPaths.inbox}?limit=50`, { as: agent }))
      .body.items;
    const stateOf = (id: string) => items.find((item) => item._id === id)?.lights.speedToLead;
    expect(stateOf(ok.id)?.state).toBe('ok');
    expect(stateOf(amber.id)?.state).toBe('amber');
    expect(stateOf(red.id)?.state).toBe('red');
    expect(Date.parse(stateOf(red.id)!.dueAt)).toBeLessThan(clock.now().getTime());
  });

  it('queues the check for the breach moment when the lead writes, and publishes the breach once', async () => {
    const { admin, property } = await office();
    const lead = await createLead(s.db, property);
    const sent = await s.request('POST', apiPaths.sandboxInboundSms, {
      as: admin,
      payload: { leadID: lead.id, text: 'Hi, is the two-bedroom still free?' },
    });
    expect(sent.status).toBe(200);
    const [row] = await s.db.select().from(leads).where(eq(leads.id, lead.id));
    const waitingSince = row!.awaitingSince!;
    const jobs = (
      await s.db.execute<{ start_after: Date; data: { waitingSince: string } }>(
        sql`select start_after, data from pgboss.job where name = ${SPEED_TO_LEAD_QUEUE} and data->>'leadId' = ${lead.id}`,
      )
    ).rows;
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.data.waitingSince).toBe(waitingSince.toISOString());
    expect(new Date(jobs[0]!.start_after).getTime()).toBe(waitingSince.getTime() + 15 * MINUTE);

    const breaches: PublishedEvent<'speed_to_lead.breached'>[] = [];
    const stop = s.app.events.subscribe('speed_to_lead.breached', 'test-breach', (event) => {
      if (event.leadId === lead.id) breaches.push(event);
    });
    const deps = { db: s.db, events: s.app.events, queue: s.app.queue, now: clock.now };
    const job = { leadId: lead.id, waitingSince: waitingSince.toISOString() };
    try {
      // Fired early (the target is not reached yet): re-checked, nothing published.
      expect(await checkSpeedToLeadBreach(deps, job)).toBe(false);
      clock.advance(16 * MINUTE);
      const results = await Promise.all([
        checkSpeedToLeadBreach(deps, job),
        checkSpeedToLeadBreach(deps, job),
      ]);
      await checkSpeedToLeadBreach(deps, job);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(breaches).toMatchObject([
        { leadId: lead.id, waitingSince: job.waitingSince, targetMinutes: 15, ownerUserId: null },
      ]);
    } finally {
      stop();
      clock.advance(-16 * MINUTE);
    }
  });

  it('queues the check again at the earlier moment when the target is lowered or the hours shortened', async () => {
    const { admin, property } = await office();
    const jobsOf = async (leadId: string) =>
      (
        await s.db.execute<{ start_after: Date }>(
          sql`select start_after from pgboss.job where name = ${SPEED_TO_LEAD_QUEUE}
              and data->>'leadId' = ${leadId} order by start_after`,
        )
      ).rows.map((row) => new Date(row.start_after).getTime());
    const setTarget = (minutes: number) =>
      s.request('PUT', apiPaths.responseTarget, {
        as: admin,
        payload: { firstReplyTargetMinutes: minutes },
      });
    expect((await setTarget(60)).status).toBe(200);
    const lead = await createLead(s.db, property);
    await s.request('POST', apiPaths.sandboxInboundSms, {
      as: admin,
      payload: { leadID: lead.id, text: 'Is the loft still available?' },
    });
    const [row] = await s.db.select().from(leads).where(eq(leads.id, lead.id));
    const since = row!.awaitingSince!.getTime();
    // A lead answered long ago (not waiting) is left alone.
    const answered = await createLead(s.db, property);
    expect(await jobsOf(lead.id)).toEqual([since + 60 * MINUTE]);

    expect((await setTarget(10)).status).toBe(200);
    expect(await jobsOf(lead.id)).toEqual([since + 10 * MINUTE, since + 60 * MINUTE]);
    expect(await jobsOf(answered.id)).toEqual([]);

    // Hours open only three days from now: the moment moves to that opening (the old checks still
    // fire, re-check and re-queue themselves).
    const closedToday = Object.fromEntries(
      Object.keys(DEFAULT_WEEK_HOURS).map((day) => [day, null]),
    ) as WeekHours;
    const weekdays = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
    const inThreeDays = weekdays[(clock.now().getUTCDay() + 3) % 7]!;
    const saved = await s.request('PUT', apiPaths.propertyOfficeHours(property.id), {
      as: admin,
      payload: {
        timeZone: 'UTC',
        hours: { ...closedToday, [inThreeDays]: { open: '09:00', close: '10:00' } },
      },
    });
    expect(saved.status).toBe(200);
    const after = await jobsOf(lead.id);
    expect(after).toHaveLength(3);
    expect(after.some((at) => at > since + 60 * MINUTE)).toBe(true);

    // A breach already published is not checked again.
    await s.db
      .update(leads)
      // As the claim marks it: the column's own value (microseconds, which a Date would round).
      .set({ speedToLeadNotifiedFor: sql`${leads.awaitingSince}` })
      .where(eq(leads.id, lead.id));
    expect((await setTarget(5)).status).toBe(200);
    expect(await jobsOf(lead.id)).toHaveLength(3);
  });

  it('stores the first response to a waiting stretch, with who answered and the office minutes', async () => {
    const { agent, agentUser, property } = await office();
    const lead = await waitingLead(property, 30);
    const form = multipart({ leadID: lead.id, text: 'Yes, it is! Want to see it tomorrow?' });
    const reply = await s.request<{ _id: string }>('POST', apiPaths.leadSms(lead.id), {
      as: agent,
      payload: form.payload,
      headers: form.headers,
    });
    expect(reply.status).toBe(200);
    const rows = await s.db.select().from(firstResponses).where(eq(firstResponses.leadId, lead.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      conversationEventId: reply.body._id,
      companyId: lead.companyId,
      propertyId: property.id,
      responderKind: 'user',
      responderUserId: agentUser.id,
    });
    expect(rows[0]!.businessMinutes).toBeGreaterThanOrEqual(29);
    expect(rows[0]!.businessMinutes).toBeLessThanOrEqual(31);
    const [after] = await s.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(after?.awaitingSince).toBeNull();
  });
});
