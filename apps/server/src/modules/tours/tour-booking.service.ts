import {
  DEFAULT_TOUR_AVAILABILITY,
  DEFAULT_WEEK_HOURS,
  NEXT_SLOTS_OFFERED,
  TOUR_SLOTS_MAX_RANGE_DAYS,
  tourKindLabels,
  type BookedTour,
  type BookTourRequest,
  type PropertyTourAvailability,
  type TourAvailability,
  type TourKind,
  type TourSlotList,
  type TourSlotsQuery,
} from '@leasing/contract';
import type { Db } from '../../db/client.js';
import { domainEvent, type Actor } from '../../events/domain-events.js';
import type { EventPort } from '../../events/event-port.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { tourStringsOf } from '../../lib/tour-strings.js';
import { getCompanyProperty } from '../company/index.js';
import { appendTimelineEvent } from '../conversation/index.js';
import { findUserById } from '../auth/index.js';
import { getCompanyLead, lockLead, setLeadTourDate } from '../lead/index.js';
import {
  claimPlace,
  countTakenPlaces,
  findTourAvailability,
  findUpcomingTourOfLead,
  saveTourAvailability,
  type TourRow,
} from './tour-booking.repository.js';
import { freeSlotsOf, slotAt, type FreeSlot, type SlotRules } from './tour-slots.js';
import { findCompanyTimeZone } from './tours.repository.js';

export type TourBookingDeps = { db: Db; events: EventPort; now: Clock };

const DAY_MS = 86_400_000;

/** The property (403 another company's, 404 none) with what its slots are made of. */
const slotRulesOf = async (db: Db, companyId: string, propertyId: string) => {
  const property = await getCompanyProperty(db, companyId, propertyId);
  const [availability, companyTimeZone] = await Promise.all([
    findTourAvailability(db, propertyId),
    property.timeZone ? Promise.resolve(property.timeZone) : findCompanyTimeZone(db, companyId),
  ]);
  const rules: SlotRules = {
    timeZone: property.timeZone ?? companyTimeZone,
    availability: availability ?? DEFAULT_TOUR_AVAILABILITY,
    officeHours: property.officeHours ?? DEFAULT_WEEK_HOURS,
  };
  return { property, rules };
};

export const getTourAvailability = async (
  db: Db,
  companyId: string,
  propertyId: string,
): Promise<PropertyTourAvailability> => {
  const { rules } = await slotRulesOf(db, companyId, propertyId);
  return { propertyId, timeZone: rules.timeZone, availability: rules.availability };
};

/** A manager's or admin's change of a property's tour settings, audited. */
export const updateTourAvailability = async (
  deps: TourBookingDeps,
  companyId: string,
  propertyId: string,
  settings: TourAvailability,
  actor: Actor,
): Promise<PropertyTourAvailability> =>
  deps.events.transaction(async ({ db, record }) => {
    const { rules } = await slotRulesOf(db, companyId, propertyId);
    await saveTourAvailability(db, { propertyId, companyId, settings });
    record(
      domainEvent('tour_availability.changed', {
        companyId,
        propertyId,
        before: rules.availability,
        after: settings,
        actor,
      }),
    );
    return { propertyId, timeZone: rules.timeZone, availability: settings };
  });

const freeSlotsIn = async (
  db: Db,
  rules: SlotRules,
  propertyId: string,
  kind: TourKind,
  window: { from: Date; to: Date; now: Date },
): Promise<FreeSlot[]> =>
  freeSlotsOf(rules, kind, window, await countTakenPlaces(db, propertyId, kind, window));

const slotDto = (kind: TourKind) => (slot: FreeSlot) => ({
  start: slot.start.toISOString(),
  end: slot.end.toISOString(),
  type: kind,
  placesLeft: slot.placesLeft,
});

/** The free slots of a kind of tour in [from, to), soonest first. */
export const getTourSlots = async (
  deps: Pick<TourBookingDeps, 'db' | 'now'>,
  companyId: string,
  propertyId: string,
  query: TourSlotsQuery,
): Promise<TourSlotList> => {
  const from = new Date(query.from);
  const to = new Date(query.to);
  if (to <= from) throw badRequest('querystring.to', 'must be after from');
  if (to.getTime() - from.getTime() > TOUR_SLOTS_MAX_RANGE_DAYS * DAY_MS) {
    throw badRequest('querystring.to', `at most ${TOUR_SLOTS_MAX_RANGE_DAYS} days after from`);
  }
  const { rules } = await slotRulesOf(deps.db, companyId, propertyId);
  const slots = await freeSlotsIn(deps.db, rules, propertyId, query.type, {
    from,
    to,
    now: deps.now(),
  });
  return { timeZone: rules.timeZone, items: slots.map(slotDto(query.type)) };
};

export const toBookedTour = (row: TourRow, timeZone: string): BookedTour => ({
  _id: row.id,
  leadId: row.leadId,
  propertyId: row.propertyId,
  type: row.kind,
  start: row.startsAt.toISOString(),
  end: row.endsAt.toISOString(),
  agentId: row.agentId,
  status: row.status,
  confirmedAt: row.confirmedAt?.toISOString() ?? null,
  source: row.source,
  timeZone,
});

/** 409 `SLOT_TAKEN`, offering the next free slots of the kind (two weeks ahead at most). */
const slotTaken = async (
  db: Db,
  rules: SlotRules,
  propertyId: string,
  kind: TourKind,
  after: Date,
  now: Date,
) => {
  const next = await freeSlotsIn(db, rules, propertyId, kind, {
    from: new Date(after.getTime() + 1),
    to: new Date(after.getTime() + 14 * DAY_MS),
    now,
  });
  return new HttpError(
    'SLOT_TAKEN',
    'That time was just taken. Pick another time.',
    {},
    [{ path: 'body.start', message: 'was just taken' }],
    { nextSlots: next.slice(0, NEXT_SLOTS_OFFERED).map(slotDto(kind)) },
  );
};

/** Who books: a person in the console (the booking page and the PMS come next). */
export type Booker = { actor: Actor; userId: string | null };

/**
 * Books a tour for the lead in a free slot of its property: the tour takes a place of the slot
 * (the database keeps two bookers from the last one), goes on the timeline as
 * SCHEDULED_TOUR_APPOINTMENT (which moves the lead to Tour scheduled) and becomes the lead's tour
 * date, all in one transaction. A lead with a tour ahead gets 409 `TOUR_ALREADY_BOOKED`.
 */
export const bookTour = (
  deps: TourBookingDeps,
  companyId: string,
  leadId: string,
  request: BookTourRequest,
  booker: Booker,
): Promise<BookedTour> =>
  deps.events.transaction(async ({ db, record }) => {
    const now = deps.now();
    const found = await getCompanyLead(db, companyId, leadId);
    // Two bookings of one lead queue here: the second sees the first's tour.
    const lead = (await lockLead(db, found.id)) ?? found;
    const { rules } = await slotRulesOf(db, companyId, lead.propertyId);
    const kind = request.type;
    const start = new Date(request.start);
    const settings = rules.availability.kinds[kind];
    if (!settings.enabled) {
      throw badRequest('body.type', `${tourKindLabels[kind]} tours are not offered here`);
    }
    const slot = slotAt(rules, kind, start, now);
    if (!slot) throw badRequest('body.start', 'is not a time this property gives tours');
    if (request.agentId) {
      const agent = await findUserById(db, request.agentId);
      if (!agent || agent.companyId !== companyId || agent.deactivatedAt) {
        throw badRequest('body.agentId', 'is not an active person of the company');
      }
    }
    const upcoming = await findUpcomingTourOfLead(db, lead.id, now);
    if (upcoming) {
      throw new HttpError(
        'TOUR_ALREADY_BOOKED',
        `${lead.name ?? 'This lead'} has a tour booked already. Reschedule or cancel it instead.`,
      );
    }

    const tour = await claimPlace(
      db,
      {
        companyId,
        propertyId: lead.propertyId,
        leadId: lead.id,
        kind,
        startsAt: slot.start,
        endsAt: slot.end,
        agentId: request.agentId ?? null,
        source: 'STAFF',
        bookedByUserId: booker.userId,
      },
      settings.capacity,
    );
    if (!tour) throw await slotTaken(db, rules, lead.propertyId, kind, start, now);

    const event = await appendTimelineEvent(db, {
      companyId,
      leadId: lead.id,
      eventType: 'SCHEDULED_TOUR_APPOINTMENT',
      date: now,
      body: `${tourKindLabels[kind]} tour booked`,
      senderType: 'SYSTEM',
      senderName: null,
      eventByUserName: booker.actor.kind === 'user' ? booker.actor.name : null,
      data: {
        ...tourStringsOf(slot.start, rules.timeZone),
        tourDateUTC: slot.start.toISOString(),
        tourTypeID: kind,
        tourId: tour.id,
      },
    });
    await setLeadTourDate(db, lead.id, slot.start);
    record(
      domainEvent('tour.booked', {
        companyId,
        leadId: lead.id,
        tourId: tour.id,
        timelineEventId: event.id,
        start: slot.start.toISOString(),
        kind,
        actor: booker.actor,
      }),
    );
    record(
      domainEvent('lead.updated', {
        companyId,
        leadId: lead.id,
        changes: ['tourDateUtc'],
        actor: booker.actor,
      }),
    );
    record(
      domainEvent('timeline.event_added', {
        companyId,
        leadId: lead.id,
        timelineEventId: event.id,
        eventType: event.eventType,
        actor: booker.actor,
      }),
    );
    return toBookedTour(tour, rules.timeZone);
  });
