import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lead } from '../../../testing/fixtures';
import { LeadContactFacts } from './lead-contact-facts';
import { pinViewerTimeZone } from '../../../lib/viewer-time-zone';

// The viewer on the lead's clock: the lead's zone is still named, since it is their clock.
beforeEach(() => pinViewerTimeZone('America/Chicago'));

describe('the contact facts', () => {
  afterEach(() => vi.useRealTimers());

  it("show the lead's local time with their zone's name, and where the zone came from", () => {
    vi.useFakeTimers({ now: new Date('2026-11-26T04:14:00Z'), toFake: ['Date'] });
    render(
      <MantineProvider>
        <LeadContactFacts
          lead={lead({
            timeZone: { zone: 'America/Chicago', label: 'Central', source: 'area-code' },
          })}
        />
      </MantineProvider>,
    );
    expect(screen.getByText('10:14 PM Central')).toBeTruthy();
    expect(screen.getByText("Time zone from the phone's area code")).toBeTruthy();
  });
});
