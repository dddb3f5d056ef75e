import { afterEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  apiPaths,
  apiRoutes,
  DEFAULT_TOUR_AVAILABILITY,
  type BookedTour,
  type TourAvailability,
  type TourSlotList,
} from '@leasing/contract';
import { conversationEvents, leads, sandboxOutbox, tours } from '../../db/schema/index.js';
import { createLead, createOffice, uniquePhone } from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { createTestClock } from '../../test/test-clock.js';
import { useTestApp } from '../../test/use-test-app.js';
import { waitUntil } from '../../test/wait-until.js';
import type { SendWindow } from '../scheduling/index.js';
import { ALWAYS_OPEN } from './test-support.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const AVAILABILITY: TourAvailability = {
  ...DEFAULT_TOUR_AVAILABILITY,
  hours: ALWAYS_OPEN,
  minNoticeMinutes: 60,
  maxDaysAhead: 7,
};

/**
 * A tour's texts through the real app, its queue and the sandbox provider: the confirmation at
 * once, reminders 24 and 2 hours before, cancelled when the tour moves or is cancelled, none for
 * an opted-out lead, and the send window (the injected seam) holding or skipping them.
 */
describe.each(oneDatabase())("a tour's confirmation and reminders ($name)", (target) => {
  const clock = createTestClock();
  let window: Awaited<ReturnType<SendWindow>> = { allowed: true };
  const sendWindow: SendWindow = () => Promise.resolve(window);
  const t = useTestApp(target, { seed: 'none', now: clock.now, sendWindow });
  afterEach(() => {
    window = { allowed: true };
  });

  const booking = async (lead?: { phoneOptStatus?: 'OPT_OUT'; phone?: string | null }) => {
    const office = await createOffice(t.db, {
      property: {
        timeZone: 'UTC',
        name: 'Maple Court',
        address: '12 Maple Ct',
        smsNumber: uniquePhone(),
      },
    });
    const admin = await t.signIn(office.staff.credentials);
    await t.request('PUT', apiPaths.propertyTourAvailability(office.property.id), {
      as: admin,
      payload: AVAILABILITY,
    });
    const person = await createLead(t.db, office.property, { name: 'Ivy Chen', ...lead });
    const now = clock.now();
    const slots = await t.request<TourSlotList>(
      'GET',
      `${apiPaths.propertyTourSlots(office.property.id)}?${new URLSearchParams({
        from: now.toISOString(),
        to: new Date(now.getTime() + 3 * DAY).toISOString(),
        type: 'IN_PERSON',
      })}`,
      { as: admin },
    );
    // Two days ahead: both reminders are still to come.
    const later = slots.body.items.filter(
      (slot) => Date.parse(slot.start) > now.getTime() + 2 * DAY,
    );
    const book = (start: string) =>
      t.request<BookedTour>('POST', apiPaths.leadTours(person.id), {
        as: admin,
        payload: { start, type: 'IN_PERSON' },
      });
    return { office, admin, lead: person, slots: later, book };
  };

  const textsOf = (leadId: string) =>
    t.db
      .select()
      .from(conversationEvents)
      .where(and(eq(conversationEvents.leadId, leadId), eq(conversationEvents.eventType, 'SMS')));

  const sentCopies = async (eventId: string) =>
    (await t.db.select().from(sandboxOutbox).where(eq(sandboxOutbox.eventId, eventId))).length;

  it('confirms at once and schedules reminders 24 and 2 hours before, which a reply keeps', async () => {
    const { admin, lead, slots, book } = await booking();
    const booked = await book(slots[0]!.start);
    expect(booked.status).toBe(201);
    const start = Date.parse(booked.body.start);

    const texts = await textsOf(lead.id);
    const confirmation = texts.find((text) => text.data.tourText === 'confirmation')!;
    expect(confirmation.body).toMatch(
      /^Your tour of Maple Court is booked for \w{3}, \w{3} \d+ at \d+:\d{2} [AP]M \(.+\) at 12 Maple Ct\./,
    );
    const reminders = texts
      .filter((text) => text.data.tourText === 'reminder')
      .map((text) => ({ at: text.scheduledAt!.getTime(), status: text.sendingStatus }))
      .sort((a, b) => a.at - b.at);
    expect(reminders).toEqual([
      { at: start - 24 * HOUR, status: 'SCHEDULED' },
      { at: start - 2 * HOUR, status: 'SCHEDULED' },
    ]);

    // The confirmation leaves once; the reminders wait for their time.
    await waitUntil('the confirmation is sent', async () =>
      (await sentCopies(confirmation.id)) === 1 ? true : undefined,
    );
    // The lead answers (the sandbox's simulated reply): unlike a person's scheduled text, the
    // reminders stay.
    const reply = await t.request('POST', apiRoutes.sandboxInboundSms, {
      as: admin,
      payload: { leadID: lead.id, text: 'Thanks, see you then' },
    });
    expect(reply.status).toBe(200);
    const after = await textsOf(lead.id);
    expect(
      after.filter((text) => text.data.tourText === 'reminder').map((text) => text.sendingStatus),
    ).toEqual(['SCHEDULED', 'SCHEDULED']);
    expect(await sentCopies(confirmation.id)).toBe(1);
  });

  it('cancels the texts not sent when the tour moves (the new time gets its own) or is cancelled', async () => {
    const { admin, lead, slots, book } = await booking();
    const booked = await book(slots[0]!.start);
    const moved = await t.request<BookedTour>('PATCH', apiPaths.tour(booked.body._id), {
      as: admin,
      payload: { start: slots[4]!.start },
    });
    expect(moved.status).toBe(200);
    const reminders = (await textsOf(lead.id)).filter((text) => text.data.tourText === 'reminder');
    const byStatus = (status: string) =>
      reminders
        .filter((text) => text.sendingStatus === status)
        .map((text) => text.scheduledAt!.getTime())
        .sort();
    expect(byStatus('CANCELED')).toEqual([
      Date.parse(slots[0]!.start) - 24 * HOUR,
      Date.parse(slots[0]!.start) - 2 * HOUR,
    ]);
    expect(byStatus('SCHEDULED')).toEqual([
      Date.parse(slots[4]!.start) - 24 * HOUR,
      Date.parse(slots[4]!.start) - 2 * HOUR,
    ]);
    expect(
      reminders.filter((text) => text.sendingStatus === 'CANCELED').map((text) => text.data),
    ).toMatchObject([{ canceledReason: 'TOUR_CHANGED' }, { canceledReason: 'TOUR_CHANGED' }]);

    const cancelled = await t.request('DELETE', apiPaths.tour(booked.body._id), { as: admin });
    expect(cancelled.status).toBe(200);
    const left = (await textsOf(lead.id)).filter(
      (text) => text.data.tourText === 'reminder' && text.sendingStatus === 'SCHEDULED',
    );
    expect(left).toEqual([]);
  });

  it('texts nobody whose number opted out, or who has no phone; the booking stands', async () => {
    for (const lead of [{ phoneOptStatus: 'OPT_OUT' as const }, { phone: null }]) {
      const { lead: person, slots, book } = await booking(lead);
      expect((await book(slots[0]!.start)).status).toBe(201);
      expect(await textsOf(person.id)).toEqual([]);
    }
  });

  it("holds a text for the lead's quiet hours, and drops one they would hold past the tour", async () => {
    const { lead, slots, book } = await booking();
    const start = Date.parse(slots[0]!.start);
    // Quiet until an hour from now: the confirmation waits until then.
    const reopens = new Date(clock.now().getTime() + HOUR);
    window = { allowed: false, nextAllowedAt: reopens };
    await book(slots[0]!.start);
    const held = await waitUntil('the confirmation is held', async () => {
      const [text] = (await textsOf(lead.id)).filter(
        (row) => row.data.tourText === 'confirmation' && row.data.heldUntil,
      );
      return text;
    });
    expect(held.sendingStatus).toBe('SCHEDULED');
    expect(held.scheduledAt!.getTime()).toBe(reopens.getTime());

    // Quiet until after the tour: a text made for it is not sent at all.
    const other = await booking();
    window = { allowed: false, nextAllowedAt: new Date(start + 3 * DAY) };
    await other.book(other.slots[0]!.start);
    const dropped = await waitUntil('the confirmation is dropped', async () => {
      const [text] = (await textsOf(other.lead.id)).filter(
        (row) => row.data.tourText === 'confirmation' && row.sendingStatus === 'CANCELED',
      );
      return text;
    });
    expect(dropped.data.canceledReason).toBe('TOO_LATE');
    expect(await sentCopies(dropped.id)).toBe(0);
  });

  describe('answers to the texts', () => {
    const replyAs = (admin: string, leadId: string, text: string) =>
      t.request('POST', apiRoutes.sandboxInboundSms, {
        as: admin,
        payload: { leadID: leadId, text },
      });
    const automatic = async (leadId: string) =>
      (await textsOf(leadId))
        .filter((text) => text.senderName === 'Automatic reply')
        .map((text) => text.body);
    const tourOf = async (tourId: string) =>
      (await t.db.select().from(tours).where(eq(tours.id, tourId)))[0]!;

    const bookedAndConfirmationSent = async (lead?: { phone?: string }) => {
      const made = await booking(lead);
      const booked = await made.book(made.slots[0]!.start);
      const confirmation = (await textsOf(made.lead.id)).find(
        (text) => text.data.tourText === 'confirmation',
      )!;
      await waitUntil('the confirmation is sent', async () =>
        (await sentCopies(confirmation.id)) === 1 ? true : undefined,
      );
      return { ...made, tourId: booked.body._id };
    };

    it("confirms on 'C', texts the link on 'R', and leaves other words and a second 'C' to the team", async () => {
      const { admin, lead, tourId } = await bookedAndConfirmationSent();
      expect((await replyAs(admin, lead.id, 'c')).status).toBe(200);
      expect((await tourOf(tourId)).confirmedAt).not.toBeNull();
      expect(await automatic(lead.id)).toEqual(['Thanks, your tour is confirmed. See you then!']);

      // The last text is the answer, not a tour text: a 'C' now is the team's.
      expect((await replyAs(admin, lead.id, 'C')).status).toBe(200);
      expect(await automatic(lead.id)).toHaveLength(1);

      const [reminder] = (await textsOf(lead.id)).filter(
        (text) => text.data.tourText === 'reminder',
      );
      expect(reminder!.body).toMatch(
        /Reply C to confirm, R to reschedule or CANCEL TOUR to cancel\.$/,
      );
    });

    it("texts the booking link on 'R', and cancels on 'Cancelar visita' (answering in Spanish), freeing the place", async () => {
      const { admin, lead, tourId } = await bookedAndConfirmationSent();
      expect((await replyAs(admin, lead.id, ' R ')).status).toBe(200);
      const [linkText] = await automatic(lead.id);
      expect(linkText).toMatch(
        /^Pick a new time for your tour here: http:\/\/localhost:3000\/book\/.+\?t=/,
      );
      expect((await tourOf(tourId)).status).toBe('SCHEDULED');
      // Other words are the team's; then 'Cancelar visita' still answers the tour's text.
      const other = await bookedAndConfirmationSent();
      expect((await replyAs(other.admin, other.lead.id, 'Hola, una pregunta')).status).toBe(200);
      expect(await automatic(other.lead.id)).toEqual([]);
      expect((await tourOf(other.tourId)).status).toBe('SCHEDULED');
      expect((await replyAs(other.admin, other.lead.id, 'Cancelar visita.')).status).toBe(200);
      expect((await tourOf(other.tourId)).status).toBe('CANCELLED');
      expect(await automatic(other.lead.id)).toEqual([
        expect.stringMatching(/^Su visita está cancelada\. Para reservar otra hora: http/),
      ]);
      const [row] = await t.db.select().from(leads).where(eq(leads.id, other.lead.id));
      expect(row!.tourDateUtc).toBeNull();
    });

    it("takes 'CANCEL' as the carriers do: the number opts out, the tour is cancelled, no text follows", async () => {
      const { admin, lead, tourId } = await bookedAndConfirmationSent();
      expect((await replyAs(admin, lead.id, 'CANCEL')).status).toBe(200);
      expect((await tourOf(tourId)).status).toBe('CANCELLED');
      const [row] = await t.db.select().from(leads).where(eq(leads.id, lead.id));
      expect(row!.phoneOptStatus).toBe('OPT_OUT');
      expect(
        (await textsOf(lead.id)).filter(
          (text) => text.data.tourText === 'reminder' && text.sendingStatus === 'SCHEDULED',
        ),
      ).toEqual([]);
      expect((await automatic(lead.id)).some((body) => /cancelled/.test(body ?? ''))).toBe(false);
    });
  });
});
