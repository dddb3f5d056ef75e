import { DateTime } from 'luxon';
import type { QuietHoursPolicy } from '@leasing/contract';

/** Hours of one day as `HH:MM` (`end` may be `24:00`, the end of the day). */
type DayWindow = { start: string; end: string };

type StateRule = {
  /** Every day, unless `sunday` says otherwise. */
  daily: DayWindow;
  sunday?: DayWindow;
  /** Where the rule comes from. */
  law: string;
};

/**
 * The US states whose telephone-solicitation laws allow fewer hours than the company's default.
 * Only these three are encoded (no maintained package carries such a table); another state is one
 * more row here. The laws are named, not quoted: have counsel confirm before relying on them.
 */
export const STATE_RULES: Readonly<Record<string, StateRule>> = {
  FL: { daily: { start: '08:00', end: '20:00' }, law: 'Florida Telephone Solicitation Act' },
  OK: {
    daily: { start: '08:00', end: '20:00' },
    law: 'Oklahoma Telephone Solicitation Act of 2022',
  },
  TX: {
    daily: { start: '09:00', end: '21:00' },
    sunday: { start: '12:00', end: '21:00' },
    law: 'Texas Business & Commerce Code, telephone solicitation',
  },
};

export type AllowedWindow = {
  /** Whether a text may reach the lead now. */
  allowed: boolean;
  /** The lead's clock now, e.g. `10:14 PM`. */
  localTime: string;
  /** The first moment a text may go: `now` itself when allowed. */
  nextAllowedAt: Date;
};

/** A lead's clock as the console shows it (12-hour, en-US). */
export const formatLocalTime = (at: Date, zone: string) =>
  DateTime.fromJSDate(at, { zone }).setLocale('en-US').toFormat('h:mm a');

const minutesOf = (time: string) => {
  const [hours, minutes] = time.split(':').map(Number);
  return hours! * 60 + minutes!;
};

/** The policy's hours that day, narrowed by the state's rule when the policy applies them. */
const dayWindowOf = (
  policy: QuietHoursPolicy,
  state: string | null,
  day: DateTime,
): { start: number; end: number } | null => {
  let start = minutesOf(policy.start);
  let end = minutesOf(policy.end);
  const rule = policy.stateRules && state ? STATE_RULES[state] : undefined;
  if (rule) {
    const ruleDay = day.weekday === 7 && rule.sunday ? rule.sunday : rule.daily;
    start = Math.max(start, minutesOf(ruleDay.start));
    end = Math.min(end, minutesOf(ruleDay.end));
  }
  return start < end ? { start, end } : null;
};

/**
 * The local wall-clock minute `minutes` after midnight of `day`. luxon moves a minute that the
 * spring-forward gap skips to the first real minute after it.
 */
const atMinute = (day: DateTime, minutes: number) =>
  minutes >= 24 * 60
    ? day.plus({ days: 1 }).startOf('day')
    : day.set({ hour: Math.floor(minutes / 60), minute: minutes % 60, second: 0, millisecond: 0 });

/**
 * Whether a text may reach a lead in `zone` (and US `state`, or null) at `now` under the policy,
 * and when it may if not. Each day's hours are wall-clock hours of that day in the lead's zone, so
 * they stay 8:00 AM–9:00 PM across a DST change.
 */
export const allowedWindowAt = (
  policy: QuietHoursPolicy,
  zone: string,
  state: string | null,
  now: Date,
): AllowedWindow => {
  const local = DateTime.fromJSDate(now, { zone });
  const localTime = formatLocalTime(now, zone);
  for (let offset = 0; offset <= 7; offset += 1) {
    const day = local.plus({ days: offset }).startOf('day');
    const window = dayWindowOf(policy, state, day);
    if (!window) continue;
    const opens = atMinute(day, window.start);
    const closes = atMinute(day, window.end);
    if (local < opens) return { allowed: false, localTime, nextAllowedAt: opens.toJSDate() };
    if (local < closes) return { allowed: true, localTime, nextAllowedAt: now };
  }
  // The policy's own hours are never empty (start < end); only a state's rule can leave none, and
  // then the state's rule cannot be met at all with this policy: the policy alone decides.
  if (policy.stateRules) return allowedWindowAt({ ...policy, stateRules: false }, zone, null, now);
  throw new Error(`no allowed hours within a week in ${zone}`);
};
