import { describe, expect, it } from 'vitest';
import { describeSendTime } from '../../../lib/send-later-time';
import { leadLocalZone, sendLaterChoices } from './send-later-choices';

describe('send later choices', () => {
  it('reads tomorrow and Monday 9:00 AM in the lead zone, and in 1 hour from now', () => {
    // Wednesday Nov 25, 2026, 22:30 in Chicago (04:30 UTC on Thursday).
    const now = new Date('2026-11-26T04:30:00Z');
    const [tomorrow, hour, monday] = sendLaterChoices(now, 'America/Chicago');
    expect(tomorrow).toEqual({
      label: 'Tomorrow 9:00 AM',
      sendAt: new Date('2026-11-26T15:00:00Z'),
    });
    expect(hour!.sendAt).toEqual(new Date('2026-11-26T05:30:00Z'));
    expect(monday!.sendAt).toEqual(new Date('2026-11-30T15:00:00Z'));
  });

  it("takes next week's Monday on a Monday", () => {
    const mondayMorning = new Date('2026-11-30T13:00:00Z'); // 7:00 AM in Chicago
    expect(sendLaterChoices(mondayMorning, 'America/Chicago')[2]!.sendAt).toEqual(
      new Date('2026-12-07T15:00:00Z'),
    );
  });

  it("says the time for the lead and for the agent, and uses the property's zone for the lead", () => {
    expect(describeSendTime('2026-11-26T15:00:00Z', 'America/Chicago', 'America/New_York')).toBe(
      'Thu, Nov 26, 9:00 AM Central for the lead · 10:00 AM for you',
    );
    expect(describeSendTime('2026-11-26T15:00:00Z', 'America/Chicago', 'America/Chicago')).toBe(
      'Thu, Nov 26, 9:00 AM for the lead',
    );
    // Across midnight for the viewer: the viewer's part names its own day.
    expect(describeSendTime('2026-11-26T05:30:00Z', 'America/Chicago', 'America/New_York')).toBe(
      'Wed, Nov 25, 11:30 PM Central for the lead · Thu, Nov 26, 12:30 AM for you',
    );
    expect(leadLocalZone({ timeZone: null }, { timeZone: 'America/Denver' })).toBe(
      'America/Denver',
    );
    expect(
      leadLocalZone({ timeZone: { zone: 'America/New_York' } }, { timeZone: 'America/Denver' }),
    ).toBe('America/New_York');
  });
});
