import { describe, expect, it } from 'vitest';
import { quietHoursQuestion } from './quiet-hours-question';

// Wednesday Nov 25, 2026, 10:14 PM in Chicago; texts allowed again at 8:00 AM there.
const held = {
  leadFirstName: 'Maya',
  timeZone: 'America/Chicago',
  nextAllowedAt: '2026-11-26T14:00:00.000Z',
};
const now = new Date('2026-11-26T04:14:00Z');

describe('the quiet-hours question', () => {
  it("names the lead's zone, and says the next allowed moment for the lead and for a viewer elsewhere", () => {
    expect(quietHoursQuestion(held, { now, viewerZone: 'America/New_York' })).toBe(
      "It's 10:14 PM Central for Maya. Send at Thu, Nov 26, 8:00 AM Central for the lead · 9:00 AM for you?",
    );
  });

  it("still names the lead's zone for a viewer on their clock, and says the moment once", () => {
    expect(quietHoursQuestion(held, { now, viewerZone: 'America/Chicago' })).toBe(
      "It's 10:14 PM Central for Maya. Send at Thu, Nov 26, 8:00 AM for the lead?",
    );
  });

  it("reads the lead's clock at that instant, in summer time too", () => {
    // 11:30 PM on Tuesday in Los Angeles (PDT), for a viewer in Paris.
    expect(
      quietHoursQuestion(
        {
          leadFirstName: 'Ana',
          timeZone: 'America/Los_Angeles',
          nextAllowedAt: '2026-07-15T15:00:00.000Z',
        },
        { now: new Date('2026-07-15T06:30:00Z'), viewerZone: 'Europe/Paris' },
      ),
    ).toBe(
      "It's 11:30 PM Pacific for Ana. Send at Wed, Jul 15, 8:00 AM Pacific for the lead · 5:00 PM for you?",
    );
  });
});
