import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  apiPaths,
  DEFAULT_COMPANY_TOUR_SETTINGS,
  type ApiError,
  type BookedTour,
  type CompanyTourSettings,
} from '@leasing/contract';
import {
  auditLog,
  conversationEvents,
  tours,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema/index.js';
import { createLead, createUser, uniquePhone } from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { createTestClock } from '../../test/test-clock.js';
import { useTestApp } from '../../test/use-test-app.js';
import { freeSlotsFrom, tourOffice } from './test-support.js';
import { releaseUnconfirmedTours } from './tour-release.service.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The company's tour settings (admins): the reminder times the next bookings use, and what a
 * recorded outcome does — the tour completed or a no-show (the `tour.completed` webhook), and the
 * no-show text when the company turned it on.
 */
describe.each(oneDatabase())("the company's tour settings ($name)", (target) => {
  const clock = createTestClock();
  const t = useTestApp(target, { seed: 'none', now: clock.now });

  const office = () => tourOffice(t);
  const slotsFrom = (made: Awaited<ReturnType<typeof office>>, admin: string) =>
    freeSlotsFrom(t, admin, made.property.id, clock.now(), 4);

  const textsOf = (leadId: string) =>
    t.db
      .select()
      .from(conversationEvents)
      .where(and(eq(conversationEvents.leadId, leadId), eq(conversationEvents.eventType, 'SMS')));

  it('are read by every staff member and changed by admins only, audited; bad input names its field', async () => {
    const made = await office();
    const agent = await createUser(t.db, made.company.id, { role: 'agent' });
    const manager = await createUser(t.db, made.company.id, { role: 'manager' });
    const asAgent = await t.signIn(agent.credentials);
    const asManager = await t.signIn(manager.credentials);

    const read = await t.request<CompanyTourSettings>('GET', apiPaths.tourSettings, {
      as: asAgent,
    });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(DEFAULT_COMPANY_TOUR_SETTINGS);

    const wanted = { reminderHours: [1, 48], noShowText: true, releaseUnconfirmed: false };
    for (const who of [asAgent, asManager]) {
      const refused = await t.request('PUT', apiPaths.tourSettings, { as: who, payload: wanted });
      expect(refused.status).toBe(403);
    }
    for (const [reminderHours, message] of [
      [[2, 2], 'each reminder at a different time'],
      [[0], 'at least 1 hour before'],
      [[1, 2, 3, 4], 'at most 3 reminders'],
    ] as const) {
      const bad = await t.request<ApiError>('PUT', apiPaths.tourSettings, {
        as: made.admin,
        payload: { ...wanted, reminderHours },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.details?.[0]?.path).toMatch(/^body\.reminderHours/);
      expect(bad.body.error.details?.[0]?.message).toContain(message);
    }
    // Nothing was changed by the refusals.
    expect(
      (await t.request<CompanyTourSettings>('GET', apiPaths.tourSettings, { as: asAgent })).body,
    ).toEqual(DEFAULT_COMPANY_TOUR_SETTINGS);

    const changed = await t.request<CompanyTourSettings>('PUT', apiPaths.tourSettings, {
      as: made.admin,
      payload: wanted,
    });
    expect(changed.status).toBe(200);
    // Kept in the order they leave: the earliest first.
    expect(changed.body.reminderHours).toEqual([48, 1]);
    const after = await t.request<CompanyTourSettings>('GET', apiPaths.tourSettings, {
      as: asAgent,
    });
    expect(after.body).toEqual({ ...wanted, reminderHours: [48, 1] });
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'tour_settings.changed'), eq(auditLog.companyId, made.company.id)),
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorUserId: made.staff.user.id, targetId: made.company.id });

    // Another company keeps its defaults.
    const other = await office();
    const theirs = await t.request<CompanyTourSettings>('GET', apiPaths.tourSettings, {
      as: other.admin,
    });
    expect(theirs.body).toEqual(DEFAULT_COMPANY_TOUR_SETTINGS);
  });

  it("texts the reminders at the company's times", async () => {
    const made = await office();
    await t.request('PUT', apiPaths.tourSettings, {
      as: made.admin,
      payload: { reminderHours: [48, 1], noShowText: false, releaseUnconfirmed: false },
    });
    const lead = await createLead(t.db, made.property, { name: 'Ivy Chen', phone: uniquePhone() });
    const slot = (await slotsFrom(made, made.admin)).find(
      (candidate) => Date.parse(candidate.start) > clock.now().getTime() + 3 * DAY,
    )!;
    const booked = await t.request<BookedTour>('POST', apiPaths.leadTours(lead.id), {
      as: made.admin,
      payload: { start: slot.start, type: 'IN_PERSON' },
    });
    expect(booked.status).toBe(201);
    const reminders = (await textsOf(lead.id))
      .filter((text) => text.data.tourText === 'reminder')
      .map((text) => ({
        before: (Date.parse(slot.start) - text.scheduledAt!.getTime()) / HOUR,
        body: text.body,
      }))
      .sort((a, b) => b.before - a.before);
    expect(reminders.map((reminder) => reminder.before)).toEqual([48, 1]);
    expect(reminders[0]!.body).toMatch(/^Reminder: your tour of Maple Court is in 2 days, /);
    expect(reminders[1]!.body).toMatch(/^Reminder: your tour of Maple Court is in 1 hour, /);
  });

  it("completes the tour on 'Toured' and marks a no-show, each a tour.completed webhook; the no-show text only when turned on", async () => {
    const made = await office();
    await t.db.insert(webhookEndpoints).values({
      companyId: made.company.id,
      url: 'https://hooks.example.com/in',
      events: ['tour.completed'],
      secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
    });
    const [toured, missed, missedAgain] = await Promise.all(
      ['Ana Toured', 'Ben Missed', 'Cy Missed'].map((name) =>
        createLead(t.db, made.property, { name, phone: uniquePhone() }),
      ),
    );
    const [a, b, c] = await slotsFrom(made, made.admin);
    const bookings: Record<string, BookedTour> = {};
    for (const [lead, slot] of [
      [toured!, a!],
      [missed!, b!],
      [missedAgain!, c!],
    ] as const) {
      const booked = await t.request<BookedTour>('POST', apiPaths.leadTours(lead.id), {
        as: made.admin,
        payload: { start: slot.start, type: 'IN_PERSON' },
      });
      bookings[lead.id] = booked.body;
    }
    clock.advance(2 * DAY);
    const admin = await t.signIn(made.staff.credentials);
    const outcome = (leadId: string, value: 'TOURED' | 'NO_SHOW') =>
      t.request('POST', apiPaths.leadTourOutcome(leadId), {
        as: admin,
        payload: { outcome: value },
      });

    expect((await outcome(toured!.id, 'TOURED')).status).toBe(200);
    // The no-show text is off by default: nothing is texted.
    expect((await outcome(missed!.id, 'NO_SHOW')).status).toBe(200);
    await t.request('PUT', apiPaths.tourSettings, {
      as: admin,
      payload: { reminderHours: [24, 2], noShowText: true, releaseUnconfirmed: false },
    });
    const recordedFrom = clock.now().getTime();
    expect((await outcome(missedAgain!.id, 'NO_SHOW')).status).toBe(200);
    const recordedTo = clock.now().getTime();

    const statusOf = async (leadId: string) =>
      (await t.db.select().from(tours).where(eq(tours.id, bookings[leadId]!._id)))[0]!.status;
    expect(await statusOf(toured!.id)).toBe('COMPLETED');
    expect(await statusOf(missed!.id)).toBe('NO_SHOW');
    expect(await statusOf(missedAgain!.id)).toBe('NO_SHOW');

    const deliveries = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.companyId, made.company.id));
    const outcomes = deliveries.map((delivery) => {
      const data = delivery.payload.data as { tour: { id: string; outcome: string } };
      return [delivery.event, data.tour.id, data.tour.outcome];
    });
    expect(outcomes.sort()).toEqual(
      [
        ['tour.completed', bookings[toured!.id]!._id, 'TOURED'],
        ['tour.completed', bookings[missed!.id]!._id, 'NO_SHOW'],
        ['tour.completed', bookings[missedAgain!.id]!._id, 'NO_SHOW'],
      ].sort(),
    );

    const noShowTexts = async (leadId: string) =>
      (await textsOf(leadId)).filter((text) => text.data.tourText === 'no-show');
    expect(await noShowTexts(missed!.id)).toEqual([]);
    expect(await noShowTexts(toured!.id)).toEqual([]);
    const [sorry] = await noShowTexts(missedAgain!.id);
    expect(sorry!.senderName).toBe('No-show text');
    expect(sorry!.body).toMatch(
      new RegExp(
        `^Sorry we missed you at Maple Court today — pick another time for your tour here: .*/book/${made.property.id}\\?t=`,
      ),
    );
    // It leaves now through the send window (which holds it to the edge of quiet hours), as a
    // scheduled text released at once.
    expect(sorry!.sendingStatus).toBe('SCHEDULED');
    expect(sorry!.scheduledAt!.getTime()).toBeGreaterThanOrEqual(recordedFrom);
    expect(sorry!.scheduledAt!.getTime()).toBeLessThanOrEqual(recordedTo);
  });

  it('releases a tour nobody confirmed two hours before, once, only where the company chose it', async () => {
    const releasing = await office();
    await t.request('PUT', apiPaths.tourSettings, {
      as: releasing.admin,
      payload: { reminderHours: [24, 2], noShowText: false, releaseUnconfirmed: true },
    });
    const keeping = await office();
    const [quiet, confirmed] = await Promise.all(
      ['Dee Quiet', 'Eli Confirmed'].map((name) =>
        createLead(t.db, releasing.property, { name, phone: uniquePhone() }),
      ),
    );
    const elsewhere = await createLead(t.db, keeping.property, {
      name: 'Fay Elsewhere',
      phone: uniquePhone(),
    });
    const later = (slots: { start: string }[]) =>
      slots.find((slot) => Date.parse(slot.start) > clock.now().getTime() + 2 * DAY)!;
    const releasingSlot = later(await slotsFrom(releasing, releasing.admin));
    const keepingSlot = later(await slotsFrom(keeping, keeping.admin));
    const book = (admin: string, leadId: string, start: string) =>
      t
        .request<BookedTour>('POST', apiPaths.leadTours(leadId), {
          as: admin,
          payload: { start, type: 'IN_PERSON' },
        })
        .then((response) => response.body);
    const quietTour = await book(releasing.admin, quiet!.id, releasingSlot.start);
    const confirmedTour = await book(releasing.admin, confirmed!.id, releasingSlot.start);
    const elsewhereTour = await book(keeping.admin, elsewhere.id, keepingSlot.start);
    await t.request('PATCH', apiPaths.tour(confirmedTour._id), {
      as: releasing.admin,
      payload: { confirmed: true },
    });

    const deps = {
      db: t.db,
      events: t.app.events,
      now: clock.now,
      texts: {
        queue: t.app.queue,
        jobExpireSeconds: t.app.config.messaging.sendJobExpireSeconds,
        publicUrl: t.app.config.publicUrl,
        storage: t.app.services.messaging.storage,
      },
    };
    // Three hours before, nothing is due yet.
    clock.advance(Date.parse(releasingSlot.start) - 3 * HOUR - clock.now().getTime());
    expect(await releaseUnconfirmedTours(deps)).toBe(0);
    // An hour before, the unconfirmed tour is released once, however many sweeps run.
    clock.advance(Date.parse(releasingSlot.start) - HOUR - clock.now().getTime());
    const sweeps = await Promise.all([
      releaseUnconfirmedTours(deps),
      releaseUnconfirmedTours(deps),
    ]);
    expect(sweeps[0]! + sweeps[1]!).toBe(1);
    expect(await releaseUnconfirmedTours(deps)).toBe(0);

    const statusOf = async (tourId: string) =>
      (await t.db.select().from(tours).where(eq(tours.id, tourId)))[0]!.status;
    expect(await statusOf(quietTour._id)).toBe('CANCELLED');
    expect(await statusOf(confirmedTour._id)).toBe('SCHEDULED');
    expect(await statusOf(elsewhereTour._id)).toBe('SCHEDULED');

    const texts = await textsOf(quiet!.id);
    const told = texts.filter((text) => text.data.tourText === 'released');
    expect(told).toHaveLength(1);
    expect(told[0]!.senderName).toBe('Tour released');
    expect(told[0]!.body).toMatch(
      /^We didn't hear back, so your tour of Maple Court on .* was released\. To book another time: /,
    );
    // Its reminders not sent yet are cancelled with it.
    expect(
      texts
        .filter((text) => text.data.tourText === 'reminder' && text.sendingStatus === 'SCHEDULED')
        .map((text) => text.id),
    ).toEqual([]);
    // On the timeline as every cancellation is (the lead back to Contacted).
    const cancelled = await t.db
      .select()
      .from(conversationEvents)
      .where(
        and(
          eq(conversationEvents.leadId, quiet!.id),
          eq(conversationEvents.eventType, 'CANCELED_TOUR_APPOINTMENT'),
        ),
      );
    expect(cancelled).toHaveLength(1);
  });
});
