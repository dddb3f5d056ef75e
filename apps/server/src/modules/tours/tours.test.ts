import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiPaths, type InboxPage, type Property, type TourList } from '@leasing/contract';
import { leads } from '../../db/schema/index.js';
import {
  bearer,
  databaseTargets,
  login,
  OTHER_LOGIN,
  startTestApp,
  type TestApp,
} from '../../test/test-app.js';

const DAY = 86_400_000;

describe.each(databaseTargets())('tours on $name', (target) => {
  let t: TestApp;
  let dana: string;
  let olivia: string;
  let riverside: Property;
  let harbor: Property;
  /** Mia Davis's tour (Riverside Lofts): rebooked after a cancelled one. */
  let miaTour: Date;
  let miaId: string;

  const get = <T>(url: string, as = dana) =>
    t.app.inject({ method: 'GET', url, headers: bearer(as) }).then((response) => ({
      status: response.statusCode,
      body: response.json<T>(),
    }));
  const range = (from: Date, to: Date) =>
    `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;

  beforeAll(async () => {
    t = await startTestApp(target);
    dana = (await login(t.app)).token;
    olivia = (await login(t.app, OTHER_LOGIN)).token;
    const mine = (await get<Property[]>(apiPaths.properties)).body;
    riverside = mine.find((property) => property.name === 'Riverside Lofts')!;
    harbor = (await get<Property[]>(apiPaths.properties, olivia)).body[0]!;
    const inbox = await get<InboxPage>(`${apiPaths.inbox}?search=Mia%20Davis`);
    const mia = inbox.body.items[0]!;
    miaId = mia._id;
    miaTour = new Date(mia.tourDateUTC!);
  });
  afterAll(() => t.close());

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
    expect(all.body.items.map((tour) => [tour.name, tour.propertyName])).toEqual([
      ['Mia Davis', 'Riverside Lofts'],
      ['Taylor Brooks', 'The Summit at Oak Hill'],
    ]);
    const theirs = await get<TourList>(`${apiPaths.tours}?${range(from, to)}`, olivia);
    expect(theirs.body).toEqual({ timeZone: 'America/Los_Angeles', items: [] });
  });

  it('leaves out a cancelled tour (no tour date any more)', async () => {
    await t.app.database.db.update(leads).set({ tourDateUtc: null }).where(eq(leads.id, miaId));
    const week = await get<TourList>(
      `${apiPaths.propertyTours(riverside._id)}?${range(new Date(miaTour.getTime() - DAY), new Date(miaTour.getTime() + DAY))}`,
    );
    expect(week.body.items).toEqual([]);
    await t.app.database.db.update(leads).set({ tourDateUtc: miaTour }).where(eq(leads.id, miaId));
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
