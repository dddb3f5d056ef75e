import type { ConversationEvent, EventType } from '@leasing/contract';
import { ThemeIcon } from '@mantine/core';
import {
  IconBolt,
  IconCalendarEvent,
  IconCalendarX,
  IconCash,
  IconDialpad,
  IconLanguage,
  IconPhoneCall,
  IconReceipt,
  IconTarget,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { formatDateTime, formatTime } from '../../../lib/format-date';
import { formatMoney } from '../../../lib/format-money';
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
};

/** A body that only repeats the title ('Tour scheduled') is left out. */
const isSameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function isSystemEventType(type: EventType): type is SystemEventType {
  return type in systemEventDisplay;
}

export type SystemEventRowProps = {
  event: ConversationEvent;
};

/** Activations, payments, tours, phone-bot calls and updates: a compact centred row, not a bubble. */
export function SystemEventRow({ event }: SystemEventRowProps) {
  if (!isSystemEventType(event.eventType)) return null;
  const display = systemEventDisplay[event.eventType];
  const IconComponent = display.icon;
  const facts = display.facts(event).filter((fact): fact is string => Boolean(fact));
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
          {event.body && !isSameText(event.body, display.title) && (
            <div className={classes.text}>{event.body}</div>
          )}
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
