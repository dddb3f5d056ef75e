import { describe, expect, it } from 'vitest';
import { DEFAULT_WEEK_HOURS, type WeekHours } from '@leasing/contract';
import { addBusinessMinutes, businessMinutesBetween, speedToLeadOf } from './business-time.js';

const chicago = { timeZone: 'America/Chicago', hours: DEFAULT_WEEK_HOURS };
/** A wall-clock time in Chicago as the instant it is (offsets written out: CST -06, CDT -05). */
const at = (iso: string) => new Date(iso);

describe('office-hours minutes', () => {
  it('counts minutes inside opening hours as they are', () => {
    // Tuesday 2027-01-12 10:00 CST.
    expect(addBusinessMinutes(at('2027-01-12T10:00:00-06:00'), 15, chicago)).toEqual(
      at('2027-01-12T10:15:00-06:00'),
    );
  });

  it('starts the clock of a message at 22:00 at the next opening', () => {
    const late = at('2027-01-12T22:00:00-06:00');
    expect(addBusinessMinutes(late, 15, chicago)).toEqual(at('2027-01-13T09:15:00-06:00'));
    expect(businessMinutesBetween(late, at('2027-01-13T08:59:00-06:00'), chicago)).toBe(0);
    expect(businessMinutesBetween(late, at('2027-01-13T09:10:00-06:00'), chicago)).toBe(10);
  });

  it('counts a Saturday-evening message from Monday 9:00 (closed on Sunday)', () => {
    const saturdayEvening = at('2027-01-16T19:30:00-06:00');
    expect(addBusinessMinutes(saturdayEvening, 15, chicago)).toEqual(
      at('2027-01-18T09:15:00-06:00'),
    );
  });

  it('carries what is left at closing time into the next opening', () => {
    // Friday 17:55: 5 minutes on Friday, 10 on Saturday morning.
    expect(addBusinessMinutes(at('2027-01-15T17:55:00-06:00'), 15, chicago)).toEqual(
      at('2027-01-16T09:10:00-06:00'),
    );
    expect(
      businessMinutesBetween(
        at('2027-01-15T17:55:00-06:00'),
        at('2027-01-16T09:10:00-06:00'),
        chicago,
      ),
    ).toBe(15);
  });

  it('keeps 9:00 local across the spring DST change', () => {
    // Saturday 2027-03-13 17:50 CST; clocks go forward on Sunday 03-14; Monday 9:00 is CDT.
    expect(addBusinessMinutes(at('2027-03-13T17:50:00-06:00'), 15, chicago)).toEqual(
      at('2027-03-15T09:05:00-05:00'),
    );
  });

  it('follows custom hours: a property closed on Mondays, open late on Tuesdays', () => {
    const hours: WeekHours = {
      ...DEFAULT_WEEK_HOURS,
      mon: null,
      tue: { open: '12:00', close: '20:00' },
    };
    const rules = { timeZone: 'America/Los_Angeles', hours };
    // Monday 10:00 PST: closed; Tuesday opens at 12:00.
    expect(addBusinessMinutes(at('2027-01-11T10:00:00-08:00'), 30, rules)).toEqual(
      at('2027-01-12T12:30:00-08:00'),
    );
  });

  it('answers the same whatever was asked before (the laid-out days are reused, extended and prepended)', () => {
    const hours: WeekHours = { ...DEFAULT_WEEK_HOURS };
    const rules = { timeZone: 'America/Chicago', hours };
    const ask = (iso: string) => addBusinessMinutes(at(iso), 15, rules)?.toISOString();
    expect(ask('2027-06-01T10:00:00-05:00')).toBe('2027-06-01T15:15:00.000Z');
    expect(ask('2027-09-04T19:00:00-05:00')).toBe('2027-09-06T14:15:00.000Z');
    expect(ask('2027-01-16T19:30:00-06:00')).toBe('2027-01-18T15:15:00.000Z');
    expect(ask('2027-06-01T10:00:00-05:00')).toBe('2027-06-01T15:15:00.000Z');
  });

  it('answers null when the office never opens', () => {
    const closed: WeekHours = {
      mon: null,
      tue: null,
      wed: null,
      thu: null,
      fri: null,
      sat: null,
      sun: null,
    };
    expect(addBusinessMinutes(at('2027-01-12T10:00:00Z'), 15, { ...chicago, hours: closed })).toBe(
      null,
    );
  });
});

describe('speed-to-lead thresholds', () => {
  const rules = { ...chicago, targetMinutes: 15 };
  const since = at('2027-01-12T10:00:00-06:00');
  const after = (minutes: number) => new Date(since.getTime() + minutes * 60_000);

  it('is ok under 80 % of the target, amber from 80 %, red from the target', () => {
    expect(speedToLeadOf(since, after(11.9), rules)?.state).toBe('ok');
    expect(speedToLeadOf(since, after(12), rules)?.state).toBe('amber');
    expect(speedToLeadOf(since, after(14.9), rules)?.state).toBe('amber');
    expect(speedToLeadOf(since, after(15), rules)).toEqual({
      state: 'red',
      dueAt: '2027-01-12T16:15:00.000Z',
    });
  });

  it('does not run while the office is closed', () => {
    const lateNight = at('2027-01-12T22:00:00-06:00');
    // Eleven hours later, 8 minutes after opening: still ok.
    expect(speedToLeadOf(lateNight, at('2027-01-13T09:08:00-06:00'), rules)?.state).toBe('ok');
    expect(speedToLeadOf(lateNight, at('2027-01-13T09:13:00-06:00'), rules)?.state).toBe('amber');
  });
});
