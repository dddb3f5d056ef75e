import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import type { TourRow } from './tour-booking.repository.js';

const PRODUCT = { company: 'Leasing console', product: 'Tours', language: 'EN' } as const;

/** Sequences count seconds from here: a later change always has a higher one (until 2094). */
const SEQUENCE_EPOCH = Date.UTC(2026, 0, 1);

export type TourInvite = {
  tour: Pick<TourRow, 'id' | 'startsAt' | 'endsAt'>;
  /** 'request' books or moves it in the lead's calendar, 'cancel' takes it out. */
  method: 'request' | 'cancel';
  summary: string;
  description: string;
  location: string | null;
  /** The lead's own booking link (move or cancel). */
  url: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  now: Date;
};

/**
 * A tour's calendar invitation (iCalendar, RFC 5545, with the iTIP method of RFC 5546): one
 * event whose UID is the tour's, so a move replaces it and a cancellation removes it in the lead's
 * calendar. The times are UTC instants (a calendar shows them on its own clock). The sequence
 * grows with every change: the seconds of the change since `SEQUENCE_EPOCH`.
 */
export const tourInviteOf = (invite: TourInvite): string => {
  const calendar = ical({
    prodId: PRODUCT,
    method: invite.method === 'cancel' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: `tour-${invite.tour.id}`,
    sequence: Math.max(0, Math.floor((invite.now.getTime() - SEQUENCE_EPOCH) / 1000)),
    stamp: invite.now,
    start: invite.tour.startsAt,
    end: invite.tour.endsAt,
    summary: invite.summary,
    description: invite.description,
    location: invite.location,
    url: invite.url,
    organizer: invite.organizer,
    attendees: [
      {
        name: invite.attendee.name,
        email: invite.attendee.email,
        role: ICalAttendeeRole.REQ,
        status:
          invite.method === 'cancel' ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
        rsvp: false,
      },
    ],
    status: invite.method === 'cancel' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
};
