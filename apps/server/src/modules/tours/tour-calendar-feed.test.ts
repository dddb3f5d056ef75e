import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { apiPaths, type BookedTour, type TourCalendarFeed } from '@leasing/contract';
import { auditLog } from '../../db/schema/index.js';
import { createLead, createUser, uniquePhone } from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { createTestClock } from '../../test/test-clock.js';
import { useTestApp } from '../../test/use-test-app.js';
import { freeSlotsFrom, tourOffice } from './test-support.js';

/** The UIDs of a feed's events. */
const uidsOf = (ics: string) =>
  ics
    .split('\r\n')
    .filter((line) => line.startsWith('UID:'))
    .map((line) => line.slice(4))
    .sort();

/**
 * A person's tour calendar feed: made (the URL shown once), renewed (the old URL stops working)
 * and turned off, each audited; the feed holds the tours they give and those of their leads that
 * name no agent, never a colleague's or a cancelled one.
 */
describe.each(oneDatabase())('the tour calendar feed ($name)', (target) => {
  const clock = createTestClock();
  const t = useTestApp(target, { seed: 'none', now: clock.now });

  const feedOf = (url: string) =>
    t.app.inject({ method: 'GET', url: new URL(url).pathname }).then((response) => ({
      status: response.statusCode,
      type: response.headers['content-type'],
      body: response.body,
    }));

  it("holds the person's tours, and only while its URL is the working one", async () => {
    const office = await tourOffice(t, { property: { address: '12 Maple Ct' } });
    const priya = await createUser(t.db, office.company.id, { role: 'agent', name: 'Priya Shah' });
    const marcus = await createUser(t.db, office.company.id, { role: 'agent', name: 'Marcus' });
    const asPriya = await t.signIn(priya.credentials);
    const lead = (name: string, owner: string) =>
      createLead(t.db, office.property, {
        name,
        phone: uniquePhone(),
        ownerKind: 'user',
        ownerUserId: owner,
        ownerName: 'Owner',
      });
    const hers = await lead('Ava Hers', priya.user.id);
    const givenByHer = await lead('Ben Marcus-owned', marcus.user.id);
    const his = await lead('Cy His', marcus.user.id);
    const cancelled = await lead('Dee Cancelled', priya.user.id);
    const slots = await freeSlotsFrom(t, office.admin, office.property.id, clock.now(), 3);
    const book = async (leadId: string, index: number, agentId?: string) =>
      (
        await t.request<BookedTour>('POST', apiPaths.leadTours(leadId), {
          as: office.admin,
          payload: {
            start: slots[index]!.start,
            type: 'IN_PERSON',
            ...(agentId ? { agentId } : {}),
          },
        })
      ).body;
    const herTour = await book(hers.id, 10);
    const givenTour = await book(givenByHer.id, 12, priya.user.id);
    await book(his.id, 14);
    const gone = await book(cancelled.id, 16);
    await t.request('DELETE', apiPaths.tour(gone._id), { as: office.admin });

    const none = await t.request<TourCalendarFeed>('GET', apiPaths.myTourCalendar, {
      as: asPriya,
    });
    expect(none.body).toEqual({ active: false, createdAt: null, url: null });

    const made = await t.request<TourCalendarFeed>('POST', apiPaths.myTourCalendar, {
      as: asPriya,
    });
    expect(made.status).toBe(201);
    expect(made.body.url).toMatch(/\/api\/public\/tour-calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // The URL is shown once: reading the feed's state later does not show it.
    const later = await t.request<TourCalendarFeed>('GET', apiPaths.myTourCalendar, {
      as: asPriya,
    });
    expect(later.body).toMatchObject({ active: true, url: null });

    const feed = await feedOf(made.body.url!);
    expect(feed.status).toBe(200);
    expect(feed.type).toBe('text/calendar; charset=utf-8');
    expect(uidsOf(feed.body)).toEqual([`tour-${herTour._id}`, `tour-${givenTour._id}`].sort());
    expect(feed.body).toContain('SUMMARY:Tour: Ava Hers (in person with an agent)');
    expect(feed.body).toContain('LOCATION:12 Maple Ct');

    // Renewed: the old URL stops working, the new one works.
    const renewed = await t.request<TourCalendarFeed>('POST', apiPaths.myTourCalendar, {
      as: asPriya,
    });
    expect(renewed.body.url).not.toBe(made.body.url);
    expect((await feedOf(made.body.url!)).status).toBe(404);
    expect((await feedOf(renewed.body.url!)).status).toBe(200);

    // Turned off: no URL works.
    const off = await t.request<TourCalendarFeed>('DELETE', apiPaths.myTourCalendar, {
      as: asPriya,
    });
    expect(off.body.active).toBe(false);
    expect((await feedOf(renewed.body.url!)).status).toBe(404);

    const audit = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.targetId, priya.user.id), eq(auditLog.companyId, office.company.id)));
    expect(
      audit
        .map((row) => row.action)
        .filter((action) => action.startsWith('tour_calendar.'))
        .sort(),
    ).toEqual(['tour_calendar.renewed', 'tour_calendar.renewed', 'tour_calendar.turned_off']);
  });

  it('stops serving the feed of a person who was deactivated', async () => {
    const office = await tourOffice(t);
    const agent = await createUser(t.db, office.company.id, { role: 'agent' });
    const made = await t.request<TourCalendarFeed>('POST', apiPaths.myTourCalendar, {
      as: await t.signIn(agent.credentials),
    });
    expect((await feedOf(made.body.url!)).status).toBe(200);
    const deactivated = await t.request('POST', apiPaths.teamDeactivate(agent.user.id), {
      as: office.admin,
    });
    expect(deactivated.status).toBe(200);
    expect((await feedOf(made.body.url!)).status).toBe(404);
  });
});
