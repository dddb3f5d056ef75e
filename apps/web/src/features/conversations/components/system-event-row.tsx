import {
  cardBrandName,
  leadStatusChangeDataSchema,
  leadStatusLabels,
  paymentLinkEventDataSchema,
} from '@leasing/contract';
import type {
  ConversationEvent,
  EventType,
  LeadStatusChangeData,
  PaymentLinkEventData,
} from '@leasing/contract';
import { ThemeIcon } from '@mantine/core';
import {
  IconArrowBackUp,
  IconBolt,
  IconCalendarEvent,
  IconCalendarX,
  IconCash,
  IconClockX,
  IconDialpad,
  IconEye,
  IconLanguage,
  IconPhoneCall,
  IconProgress,
  IconProgressX,
  IconReceipt,
  IconUserX,
  IconSend,
  IconShieldCheck,
  IconTarget,
  IconUserEdit,
  IconUserShare,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { formatCalendarDay, formatDateTime, formatTime } from '../../../lib/format-date';
import { formatMoney } from '../../../lib/format-money';
import { formatZonedDay } from '../../../lib/format-zoned';
import { formatDuration } from '../utils/format-duration';
import { humanizeCode, languageName } from '../utils/humanize-code';
import classes from './timeline.module.css';

type SystemEventType = Exclude<EventType, 'SMS' | 'EMAIL' | 'CALL' | 'OFFICE_DECISION'>;

type SystemEventDisplay = {
  icon: Icon;
  color: string;
  title: string;
  /** Facts from `data`, shown after the title. */
  facts: (event: ConversationEvent) => (string | null)[];
  /** The line under the title; the event's body when left out. */
  detail?: (event: ConversationEvent) => string | null;
};

const money = (event: ConversationEvent) =>
  event.data.amount === undefined ? null : formatMoney(event.data.amount, event.data.currency);

const duration = (event: ConversationEvent) =>
  event.data.durationSeconds === undefined ? null : formatDuration(event.data.durationSeconds);

function tourFacts(event: ConversationEvent) {
  const { tourTypeID, tourDateString, tourFromTimeString } = event.data;
  const when = [tourDateString, tourFromTimeString].filter(Boolean).join(' at ');
  return [tourTypeID ? humanizeCode(tourTypeID) : null, when || null];
}

const systemEventDisplay: Record<SystemEventType, SystemEventDisplay> = {
  ACTIVATION: {
    icon: IconBolt,
    color: 'grape',
    title: 'Lead re-activated',
    facts: (event) => [
      event.data.reActivationDate
        ? `Re-activation date ${formatDateTime(event.data.reActivationDate)}`
        : null,
    ],
  },
  PAYMENT: { icon: IconCash, color: 'teal', title: 'Payment', facts: (event) => [money(event)] },
  PHONEBOT_REMINDER_CALL: {
    icon: IconPhoneCall,
    color: 'indigo',
    title: 'Reminder call by the phone bot',
    facts: (event) => [duration(event)],
  },
  PHONEBOT_IVR_CALL: {
    icon: IconDialpad,
    color: 'indigo',
    title: 'Phone menu (IVR) call',
    facts: (event) => [duration(event)],
  },
  MOVED_TO_DEBT: {
    icon: IconReceipt,
    color: 'red',
    title: 'Moved to debt',
    facts: (event) => [money(event)],
  },
  SCHEDULED_TOUR_APPOINTMENT: {
    icon: IconCalendarEvent,
    color: 'teal',
    title: 'Tour scheduled',
    facts: tourFacts,
  },
  CANCELED_TOUR_APPOINTMENT: {
    icon: IconCalendarX,
    color: 'red',
    title: 'Tour canceled',
    facts: tourFacts,
  },
  LEAD_INTENT_UPDATE: {
    icon: IconTarget,
    color: 'blue',
    title: 'Intent updated',
    facts: (event) => [event.data.intent ? humanizeCode(event.data.intent) : null],
  },
  LANGUAGE_PREFERENCE_UPDATE: {
    icon: IconLanguage,
    color: 'cyan',
    title: 'Language preference updated',
    facts: (event) => [event.data.language ? languageName(event.data.language) : null],
  },
  // The body says who got it and from whom: "Assigned to Alex Kim by Dana Whitfield".
  OWNER_CHANGED: { icon: IconUserShare, color: 'violet', title: 'Owner changed', facts: () => [] },
  // Read from the event's data when it has the known shape (see `statusChangeDisplay`).
  LEAD_STATUS_CHANGE: {
    icon: IconProgress,
    color: 'blue',
    title: 'Status changed',
    facts: () => [],
  },
  DECISION_REOPENED: {
    icon: IconArrowBackUp,
    color: 'orange',
    title: 'Decision reopened',
    facts: () => [],
  },
  // The body says what changed and how: "Opted out of texts by Dana Whitfield".
  CONSENT_CHANGE: {
    icon: IconShieldCheck,
    color: 'red',
    title: 'Consent changed',
    facts: () => [],
  },
  // The body has one line per field: "Phone changed from (512) 555-0101 to … by Dana Whitfield".
  CONTACT_CHANGE: {
    icon: IconUserEdit,
    color: 'gray',
    title: 'Contact details changed',
    facts: () => [],
  },
};

/**
 * A pipeline move: "Status: Contacted → Tour scheduled", "Marked lost: Price" (the note beneath),
 * or "No-show" after a tour nobody came to. An automatic move says so.
 */
function statusChangeDisplay(change: LeadStatusChangeData): SystemEventDisplay {
  const move = `Status: ${leadStatusLabels[change.before]} → ${leadStatusLabels[change.after]}`;
  const facts = () => [change.automatic ? 'automatic' : null];
  if (change.after === 'LOST') {
    return {
      icon: IconProgressX,
      color: 'gray',
      title: `Marked lost: ${change.lostReason ?? 'no reason'}`,
      facts,
      detail: () => change.note ?? null,
    };
  }
  if (change.tourOutcome === 'NO_SHOW') {
    return { icon: IconUserX, color: 'red', title: 'No-show', facts, detail: () => move };
  }
  return {
    icon: IconProgress,
    color: 'blue',
    title: move,
    facts,
    detail: () => change.note ?? null,
  };
}

/** 'Visa •••• 4242', from what the payment provider told of the card. */
function cardFact({ cardBrand, cardLast4 }: PaymentLinkEventData): string | null {
  if (!cardBrand && !cardLast4) return null;
  const brand = cardBrand ? cardBrandName(cardBrand) : 'Card';
  return cardLast4 ? `${brand} •••• ${cardLast4}` : brand;
}

/**
 * The link's due date is a calendar day that ends on the property's clock: formatted as a day, not as
 * a moment in the viewer's zone, with the property's zone when the viewer's is another.
 */
const linkDetail = (link: PaymentLinkEventData, timeZone: string | undefined) =>
  `${link.description} · due ${
    timeZone ? formatZonedDay(link.dueDate, timeZone) : formatCalendarDay(link.dueDate)
  }`;

/**
 * A payment link's moments. Its own line (what for, when due) stands in for the body, which the
 * server writes for other readers and which repeats the facts.
 */
function paymentLinkDisplay(
  link: PaymentLinkEventData,
  timeZone: string | undefined,
): SystemEventDisplay {
  const detail = () => linkDetail(link, timeZone);
  switch (link.stage) {
    case 'SENT':
      return {
        icon: IconSend,
        color: 'blue',
        title: 'Payment link sent',
        facts: (event) => [
          money(event),
          link.channel ? `by ${link.channel === 'SMS' ? 'SMS' : 'email'}` : null,
        ],
        detail,
      };
    case 'OPENED':
      return {
        icon: IconEye,
        color: 'cyan',
        title: 'Payment link opened',
        facts: () => [],
        detail,
      };
    case 'PAID':
      return {
        icon: IconCash,
        color: 'teal',
        title: 'Payment received',
        facts: (event) => [money(event), cardFact(link)],
        detail,
      };
    case 'EXPIRED':
      return {
        icon: IconClockX,
        color: 'gray',
        title: 'Payment link expired',
        facts: () => [],
        detail,
      };
  }
}

/** A PAYMENT event that belongs to a payment link shows by its stage; every other by its type. */
function displayOf(
  event: ConversationEvent & { eventType: SystemEventType },
  timeZone: string | undefined,
): SystemEventDisplay {
  if (event.eventType === 'PAYMENT') {
    const link = paymentLinkEventDataSchema.safeParse(event.data.paymentLink);
    if (link.success) return paymentLinkDisplay(link.data, timeZone);
  }
  if (event.eventType === 'LEAD_STATUS_CHANGE') {
    const change = leadStatusChangeDataSchema.safeParse(event.data);
    if (change.success) return statusChangeDisplay(change.data);
  }
  return systemEventDisplay[event.eventType];
}

/** A body that only repeats the title ('Tour scheduled') is left out. */
const isSameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function isSystemEvent(
  event: ConversationEvent,
): event is ConversationEvent & { eventType: SystemEventType } {
  return event.eventType in systemEventDisplay;
}

export type SystemEventRowProps = {
  event: ConversationEvent;
  /** The property's zone: a payment link's due date ends on its clock. */
  propertyTimeZone?: string;
};

/** Activations, payments, tours, phone-bot calls and updates: a compact centred row, not a bubble. */
export function SystemEventRow({ event, propertyTimeZone }: SystemEventRowProps) {
  if (!isSystemEvent(event)) return null;
  const display = displayOf(event, propertyTimeZone);
  const IconComponent = display.icon;
  const facts = display.facts(event).filter((fact): fact is string => Boolean(fact));
  const detail = display.detail
    ? display.detail(event)
    : event.body && !isSameText(event.body, display.title)
      ? event.body
      : null;
  return (
    <div className={classes.systemRow}>
      <div className={classes.systemEvent}>
        <ThemeIcon size={26} radius="xl" variant="light" color={display.color} aria-hidden>
          <IconComponent size={15} stroke={1.75} />
        </ThemeIcon>
        <div>
          <div>
            <span className={classes.systemTitle}>{display.title}</span>
            {facts.map((fact) => (
              <span key={fact}> · {fact}</span>
            ))}
          </div>
          {detail && <div className={classes.text}>{detail}</div>}
          <div>
            <time dateTime={event.date}>{formatTime(event.date)}</time>
            {event.eventByUserName && ` · by ${event.eventByUserName}`}
            {event.senderType !== 'SYSTEM' && event.senderName && !event.eventByUserName
              ? ` · ${event.senderName}`
              : ''}
          </div>
        </div>
      </div>
    </div>
  );
}
