import { TOURS_MAX_RANGE_DAYS, type ToursQuery, type TourList } from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { toLeadSummary } from '../lead/index.js';
import { getCompanyProperty } from '../company/index.js';
import { findCompanyTimeZone, listTours, type TourRange } from './tours.repository.js';

const DAY_MS = 86_400_000;

const toRange = (query: ToursQuery): TourRange => {
  const range = { from: new Date(query.from), to: new Date(query.to) };
  if (range.to <= range.from) throw badRequest('querystring.to', 'must be after from');
  if (range.to.getTime() - range.from.getTime() > TOURS_MAX_RANGE_DAYS * DAY_MS) {
    throw badRequest('querystring.to', `at most ${TOURS_MAX_RANGE_DAYS} days after from`);
  }
  return range;
};

/**
 * The scheduled tours of the company's properties (or of one: 404 when unknown, 403 when
 * another company's) in a time range, with the zone the calendar lays them out in (the
 * property's, else the company's) and each tour's property's zone.
 */
export const getTours = async (
  db: Db,
  companyId: string,
  propertyId: string | undefined,
  query: ToursQuery,
): Promise<TourList> => {
  const range = toRange(query);
  const property = propertyId ? await getCompanyProperty(db, companyId, propertyId) : undefined;
  const [companyTimeZone, rows] = await Promise.all([
    findCompanyTimeZone(db, companyId),
    listTours(db, { companyId, propertyId }, range),
  ]);
  return {
    timeZone: property?.timeZone ?? companyTimeZone,
    items: rows.flatMap(({ lead, propertyName, propertyTimeZone, tourTypeId, booking }) =>
      lead.tourDateUtc
        ? [
            {
              ...toLeadSummary(lead),
              propertyName,
              tourDateUTC: lead.tourDateUtc.toISOString(),
              tourTypeID: tourTypeId,
              propertyTimeZone: propertyTimeZone ?? companyTimeZone,
              booking:
                booking.tourId && booking.kind && booking.endsAt
                  ? {
                      tourId: booking.tourId,
                      type: booking.kind,
                      end: booking.endsAt.toISOString(),
                      agent:
                        booking.agentId && booking.agentName
                          ? { userId: booking.agentId, name: booking.agentName }
                          : null,
                      confirmed: booking.confirmedAt !== null,
                    }
                  : null,
            },
          ]
        : [],
    ),
  };
};
