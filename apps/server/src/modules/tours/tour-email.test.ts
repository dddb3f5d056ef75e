import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  apiPaths,
  type ApiError,
  type BookedTour,
  type BookingLink,
  type PublicBookingCancelled,
} from '@leasing/contract';
import { conversationEvents, sandboxOutbox, tours } from '../../db/schema/index.js';
import { createLead, uniquePhone } from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { createTestClock } from '../../test/test-clock.js';
import { useTestApp } from '../../test/use-test-app.js';
import { waitUntil } from '../../test/wait-until.js';
import { freeSlotsFrom, tourOffice } from './test-support.js';

/** The iCalendar text's property lines, unfolded (RFC 5545 folds lines at 75 octets). */
const icsLines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');
const icsValue = (ics: string, name: string) =>
  icsLines(ics)
    .find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))
    ?.replace(/^[^:]*:/, '');

/**
 * A tour's email to the lead through the real app, its queue and the sandbox mail outbox: booked
 * and moved carry a calendar invitation for the same event, cancelled takes it out; nobody
 * without an address, unsubscribed, or in a company with no leasing email is emailed. A lead's
 * own link cancels their tour.
 */
describe.each(oneDatabase())("a tour's email and invitation ($name)", (target) => {
  const clock = createTestClock();
  const t = useTestApp(target, { seed: 'none', now: clock.now });

  let offices = 0;
  const booking = async (
    lead: { email?: string | null; emailOptStatus?: 'OPT_OUT' } = {},
    company: { registeredLeasingEmail?: string | null } = {},
  ) => {
    offices += 1;
    const office = await tourOffice(t, {
      company: {
        name: 'Lakeside Rentals',
        registeredLeasingEmail: `leasing-${offices}@lakeside.test`,
        ...company,
      },
      property: { timeZone: 'America/Chicago', address: '12 Maple Ct, Austin, TX' },
    });
    const { admin } = office;
    const person = await createLead(t.db, office.property, {
      name: 'Ivy Chen',
      phone: uniquePhone(),
      email: 'ivy@example.com',
      ...lead,
    });
    const slots = await freeSlotsFrom(t, admin, office.property.id, clock.now(), 3);
    const book = (start: string) =>
      t.request<BookedTour>('POST', apiPaths.leadTours(person.id), {
        as: admin,
        payload: { start, type: 'IN_PERSON' },
      });
    return { office, admin, lead: person, slots, book };
  };

  const emailsOf = (leadId: string) =>
    t.db
      .select()
      .from(conversationEvents)
      .where(and(eq(conversationEvents.leadId, leadId), eq(conversationEvents.eventType, 'EMAIL')))
      .orderBy(asc(conversationEvents.date));

  /** The email as it left: the sandbox outbox keeps its MIME. */
  const sentMime = (eventId: string) =>
    waitUntil(`the email ${eventId} leaves`, async () => {
      const [sent] = await t.db
        .select()
        .from(sandboxOutbox)
        .where(eq(sandboxOutbox.eventId, eventId));
      return sent?.raw ?? undefined;
    });

  /** The invitation the timeline offers, as the media route serves it. */
  const inviteOf = async (event: { data: Record<string, unknown> }) => {
    const [file] = event.data.otherAttachments as { url: string; fileName: string }[];
    const served = await t.app.inject({ method: 'GET', url: file!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(served.headers['content-disposition']).toContain(file!.fileName);
    return served.body;
  };

  it('emails the booking with an invitation, the address, a map and the link; a move replaces it and a cancel removes it', async () => {
    const { office, admin, lead, slots, book } = await booking();
    const booked = await book(slots[30]!.start);
    expect(booked.status).toBe(201);

    const [email] = await emailsOf(lead.id);
    expect(email!.senderType).toBe('SYSTEM');
    expect(email!.senderName).toBe('Tour confirmation');
    expect(email!.subject).toMatch(/^Your tour of Maple Court: \w+day, \w+ \d+ at \d+:\d\d [AP]M$/);
    expect(email!.body).toContain('Hi Ivy,');
    expect(email!.body).toMatch(/is booked for .* \(Central time\)\./);
    expect(email!.body).toContain('Address: 12 Maple Ct, Austin, TX');
    expect(email!.body).toContain(
      'Map: https://www.google.com/maps/search/?api=1&query=12%20Maple%20Ct%2C%20Austin%2C%20TX',
    );
    const link = await t.request<BookingLink>('GET', apiPaths.leadBookingLink(lead.id), {
      as: admin,
    });
    expect(email!.body).toContain(`To reschedule or cancel: ${link.body.url}`);

    const mime = await sentMime(email!.id);
    expect(mime).toContain('Content-Type: text/calendar');
    expect(mime).toContain('filename=tour.ics');
    const invite = await inviteOf(email!);
    expect(icsValue(invite, 'METHOD')).toBe('REQUEST');
    expect(icsValue(invite, 'UID')).toBe(`tour-${booked.body._id}`);
    const sequence = Number(icsValue(invite, 'SEQUENCE'));
    expect(sequence).toBeGreaterThan(0);
    const utc = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(icsValue(invite, 'DTSTART')).toBe(utc(booked.body.start));
    expect(icsValue(invite, 'DTEND')).toBe(utc(booked.body.end));
    expect(icsValue(invite, 'LOCATION')).toBe('12 Maple Ct\\, Austin\\, TX');
    expect(icsValue(invite, 'ORGANIZER')).toBe(`mailto:${office.company.registeredLeasingEmail}`);
    expect(icsValue(invite, 'ATTENDEE')).toBe('MAILTO:ivy@example.com');

    // A minute later the tour moves: a new email, the same event with a higher sequence.
    clock.advance(60_000);
    const moved = await t.request<BookedTour>('PATCH', apiPaths.tour(booked.body._id), {
      as: admin,
      payload: { start: slots[40]!.start },
    });
    expect(moved.status).toBe(200);
    const afterMove = await emailsOf(lead.id);
    expect(afterMove).toHaveLength(2);
    expect(afterMove[1]!.subject).toMatch(/^Your tour of Maple Court is moved to /);
    const movedInvite = await inviteOf(afterMove[1]!);
    expect(icsValue(movedInvite, 'UID')).toBe(`tour-${booked.body._id}`);
    const movedSequence = Number(icsValue(movedInvite, 'SEQUENCE'));
    expect(movedSequence).toBeGreaterThanOrEqual(sequence + 60);
    expect(icsValue(movedInvite, 'DTSTART')).toBe(utc(moved.body.start));

    clock.advance(60_000);
    const cancelled = await t.request('DELETE', apiPaths.tour(booked.body._id), { as: admin });
    expect(cancelled.status).toBe(200);
    const afterCancel = await emailsOf(lead.id);
    expect(afterCancel).toHaveLength(3);
    expect(afterCancel[2]!.senderName).toBe('Tour cancelled');
    expect(afterCancel[2]!.subject).toBe('Your tour of Maple Court is cancelled');
    expect(afterCancel[2]!.body).toContain(`To book another time: ${link.body.url}`);
    const removal = await inviteOf(afterCancel[2]!);
    expect(icsValue(removal, 'METHOD')).toBe('CANCEL');
    expect(icsValue(removal, 'STATUS')).toBe('CANCELLED');
    expect(icsValue(removal, 'UID')).toBe(`tour-${booked.body._id}`);
    expect(Number(icsValue(removal, 'SEQUENCE'))).toBeGreaterThanOrEqual(movedSequence + 60);
    await sentMime(afterCancel[2]!.id);
  });

  it('emails nobody without an address, unsubscribed, or from a company with no leasing email; the booking and its text stand', async () => {
    const cases = [
      await booking({ email: null }),
      await booking({ emailOptStatus: 'OPT_OUT' }),
      await booking({}, { registeredLeasingEmail: null }),
    ];
    for (const { lead, slots, book } of cases) {
      expect((await book(slots[30]!.start)).status).toBe(201);
      expect(await emailsOf(lead.id)).toEqual([]);
      const texts = await t.db
        .select()
        .from(conversationEvents)
        .where(
          and(eq(conversationEvents.leadId, lead.id), eq(conversationEvents.eventType, 'SMS')),
        );
      expect(texts.map((text) => text.senderName)).toContain('Tour confirmation');
    }
    // The positive control: the same booking with an address emails.
    const { lead, slots, book } = await booking();
    expect((await book(slots[30]!.start)).status).toBe(201);
    expect(await emailsOf(lead.id)).toHaveLength(1);
  });

  it("texts the lead's own link in the confirmation, and that link cancels the tour ahead", async () => {
    const { office, admin, lead, slots, book } = await booking();
    const booked = await book(slots[30]!.start);
    const link = await t.request<BookingLink>('GET', apiPaths.leadBookingLink(lead.id), {
      as: admin,
    });
    const texts = await t.db
      .select()
      .from(conversationEvents)
      .where(and(eq(conversationEvents.leadId, lead.id), eq(conversationEvents.eventType, 'SMS')));
    const text = texts.find((event) => event.data.tourText === 'confirmation');
    expect(text!.body).toMatch(
      new RegExp(
        `Reply C to confirm\\. To reschedule or cancel: ${link.body.url.replace(/[?.]/g, '\\$&')}$`,
      ),
    );
    const token = new URL(link.body.url).searchParams.get('t')!;

    const forged = await t.request<ApiError>(
      'POST',
      apiPaths.publicBookingCancel(office.property.id),
      {
        payload: { t: `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}` },
      },
    );
    expect(forged.status).toBe(400);
    expect(forged.body.error.details?.[0]?.path).toBe('body.t');
    const [still] = await t.db.select().from(tours).where(eq(tours.id, booked.body._id));
    expect(still!.status).toBe('SCHEDULED');

    const cancelled = await t.request<PublicBookingCancelled>(
      'POST',
      apiPaths.publicBookingCancel(office.property.id),
      { payload: { t: token } },
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      propertyName: 'Maple Court',
      tour: { start: booked.body.start, type: 'IN_PERSON' },
    });
    const [gone] = await t.db.select().from(tours).where(eq(tours.id, booked.body._id));
    expect(gone!.status).toBe('CANCELLED');
    const [event] = await t.db
      .select()
      .from(conversationEvents)
      .where(
        and(
          eq(conversationEvents.leadId, lead.id),
          eq(conversationEvents.eventType, 'CANCELED_TOUR_APPOINTMENT'),
        ),
      );
    expect(event).toBeDefined();

    const again = await t.request<ApiError>(
      'POST',
      apiPaths.publicBookingCancel(office.property.id),
      {
        payload: { t: token },
      },
    );
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe('You have no tour booked here.');
  });
});
