import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiPaths, type Property, type TourList } from '@leasing/contract';
import { leads } from '../../db/schema/index.js';
import {
  createConversationEvent,
  createLead,
  createOffice,
  createProperty,
} from '../../test/factories.js';
import { everyDatabase } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

describe.each(everyDatabase())('tours on $name', (target) => {
  const s = useTestApp(target, { seed: 'none' });
  let dana: string;
  let olivia: string;
  let riverside: Property;
  let harbor: Property;
  /** Mia Davis's tour (Riverside Lofts): rebooked after a cancelled one. */
  let miaTour: Date;
  let miaId: string;

  const get = <T>(url: string, as = dana) => s.request<T>('GET', url, { as });
  const range = (from: Date, to: Date) =>
    `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;

  beforeAll(async () => {
    const office = await createOffice(s.db, {
      company: { timeZone: 'America/Chicago' },
      property: { name: 'Riverside Lofts' },
    });
    const summit = await createProperty(s.db, office.company.id, {
      name: 'The Summit at Oak Hill',
      timeZone: 'America/Denver',
    });
    miaTour = new Date(Date.now() + 2 * DAY);
    const mia = await createLead(s.db, office.property, {
      name: 'Mia Davis',
      tourDateUtc: miaTour,
    });
    miaId = mia.id;
    // The first booking (self-guided) was cancelled; the standing one is in person.
    await createConversationEvent(s.db, mia, {
      eventType: 'SCHEDULED_TOUR_APPOINTMENT',
      senderType: 'SYSTEM',
      date: new Date(Date.now() - 5 * DAY),
      data: { tourTypeID: 'SELF_GUIDED' },
    });
    await createConversationEvent(s.db, mia, {
      eventType: 'SCHEDULED_TOUR_APPOINTMENT',
      senderType: 'SYSTEM',
      date: new Date(Date.now() - 30 * HOUR),
      data: { tourTypeID: 'IN_PERSON' },
    });
    await createLead(s.db, summit, {
      name: 'Taylor Brooks',
      tourDateUtc: new Date(Date.now() + 5 * DAY),
    });
    await createLead(s.db, summit, { name: 'No Tour Yet' });

    const elsewhere = await createOffice(s.db, {
      company: { timeZone: 'America/Los_Angeles' },
      property: { name: 'Harbor Point Tower' },
    });
    await createLead(s.db, elsewhere.property, {
      name: 'Noah Harbor',
      tourDateUtc: new Date(Date.now() + 3 * DAY),
    });

    dana = await s.signIn(office.staff.credentials);
    olivia = await s.signIn(elsewhere.staff.credentials);
    const mine = (await get<Property[]>(apiPaths.properties)).body;
    riverside = mine.find((property) => property.name === 'Riverside Lofts')!;
    harbor = (await get<Property[]>(apiPaths.properties, olivia)).body[0]!;
  });

  it("lists a property's scheduled tours in [from, to), with the tour type and the office's zone", async () => {
    const week = await get<TourList>(
      `${apiPaths.propertyTours(riverside._id)}?${range(new Date(miaTour.getTime() - 3 * DAY), new Date(miaTour.getTime() + 4 * DAY))}`,
    );
    expect(week.status).toBe(200);
    expect(week.body.timeZone).toBe('America/Chicago');
    expect(week.body.items).toEqual([
      expect.objectContaining({
        _id: miaId,
        name: 'Mia Davis',
        propertyName: 'Riverside Lofts',
        tourDateUTC: miaTour.toISOString(),
        tourTypeID: 'IN_PERSON',
        propertyTimeZone: 'America/Chicago',
      }),
    ]);

    // `from` is included, `to` is not.
    const startsAtTour = await get<TourList>(
      `${apiPaths.propertyTours(riverside._id)}?${range(miaTour, new Date(miaTour.getTime() + DAY))}`,
    );
    expect(startsAtTour.body.items.map((tour) => tour.name)).toEqual(['Mia Davis']);
    const endsAtTour = await get<TourList>(
      `${apiPaths.propertyTours(riverside._id)}?${range(new Date(miaTour.getTime() - DAY), miaTour)}`,
    );
    expect(endsAtTour.body.items).toEqual([]);
  });

  it("lists every property's tours of the company, earliest first, never another company's", async () => {
    const from = new Date(Date.now() - DAY);
    const to = new Date(Date.now() + 14 * DAY);
    const all = await get<TourList>(`${apiPaths.tours}?${range(from, to)}`);
    expect(all.status).toBe(200);
    // The calendar is on the company's clock; each tour says its own property's zone.
    expect(all.body.timeZone).toBe('America/Chicago');
    expect(
      all.body.items.map((tour) => [tour.name, tour.propertyName, tour.propertyTimeZone]),
    ).toEqual([
      ['Mia Davis', 'Riverside Lofts', 'America/Chicago'],
      ['Taylor Brooks', 'The Summit at Oak Hill', 'America/Denver'],
    ]);
    // One property with a zone of its own is laid out on its clock.
    const summitWeek = await get<TourList>(
      `${apiPaths.propertyTours(all.body.items[1]!.propertyID)}?${range(from, to)}`,
    );
    expect(summitWeek.body.timeZone).toBe('America/Denver');
    // Their own tour is listed for them, in their zone, and ours never.
    const theirs = await get<TourList>(`${apiPaths.tours}?${range(from, to)}`, olivia);
    expect(theirs.body.timeZone).toBe('America/Los_Angeles');
    expect(theirs.body.items.map((tour) => [tour.name, tour.propertyName])).toEqual([
      ['Noah Harbor', 'Harbor Point Tower'],
    ]);
  });

  it('leaves out a cancelled tour (no tour date any more)', async () => {
    const around = range(new Date(miaTour.getTime() - DAY), new Date(miaTour.getTime() + DAY));
    const listed = await get<TourList>(`${apiPaths.propertyTours(riverside._id)}?${around}`);
    expect(listed.body.items.map((tour) => tour._id)).toEqual([miaId]);
    await s.db.update(leads).set({ tourDateUtc: null }).where(eq(leads.id, miaId));
    const week = await get<TourList>(
      `${apiPaths.propertyTours(riverside._id)}?${range(new Date(miaTour.getTime() - DAY), new Date(miaTour.getTime() + DAY))}`,
    );
    expect(week.body.items).toEqual([]);
    await s.db.update(leads).set({ tourDateUtc: miaTour }).where(eq(leads.id, miaId));
  });

  it('answers 400 naming the field for a bad range, 403 and 404 for properties not to be seen', async () => {
    const now = new Date();
    const url = apiPaths.propertyTours(riverside._id);
    const cases = [
      [`${url}?from=tomorrow&to=${encodeURIComponent(now.toISOString())}`, 'from'],
      [`${url}?from=${encodeURIComponent(now.toISOString())}`, 'to'],
      [`${url}?${range(now, now)}`, 'to'],
      [`${url}?${range(now, new Date(now.getTime() + 43 * DAY))}`, 'to'],
    ] as const;
    for (const [query, field] of cases) {
      const response = await get<{ error: { message: string } }>(query);
      expect(response.status, query).toBe(400);
      expect(response.body.error.message).toContain(field);
    }
    const week = range(now, new Date(now.getTime() + 7 * DAY));
    expect((await get(`${apiPaths.propertyTours(harbor._id)}?${week}`)).status).toBe(403);
    const unknown = apiPaths.propertyTours('00000000-0000-4000-a000-000000000000');
    expect((await get(`${unknown}?${week}`)).status).toBe(404);
  });

  it('names the field of a 400 thrown by the service the way schema validation does', async () => {
    const now = new Date();
    const response = await get<{
      error: { code: string; message: string; details: { path: string; message: string }[] };
    }>(`${apiPaths.propertyTours(riverside._id)}?${range(now, now)}`);
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: 'VALIDATION',
      message: 'to: must be after from',
      details: [{ path: 'querystring.to', message: 'must be after from' }],
    });
  });
});
