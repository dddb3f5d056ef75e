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
  type UpdateTourRequest,
} from '@leasing/contract';
import type { Db } from '../../db/client.js';
import type { LeadRow, PropertyRow } from '../../db/schema/index.js';
import { domainEvent, type Actor } from '../../events/domain-events.js';
import type { EventPort, RecordingScope } from '../../events/event-port.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, forbidden, HttpError, notFound } from '../../lib/errors.js';
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
  findTour,
  lockTour,
  movePlace,
  saveTourAvailability,
  setTourCancelled,
  setTourConfirmed,
  type TourRow,
} from './tour-booking.repository.js';
import { freeSlotsOf, slotAt, type FreeSlot, type SlotRules } from './tour-slots.js';
import { findCompanyTimeZone } from './tours.repository.js';
import { emailTour } from './tour-email.service.js';
import { cancelTourTexts, scheduleTourTexts, type TourTextsDeps } from './tour-texts.service.js';

export type TourBookingDeps = {
  db: Db;
  events: EventPort;
  now: Clock;
  /** The tour's confirmation and reminders leave through the send queue. */
  texts: TourTextsDeps;
};

const DAY_MS = 86_400_000;

/** What a property's slots are made of: its tour settings, its hours and its zone. */
export const slotRulesOfProperty = async (db: Db, property: PropertyRow): Promise<SlotRules> => ({
  timeZone: property.timeZone ?? (await findCompanyTimeZone(db, property.companyId)),
  availability: (await findTourAvailability(db, property.id)) ?? DEFAULT_TOUR_AVAILABILITY,
  officeHours: property.officeHours ?? DEFAULT_WEEK_HOURS,
});

/** The property (403 another company's, 404 none) with what its slots are made of. */
export const slotRulesOf = async (db: Db, companyId: string, propertyId: string) => {
  const property = await getCompanyProperty(db, companyId, propertyId);
  return { property, rules: await slotRulesOfProperty(db, property) };
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

/** The free slots of a kind of tour in [from, to), soonest first, on the property's rules. */
export const freeSlotsOfProperty = async (
  deps: Pick<TourBookingDeps, 'db' | 'now'>,
  propertyId: string,
  rules: SlotRules,
  query: TourSlotsQuery,
): Promise<TourSlotList> => {
  const from = new Date(query.from);
  const to = new Date(query.to);
  if (to <= from) throw badRequest('querystring.to', 'must be after from');
  if (to.getTime() - from.getTime() > TOUR_SLOTS_MAX_RANGE_DAYS * DAY_MS) {
    throw badRequest('querystring.to', `at most ${TOUR_SLOTS_MAX_RANGE_DAYS} days after from`);
  }
  const slots = await freeSlotsIn(deps.db, rules, propertyId, query.type, {
    from,
    to,
    now: deps.now(),
  });
  return { timeZone: rules.timeZone, items: slots.map(slotDto(query.type)) };
};

/** The company's property's free slots (403 another company's). */
export const getTourSlots = async (
  deps: Pick<TourBookingDeps, 'db' | 'now'>,
  companyId: string,
  propertyId: string,
  query: TourSlotsQuery,
): Promise<TourSlotList> => {
  const { rules } = await slotRulesOf(deps.db, companyId, propertyId);
  return freeSlotsOfProperty(deps, propertyId, rules, query);
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

/**
 * The slot of `kind` that starts at `start` with its capacity, when a booker may take it now: 400
 * naming `body.type` for a type that is off, `body.start` for a time that is not a slot.
 */
const bookableSlot = (rules: SlotRules, kind: TourKind, start: Date, now: Date) => {
  const settings = rules.availability.kinds[kind];
  if (!settings.enabled) {
    throw badRequest('body.type', `${tourKindLabels[kind]} tours are not offered here`);
  }
  const slot = slotAt(rules, kind, start, now);
  if (!slot) throw badRequest('body.start', 'is not a time this property gives tours');
  return { slot, capacity: settings.capacity };
};

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

/**
 * The company's scheduled tour and its lead, both locked for the change, the lead first as a
 * booking locks it (404 none, 403 another company's, 409 no longer scheduled).
 */
const lockScheduledTour = async (db: Db, companyId: string, tourId: string) => {
  const seen = await findTour(db, tourId);
  if (!seen) throw notFound('Tour');
  if (seen.companyId !== companyId) throw forbidden();
  const lead = (await lockLead(db, seen.leadId))!;
  const tour = (await lockTour(db, tourId))!;
  if (tour.status !== 'SCHEDULED') {
    throw new HttpError(
      'CONFLICT',
      'This tour is no longer scheduled: it was cancelled or has taken place.',
    );
  }
  return { tour, lead };
};

type TourChange =
  { type: 'tour.booked' | 'tour.cancelled' } | { type: 'tour.rescheduled'; previous: TourRow };

const changeWords = {
  'tour.booked': 'booked',
  'tour.rescheduled': 'rescheduled',
  'tour.cancelled': 'cancelled',
} as const;

/**
 * A tour's change on the lead's timeline (SCHEDULED_TOUR_APPOINTMENT at its time, or
 * CANCELED_TOUR_APPOINTMENT), with the domain events it makes: `timeline.event_added` (which moves
 * the lead's status) and the `tour.*` one (audit, webhooks).
 */
const recordTourChange = async (
  { db, record }: Pick<RecordingScope, 'db' | 'record'>,
  tour: TourRow,
  change: TourChange & { timeZone: string; now: Date; actor: Actor },
) => {
  const event = await appendTimelineEvent(db, {
    companyId: tour.companyId,
    leadId: tour.leadId,
    eventType:
      change.type === 'tour.cancelled' ? 'CANCELED_TOUR_APPOINTMENT' : 'SCHEDULED_TOUR_APPOINTMENT',
    date: change.now,
    body: `Tour ${changeWords[change.type]} (${tourKindLabels[tour.kind].toLowerCase()})`,
    senderType: 'SYSTEM',
    senderName: null,
    eventByUserName: change.actor.kind === 'user' ? change.actor.name : null,
    data: {
      ...tourStringsOf(tour.startsAt, change.timeZone),
      tourDateUTC: tour.startsAt.toISOString(),
      tourTypeID: tour.kind,
      tourId: tour.id,
    },
  });
  const fact = {
    companyId: tour.companyId,
    leadId: tour.leadId,
    timelineEventId: event.id,
    actor: change.actor,
  };
  record(domainEvent('timeline.event_added', { ...fact, eventType: event.eventType }));
  const tourFact = {
    ...fact,
    tourId: tour.id,
    start: tour.startsAt.toISOString(),
    kind: tour.kind,
  };
  record(
    change.type === 'tour.rescheduled'
      ? domainEvent('tour.rescheduled', {
          ...tourFact,
          previousStart: change.previous.startsAt.toISOString(),
          previousKind: change.previous.kind,
        })
      : domainEvent(change.type, tourFact),
  );
};

const tourDateChanged = (record: RecordingScope['record'], tour: TourRow, actor: Actor) =>
  record(
    domainEvent('lead.updated', {
      companyId: tour.companyId,
      leadId: tour.leadId,
      changes: ['tourDateUtc'],
      actor,
    }),
  );

/** Who books: a person in the console, the lead on the booking page or their own link. */
export type Booker = {
  actor: Actor;
  userId: string | null;
  source: TourRow['source'];
};

/**
 * Books a tour for the lead, already locked in the caller's transaction, in a free slot of its
 * property: the tour takes a place of the slot (the database keeps two bookers from the last
 * one), goes on the timeline as SCHEDULED_TOUR_APPOINTMENT (which moves the lead to Tour
 * scheduled) and becomes the lead's tour date. A lead with a tour ahead gets 409
 * `TOUR_ALREADY_BOOKED`; a taken slot 409 `SLOT_TAKEN` with the next free ones.
 */
export const bookTourForLead = async (
  scope: RecordingScope,
  texts: TourTextsDeps,
  now: Date,
  lead: LeadRow,
  request: BookTourRequest,
  booker: Booker,
): Promise<BookedTour> => {
  const { db, record } = scope;
  const companyId = lead.companyId;
  const { property, rules } = await slotRulesOf(db, companyId, lead.propertyId);
  const kind = request.type;
  const start = new Date(request.start);
  const { slot, capacity } = bookableSlot(rules, kind, start, now);
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
      source: booker.source,
      bookedByUserId: booker.userId,
    },
    capacity,
  );
  if (!tour) throw await slotTaken(db, rules, lead.propertyId, kind, start, now);

  await recordTourChange({ db, record }, tour, {
    type: 'tour.booked',
    timeZone: rules.timeZone,
    now,
    actor: booker.actor,
  });
  await setLeadTourDate(db, lead.id, slot.start);
  tourDateChanged(record, tour, booker.actor);
  const place = { property, timeZone: rules.timeZone };
  await scheduleTourTexts(texts, scope, lead, tour, place, now);
  await emailTour(texts, scope, 'booked', lead, tour, place, now);
  return toBookedTour(tour, rules.timeZone);
};

/** Staff (or the PMS) book a tour for the company's lead: `bookTourForLead` in its own transaction. */
export const bookTour = (
  deps: TourBookingDeps,
  companyId: string,
  leadId: string,
  request: BookTourRequest,
  booker: Booker,
): Promise<BookedTour> =>
  deps.events.transaction(async (scope) => {
    const found = await getCompanyLead(scope.db, companyId, leadId);
    // Two bookings of one lead queue here: the second sees the first's tour.
    const lead = (await lockLead(scope.db, found.id)) ?? found;
    return bookTourForLead(scope, deps.texts, deps.now(), lead, request, booker);
  });

/**
 * Cancels the tour and frees its place: a CANCELED_TOUR_APPOINTMENT event (which moves a lead in
 * Tour scheduled back to Contacted), and the lead's tour date cleared when it was this tour's.
 */
export const cancelTour = (
  deps: TourBookingDeps,
  companyId: string,
  tourId: string,
  actor: Actor,
): Promise<BookedTour> =>
  deps.events.transaction((scope) =>
    cancelTourIn(deps.texts, scope, deps.now(), companyId, tourId, actor),
  );

/**
 * `cancelTour` inside the caller's transaction (a lead's reply cancels it in its own): the texts
 * not sent yet are cancelled, and an email takes the invitation out of the lead's calendar.
 */
export const cancelTourIn = async (
  texts: TourTextsDeps,
  scope: RecordingScope,
  now: Date,
  companyId: string,
  tourId: string,
  actor: Actor,
): Promise<BookedTour> => {
  const { db, record } = scope;
  const { tour, lead } = await lockScheduledTour(db, companyId, tourId);
  const { property, rules } = await slotRulesOf(db, companyId, tour.propertyId);
  const cancelled = await setTourCancelled(db, tour.id, now);
  await cancelTourTexts(scope, tour);
  await emailTour(
    texts,
    scope,
    'cancelled',
    lead,
    tour,
    { property, timeZone: rules.timeZone },
    now,
  );
  await recordTourChange({ db, record }, cancelled, {
    type: 'tour.cancelled',
    timeZone: rules.timeZone,
    now,
    actor,
  });
  if (lead.tourDateUtc?.getTime() === tour.startsAt.getTime()) {
    await setLeadTourDate(db, lead.id, null);
    tourDateChanged(record, tour, actor);
  }
  return toBookedTour(cancelled, rules.timeZone);
};

/** The lead confirmed the tour (once), inside the caller's transaction. */
export const confirmTourIn = async (
  scope: RecordingScope,
  now: Date,
  companyId: string,
  tourId: string,
  actor: Actor,
): Promise<BookedTour> => {
  const { tour } = await lockScheduledTour(scope.db, companyId, tourId);
  const { rules } = await slotRulesOf(scope.db, companyId, tour.propertyId);
  const confirmed = tour.confirmedAt ? tour : await setTourConfirmed(scope.db, tour.id, now);
  if (!tour.confirmedAt) {
    scope.record(domainEvent('tour.confirmed', { companyId, leadId: tour.leadId, tourId, actor }));
  }
  return toBookedTour(confirmed, rules.timeZone);
};

/**
 * Reschedules the tour into another free slot (its type may change with it) or records that the
 * lead confirmed it. A move is a SCHEDULED_TOUR_APPOINTMENT event at the new time and asks for a
 * new confirmation; a slot with no place left is 409 `SLOT_TAKEN` with the next free times.
 */
export const updateTour = (
  deps: TourBookingDeps,
  companyId: string,
  tourId: string,
  request: UpdateTourRequest,
  actor: Actor,
): Promise<BookedTour> =>
  deps.events.transaction(async (scope) => {
    const { db, record } = scope;
    const now = deps.now();
    if (request.confirmed) return confirmTourIn(scope, now, companyId, tourId, actor);
    const { tour, lead } = await lockScheduledTour(db, companyId, tourId);
    const { property, rules } = await slotRulesOf(db, companyId, tour.propertyId);

    const kind = request.type ?? tour.kind;
    const start = new Date(request.start!);
    if (kind === tour.kind && start.getTime() === tour.startsAt.getTime()) {
      return toBookedTour(tour, rules.timeZone);
    }
    const { slot, capacity } = bookableSlot(rules, kind, start, now);
    const moved = await movePlace(
      db,
      tour,
      { kind, startsAt: slot.start, endsAt: slot.end },
      capacity,
    );
    if (!moved) throw await slotTaken(db, rules, tour.propertyId, kind, start, now);
    // The old time's texts go; the new time gets its own.
    await cancelTourTexts(scope, tour);
    const place = { property, timeZone: rules.timeZone };
    await scheduleTourTexts(deps.texts, scope, lead, moved, place, now);
    await emailTour(deps.texts, scope, 'moved', lead, moved, place, now);

    await recordTourChange({ db, record }, moved, {
      type: 'tour.rescheduled',
      previous: tour,
      timeZone: rules.timeZone,
      now,
      actor,
    });
    if (lead.tourDateUtc?.getTime() === tour.startsAt.getTime()) {
      await setLeadTourDate(db, lead.id, slot.start);
      tourDateChanged(record, tour, actor);
    }
    return toBookedTour(moved, rules.timeZone);
  });
