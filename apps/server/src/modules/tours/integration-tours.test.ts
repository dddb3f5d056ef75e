import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  integrationPaths,
  type ApiError,
  type ApiKeyScope,
  type BookedTour,
  type CreatedApiKey,
  type TourSlotList,
} from '@leasing/contract';
import { auditLog, tours } from '../../db/schema/index.js';
import { createLead, uniquePhone } from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { createTestClock } from '../../test/test-clock.js';
import { useTestApp } from '../../test/use-test-app.js';
import { tourOffice } from './test-support.js';

/**
 * The integration API's tour routes (scope `tours:write`): the PMS reads free slots and books,
 * moves, confirms and cancels leads' tours by their PMS ids, as staff do in the console; a key
 * without the scope, or another company's tour, changes nothing.
 */
describe.each(oneDatabase())('tours through the integration API ($name)', (target) => {
  const clock = createTestClock();
  const t = useTestApp(target, { seed: 'none', now: clock.now });

  const setUp = async () => {
    const office = await tourOffice(t, { property: { pmsPropertyId: `P-${uniquePhone()}` } });
    const keyWith = async (scopes: ApiKeyScope[]) =>
      (
        await t.request<CreatedApiKey>('POST', '/api/api-keys', {
          as: office.admin,
          payload: { name: `Key ${scopes.join('+')}`, scopes },
        })
      ).body;
    const lead = await createLead(t.db, office.property, {
      name: 'Ivy Chen',
      pmsLeadId: `L-${uniquePhone()}`,
      phone: uniquePhone(),
    });
    return { office, lead, keyWith, pmsPropertyId: office.property.pmsPropertyId! };
  };

  const slotsQuery = (type = 'IN_PERSON') => {
    const from = clock.now();
    return new URLSearchParams({
      from: from.toISOString(),
      to: new Date(from.getTime() + 3 * 86_400_000).toISOString(),
      type,
    });
  };

  it('books, moves, confirms and cancels a tour by PMS ids, each as the key, and refuses a key without the scope', async () => {
    const { office, lead, keyWith, pmsPropertyId } = await setUp();
    const pms = await keyWith(['tours:write']);
    const reader = await keyWith(['leads:read']);

    // The key without the scope is refused and books nothing.
    const refused = await t.request<ApiError>(
      'GET',
      `${integrationPaths.tourSlots(pmsPropertyId)}?${slotsQuery('IN_PERSON')}`,
      { as: reader.key },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('"tours:write"');

    const slots = await t.request<TourSlotList>(
      'GET',
      `${integrationPaths.tourSlots(pmsPropertyId)}?${slotsQuery('IN_PERSON')}`,
      { as: pms.key },
    );
    expect(slots.status).toBe(200);
    const [first, second] = slots.body.items;
    expect(first).toMatchObject({ type: 'IN_PERSON', placesLeft: expect.any(Number) });

    const booking = { start: first!.start, type: 'IN_PERSON' };
    const denied = await t.request('POST', integrationPaths.tours(pmsPropertyId, lead.pmsLeadId!), {
      as: reader.key,
      payload: booking,
    });
    expect(denied.status).toBe(403);
    expect(await t.db.select().from(tours).where(eq(tours.leadId, lead.id))).toEqual([]);

    const booked = await t.request<BookedTour>(
      'POST',
      integrationPaths.tours(pmsPropertyId, lead.pmsLeadId!),
      { as: pms.key, payload: booking },
    );
    expect(booked.status).toBe(201);
    expect(booked.body).toMatchObject({
      leadId: lead.id,
      start: first!.start,
      source: 'INTEGRATION',
      status: 'SCHEDULED',
    });
    // A second booking for the same lead is refused: move or cancel the first.
    const twice = await t.request<ApiError>(
      'POST',
      integrationPaths.tours(pmsPropertyId, lead.pmsLeadId!),
      { as: pms.key, payload: { start: second!.start, type: 'IN_PERSON' } },
    );
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('TOUR_ALREADY_BOOKED');

    const moved = await t.request<BookedTour>('PATCH', integrationPaths.tour(booked.body._id), {
      as: pms.key,
      payload: { start: second!.start },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.start).toBe(second!.start);
    const confirmed = await t.request<BookedTour>('PATCH', integrationPaths.tour(booked.body._id), {
      as: pms.key,
      payload: { confirmed: true },
    });
    expect(confirmed.body.confirmedAt).not.toBeNull();
    const cancelled = await t.request<BookedTour>(
      'DELETE',
      integrationPaths.tour(booked.body._id),
      {
        as: pms.key,
      },
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('CANCELLED');

    // Every change is the key's, in the audit trail.
    const audit = await t.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(
        and(eq(auditLog.actorApiKeyId, pms.apiKey._id), eq(auditLog.companyId, office.company.id)),
      );
    expect(
      audit
        .map((row) => row.action)
        .filter((action) => action.startsWith('tour.'))
        .sort(),
    ).toEqual(['tour.booked', 'tour.cancelled', 'tour.confirmed', 'tour.rescheduled'].sort());
  });

  it("never reaches another company's lead or tour", async () => {
    const mine = await setUp();
    const theirs = await setUp();
    const key = await mine.keyWith(['tours:write']);
    const theirKey = await theirs.keyWith(['tours:write']);
    const [slot] = (
      await t.request<TourSlotList>(
        'GET',
        `${integrationPaths.tourSlots(theirs.pmsPropertyId)}?${slotsQuery()}`,
        { as: theirKey.key },
      )
    ).body.items;
    const theirTour = await t.request<BookedTour>(
      'POST',
      integrationPaths.tours(theirs.pmsPropertyId, theirs.lead.pmsLeadId!),
      { as: theirKey.key, payload: { start: slot!.start, type: 'IN_PERSON' } },
    );
    expect(theirTour.status).toBe(201);

    // Their property and lead are not found by my key, and their tour is not mine to change.
    const slots = await t.request(
      'GET',
      `${integrationPaths.tourSlots(theirs.pmsPropertyId)}?${slotsQuery()}`,
      { as: key.key },
    );
    expect(slots.status).toBe(404);
    const book = await t.request(
      'POST',
      integrationPaths.tours(theirs.pmsPropertyId, theirs.lead.pmsLeadId!),
      { as: key.key, payload: { start: slot!.start, type: 'IN_PERSON' } },
    );
    expect(book.status).toBe(404);
    const cancel = await t.request('DELETE', integrationPaths.tour(theirTour.body._id), {
      as: key.key,
    });
    expect(cancel.status).toBe(403);
    const [still] = await t.db.select().from(tours).where(eq(tours.id, theirTour.body._id));
    expect(still!.status).toBe('SCHEDULED');
  });
});
