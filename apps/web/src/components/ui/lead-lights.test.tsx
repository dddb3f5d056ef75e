import type { LeadLights } from '@leasing/contract';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LeadLightBadges } from './lead-lights';

const NOW = new Date('2026-11-26T15:00:00.000Z');
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

const waiting = (state: 'ok' | 'amber' | 'red', since = minutesAgo(12)): LeadLights => ({
  needsReply: true,
  waitingSince: since,
  followUpOverdue: false,
  noContact48h: false,
  speedToLead: { state, dueAt: NOW.toISOString() },
});

function renderLights(lights: LeadLights, followUpAt: string | null = null, compact = false) {
  render(
    <MantineProvider>
      <div data-testid="lights">
        <LeadLightBadges
          lights={lights}
          followUpAt={followUpAt}
          timeZone="America/Chicago"
          now={NOW}
          compact={compact}
        />
      </div>
    </MantineProvider>,
  );
  return screen.getByTestId('lights');
}

/** The Mantine colour a badge is painted with (its background variable). */
const paint = (badge: Element) => (badge as HTMLElement).style.getPropertyValue('--badge-bg');

describe("a lead's lights", () => {
  it("calls the state 'Needs reply' and says how long, red only past the reply target", () => {
    const cases = [
      ['ok', 'gray'],
      ['amber', 'yellow'],
      ['red', 'red'],
    ] as const;
    for (const [state, colour] of cases) {
      const lights = renderLights(waiting(state, minutesAgo(60 * 24 * 10)));
      const badge = lights.querySelector('[data-light="waiting"]')!;
      expect(badge.textContent).toBe('Needs reply · 10 d');
      expect(paint(badge)).toContain(`--mantine-color-${colour}-`);
      cleanup();
    }
    // Ten days without a target (no office rules known): neutral, not alarming.
    const unknown = renderLights({ ...waiting('ok', minutesAgo(60 * 24 * 10)), speedToLead: null });
    expect(paint(unknown.querySelector('[data-light="waiting"]')!)).not.toContain('red');
  });

  it('shortens the follow-up on a list row to its time, keeping the words for a screen reader', () => {
    // Saturday 9:00 AM in Chicago.
    const followUpAt = '2026-11-28T15:00:00.000Z';
    const row = renderLights(waiting('ok'), followUpAt, true);
    const badge = row.querySelector('[data-light="follow-up"]')!;
    expect(badge.getAttribute('title')).toMatch(/^Follow up Sat 9:00 AM/);
    expect(badge.textContent).toMatch(/^Follow up Sat 9:00 AM/);
    // What shows is the time; 'Follow up ' is visually hidden, the alarm clock says it.
    const hidden = [...badge.querySelectorAll('span')].find(
      (span) => span.textContent === 'Follow up ',
    );
    expect(hidden).toBeTruthy();
    expect(badge.querySelector('svg')).toBeTruthy();
    cleanup();

    // The pane has room: the words show.
    const pane = renderLights(waiting('ok'), followUpAt);
    const full = pane.querySelector('[data-light="follow-up"]')!;
    expect(full.querySelector('svg')).toBeNull();
    expect(screen.getByText(/^Follow up Sat 9:00 AM/)).toBe(full.querySelector('span'));
  });
});
