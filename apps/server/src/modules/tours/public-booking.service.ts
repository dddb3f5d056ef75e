import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import {
  BOOKING_CODE_LENGTH,
  BOOKING_CODE_MAX_ATTEMPTS,
  BOOKING_CODE_TTL_MINUTES,
  BOOKING_CODES_PER_PHONE_PER_HOUR,
  tourKindLabels,
  tourKinds,
  type BookingCodeSent,
  type PublicBookingCancelled,
  type PublicBookingPage,
  type PublicBookingRequest,
  type PublicBookingResult,
  type TourSlotList,
  type TourSlotsQuery,
} from '@leasing/contract';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { leads, type LeadRow, type PropertyRow } from '../../db/schema/index.js';
import { domainEvent, type Actor } from '../../events/domain-events.js';
import type { RecordingScope } from '../../events/event-port.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import { formatPhone, toE164 } from '../../lib/phone-numbers.js';
import { lockForTransaction } from '../../lib/transaction-lock.js';
import { findCompanyById, findPropertyById } from '../company/index.js';
import {
  autoAssignNewLead,
  bumpLeadActivity,
  freePmsLeadId,
  insertLead,
  isOptedOutAddress,
  lockLead,
  recordConsentEvent,
  sourceNamed,
} from '../lead/index.js';
import { sendSystemSms, type SystemSmsDeps } from '../messaging/index.js';
import {
  countCodesSentSince,
  countWrongAttempt,
  insertBookingCode,
  lockLatestLiveCode,
  markCodeUsed,
  type BookingCodeRow,
} from './booking-codes.repository.js';
import { bookingLinkTokensOf } from './booking-link-token.js';
import { findUpcomingTourOfLead } from './tour-booking.repository.js';
import {
  bookTourForLead,
  cancelTourIn,
  freeSlotsOfProperty,
  slotRulesOfProperty,
  updateTour,
  type TourBookingDeps,
} from './tour-booking.service.js';

export type PublicBookingDeps = TourBookingDeps & { sms: SystemSmsDeps };

/** The source a lead the booking page makes gets (one of the company's lead sources). */
export const WEBSITE_BOOKING_SOURCE = 'Website booking';

/** The booker is nobody signed in: what they do is the lead's own, recorded as the system's. */
const BOOKER: Actor = { kind: 'system' };
const HOUR_MS = 3_600_000;

/** Any property's public face: 404 for an id that is no property (the same for every caller). */
const publicProperty = async (db: Db, propertyId: string): Promise<PropertyRow> => {
  const property = await findPropertyById(db, propertyId);
  if (!property) throw notFound('Property');
  return property;
};

/** The lead a link's token names, when it is a lead of this property; else undefined. */
const leadOfLink = async (
  db: Db,
  propertyId: string,
  token: string | undefined,
): Promise<LeadRow | undefined> => {
  if (!token) return undefined;
  const leadId = (await bookingLinkTokensOf(db)).verify(token);
  if (!leadId) return undefined;
  const [lead] = await db.select().from(leads).where(eq(leads.id, leadId));
  return lead?.propertyId === propertyId ? lead : undefined;
};

const splitName = (name: string | null) => {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  // A lead named after its phone number ("(512) 555-0199") has no name to fill in.
  if (words.length === 0 || /^[\d()+\s-]+$/.test(name ?? '')) return { first: '', last: '' };
  return { first: words[0]!, last: words.slice(1).join(' ') };
};

const maskPhone = (e164: string) => {
  const formatted = formatPhone(e164);
  const lastFour = formatted.slice(-4);
  return `${formatted.slice(0, -4).replace(/\d/g, '•')}${lastFour}`;
};

/** What the booking page shows first: the property, its tour types, and the link's lead. */
export const getPublicBookingPage = async (
  deps: PublicBookingDeps,
  propertyId: string,
  token: string | undefined,
): Promise<PublicBookingPage> => {
  const property = await publicProperty(deps.db, propertyId);
  const company = await findCompanyById(deps.db, property.companyId);
  const rules = await slotRulesOfProperty(deps.db, property);
  const lead = await leadOfLink(deps.db, property.id, token);
  const name = lead && splitName(lead.name);
  const upcoming = lead ? await findUpcomingTourOfLead(deps.db, lead.id, deps.now()) : undefined;
  return {
    propertyId: property.id,
    propertyName: property.name,
    companyName: company?.name ?? '',
    address: property.address,
    timeZone: rules.timeZone,
    types: tourKinds
      .filter((kind) => rules.availability.kinds[kind].enabled)
      .map((kind) => ({
        type: kind,
        label: tourKindLabels[kind],
        lengthMinutes: rules.availability.kinds[kind].lengthMinutes,
      })),
    maxDaysAhead: rules.availability.maxDaysAhead,
    lead:
      lead && name
        ? {
            firstName: name.first,
            lastName: name.last,
            phoneMasked: lead.phone ? maskPhone(lead.phone) : null,
            email: lead.email,
            tour: upcoming ? { type: upcoming.kind, start: upcoming.startsAt.toISOString() } : null,
          }
        : null,
    sandbox: deps.sms.sms.kind === 'sandbox',
  };
};

/** The property's free slots, for anyone (the same answer staff get). */
export const getPublicTourSlots = async (
  deps: PublicBookingDeps,
  propertyId: string,
  query: TourSlotsQuery,
): Promise<TourSlotList> => {
  const property = await publicProperty(deps.db, propertyId);
  return freeSlotsOfProperty(
    deps,
    property.id,
    await slotRulesOfProperty(deps.db, property),
    query,
  );
};

const phoneOf = (raw: string) => {
  if (!raw.trim()) throw badRequest('body.phone', 'enter your mobile number');
  const phone = toE164(raw);
  if (!phone) throw badRequest('body.phone', 'enter a mobile number like (512) 555-0100');
  return phone;
};

const hashOf = (codeId: string, code: string) =>
  createHash('sha256').update(`${codeId}:${code}`).digest('hex');

const codeMatches = (row: BookingCodeRow, code: string) =>
  timingSafeEqual(Buffer.from(row.codeHash, 'hex'), Buffer.from(hashOf(row.id, code), 'hex'));

/**
 * Texts a one-time code to the phone, for booking at this property: a few per phone per hour
 * (and the route limits each network). A number on the company's opt-out register gets no text.
 */
export const requestBookingCode = async (
  deps: PublicBookingDeps,
  propertyId: string,
  rawPhone: string,
): Promise<BookingCodeSent> => {
  const property = await publicProperty(deps.db, propertyId);
  const phone = phoneOf(rawPhone);
  const now = deps.now();
  const sent = await countCodesSentSince(
    deps.db,
    property.id,
    phone,
    new Date(now.getTime() - HOUR_MS),
  );
  if (sent >= BOOKING_CODES_PER_PHONE_PER_HOUR) {
    throw new HttpError(
      'RATE_LIMITED',
      'We have texted this number several codes already. Use the last one, or try again in an hour.',
    );
  }
  if (await isOptedOutAddress(deps.db, property.companyId, 'SMS', phone)) {
    throw new HttpError(
      'VALIDATION',
      'This number asked us to stop texting it, so we cannot text it a code. Reply START to our last text, or call the office to book.',
      {},
      [{ path: 'body.phone', message: 'has opted out of our texts' }],
    );
  }
  const code = String(randomInt(0, 10 ** BOOKING_CODE_LENGTH)).padStart(BOOKING_CODE_LENGTH, '0');
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + BOOKING_CODE_TTL_MINUTES * 60_000);
  // Stored before it is sent: a code that left is always one the booking can check.
  await insertBookingCode(deps.db, {
    id,
    companyId: property.companyId,
    propertyId: property.id,
    phone,
    codeHash: hashOf(id, code),
    expiresAt,
    createdAt: now,
  });
  await sendSystemSms(deps.sms, {
    companyId: property.companyId,
    property,
    to: phone,
    body: `${code} is your code to book a tour at ${property.name}. It works for ${BOOKING_CODE_TTL_MINUTES} minutes.`,
  });
  return {
    sentTo: formatPhone(phone),
    expiresAt: expiresAt.toISOString(),
    ...(deps.sms.sms.kind === 'sandbox' ? { sandboxCode: code } : {}),
  };
};

const codeProblem = (message: string) => badRequest('body.code', message);

/**
 * The phone's live code, checked before the booking: a wrong one counts a try (kept whatever the
 * booking does next), and after the last try the code stops working.
 */
const checkCode = async (
  deps: PublicBookingDeps,
  propertyId: string,
  phone: string,
  code: string,
) => {
  const row = await lockLatestLiveCode(deps.db, propertyId, phone, deps.now());
  if (!row || row.attempts >= BOOKING_CODE_MAX_ATTEMPTS) {
    throw codeProblem('has expired or was used up: ask for a new one');
  }
  if (!codeMatches(row, code)) {
    await countWrongAttempt(deps.db, row.id);
    throw codeProblem(
      row.attempts + 1 >= BOOKING_CODE_MAX_ATTEMPTS
        ? 'is not the one we sent, and it no longer works: ask for a new one'
        : 'is not the one we sent: check the text and try again',
    );
  }
};

/**
 * The property's lead with this phone (else this email), newest first, or a new one from the
 * booking page (source 'Website booking', the round robin's next owner). One booker at a time per
 * phone: two first bookings from one stranger must not make two leads.
 */
const leadOfBooker = async (
  scope: RecordingScope,
  property: PropertyRow,
  booker: { name: string; phone: string; email: string | undefined },
  now: Date,
): Promise<LeadRow> => {
  const { db } = scope;
  await lockForTransaction(db, `booking-lead:${property.id}:${booker.phone}`);
  const sameAddress = booker.email
    ? or(eq(leads.phone, booker.phone), sql`lower(${leads.email}) = ${booker.email.toLowerCase()}`)
    : eq(leads.phone, booker.phone);
  const [existing] = await db
    .select()
    .from(leads)
    .where(and(eq(leads.propertyId, property.id), sameAddress))
    .orderBy(sql`${leads.phone} = ${booker.phone} desc`, desc(leads.lastActivityAt), desc(leads.id))
    .limit(1)
    .for('no key update');
  if (existing) return existing;
  const source = await sourceNamed(scope, property.companyId, WEBSITE_BOOKING_SOURCE, BOOKER);
  const created = await insertLead(db, {
    companyId: property.companyId,
    propertyId: property.id,
    pmsLeadId: await freePmsLeadId(db, property.id, `WEB-${booker.phone.replace(/\D/g, '')}`),
    name: booker.name,
    phone: booker.phone,
    email: booker.email?.toLowerCase() ?? null,
    sourceId: source.id,
    ...((await isOptedOutAddress(db, property.companyId, 'SMS', booker.phone))
      ? { phoneOptStatus: 'OPT_OUT' as const }
      : {}),
  });
  scope.record(
    domainEvent('lead.created', {
      companyId: property.companyId,
      leadId: created.id,
      actor: BOOKER,
    }),
  );
  return autoAssignNewLead(scope, created, now);
};

/**
 * The booker agreed to texts about the tour: the lead's phone is opted in, recorded on the
 * timeline and the consent register — unless the number opted out, which only the lead's own
 * START undoes.
 */
const recordTextConsent = async (scope: RecordingScope, lead: LeadRow, now: Date) => {
  if (lead.phoneOptStatus !== 'NO_INDICATION' || !lead.phone) return;
  if (await isOptedOutAddress(scope.db, lead.companyId, 'SMS', lead.phone)) return;
  await bumpLeadActivity(scope.db, lead.id, now, { phoneOptStatus: 'OPT_IN' });
  await recordConsentEvent(scope, {
    lead,
    channel: 'SMS',
    status: 'OPT_IN',
    source: 'booking_page',
    actor: BOOKER,
    at: now,
  });
};

/**
 * A booking from the public page: with a texted code (the phone's newest, unexpired), or with a
 * lead's own link (`t`, no code). The lead is found or made, agrees to texts, and the tour is
 * booked as staff book one (`bookTourForLead`): the same slot rules, the same guarantee for the
 * last place, the same timeline, status and webhooks.
 */
export const bookPublicTour = async (
  deps: PublicBookingDeps,
  propertyId: string,
  request: PublicBookingRequest,
): Promise<PublicBookingResult> => {
  const property = await publicProperty(deps.db, propertyId);
  const linkLead = await leadOfLink(deps.db, property.id, request.t);
  if (request.t && !linkLead) {
    throw badRequest('body.t', 'this booking link is not valid here: book with a texted code');
  }
  // A link's lead with a tour ahead moves it (a reminder's 'R' sends this link).
  const upcoming = linkLead
    ? await findUpcomingTourOfLead(deps.db, linkLead.id, deps.now())
    : undefined;
  if (linkLead && upcoming) {
    const moved = await updateTour(
      deps,
      linkLead.companyId,
      upcoming.id,
      { start: request.start, type: request.type },
      BOOKER,
    );
    return {
      tour: { type: moved.type, start: moved.start, end: moved.end, timeZone: moved.timeZone },
      propertyName: property.name,
      address: property.address,
      rescheduled: true,
    };
  }
  // A link's lead books with the phone on file; anyone else proves the phone they give.
  const phone = linkLead ? linkLead.phone : phoneOf(request.phone ?? '');
  if (!linkLead) {
    if (!request.code) throw codeProblem('enter the code we texted you');
    await checkCode(deps, property.id, phone!, request.code);
  }
  const name = `${request.firstName.trim()} ${(request.lastName ?? '').trim()}`.trim();
  try {
    return await deps.events.transaction(async (scope) => {
      const now = deps.now();
      if (!linkLead) {
        // Checked again under a lock, and used up only if the booking commits.
        const code = await lockLatestLiveCode(scope.db, property.id, phone!, now);
        if (!code || !codeMatches(code, request.code!)) {
          throw codeProblem('has expired or was used up: ask for a new one');
        }
        await markCodeUsed(scope.db, code.id, now);
      }
      const found =
        linkLead ??
        (await leadOfBooker(scope, property, { name, phone: phone!, email: request.email }, now));
      const lead = (await lockLead(scope.db, found.id)) ?? found;
      await recordTextConsent(scope, lead, now);
      const tour = await bookTourForLead(
        scope,
        deps.texts,
        now,
        lead,
        { type: request.type, start: request.start },
        { actor: BOOKER, userId: null, source: linkLead ? 'LEAD_LINK' : 'BOOKING_PAGE' },
      );
      return {
        tour: { type: tour.type, start: tour.start, end: tour.end, timeZone: tour.timeZone },
        propertyName: property.name,
        address: property.address,
        rescheduled: false,
      };
    });
  } catch (error) {
    if (error instanceof HttpError && error.code === 'TOUR_ALREADY_BOOKED') {
      throw new HttpError(
        'TOUR_ALREADY_BOOKED',
        'You have a tour booked here already. To change it, reply to our texts or call the office.',
      );
    }
    throw error;
  }
};

/**
 * A lead's own link cancels their tour ahead (the confirmation's 'reschedule or cancel' link): the
 * staff cancellation, by the lead — the place is freed, the texts not sent are cancelled, the
 * timeline, status, webhook and an email that takes it out of their calendar. A link with no tour
 * ahead is 404; a forged link is refused naming `body.t`.
 */
export const cancelPublicTour = async (
  deps: PublicBookingDeps,
  propertyId: string,
  token: string,
): Promise<PublicBookingCancelled> => {
  const property = await publicProperty(deps.db, propertyId);
  const lead = await leadOfLink(deps.db, property.id, token);
  if (!lead) throw badRequest('body.t', 'this link is not valid here: call the office to cancel');
  return deps.events.transaction(async (scope) => {
    const now = deps.now();
    const upcoming = await findUpcomingTourOfLead(scope.db, lead.id, now);
    if (!upcoming) throw new HttpError('NOT_FOUND', 'You have no tour booked here.');
    const cancelled = await cancelTourIn(
      deps.texts,
      scope,
      now,
      lead.companyId,
      upcoming.id,
      BOOKER,
    );
    return {
      tour: {
        type: cancelled.type,
        start: cancelled.start,
        end: cancelled.end,
        timeZone: cancelled.timeZone,
      },
      propertyName: property.name,
    };
  });
};
