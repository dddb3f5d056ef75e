import {
  apiPaths,
  DEFAULT_TOUR_AVAILABILITY,
  type TourAvailability,
  type TourKind,
  type TourSlot,
  type TourSlotList,
  type WeekHours,
} from '@leasing/contract';
import type { CompanyRow, PropertyRow } from '../../db/schema/index.js';
import { createOffice, uniquePhone, type Office } from '../../test/factories.js';
import type { TestContext } from '../../test/use-test-app.js';

/** Tours all day every day (but the last minute): every hour a test runs at has slots. */
export const ALWAYS_OPEN = Object.fromEntries(
  ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [
    day,
    { open: '00:00', close: '23:59' },
  ]),
) as WeekHours;

/** Tours whenever a test runs: an hour's notice, a week ahead. */
export const OPEN_AVAILABILITY: TourAvailability = {
  ...DEFAULT_TOUR_AVAILABILITY,
  hours: ALWAYS_OPEN,
  minNoticeMinutes: 60,
  maxDaysAhead: 7,
};

/**
 * A company with a property that gives tours whenever a test runs (`OPEN_AVAILABILITY`), a texting
 * number, and its admin signed in.
 */
export const tourOffice = async (
  t: TestContext,
  overrides: { company?: Partial<CompanyRow>; property?: Partial<PropertyRow> } = {},
): Promise<Office & { admin: string }> => {
  const office = await createOffice(t.db, {
    company: overrides.company,
    property: {
      timeZone: 'UTC',
      name: 'Maple Court',
      smsNumber: uniquePhone(),
      ...overrides.property,
    },
  });
  const admin = await t.signIn(office.staff.credentials);
  await t.request('PUT', apiPaths.propertyTourAvailability(office.property.id), {
    as: admin,
    payload: OPEN_AVAILABILITY,
  });
  return { ...office, admin };
};

/** The property's free slots of a type from now, `days` ahead, as staff read them. */
export const freeSlotsFrom = async (
  t: TestContext,
  admin: string,
  propertyId: string,
  from: Date,
  days: number,
  type: TourKind = 'IN_PERSON',
): Promise<TourSlot[]> => {
  const slots = await t.request<TourSlotList>(
    'GET',
    `${apiPaths.propertyTourSlots(propertyId)}?${new URLSearchParams({
      from: from.toISOString(),
      to: new Date(from.getTime() + days * 86_400_000).toISOString(),
      type,
    })}`,
    { as: admin },
  );
  return slots.body.items;
};
