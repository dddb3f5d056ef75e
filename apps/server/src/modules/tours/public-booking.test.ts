import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  apiPaths,
  apiRoutes,
  BOOKING_CODE_MAX_ATTEMPTS,
  DEFAULT_TOUR_AVAILABILITY,
  type ApiError,
  type BookingCodeSent,
  type BookingLink,
  type MessageTemplate,
  type PublicBookingPage,
  type PublicBookingResult,
  type RenderedTemplate,
  type TourAvailability,
  type TourSlotList,
} from '@leasing/contract';
import {
  consentChanges,
  conversationEvents,
  leadSources,
  leads,
  tours,
} from '../../db/schema/index.js';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio.js';
import { createLead, createOffice, uniquePhone } from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { createTestClock } from '../../test/test-clock.js';
import { ALWAYS_OPEN } from './test-support.js';
import { useTestApp, type TestContext } from '../../test/use-test-app.js';

const DAY = 86_400_000;

const AVAILABILITY: TourAvailability = {
  ...DEFAULT_TOUR_AVAILABILITY,
  kinds: {
    ...DEFAULT_TOUR_AVAILABILITY.kinds,
    SELF_GUIDED: { enabled: true, lengthMinutes: 30, bufferMinutes: 0, capacity: 1 },
  },
  hours: ALWAYS_OPEN,
  minNoticeMinutes: 60,
  maxDaysAhead: 7,
};

const PHONE = '+15125550142';

/** An office whose property gives tours all day, with a text number of its own. */
const bookableOffice = async (t: TestContext) => {
  const office = await createOffice(t.db, {
    property: {
      timeZone: 'UTC',
      name: 'Maple Court',
      address: '12 Maple Ct, Austin, TX',
      smsNumber: uniquePhone(),
    },
  });
  const admin = await t.signIn(office.staff.credentials);
  const set = await t.request('PUT', apiPaths.propertyTourAvailability(office.property.id), {
    as: admin,
    payload: AVAILABILITY,
  });
  expect(set.status).toBe(200);
  return { office, admin };
};

const slotsOf = async (t: TestContext, propertyId: string, now: Date, type = 'IN_PERSON') => {
  const query = new URLSearchParams({
    from: now.toISOString(),
    to: new Date(now.getTime() + 2 * DAY).toISOString(),
    type,
  });
  const answer = await t.request<TourSlotList>(
    'GET',
    `${apiPaths.publicBookingSlots(propertyId)}?${query}`,
  );
  expect(answer.status).toBe(200);
  return answer.body.items;
};

/** Each test posts from a network of its own: the per-network limits count one test at a time. */
let network = 0;
beforeEach(() => {
  network += 1;
});

const post = async <T>(t: TestContext, url: string, payload: Record<string, unknown>) => {
  const response = await t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: `10.0.${Math.floor(network / 250)}.${network % 250}`,
  });
  return { status: response.statusCode, body: response.json<T>() };
};

const askCode = (t: TestContext, propertyId: string, phone = PHONE) =>
  post<BookingCodeSent & ApiError>(t, apiPaths.publicBookingCode(propertyId), { phone });

const bookPublic = (t: TestContext, propertyId: string, payload: Record<string, unknown>) =>
  post<PublicBookingResult & ApiError>(t, apiPaths.publicBooking(propertyId), {
    type: 'IN_PERSON',
    smsConsent: true,
    firstName: 'Rosa',
    lastName: 'Diaz',
    ...payload,
  });

describe.each(oneDatabase())('the public booking page (sandbox texts) on $name', (target) => {
  const clock = createTestClock();
  // Codes leave at the number's sending rate: a fast one, so the limits' tests do not wait on it.
  const t = useTestApp(target, { seed: 'none', now: clock.now, env: { TWILIO_MPS: '100' } });

  it('shows any visitor the property, its tour types and free slots; an unknown one is 404', async () => {
    const { office } = await bookableOffice(t);
    const page = await t.request<PublicBookingPage>(
      'GET',
      apiPaths.publicBooking(office.property.id),
    );
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      propertyName: 'Maple Court',
      address: '12 Maple Ct, Austin, TX',
      timeZone: 'UTC',
      lead: null,
      sandbox: true,
    });
    expect(page.body.types.map((type) => type.type)).toEqual(['IN_PERSON', 'SELF_GUIDED']);
    const slots = await slotsOf(t, office.property.id, clock.now());
    expect(slots.length).toBeGreaterThan(20);

    const unknown = await t.request('GET', apiPaths.publicBooking(crypto.randomUUID()));
    expect(unknown.status).toBe(404);
  });

  it('books with the texted code: a new lead from the website, opted in, Tour scheduled', async () => {
    const { office } = await bookableOffice(t);
    const [slot] = await slotsOf(t, office.property.id, clock.now());

    const noCode = await bookPublic(t, office.property.id, { start: slot!.start, phone: PHONE });
    expect(noCode.status).toBe(400);
    expect(noCode.body.error.details?.[0]?.path).toBe('body.code');

    const sent = await askCode(t, office.property.id, '(512) 555-0142');
    expect(sent.status).toBe(200);
    expect(sent.body.sentTo).toBe('(512) 555-0142');
    const code = sent.body.sandboxCode!;
    expect(code).toMatch(/^\d{6}$/);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    const refused = await bookPublic(t, office.property.id, {
      start: slot!.start,
      phone: PHONE,
      code: wrong,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details?.[0]?.path).toBe('body.code');
    expect(await t.db.select().from(tours).where(eq(tours.propertyId, office.property.id))).toEqual(
      [],
    );

    const booked = await bookPublic(t, office.property.id, {
      start: slot!.start,
      phone: '512-555-0142',
      email: 'Rosa@Example.com',
      code,
    });
    expect(booked.status).toBe(201);
    expect(booked.body.tour).toMatchObject({ start: slot!.start, type: 'IN_PERSON' });

    const [lead] = await t.db.select().from(leads).where(eq(leads.propertyId, office.property.id));
    expect(lead).toMatchObject({
      name: 'Rosa Diaz',
      phone: PHONE,
      email: 'rosa@example.com',
      status: 'TOUR_SCHEDULED',
      phoneOptStatus: 'OPT_IN',
    });
    const [source] = await t.db
      .select({ name: leadSources.name })
      .from(leadSources)
      .where(eq(leadSources.id, lead!.sourceId!));
    expect(source!.name).toBe('Website booking');
    const [tour] = await t.db.select().from(tours).where(eq(tours.leadId, lead!.id));
    expect(tour).toMatchObject({ source: 'BOOKING_PAGE', bookedByUserId: null });
    const consent = await t.db
      .select()
      .from(consentChanges)
      .where(eq(consentChanges.leadId, lead!.id));
    expect(consent).toMatchObject([{ channel: 'SMS', status: 'OPT_IN', source: 'booking_page' }]);

    // The code worked once.
    const again = await bookPublic(t, office.property.id, {
      start: slot!.start,
      phone: PHONE,
      code,
    });
    expect(again.status).toBe(400);
    expect(again.body.error.details?.[0]?.path).toBe('body.code');
  });

  it('matches the lead the property has for that email instead of making another', async () => {
    const { office } = await bookableOffice(t);
    const known = await createLead(t.db, office.property, {
      name: 'Rosa Diaz',
      email: 'rosa.d@example.com',
      phone: null,
    });
    const [slot] = await slotsOf(t, office.property.id, clock.now());
    const code = (await askCode(t, office.property.id)).body.sandboxCode!;
    const booked = await bookPublic(t, office.property.id, {
      start: slot!.start,
      phone: PHONE,
      email: 'ROSA.D@example.com',
      code,
    });
    expect(booked.status).toBe(201);
    const rows = await t.db.select().from(leads).where(eq(leads.propertyId, office.property.id));
    expect(rows.map((row) => row.id)).toEqual([known.id]);
    const events = await t.db
      .select()
      .from(conversationEvents)
      .where(
        and(
          eq(conversationEvents.leadId, known.id),
          eq(conversationEvents.eventType, 'SCHEDULED_TOUR_APPOINTMENT'),
        ),
      );
    expect(events).toHaveLength(1);
  });

  it(`stops a code after ${BOOKING_CODE_MAX_ATTEMPTS} wrong tries, and a phone after three codes an hour`, async () => {
    const { office } = await bookableOffice(t);
    const [slot] = await slotsOf(t, office.property.id, clock.now());
    const code = (await askCode(t, office.property.id)).body.sandboxCode!;
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < BOOKING_CODE_MAX_ATTEMPTS; i += 1) {
      const refused = await bookPublic(t, office.property.id, {
        start: slot!.start,
        phone: PHONE,
        code: wrong,
      });
      expect(refused.status).toBe(400);
    }
    const tooLate = await bookPublic(t, office.property.id, {
      start: slot!.start,
      phone: PHONE,
      code,
    });
    expect(tooLate.status).toBe(400);
    expect(tooLate.body.error.message).toMatch(/ask for a new one/);

    expect((await askCode(t, office.property.id)).status).toBe(200);
    const third = await askCode(t, office.property.id);
    expect(third.status).toBe(200);
    const fourth = await askCode(t, office.property.id);
    expect(fourth.status).toBe(429);
    // Another phone is not held by this one's limit; the new code books.
    const fresh = await bookPublic(t, office.property.id, {
      start: slot!.start,
      phone: PHONE,
      code: third.body.sandboxCode,
    });
    expect(fresh.status).toBe(201);
    expect((await askCode(t, office.property.id, '+15125550143')).status).toBe(200);
  });

  it('refuses a code to a number on the opt-out register, and texts one that is not', async () => {
    const { office, admin } = await bookableOffice(t);
    const optedOut = await createLead(t.db, office.property, { phone: '+15125550177' });
    // The lead texts STOP (the sandbox's simulated reply).
    const optOut = await t.request('POST', apiRoutes.sandboxInboundSms, {
      as: admin,
      payload: { leadID: optedOut.id, text: 'STOP' },
    });
    expect(optOut.status).toBe(200);
    const refused = await askCode(t, office.property.id, '+15125550177');
    expect(refused.status).toBe(400);
    expect(refused.body.error.details?.[0]?.path).toBe('body.phone');
    expect((await askCode(t, office.property.id, '+15125550178')).status).toBe(200);
    const bad = await askCode(t, office.property.id, 'call me');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details?.[0]?.path).toBe('body.phone');
  });

  it("books from a lead's own link without a code; a forged or foreign link is refused", async () => {
    const { office, admin } = await bookableOffice(t);
    const lead = await createLead(t.db, office.property, {
      name: 'Omar Haddad',
      phone: '+15125550190',
      email: 'omar@example.com',
    });
    const link = await t.request<BookingLink>('GET', apiPaths.leadBookingLink(lead.id), {
      as: admin,
    });
    expect(link.status).toBe(200);
    const url = new URL(link.body.url);
    expect(url.pathname).toBe(`/book/${office.property.id}`);
    const token = url.searchParams.get('t')!;

    const page = await t.request<PublicBookingPage>(
      'GET',
      `${apiPaths.publicBooking(office.property.id)}?t=${token}`,
    );
    expect(page.body.lead).toEqual({
      firstName: 'Omar',
      lastName: 'Haddad',
      phoneMasked: '(•••) •••-0190',
      email: 'omar@example.com',
      tour: null,
    });

    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const [slot] = await slotsOf(t, office.property.id, clock.now(), 'SELF_GUIDED');
    const refused = await bookPublic(t, office.property.id, {
      type: 'SELF_GUIDED',
      start: slot!.start,
      t: forged,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details?.[0]?.path).toBe('body.t');
    const elsewhere = await createOffice(t.db, { property: { timeZone: 'UTC' } });
    const foreign = await bookPublic(t, elsewhere.property.id, {
      type: 'SELF_GUIDED',
      start: slot!.start,
      t: token,
    });
    expect(foreign.status).toBe(400);

    const booked = await bookPublic(t, office.property.id, {
      type: 'SELF_GUIDED',
      start: slot!.start,
      t: token,
    });
    expect(booked.status).toBe(201);
    const [tour] = await t.db.select().from(tours).where(eq(tours.leadId, lead.id));
    expect(tour).toMatchObject({ source: 'LEAD_LINK', kind: 'SELF_GUIDED' });

    // The slot's one place is gone: the next booker is told, with the next free times.
    const code = (await askCode(t, office.property.id)).body.sandboxCode!;
    const taken = await bookPublic(t, office.property.id, {
      type: 'SELF_GUIDED',
      start: slot!.start,
      phone: PHONE,
      code,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('SLOT_TAKEN');
    expect(taken.body.error.nextSlots?.length).toBeGreaterThan(0);
  });

  it("fills {{tourLink}} with the lead's own link, which books that lead", async () => {
    const { office, admin } = await bookableOffice(t);
    const lead = await createLead(t.db, office.property, { name: 'Lena Park' });
    const template = await t.request<MessageTemplate>('POST', apiPaths.templates, {
      as: admin,
      payload: {
        name: 'Booking link',
        channel: 'SMS',
        scope: 'company',
        body: 'Hi {{lead.firstName}}, pick a time: {{tourLink}}',
      },
    });
    expect(template.status).toBe(201);
    const rendered = await t.request<RenderedTemplate>(
      'POST',
      apiPaths.leadTemplateRender(lead.id, template.body._id),
      { as: admin, payload: { channel: 'SMS' } },
    );
    expect(rendered.status).toBe(200);
    const url = new URL(rendered.body.body.match(/https?:\/\/\S+/)![0]);
    expect(rendered.body.body).toBe(`Hi Lena, pick a time: ${url.toString()}`);
    expect(url.pathname).toBe(`/book/${office.property.id}`);

    const [slot] = await slotsOf(t, office.property.id, clock.now());
    const booked = await bookPublic(t, office.property.id, {
      start: slot!.start,
      t: url.searchParams.get('t'),
    });
    expect(booked.status).toBe(201);
    const [tour] = await t.db.select().from(tours).where(eq(tours.leadId, lead.id));
    expect(tour).toMatchObject({ source: 'LEAD_LINK' });
  });

  it("moves the tour ahead when its lead books from their link (a reminder's 'R')", async () => {
    const { office, admin } = await bookableOffice(t);
    const lead = await createLead(t.db, office.property, { name: 'Noor Aziz' });
    const slots = await slotsOf(t, office.property.id, clock.now());
    const first = await t.request<{ _id: string }>('POST', apiPaths.leadTours(lead.id), {
      as: admin,
      payload: { start: slots[0]!.start, type: 'IN_PERSON' },
    });
    expect(first.status).toBe(201);
    const link = await t.request<BookingLink>('GET', apiPaths.leadBookingLink(lead.id), {
      as: admin,
    });
    const token = new URL(link.body.url).searchParams.get('t')!;
    const page = await t.request<PublicBookingPage>(
      'GET',
      `${apiPaths.publicBooking(office.property.id)}?t=${token}`,
    );
    expect(page.body.lead?.tour).toEqual({ type: 'IN_PERSON', start: slots[0]!.start });

    const moved = await bookPublic(t, office.property.id, { start: slots[3]!.start, t: token });
    expect(moved.status).toBe(201);
    expect(moved.body).toMatchObject({ rescheduled: true, tour: { start: slots[3]!.start } });
    const rows = await t.db.select().from(tours).where(eq(tours.leadId, lead.id));
    expect(rows.map((row) => [row.id, row.startsAt.toISOString(), row.status])).toEqual([
      [first.body._id, slots[3]!.start, 'SCHEDULED'],
    ]);
  });

  it('limits code requests from one network', async () => {
    const { office } = await bookableOffice(t);
    const answers = [];
    for (let i = 0; i < 11; i += 1) {
      answers.push((await askCode(t, office.property.id, `+1512555${String(1000 + i)}`)).status);
    }
    expect(answers.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(answers[10]).toBe(429);
    // Another network is not held by this one's limit.
    network += 1;
    expect((await askCode(t, office.property.id, '+15125552000')).status).toBe(200);
  });
});

describe('the public booking code through Twilio (a loopback fake of its API)', () => {
  let fake: FakeTwilio;
  beforeAll(async () => {
    fake = await startFakeTwilio();
  });
  afterAll(() => fake.close());
  const t = useTestApp(oneDatabase()[0]!, {
    seed: 'none',
    env: () => fake.env('+15125550100'),
  });

  it('texts the code from the property number and never shows it on the page', async () => {
    const office = await createOffice(t.db, { property: { timeZone: 'UTC', name: 'Maple Court' } });
    const page = await t.request<PublicBookingPage>(
      'GET',
      apiPaths.publicBooking(office.property.id),
    );
    expect(page.body.sandbox).toBe(false);
    const sent = await askCode(t, office.property.id);
    expect(sent.status).toBe(200);
    expect(sent.body.sandboxCode).toBeUndefined();
    const text = fake.received.find((message) => message.to === PHONE);
    expect(text?.body).toMatch(/^\d{6} is your code to book a tour at Maple Court\./);
  });
});
