import { apiPaths, DEFAULT_TOUR_AVAILABILITY } from '@leasing/contract';
import type { InboxItem, Tour } from '@leasing/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { inboxItem } from '../../../features/inbox/testing/inbox-fixtures';
import { stubInboxLayout } from '../../../features/inbox/testing/stub-inbox-layout';
import { startSession, storageKeys } from '../../../lib/storage';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { FakeResponse, RecordedRequest } from '../../../testing/fake-server';
import { demoUser, lead, leadSummary, properties } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { pinViewerTimeZone } from '../../../lib/viewer-time-zone';

const [maple, harbor] = properties as [(typeof properties)[0], (typeof properties)[0]];

const jordan = inboxItem({
  _id: 'l-1',
  pmsLeadId: 'L/1',
  name: 'Jordan Prospect',
  officeDecisionStatus: 'PENDING',
  decisionOpen: true,
  unread: true,
  awaitingReply: true,
  lights: {
    needsReply: true,
    waitingSince: null,
    followUpOverdue: false,
    noContact48h: false,
    speedToLead: null,
  },
  lastMessagePreview: 'Do you allow two cats?',
  // Long ago: the row then shows the whole date (today it would show the time only).
  lastActivityAt: '2025-03-04T15:05:00.000Z',
});
const casey = inboxItem({
  _id: 'l-2',
  pmsLeadId: 'L-2',
  name: 'Casey Renter',
  phone: '+15125550102',
  phoneOptStatus: 'OPT_OUT',
  emailOptStatus: 'OPT_OUT',
  channels: [],
  propertyID: harbor._id,
  propertyName: harbor.name,
  lastMessagePreview: 'STOP',
});

type InboxAnswer = (request: RecordedRequest) => { items: InboxItem[]; nextCursor: string | null };

function stubDashboardApi(
  inbox: InboxAnswer = () => ({ items: [jordan, casey], nextCursor: null }),
  overrides: Record<string, FakeResponse | ((request: RecordedRequest) => FakeResponse)> = {},
) {
  startSession('token');
  stubInboxLayout();
  return stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.properties}`]: { body: properties },
    [`GET ${apiPaths.inbox}`]: (request) => ({ body: inbox(request) }),
    ...overrides,
  });
}

const rowNames = () =>
  within(screen.getByRole('list', { name: 'Leads' }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('data-lead-name'));

describe('dashboard: the inbox', () => {
  it('lists every property and the inbox across them, with what needs attention', async () => {
    const server = stubDashboardApi();
    renderApp('/main/dashboard');

    expect(await screen.findByText(demoUser.name)).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Properties' });
    const all = within(nav).getByRole('link', { name: /All properties/ });
    expect(all.getAttribute('aria-current')).toBe('page');
    expect(within(all).getByLabelText('3 leads')).toBeTruthy();
    expect(within(nav).getByText('Maple Court')).toBeTruthy();
    expect(within(nav).getByText('Harbor View')).toBeTruthy();

    const jordanRow = await screen.findByRole('link', { name: /^Jordan Prospect\b/ });
    // The lead opens in this inbox's queue: all properties, no filters.
    expect(jordanRow.getAttribute('href')).toBe(
      `/properties/${maple._id}/leads/L%2F1/escalation?property=all`,
    );
    expect(rowNames()).toEqual(['Jordan Prospect', 'Casey Renter']);
    expect(jordanRow.hasAttribute('data-unread')).toBe(true);
    expect(within(jordanRow).getByText('Unread.')).toBeTruthy();
    expect(within(jordanRow).getByText('Decision pending')).toBeTruthy();
    expect(within(jordanRow).getByText('Needs reply')).toBeTruthy();
    expect(within(jordanRow).getByText('Do you allow two cats?')).toBeTruthy();
    expect(within(jordanRow).getByText(/^Mar 4, 2025, \d{1,2}:05 (AM|PM)$/)).toBeTruthy();
    // Across all properties each row names its property.
    expect(within(jordanRow).getByText('· Maple Court')).toBeTruthy();
    expect(within(jordanRow).getByLabelText('Reachable by SMS')).toBeTruthy();

    const caseyRow = screen.getByRole('link', { name: /^Casey Renter\b/ });
    expect(caseyRow.hasAttribute('data-unread')).toBe(false);
    expect(within(caseyRow).getByText('SMS opt-out')).toBeTruthy();
    expect(within(caseyRow).getByText('Email opt-out')).toBeTruthy();
    expect(within(caseyRow).getByLabelText('SMS opt-out')).toBeTruthy();

    const [request] = server.requestsTo(apiPaths.inbox);
    expect(request!.url.searchParams.get('propertyId')).toBeNull();
  });

  it('narrows to one property from the list, and says when it has no leads', async () => {
    const server = stubDashboardApi((request) =>
      request.url.searchParams.get('propertyId') === harbor._id
        ? { items: [], nextCursor: null }
        : { items: [jordan, casey], nextCursor: null },
    );
    const { user, router } = renderApp('/main/dashboard');

    const nav = await screen.findByRole('navigation', { name: 'Properties' });
    await user.click(within(nav).getByRole('link', { name: /Harbor View/ }));

    expect(await screen.findByText('No leads yet')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Harbor View' })).toBeTruthy();
    expect(router.state.location.search).toBe(`?property=${harbor._id}`);
    expect(server.requestsTo(apiPaths.inbox).at(-1)!.url.searchParams.get('propertyId')).toBe(
      harbor._id,
    );
  });

  it('searches as the user types a phone number any way, and offers to clear', async () => {
    const server = stubDashboardApi((request) =>
      request.url.searchParams.get('search')
        ? { items: [], nextCursor: null }
        : { items: [jordan, casey], nextCursor: null },
    );
    const { user, router } = renderApp('/main/dashboard');
    await screen.findByRole('link', { name: /^Jordan Prospect\b/ });

    await user.type(screen.getByPlaceholderText('Search name, email or phone'), '(555) 010-0001');

    expect(await screen.findByText('No leads match “(555) 010-0001”')).toBeTruthy();
    // Debounced: one request for the whole number, not one per keystroke.
    const searches = server
      .requestsTo(apiPaths.inbox)
      .map((request) => request.url.searchParams.get('search'))
      .filter(Boolean);
    expect(searches).toEqual(['(555) 010-0001']);
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('(555) 010-0001');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('link', { name: /^Jordan Prospect\b/ })).toBeTruthy();
    expect(
      (screen.getByPlaceholderText('Search name, email or phone') as HTMLInputElement).value,
    ).toBe('');
  });

  it('filters by open decision, needs reply, unread and one channel', async () => {
    const server = stubDashboardApi();
    const { user, router } = renderApp('/main/dashboard');
    await screen.findByRole('link', { name: /^Jordan Prospect\b/ });
    const filters = screen.getByRole('group', { name: 'Filters' });

    const urlParam = (name: string) => new URLSearchParams(router.state.location.search).get(name);
    const chip = (name: string) =>
      within(filters).getByRole<HTMLInputElement>('checkbox', { name });
    // At a person's pace: each click shows before the next.
    for (const name of ['Unread', 'Open decision', 'SMS', 'Email']) {
      await user.click(chip(name));
      await waitFor(() => expect(chip(name).checked).toBe(true));
    }

    await waitFor(() => {
      const last = server.requestsTo(apiPaths.inbox).at(-1)!.url.searchParams;
      expect([last.get('filter'), last.get('channel')]).toEqual(['decision,unread', 'EMAIL']);
    });
    expect([urlParam('filter'), urlParam('channel')]).toEqual(['decision,unread', 'EMAIL']);
    expect(chip('SMS').checked).toBe(false);
  });

  it("'Failed' lists only the leads whose newest message of ours failed", async () => {
    const failedLead = inboxItem({
      _id: 'l-3',
      pmsLeadId: 'L-3',
      name: 'Riley Failed',
      lastMessageFailed: true,
    });
    // The fake server answers as the real one does: with the filter, only the failed lead.
    const server = stubDashboardApi((request) =>
      request.url.searchParams.get('filter') === 'failed'
        ? { items: [failedLead], nextCursor: null }
        : { items: [jordan, casey, failedLead], nextCursor: null },
    );
    const { user, router } = renderApp('/main/dashboard');
    await screen.findByRole('link', { name: /^Jordan Prospect\b/ });
    expect(rowNames()).toEqual(['Jordan Prospect', 'Casey Renter', 'Riley Failed']);

    const filters = screen.getByRole('group', { name: 'Filters' });
    await user.click(within(filters).getByRole('checkbox', { name: 'Failed' }));

    await waitFor(() => expect(rowNames()).toEqual(['Riley Failed']));
    expect(server.requestsTo(apiPaths.inbox).at(-1)!.url.searchParams.get('filter')).toBe('failed');
    expect(new URLSearchParams(router.state.location.search).get('filter')).toBe('failed');
    expect(
      within(screen.getByRole('link', { name: /^Riley Failed\b/ })).getByText('Failed'),
    ).toBeTruthy();
  });

  it('exports every lead of the current filters as CSV, with the session’s token', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const server = stubDashboardApi(undefined, {
      [`GET ${apiPaths.inboxExport}`]: {
        body: 'Lead,Property\n',
        headers: {
          'Content-Type': 'text/csv',
          'Content-Disposition': 'attachment; filename="inbox-2026-11-28.csv"',
        },
      },
    });
    const { user } = renderApp(`/main/dashboard?property=${maple._id}&filter=unread,failed&q=ava`);
    await screen.findByRole('link', { name: /^Jordan Prospect\b/ });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));

    const [request] = server.requestsTo(apiPaths.inboxExport);
    expect(Object.fromEntries(request!.url.searchParams)).toEqual({
      propertyId: maple._id,
      filter: 'unread,failed',
      search: 'ava',
    });
    expect(request!.headers.get('Authorization')).toBe('Bearer token');
    expect(request!.headers.get('Accept')).toBe('text/csv');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('inbox-2026-11-28.csv');
    click.mockRestore();
  });

  it('loads the next page before the reader reaches the end, with the server’s cursor', async () => {
    const firstPage = Array.from({ length: 50 }, (_, index) =>
      inboxItem({ _id: `p1-${index}`, pmsLeadId: `P1-${index}`, name: `Lead ${index}` }),
    );
    const server = stubDashboardApi((request) =>
      request.url.searchParams.get('cursor') === 'page-2'
        ? {
            items: [inboxItem({ _id: 'p2', pmsLeadId: 'P2', name: 'Last Lead' })],
            nextCursor: null,
          }
        : { items: firstPage, nextCursor: 'page-2' },
    );
    renderApp('/main/dashboard');
    await screen.findByRole('link', { name: /^Lead 0\b/ });

    await waitFor(() =>
      expect(
        server.requestsTo(apiPaths.inbox).map((request) => request.url.searchParams.get('cursor')),
      ).toEqual([null, 'page-2']),
    );
  });

  it('moves the selection with the arrow keys and opens a lead with Enter', async () => {
    stubDashboardApi(undefined, {
      [`GET ${apiPaths.lead(harbor._id, 'L-2')}`]: apiError(404, 'NOT_FOUND', 'Lead not found.'),
    });
    const { user, router } = renderApp('/main/dashboard');
    const jordanRow = await screen.findByRole('link', { name: /^Jordan Prospect\b/ });
    expect(jordanRow.getAttribute('tabindex')).toBe('0');

    jordanRow.focus();
    fireEvent.keyDown(jordanRow, { key: 'ArrowDown' });
    const caseyRow = screen.getByRole('link', { name: /^Casey Renter\b/ });
    await waitFor(() => expect(document.activeElement).toBe(caseyRow));
    expect(caseyRow.hasAttribute('data-active')).toBe(true);
    fireEvent.keyDown(caseyRow, { key: 'ArrowUp' });
    await waitFor(() => expect(document.activeElement).toBe(jordanRow));
    fireEvent.keyDown(jordanRow, { key: 'End' });
    await waitFor(() => expect(document.activeElement).toBe(caseyRow));

    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/properties/${harbor._id}/leads/L-2/escalation`),
    );
  });

  it('marks a lead read when it is opened, in the inbox at once and on the server', async () => {
    const jordanLead = lead({ _id: jordan._id, pmsLeadId: jordan.pmsLeadId });
    const server = stubDashboardApi(undefined, {
      [`GET ${apiPaths.lead(maple._id, jordan.pmsLeadId)}`]: { body: jordanLead },
      [`POST ${apiPaths.leadRead(jordan._id)}`]: { status: 204 },
    });
    const { user, router } = renderApp('/main/dashboard');

    await user.click(await screen.findByRole('link', { name: /^Jordan Prospect\b/ }));
    await screen.findByRole('heading', { name: 'Jordan Prospect' });
    await waitFor(() =>
      expect(server.requestsTo(apiPaths.leadRead(jordan._id), 'POST')).toHaveLength(1),
    );

    await router.navigate(-1);
    const row = await screen.findByRole('link', { name: /^Jordan Prospect\b/ });
    expect(row.hasAttribute('data-unread')).toBe(false);
  });

  it('offers a retry when the inbox cannot be loaded', async () => {
    let fail = true;
    stubDashboardApi(undefined, {
      [`GET ${apiPaths.inbox}`]: () =>
        fail
          ? apiError(400, 'BAD_REQUEST', 'The inbox is unavailable.')
          : { body: { items: [jordan], nextCursor: null } },
    });
    const { user } = renderApp('/main/dashboard');

    expect(await screen.findByText('The inbox is unavailable.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /^Jordan Prospect\b/ })).toBeTruthy();
  });

  it('says when there are no properties', async () => {
    stubDashboardApi(undefined, { [`GET ${apiPaths.properties}`]: { body: [] } });
    renderApp('/main/dashboard');

    expect(await screen.findByText('No properties yet')).toBeTruthy();
  });

  it('offers a retry when the properties cannot be loaded', async () => {
    let fail = true;
    stubDashboardApi(undefined, {
      [`GET ${apiPaths.properties}`]: () =>
        fail ? apiError(400, 'BAD_REQUEST', 'Properties are unavailable.') : { body: [] },
    });
    const { user } = renderApp('/main/dashboard');

    expect(await screen.findByText('Properties are unavailable.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No properties yet')).toBeTruthy();
  });

  it('signs out from the user menu', async () => {
    const server = stubDashboardApi();
    const { user, router } = renderApp('/main/dashboard');

    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account/login');
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    await waitFor(() => expect(server.requestsTo(apiPaths.logout, 'POST')).toHaveLength(1));
  });
});

describe('dashboard: the tours calendar', () => {
  const mia: Tour = {
    ...leadSummary({ _id: 'mia', pmsLeadId: 'L-7', name: 'Mia Davis' }),
    propertyName: maple.name,
    // Tuesday Nov 24, 2026, 2:00 PM in Chicago (CST, UTC−6).
    tourDateUTC: '2026-11-24T20:00:00.000Z',
    tourTypeID: 'IN_PERSON',
    propertyTimeZone: 'America/Chicago',
    booking: null,
  };

  function stubToursApi() {
    return stubDashboardApi(undefined, {
      [`GET ${apiPaths.tours}`]: { body: { timeZone: 'America/Chicago', items: [mia] } },
      [`GET ${apiPaths.propertyTours(maple._id)}`]: {
        body: { timeZone: 'America/Chicago', items: [mia] },
      },
      [`GET ${apiPaths.lead(maple._id, 'L-7')}`]: apiError(404, 'NOT_FOUND', 'Lead not found.'),
    });
  }

  it('shows the week from Sunday with each tour at its hour in the office’s zone', async () => {
    pinViewerTimeZone('America/New_York');
    const server = stubToursApi();
    const { user, router } = renderApp('/main/dashboard?view=tours&week=2026-11-22');

    // A viewer in New York reads the tour on the property's clock, with its zone.
    const tour = await screen.findByRole('link', {
      name: '2:00 PM Central Mia Davis In person · Maple Court',
    });
    expect(within(tour).getByText('2:00 PM Central')).toBeTruthy();
    const headers = screen.getAllByTestId('tours-day-header').map((header) => header.textContent);
    expect(headers).toEqual(['Sun 22', 'Mon 23', 'Tue 24', 'Wed 25', 'Thu 26', 'Fri 27', 'Sat 28']);
    expect(tour.closest('[data-date]')!.getAttribute('data-date')).toBe('2026-11-24');
    expect(screen.getByRole('group', { name: 'Tuesday, Nov 24, 2026' }).contains(tour)).toBe(true);
    expect(tour.getAttribute('data-hour')).toBe('14');
    expect(screen.getByText('Nov 22, 2026 – Nov 28, 2026')).toBeTruthy();
    expect(screen.getByText('Office time: Central')).toBeTruthy();
    // The week is asked for widely enough to cover it in any time zone.
    const [request] = server.requestsTo(apiPaths.tours);
    const from = Date.parse(request!.url.searchParams.get('from')!);
    const to = Date.parse(request!.url.searchParams.get('to')!);
    expect(from).toBeLessThanOrEqual(Date.parse('2026-11-22T00:00:00-14:00'));
    expect(to).toBeGreaterThanOrEqual(Date.parse('2026-11-29T00:00:00+12:00'));

    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(new URLSearchParams(router.state.location.search).get('week')).toBe('2026-11-15');
    expect(await screen.findByText('No tours scheduled this week.')).toBeTruthy();
  });

  it("shows one property's tours, and opens the lead of a tour", async () => {
    // A viewer in Chicago reads the property's clock as their own: no zone.
    pinViewerTimeZone('America/Chicago');
    const server = stubToursApi();
    const { user, router } = renderApp(
      `/main/dashboard?view=tours&week=2026-11-22&property=${maple._id}`,
    );

    const tour = await screen.findByRole('link', { name: '2:00 PM Mia Davis In person' });
    expect(server.requestsTo(apiPaths.propertyTours(maple._id))).toHaveLength(1);
    await user.click(tour);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/properties/${maple._id}/leads/L-7/escalation`),
    );
  });

  it('switches between the inbox and the tours', async () => {
    stubToursApi();
    const { user, router } = renderApp('/main/dashboard');
    await screen.findByRole('link', { name: /^Jordan Prospect\b/ });

    await user.click(screen.getByText('Tours'));
    expect(await screen.findByRole('button', { name: 'Previous week' })).toBeTruthy();
    expect(new URLSearchParams(router.state.location.search).get('view')).toBe('tours');
    await user.click(screen.getByText('Inbox'));
    expect(await screen.findByRole('link', { name: /^Jordan Prospect\b/ })).toBeTruthy();
  });

  it("shows a property's free times, a day at a time and one agent's tours, and moves a booked tour", async () => {
    pinViewerTimeZone('America/Chicago');
    // Tuesday Mar 5, 2030, 2:00 PM in Chicago (CST): booked in the console, not confirmed yet.
    const ivy: Tour = {
      ...leadSummary({ _id: 'ivy', pmsLeadId: 'L-8', name: 'Ivy Chen' }),
      propertyName: maple.name,
      tourDateUTC: '2030-03-05T20:00:00.000Z',
      tourTypeID: 'IN_PERSON',
      propertyTimeZone: 'America/Chicago',
      booking: {
        tourId: '6f1c2d7e-0b1a-4c55-9a43-3f1e8e0c2b11',
        type: 'IN_PERSON',
        end: '2030-03-05T20:30:00.000Z',
        agent: { userId: 'priya', name: 'Priya Shah' },
        confirmed: false,
      },
    };
    // Wednesday Mar 6, 10:00 AM, given by Dana.
    const noah: Tour = {
      ...leadSummary({ _id: 'noah', pmsLeadId: 'L-9', name: 'Noah Brooks' }),
      propertyName: maple.name,
      tourDateUTC: '2030-03-06T16:00:00.000Z',
      tourTypeID: 'IN_PERSON',
      propertyTimeZone: 'America/Chicago',
      booking: {
        tourId: '0c9d2f3a-1e4b-4d6a-8b7c-2a1f3e4d5c6b',
        type: 'IN_PERSON',
        end: '2030-03-06T16:30:00.000Z',
        agent: { userId: 'dana', name: 'Dana Whitfield' },
        confirmed: true,
      },
    };
    const free = (start: string, placesLeft: number) => ({
      start,
      end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
      type: 'IN_PERSON',
      placesLeft,
    });
    const server = stubDashboardApi(undefined, {
      [`GET ${apiPaths.propertyTours(maple._id)}`]: {
        body: { timeZone: 'America/Chicago', items: [ivy, noah] },
      },
      [`GET ${apiPaths.propertyTourAvailability(maple._id)}`]: {
        body: {
          propertyId: maple._id,
          timeZone: 'America/Chicago',
          availability: DEFAULT_TOUR_AVAILABILITY,
        },
      },
      [`GET ${apiPaths.propertyTourSlots(maple._id)}`]: {
        body: {
          timeZone: 'America/Chicago',
          items: [
            free('2030-03-05T20:00:00.000Z', 1),
            free('2030-03-05T21:00:00.000Z', 2),
            free('2030-03-06T15:00:00.000Z', 2),
          ],
        },
      },
      [`PATCH ${apiPaths.tour(ivy.booking!.tourId)}`]: {
        body: {
          _id: ivy.booking!.tourId,
          leadId: 'ivy',
          propertyId: maple._id,
          type: 'IN_PERSON',
          start: '2030-03-05T21:00:00.000Z',
          end: '2030-03-05T21:30:00.000Z',
          agentId: 'priya',
          status: 'SCHEDULED',
          confirmedAt: null,
          source: 'STAFF',
          timeZone: 'America/Chicago',
        },
      },
    });
    const { user } = renderApp(`/main/dashboard?view=tours&week=2030-03-03&property=${maple._id}`);

    expect(
      await screen.findByRole('link', {
        name: '2:00 PM Ivy Chen In person · Priya Shah · Not confirmed',
      }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: '10:00 AM Noah Brooks In person · Dana Whitfield' }));
    const tuesday = screen.getByRole('group', { name: 'Tuesday, Mar 5, 2030' });
    await waitFor(() =>
      expect(
        within(tuesday)
          .getAllByText(/^Free/)
          .map((slot) => slot.textContent),
      ).toEqual(['Free', 'Free · 2']),
    );
    expect(screen.getByText('Free times shown: In person tours.')).toBeTruthy();

    // One agent's tours.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Agent' }), 'Dana Whitfield');
    expect(screen.queryByRole('link', { name: /Ivy Chen/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Noah Brooks/ })).toBeTruthy();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Agent' }), 'All agents');

    // A day at a time: Tuesday from its heading, then the next day.
    await user.click(screen.getByRole('button', { name: 'Tue 5' }));
    expect(screen.getByText('Tuesday, Mar 5, 2030')).toBeTruthy();
    expect(screen.getAllByTestId('tours-day-header')).toHaveLength(1);
    expect(screen.getByRole('link', { name: /Ivy Chen/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Noah Brooks/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Next day' }));
    expect(await screen.findByRole('link', { name: /Noah Brooks/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Ivy Chen/ })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Week' }));
    expect(screen.getAllByTestId('tours-day-header')).toHaveLength(7);

    // 'Reschedule' moves the booked tour into another free time; the lead is told.
    await user.click(screen.getByRole('button', { name: "Reschedule Ivy Chen's tour" }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule the tour · Ivy Chen' });
    expect(await within(dialog).findByText(/Ivy Chen gets a text with the new time/)).toBeTruthy();
    // The time it has is no choice.
    expect(within(dialog).queryByRole('radio', { name: '2:00 PM' })).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: '3:00 PM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move tour' }));
    expect(await screen.findByText(/^Tour moved to .*3:00 PM/)).toBeTruthy();
    expect(server.requestsTo(apiPaths.tour(ivy.booking!.tourId), 'PATCH')[0]?.body).toEqual({
      start: '2030-03-05T21:00:00.000Z',
      type: 'IN_PERSON',
    });
  });

  it("makes the person's calendar link, shows it once, renews and turns it off", async () => {
    let active = false;
    let made = 0;
    const server = stubDashboardApi(undefined, {
      [`GET ${apiPaths.tours}`]: { body: { timeZone: 'America/Chicago', items: [] } },
      [`GET ${apiPaths.myTourCalendar}`]: () => ({
        body: { active, createdAt: active ? '2026-11-29T10:00:00.000Z' : null, url: null },
      }),
      [`POST ${apiPaths.myTourCalendar}`]: () => {
        active = true;
        made += 1;
        return {
          status: 201,
          body: {
            active,
            createdAt: '2026-11-29T10:00:00.000Z',
            url: `https://console.example/api/public/tour-calendar/token-${made}.ics`,
          },
        };
      },
      [`DELETE ${apiPaths.myTourCalendar}`]: () => {
        active = false;
        return { body: { active, createdAt: null, url: null } };
      },
    });
    const { user } = renderApp('/main/dashboard?view=tours&week=2026-11-22');
    await user.click(await screen.findByRole('button', { name: 'Calendar link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your tours in your calendar' });
    expect(await within(dialog).findByText('You have no calendar link yet.')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Make my calendar link' }));
    const link = await within(dialog).findByRole('textbox', { name: 'Your calendar link' });
    expect(link).toHaveProperty(
      'value',
      'https://console.example/api/public/tour-calendar/token-1.ics',
    );
    // A new link replaces it; turning it off leaves none.
    await user.click(within(dialog).getByRole('button', { name: 'Make a new link' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Your calendar link' })).toHaveProperty(
        'value',
        'https://console.example/api/public/tour-calendar/token-2.ics',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('You have no calendar link yet.')).toBeTruthy();
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    expect(server.requestsTo(apiPaths.myTourCalendar, 'POST')).toHaveLength(2);
    expect(server.requestsTo(apiPaths.myTourCalendar, 'DELETE')).toHaveLength(1);
  });
});
