import { describe, expect, it } from 'vitest';
import { DEFAULT_QUIET_HOURS_POLICY, type QuietHoursPolicy } from '@leasing/contract';
import { allowedWindowAt } from './allowed-window.js';

const policy = DEFAULT_QUIET_HOURS_POLICY;
const at = (iso: string) => new Date(iso);

describe('allowedWindowAt', () => {
  it('holds a 21:55 text until 8:00 AM the next morning, in the lead’s zone', () => {
    // 2026-11-25 21:55 in Chicago (UTC−6).
    const result = allowedWindowAt(policy, 'America/Chicago', 'IL', at('2026-11-26T03:55:00Z'));
    expect(result).toEqual({
      allowed: false,
      localTime: '9:55 PM',
      nextAllowedAt: at('2026-11-26T14:00:00Z'),
    });
  });

  it('allows the same instant for a lead two zones west, and refuses it an hour later', () => {
    const now = at('2026-11-26T03:55:00Z');
    // 19:55 in Los Angeles.
    expect(allowedWindowAt(policy, 'America/Los_Angeles', 'CA', now)).toMatchObject({
      allowed: true,
      localTime: '7:55 PM',
      nextAllowedAt: now,
    });
    // 22:55 in New York: next 8:00 AM EST is 13:00Z.
    expect(allowedWindowAt(policy, 'America/New_York', 'NY', now)).toMatchObject({
      allowed: false,
      localTime: '10:55 PM',
      nextAllowedAt: at('2026-11-26T13:00:00Z'),
    });
  });

  it('holds a text before the day opens until 8:00 AM the same day', () => {
    // 06:30 in Denver (UTC−7).
    expect(allowedWindowAt(policy, 'America/Denver', null, at('2026-11-25T13:30:00Z'))).toEqual({
      allowed: false,
      localTime: '6:30 AM',
      nextAllowedAt: at('2026-11-25T15:00:00Z'),
    });
  });

  it('keeps 8:00 AM local across the spring-forward change (EST → EDT)', () => {
    // Saturday 2027-03-13 22:30 EST; DST starts Sunday 2027-03-14 at 2:00 AM.
    const result = allowedWindowAt(policy, 'America/New_York', 'NY', at('2027-03-14T03:30:00Z'));
    expect(result.allowed).toBe(false);
    // 8:00 AM EDT is 12:00Z, not 13:00Z.
    expect(result.nextAllowedAt).toEqual(at('2027-03-14T12:00:00Z'));
  });

  it('keeps 8:00 AM local across the fall-back change (CDT → CST)', () => {
    // Saturday 2026-10-31 23:00 CDT; DST ends Sunday 2026-11-01 at 2:00 AM.
    const result = allowedWindowAt(policy, 'America/Chicago', 'IL', at('2026-11-01T04:00:00Z'));
    expect(result.localTime).toBe('11:00 PM');
    // 8:00 AM CST is 14:00Z, not 13:00Z.
    expect(result.nextAllowedAt).toEqual(at('2026-11-01T14:00:00Z'));
  });

  it('counts a window that opens inside the spring-forward gap from the first real minute', () => {
    const night: QuietHoursPolicy = { ...policy, start: '02:30', end: '05:00' };
    // Sunday 2027-03-14 01:45 EST: 02:30 does not exist that night; 03:00 EDT comes after 01:59.
    const result = allowedWindowAt(night, 'America/New_York', null, at('2027-03-14T06:45:00Z'));
    expect(result.allowed).toBe(false);
    expect(result.nextAllowedAt).toEqual(at('2027-03-14T07:30:00Z'));
  });

  describe('state rules', () => {
    it('ends the day at 8:00 PM in Florida and Oklahoma', () => {
      // 20:15 in Miami (EST) and in Oklahoma City (CST).
      const miami = allowedWindowAt(policy, 'America/New_York', 'FL', at('2026-11-26T01:15:00Z'));
      expect(miami).toMatchObject({ allowed: false, localTime: '8:15 PM' });
      expect(miami.nextAllowedAt).toEqual(at('2026-11-26T13:00:00Z'));
      const okc = allowedWindowAt(policy, 'America/Chicago', 'OK', at('2026-11-26T02:15:00Z'));
      expect(okc).toMatchObject({ allowed: false, localTime: '8:15 PM' });
      // The same 20:15 in Illinois is fine.
      expect(
        allowedWindowAt(policy, 'America/Chicago', 'IL', at('2026-11-26T02:15:00Z')).allowed,
      ).toBe(true);
    });

    it('waits for noon on a Sunday in Texas, and for 9:00 AM on other days', () => {
      // Sunday 2026-11-29 10:30 CST.
      const sunday = allowedWindowAt(policy, 'America/Chicago', 'TX', at('2026-11-29T16:30:00Z'));
      expect(sunday).toEqual({
        allowed: false,
        localTime: '10:30 AM',
        nextAllowedAt: at('2026-11-29T18:00:00Z'),
      });
      // Saturday 22:00 CST: the next moment is Sunday noon, not Sunday 9:00 AM.
      const saturday = allowedWindowAt(policy, 'America/Chicago', 'TX', at('2026-11-29T04:00:00Z'));
      expect(saturday.nextAllowedAt).toEqual(at('2026-11-29T18:00:00Z'));
      // Monday 8:30 AM CST: 9:00 AM.
      const monday = allowedWindowAt(policy, 'America/Chicago', 'TX', at('2026-11-30T14:30:00Z'));
      expect(monday).toMatchObject({ allowed: false, nextAllowedAt: at('2026-11-30T15:00:00Z') });
      // Sunday 12:05 PM is allowed.
      expect(
        allowedWindowAt(policy, 'America/Chicago', 'TX', at('2026-11-29T18:05:00Z')).allowed,
      ).toBe(true);
    });

    it('are ignored when the policy turns them off', () => {
      const lenient = { ...policy, stateRules: false };
      expect(
        allowedWindowAt(lenient, 'America/Chicago', 'TX', at('2026-11-29T16:30:00Z')).allowed,
      ).toBe(true);
    });
  });

  it('takes 24:00 as the end of the day', () => {
    const allDay: QuietHoursPolicy = { ...policy, start: '00:00', end: '24:00' };
    expect(
      allowedWindowAt(allDay, 'America/Chicago', null, at('2026-11-26T05:59:00Z')).allowed,
    ).toBe(true);
  });
});
