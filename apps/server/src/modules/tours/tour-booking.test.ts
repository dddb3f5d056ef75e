import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  apiPaths,
  DEFAULT_TOUR_AVAILABILITY,
  type ApiError,
  type BookedTour,
  type PropertyTourAvailability,
  type TourAvailability,
  type TourList,
  type TourSlotList,
} from '@leasing/contract';
import {
  auditLog,
  conversationEvents,
  leads,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema/index.js';
import { createLead, createOffice, createUser, type Office } from '../../test/factories.js';
import { everyDatabase } from '../../test/test-app.js';
import { createTestClock } from '../../test/test-clock.js';
import { ALWAYS_OPEN } from './test-support.js';
import { useTestApp } from '../../test/use-test-app.js';

const DAY = 86_400_000;

/** In-person tours of 30 minutes every 45, `capacity` at once, from one hour ahead. */
const availability = (capacity: number): TourAvailability => ({
  ...DEFAULT_TOUR_AVAILABILITY,
  kinds: {
    ...DEFAULT_TOUR_AVAILABILITY.kinds,
    IN_PERSON: { enabled: true, lengthMinutes: 30, bufferMinutes: 15, capacity },
  },
  hours: ALWAYS_OPEN,
  minNoticeMinutes: 60,
  maxDaysAhead: 7,
});

describe.each(everyDatabase())('tour availability and booking on $name', (target) => {
  const clock = createTestClock();
  const t = useTestApp(target, { seed: 'none', now: clock.now });

  const officeWith = async (capacity: number) => {
    const office = await createOffice(t.db, { property: { timeZone: 'UTC' } });
    const admin = await t.signIn(office.staff.credentials);
    const set = await t.request('PUT', apiPaths.propertyTourAvailability(office.property.id), {
      as: admin,
      payload: availability(capacity),
    });
    expect(set.status).toBe(200);
    return { office, admin };
  };

  const freeSlots = async (office: Office, token: string) => {
    const from = clock.now();
    const query = new URLSearchParams({
      from: from.toISOString(),
      to: new Date(from.getTime() + 2 * DAY).toISOString(),
      type: 'IN_PERSON',
    });
    const answer = await t.request<TourSlotList>(
      'GET',
      `${apiPaths.propertyTourSlots(office.property.id)}?${query}`,
      { as: token },
    );
    expect(answer.status).toBe(200);
    return answer.body;
  };

  const tourEvents = async (leadId: string) =>
    (
      await t.db
        .select({ type: conversationEvents.eventType, data: conversationEvents.data })
        .from(conversationEvents)
        .where(eq(conversationEvents.leadId, leadId))
    ).filter((event) => event.type.endsWith('TOUR_APPOINTMENT'));

  const book = (token: string, leadId: string, start: string) =>
    t.request<BookedTour & ApiError>('POST', apiPaths.leadTours(leadId), {
      as: token,
      payload: { start, type: 'IN_PERSON' },
    });

  it('lets a manager set the tour availability, audited; an agent reads it but may not change it', async () => {
    const office = await createOffice(t.db);
    const manager = await createUser(t.db, office.company.id, { role: 'manager' });
    const agent = await createUser(t.db, office.company.id, { role: 'agent' });
    const asManager = await t.signIn(manager.credentials);
    const asAgent = await t.signIn(agent.credentials);
    const path = apiPaths.propertyTourAvailability(office.property.id);

    const before = await t.request<PropertyTourAvailability>('GET', path, { as: asAgent });
    expect(before.body.availability).toEqual(DEFAULT_TOUR_AVAILABILITY);

    const refused = await t.request<ApiError>('PUT', path, {
      as: asAgent,
      payload: availability(3),
    });
    expect(refused.status).toBe(403);

    const bad = await t.request<ApiError>('PUT', path, {
      as: asManager,
      payload: { ...availability(3), maxDaysAhead: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details?.map((detail) => detail.path)).toEqual(['body.maxDaysAhead']);

    const changed = await t.request<PropertyTourAvailability>('PUT', path, {
      as: asManager,
      payload: availability(3),
    });
    expect(changed.status).toBe(200);
    const after = await t.request<PropertyTourAvailability>('GET', path, { as: asAgent });
    expect(after.body.availability.kinds.IN_PERSON.capacity).toBe(3);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'tour_availability.changed'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: manager.user.id, targetId: office.property.id });

    // Another company's property is not theirs to read.
    const other = await createOffice(t.db);
    const foreign = await t.request('GET', apiPaths.propertyTourAvailability(other.property.id), {
      as: asManager,
    });
    expect(foreign.status).toBe(403);
  });

  it('lists free slots from the notice on, and refuses a range it cannot read', async () => {
    const { office, admin } = await officeWith(2);
    const slots = await freeSlots(office, admin);
    expect(slots.timeZone).toBe('UTC');
    expect(slots.items.length).toBeGreaterThan(40);
    const first = new Date(slots.items[0]!.start).getTime();
    expect(first).toBeGreaterThanOrEqual(clock.now().getTime() + 60 * 60_000);
    expect(first - clock.now().getTime()).toBeLessThan(60 * 60_000 + 45 * 60_000);
    expect(slots.items.every((slot) => slot.placesLeft === 2)).toBe(true);

    const backwards = await t.request<ApiError>(
      'GET',
      `${apiPaths.propertyTourSlots(office.property.id)}?${new URLSearchParams({
        from: clock.now().toISOString(),
        to: new Date(clock.now().getTime() - DAY).toISOString(),
        type: 'IN_PERSON',
      })}`,
      { as: admin },
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.details?.[0]?.path).toBe('querystring.to');
  });

  it('books a tour: the timeline, the tour date, Tour scheduled, and one place fewer', async () => {
    const { office, admin } = await officeWith(2);
    const lead = await createLead(t.db, office.property, { name: 'Ivy Chen' });
    const [slot] = (await freeSlots(office, admin)).items;

    const booked = await book(admin, lead.id, slot!.start);
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({
      leadId: lead.id,
      start: slot!.start,
      end: slot!.end,
      type: 'IN_PERSON',
      status: 'SCHEDULED',
      source: 'STAFF',
    });

    const [row] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row!.tourDateUtc?.toISOString()).toBe(slot!.start);
    expect(row!.status).toBe('TOUR_SCHEDULED');
    const events = await t.db
      .select()
      .from(conversationEvents)
      .where(
        and(
          eq(conversationEvents.leadId, lead.id),
          eq(conversationEvents.eventType, 'SCHEDULED_TOUR_APPOINTMENT'),
        ),
      );
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toMatchObject({ tourDateUTC: slot!.start, tourTypeID: 'IN_PERSON' });
    expect((await freeSlots(office, admin)).items[0]).toMatchObject({
      start: slot!.start,
      placesLeft: 1,
    });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.action, 'tour.booked'));
    expect(audit).toHaveLength(1);
  });

  it('lists a booked tour on the calendar with its booking (type, end, agent, confirmed); a PMS tour has none', async () => {
    const { office, admin } = await officeWith(2);
    const agent = await createUser(t.db, office.company.id, { role: 'agent', name: 'Priya Shah' });
    const booked = await createLead(t.db, office.property, { name: 'Ivy Chen' });
    const reported = await createLead(t.db, office.property, {
      name: 'Omar Reyes',
      tourDateUtc: new Date(clock.now().getTime() + DAY),
    });
    const [slot] = (await freeSlots(office, admin)).items;
    const tour = await t.request<BookedTour>('POST', apiPaths.leadTours(booked.id), {
      as: admin,
      payload: { start: slot!.start, type: 'IN_PERSON', agentId: agent.user.id },
    });
    expect(tour.status).toBe(201);
    const calendar = async () => {
      const query = new URLSearchParams({
        from: clock.now().toISOString(),
        to: new Date(clock.now().getTime() + 3 * DAY).toISOString(),
      });
      const answer = await t.request<TourList>(
        'GET',
        `${apiPaths.propertyTours(office.property.id)}?${query}`,
        { as: admin },
      );
      expect(answer.status).toBe(200);
      return new Map(answer.body.items.map((item) => [item.name, item.booking]));
    };

    const listed = await calendar();
    expect(listed.get('Ivy Chen')).toEqual({
      tourId: tour.body._id,
      type: 'IN_PERSON',
      end: slot!.end,
      agent: { userId: agent.user.id, name: 'Priya Shah' },
      confirmed: false,
    });
    expect(reported.tourDateUtc).not.toBeNull();
    expect(listed.get('Omar Reyes')).toBeNull();

    await t.request('PATCH', apiPaths.tour(tour.body._id), {
      as: admin,
      payload: { confirmed: true },
    });
    expect((await calendar()).get('Ivy Chen')).toMatchObject({ confirmed: true });
  });

  it.each([
    { capacity: 1, succeed: 1 },
    { capacity: 2, succeed: 2 },
  ])(
    'gives $succeed of five simultaneous bookers the slot of $capacity places; the rest are offered the next times',
    async ({ capacity, succeed }) => {
      const { office, admin } = await officeWith(capacity);
      const bookers = await Promise.all(
        Array.from({ length: 5 }, (_, index) =>
          createLead(t.db, office.property, { name: `Booker ${index}` }),
        ),
      );
      const [slot] = (await freeSlots(office, admin)).items;
      const answers = await Promise.all(bookers.map((lead) => book(admin, lead.id, slot!.start)));

      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(succeed);
      const refused = answers.filter((answer) => answer.status !== 201);
      expect(refused).toHaveLength(5 - succeed);
      for (const answer of refused) {
        expect(answer.status).toBe(409);
        expect(answer.body.error.code).toBe('SLOT_TAKEN');
        const next = answer.body.error.nextSlots ?? [];
        expect(next.length).toBeGreaterThan(0);
        expect(next.every((offered) => offered.start > slot!.start)).toBe(true);
      }
      const remaining = (await freeSlots(office, admin)).items;
      expect(remaining.some((free) => free.start === slot!.start)).toBe(false);
    },
  );

  it('refuses a second tour of the lead, a time off the slots, an unknown agent and a foreign lead', async () => {
    const { office, admin } = await officeWith(2);
    const lead = await createLead(t.db, office.property);
    const [first, second] = (await freeSlots(office, admin)).items;
    expect((await book(admin, lead.id, first!.start)).status).toBe(201);

    const again = await book(admin, lead.id, second!.start);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('TOUR_ALREADY_BOOKED');

    const other = await createLead(t.db, office.property);
    const offGrid = await book(
      admin,
      other.id,
      new Date(new Date(first!.start).getTime() + 5 * 60_000).toISOString(),
    );
    expect(offGrid.status).toBe(400);
    expect(offGrid.body.error.details?.[0]?.path).toBe('body.start');

    const foreignOffice = await createOffice(t.db);
    const stranger = await createUser(t.db, foreignOffice.company.id, { role: 'agent' });
    const withStranger = await t.request<ApiError>('POST', apiPaths.leadTours(other.id), {
      as: admin,
      payload: { start: second!.start, type: 'IN_PERSON', agentId: stranger.user.id },
    });
    expect(withStranger.status).toBe(400);
    expect(withStranger.body.error.details?.[0]?.path).toBe('body.agentId');

    const foreignLead = await createLead(t.db, foreignOffice.property);
    expect((await book(admin, foreignLead.id, second!.start)).status).toBe(403);

    // The refused bookings changed nothing: the other lead books the second slot as a control.
    expect((await book(admin, other.id, second!.start)).status).toBe(201);
  });

  it('reschedules, confirms and cancels a tour, each on the timeline, audited and sent to webhooks', async () => {
    const { office, admin } = await officeWith(1);
    await t.db.insert(webhookEndpoints).values({
      companyId: office.company.id,
      url: 'https://hooks.example.com/in',
      events: ['tour.booked', 'tour.rescheduled', 'tour.cancelled'],
      secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
    });
    const lead = await createLead(t.db, office.property, { name: 'Noah Brooks' });
    const [a, b, c] = (await freeSlots(office, admin)).items;
    const tour = (await book(admin, lead.id, a!.start)).body;

    const moved = await t.request<BookedTour>('PATCH', apiPaths.tour(tour._id), {
      as: admin,
      payload: { start: b!.start },
    });
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body).toMatchObject({ _id: tour._id, start: b!.start, status: 'SCHEDULED' });
    const slotsNow = (await freeSlots(office, admin)).items.map((slot) => slot.start);
    expect(slotsNow).toContain(a!.start);
    expect(slotsNow).not.toContain(b!.start);
    let [row] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row!.tourDateUtc?.toISOString()).toBe(b!.start);

    // Another lead holds the only place of c: the tour cannot move there.
    const other = await createLead(t.db, office.property);
    expect((await book(admin, other.id, c!.start)).status).toBe(201);
    const full = await t.request<ApiError>('PATCH', apiPaths.tour(tour._id), {
      as: admin,
      payload: { start: c!.start },
    });
    expect(full.status).toBe(409);
    expect(full.body.error.code).toBe('SLOT_TAKEN');

    const both = await t.request<ApiError>('PATCH', apiPaths.tour(tour._id), {
      as: admin,
      payload: { start: c!.start, confirmed: true },
    });
    expect(both.status).toBe(400);
    expect(both.body.error.details?.[0]?.path).toBe('body.start');
    const confirmed = await t.request<BookedTour>('PATCH', apiPaths.tour(tour._id), {
      as: admin,
      payload: { confirmed: true },
    });
    expect(confirmed.body.confirmedAt).not.toBeNull();

    const cancelled = await t.request<BookedTour>('DELETE', apiPaths.tour(tour._id), { as: admin });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('CANCELLED');
    [row] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
    expect(row!.tourDateUtc).toBeNull();
    expect(row!.status).toBe('CONTACTED');
    expect((await freeSlots(office, admin)).items.map((slot) => slot.start)).toContain(b!.start);
    const again = await t.request<ApiError>('DELETE', apiPaths.tour(tour._id), { as: admin });
    expect(again.status).toBe(409);

    expect((await tourEvents(lead.id)).map((event) => event.type).sort()).toEqual([
      'CANCELED_TOUR_APPOINTMENT',
      'SCHEDULED_TOUR_APPOINTMENT',
      'SCHEDULED_TOUR_APPOINTMENT',
    ]);
    const audited = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, tour._id));
    expect(audited.map((entry) => entry.action).sort()).toEqual([
      'tour.booked',
      'tour.cancelled',
      'tour.confirmed',
      'tour.rescheduled',
    ]);
    await expect
      .poll(async () =>
        (
          await t.db
            .select({ event: webhookDeliveries.event })
            .from(webhookDeliveries)
            .where(eq(webhookDeliveries.companyId, office.company.id))
        )
          .map((delivery) => delivery.event)
          .sort(),
      )
      .toEqual(['tour.booked', 'tour.booked', 'tour.cancelled', 'tour.rescheduled']);

    // Another company's admin may not touch it.
    const stranger = await createOffice(t.db);
    const foreign = await t.request('DELETE', apiPaths.tour(tour._id), {
      as: await t.signIn(stranger.staff.credentials),
    });
    expect(foreign.status).toBe(403);
  });
});
