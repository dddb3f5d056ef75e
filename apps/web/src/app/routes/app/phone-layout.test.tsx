import { apiPaths } from '@leasing/contract';
import type { Tour } from '@leasing/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { inboxItem } from '../../../features/inbox/testing/inbox-fixtures';
import { stubInboxLayout } from '../../../features/inbox/testing/stub-inbox-layout';
import { startSession } from '../../../lib/storage';
import { stubRoutes } from '../../../testing/fake-server';
import { demoUser, lead, leadSummary, properties } from '../../../testing/fixtures';
import { setMatchingMediaQueries } from '../../../testing/media-queries';
import { renderApp } from '../../../testing/render-app';
import { stubTimelineLayout } from '../../../testing/stub-layout';
import { pinViewerTimeZone } from '../../../lib/viewer-time-zone';

// The viewer is in New York; the properties are in Chicago.
beforeEach(() => pinViewerTimeZone('America/New_York'));

/** A phone held upright: narrower than every breakpoint, and touched, not clicked. */
const PHONE = ['(max-width: 36em)', '(max-width: 48em)', '(max-width: 62em)', '(pointer: coarse)'];
const [maple, harbor] = properties as [(typeof properties)[0], (typeof properties)[0]];

function stubApi(routes: Parameters<typeof stubRoutes>[0] = {}) {
  startSession('token');
  stubInboxLayout();
  stubTimelineLayout();
  return stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.properties}`]: { body: properties },
    [`GET ${apiPaths.inbox}`]: { body: { items: [inboxItem()], nextCursor: null } },
    ...routes,
  });
}

describe('on a phone', () => {
  it('picks the property from one picker above the inbox, and keeps the filters under a button', async () => {
    setMatchingMediaQueries(PHONE);
    const server = stubApi();
    const { router } = renderApp('/main/dashboard');

    const picker = await screen.findByRole('combobox', { name: 'Property' }, { timeout: 15_000 });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All properties · 3 leads', 'Maple Court · 3 leads', 'Harbor View · 0 leads']);
    fireEvent.change(picker, { target: { value: harbor._id } });
    await waitFor(() => expect(router.state.location.search).toBe(`?property=${harbor._id}`));
    await waitFor(() =>
      expect(server.requestsTo(apiPaths.inbox).at(-1)!.url.searchParams.get('propertyId')).toBe(
        harbor._id,
      ),
    );

    const filters = screen.getByRole('button', { name: 'Filters' });
    expect(filters.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(filters);
    expect(filters.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Unread' }));
    expect(await screen.findByRole('button', { name: 'Filters · 1' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toContain('filter=unread'));
  });

  it('lists the week’s tours day by day, each naming its zone for a viewer elsewhere', async () => {
    setMatchingMediaQueries(PHONE);
    const mia: Tour = {
      ...leadSummary({ _id: 'mia', pmsLeadId: 'L-7', name: 'Mia Davis' }),
      propertyName: maple.name,
      // Tuesday Mar 5, 2030, 2:00 PM in Chicago (CST): a week far from today's.
      tourDateUTC: '2030-03-05T20:00:00.000Z',
      tourTypeID: 'IN_PERSON',
      propertyTimeZone: 'America/Chicago',
      booking: null,
    };
    stubApi({
      [`GET ${apiPaths.tours}`]: { body: { timeZone: 'America/Chicago', items: [mia] } },
    });
    renderApp('/main/dashboard?view=tours&week=2030-03-03');

    const tuesday = await screen.findByRole(
      'list',
      { name: 'Tours on Tuesday, Mar 5' },
      { timeout: 15_000 },
    );
    expect(
      within(tuesday).getByRole('link', {
        name: '2:00 PM Central Mia Davis In person · Maple Court',
      }),
    ).toBeTruthy();
    // Seven days, Sunday first; the days without tours say so.
    const days = screen.getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent);
    expect(days).toEqual([
      'Sunday, Mar 3',
      'Monday, Mar 4',
      'Tuesday, Mar 5',
      'Wednesday, Mar 6',
      'Thursday, Mar 7',
      'Friday, Mar 8',
      'Saturday, Mar 9',
    ]);
    expect(screen.getAllByText('No tours')).toHaveLength(6);
    expect(screen.queryAllByTestId('tours-day-header')).toHaveLength(0);
  });

  it('opens a lead on its conversation and composer; contact facts and owner are a tab away', async () => {
    setMatchingMediaQueries(PHONE);
    const theLead = lead({
      officeDecisionState: null,
      lights: {
        needsReply: true,
        waitingSince: new Date(Date.now() - 12 * 60_000).toISOString(),
        followUpOverdue: false,
        noContact48h: false,
        speedToLead: null,
      },
    });
    stubApi({ [`GET ${apiPaths.lead(theLead.propertyID, theLead.pmsLeadId)}`]: { body: theLead } });
    renderApp(
      `/properties/${theLead.propertyID}/leads/${encodeURIComponent(theLead.pmsLeadId)}/escalation`,
    );

    const form = await screen.findByRole('form', { name: 'Message composer' }, { timeout: 15_000 });
    const show = screen.getByRole('radiogroup', { name: 'Show' });
    expect(within(show).getByRole('radio', { name: 'Conversations' })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.queryByRole('tab', { name: 'Conversation info' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull();
    // The lead's lights stay in view on the conversation, not only behind the info tab.
    const lights = screen.getByRole('group', { name: 'Lights' });
    expect(within(lights).getByText('Needs reply · 12 min')).toBeTruthy();
    // A touch screen has no Ctrl + Enter: no hint of it.
    expect(within(form).queryByText(/Enter to send/)).toBeNull();
    // The keyboard stays down until the agent taps the message box.
    expect(document.activeElement).not.toBe(within(form).getByRole('textbox'));
    // No header line above the timeline: its tool row ends in the panel's actions, here above
    // a conversation that has not started yet.
    const conversations = screen.getByRole('region', { name: 'Conversations' });
    expect(within(conversations).queryByText('CONVERSATIONS')).toBeNull();
    expect(within(conversations).getByText('No conversation yet')).toBeTruthy();
    fireEvent.click(await within(conversations).findByRole('button', { name: 'More actions' }));
    expect(await screen.findByRole('menuitem', { name: /Request payment/ })).toBeTruthy();
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });

    fireEvent.click(within(show).getByRole('radio', { name: 'Conversation info' }));
    expect(await screen.findByRole('region', { name: 'Conversation info' })).toBeTruthy();
    // The switch is its tab: no second 'Conversation info' tab repeats it.
    expect(screen.queryByRole('tab', { name: 'Conversation info' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Assign to me' })).toBeTruthy();
    expect(screen.getByText('+1 555 0100')).toBeTruthy();
    // Once, whichever tab shows.
    expect(screen.getAllByRole('group', { name: 'Lights' })).toHaveLength(1);
  });
});
