import { mapSearchUrl } from '@leasing/contract';
import type PgBoss from 'pg-boss';
import type { LeadRow, PropertyRow } from '../../db/schema/index.js';
import type { RecordingScope } from '../../events/event-port.js';
import { formatZoneName } from '../../lib/format-zoned.js';
import { findCompanyById } from '../company/index.js';
import { isOptedOutAddress } from '../lead/index.js';
import {
  insertAndEnqueue,
  newEmailMessageId,
  storeGeneratedFile,
  type MediaStorage,
} from '../messaging/index.js';
import { bookingLinkOf } from './booking-link-token.js';
import type { TourRow } from './tour-booking.repository.js';
import { tourInviteOf } from './tour-calendar.js';
import { whenOf } from './tour-words.js';

export type TourEmailKind = 'booked' | 'moved' | 'cancelled';

export type TourEmailDeps = {
  queue: PgBoss;
  jobExpireSeconds: number;
  publicUrl: string;
  /** Where the invitation is kept (the timeline offers it; the send worker attaches it). */
  storage: MediaStorage;
};

const longWhenOf = (start: Date, timeZone: string) => whenOf(start, timeZone, 'long');

const firstNameOf = (name: string) => name.trim().split(/\s+/)[0] || 'there';

/** The email's subject and words; English, as the texts. */
export const tourEmailOf = (
  kind: TourEmailKind,
  input: {
    leadName: string;
    propertyName: string;
    companyName: string;
    address: string | null;
    start: Date;
    timeZone: string;
    link: string;
  },
) => {
  const when = `${longWhenOf(input.start, input.timeZone)} (${formatZoneName(input.timeZone, input.start)} time)`;
  const place = input.propertyName;
  const where = input.address
    ? [`Address: ${input.address}`, `Map: ${mapSearchUrl(input.address)}`, '']
    : [];
  const subject = {
    booked: `Your tour of ${place}: ${longWhenOf(input.start, input.timeZone)}`,
    moved: `Your tour of ${place} is moved to ${longWhenOf(input.start, input.timeZone)}`,
    cancelled: `Your tour of ${place} is cancelled`,
  }[kind];
  const lines =
    kind === 'cancelled'
      ? [
          `Hi ${firstNameOf(input.leadName)},`,
          '',
          `Your tour of ${place} on ${when} is cancelled, and the calendar invitation with it.`,
          '',
          `To book another time: ${input.link}`,
        ]
      : [
          `Hi ${firstNameOf(input.leadName)},`,
          '',
          kind === 'booked'
            ? `Your tour of ${place} is booked for ${when}.`
            : `Your tour of ${place} is moved to ${when}.`,
          '',
          ...where,
          'The calendar invitation is attached: open it to add the tour to your calendar.',
          '',
          `To reschedule or cancel: ${input.link}`,
        ];
  return {
    subject,
    text: [...lines, '', 'Questions? Just reply to this email.', '', input.companyName].join('\n'),
  };
};

/**
 * The tour's email to the lead, in the caller's transaction: booked and moved carry the calendar
 * invitation (`tour.ics`, the same event each time, so a move replaces it), cancelled takes it out
 * of their calendar. A timeline email like any other, sent through the send queue: stored before
 * it is sent, once. Nobody is emailed who has no address or unsubscribed, nor from a company with
 * no leasing email; the booking stands either way.
 */
export const emailTour = async (
  deps: TourEmailDeps,
  scope: RecordingScope,
  kind: TourEmailKind,
  lead: LeadRow,
  tour: TourRow,
  place: { property: PropertyRow; timeZone: string },
  now: Date,
): Promise<void> => {
  if (!lead.email || lead.emailOptStatus === 'OPT_OUT') return;
  const company = await findCompanyById(scope.db, lead.companyId);
  const leasingEmail = company?.registeredLeasingEmail;
  if (!company || !leasingEmail) return;
  if (await isOptedOutAddress(scope.db, lead.companyId, 'EMAIL', lead.email)) return;

  const link = await bookingLinkOf(scope.db, deps.publicUrl, lead);
  const { property, timeZone } = place;
  const { subject, text } = tourEmailOf(kind, {
    leadName: lead.name,
    propertyName: property.name,
    companyName: company.name,
    address: property.address,
    start: tour.startsAt,
    timeZone,
    link,
  });
  const invite = tourInviteOf({
    tour,
    method: kind === 'cancelled' ? 'cancel' : 'request',
    summary: `Tour of ${property.name}`,
    description: `Your tour of ${property.name}. To reschedule or cancel: ${link}`,
    location: property.address,
    url: link,
    organizer: { name: company.name, email: leasingEmail },
    attendee: { name: lead.name, email: lead.email },
    now,
  });
  const file = await storeGeneratedFile(
    deps.storage,
    Buffer.from(invite, 'utf8'),
    kind === 'cancelled' ? 'tour-cancelled.ics' : 'tour.ics',
    'ics',
  );
  await insertAndEnqueue(
    deps,
    scope,
    lead,
    {
      eventType: 'EMAIL',
      subject,
      body: text,
      senderType: 'SYSTEM',
      senderName: kind === 'cancelled' ? 'Tour cancelled' : 'Tour confirmation',
      providerMessageId: newEmailMessageId(leasingEmail),
      data: { tourId: tour.id, tourEmail: kind, otherAttachments: [file] },
    },
    // An email wakes nobody: quiet hours do not hold it.
    { actor: { kind: 'system' }, quietHours: { now, override: false } },
  );
};
