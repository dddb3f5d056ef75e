import { apiPaths } from '@leasing/contract';
import type { FunnelReport, User } from '@leasing/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inboxItem } from '../../../features/inbox/testing/inbox-fixtures';
import {
  followUpFigures,
  followUpReport,
  funnelCounts,
  funnelReport,
  reportRange,
  speedFigures,
  speedReport,
} from '../../../features/reports/testing/report-fixtures';
import { startSession } from '../../../lib/storage';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { RecordedRequest, RouteAnswer } from '../../../testing/fake-server';
import { agentUser, demoUser, properties } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { pinViewerTimeZone } from '../../../lib/viewer-time-zone';

const PAGE = '/main/reports';
const PRIYA_KEY = 'user:0b6c1f7e-0000-4000-a000-000000000003';

const queryOf = (request: RecordedRequest | undefined) =>
  Object.fromEntries(request?.url.searchParams ?? []);

/** The range the request asked for, as the server reads it in the company's zone. */
const rangeOf = (request: RecordedRequest) =>
  reportRange(request.url.searchParams.get('from')!, request.url.searchParams.get('to')!);

/** The funnel the server answers for the request's days and view. */
function funnelBody(request: RecordedRequest, overrides: Partial<FunnelReport> = {}) {
  return funnelReport(rangeOf(request), {
    view: request.url.searchParams.get('view') === 'activity' ? 'activity' : 'cohort',
    total: funnelCounts({
      leads: 120,
      contacted: 96,
      tour_scheduled: 48,
      toured: 42,
      applied: 12,
      leased: 6,
      lost: 9,
    }),
    previous: funnelCounts({
      leads: 100,
      contacted: 90,
      tour_scheduled: 40,
      toured: 50,
      applied: 12,
      leased: 3,
      lost: 12,
    }),
    lostReasons: [
      { reason: 'Chose another community', count: 5 },
      { reason: 'Price', count: 4 },
    ],
    ...overrides,
  });
}

const speedAnswer: RouteAnswer = (request) => ({
  body: speedReport(rangeOf(request), {
    total: speedFigures({
      arrived: 50,
      answered: 46,
      neverAnswered: 4,
      medianMinutes: 4,
      p90Minutes: 72,
      medianWallMinutes: 9,
      withinTarget: 31,
      within5Minutes: 26,
      withinHour: 44,
    }),
    previous: speedFigures({
      arrived: 40,
      answered: 36,
      neverAnswered: 4,
      medianMinutes: 5,
      p90Minutes: 60,
      medianWallMinutes: 11,
      withinTarget: 23,
      within5Minutes: 18,
      withinHour: 35,
    }),
    byResponder: {
      assistant: speedFigures({ arrived: 30, answered: 30, medianMinutes: 1, withinTarget: 30 }),
      people: speedFigures({ arrived: 16, answered: 16, medianMinutes: 3060, withinTarget: 1 }),
    },
    heatmap: [{ weekday: 2, hour: 9, arrived: 4, medianMinutes: 12 }],
  }),
});

const followUpAnswer: RouteAnswer = (request) => ({
  body: followUpReport(rangeOf(request), {
    total: followUpFigures({ open: 30, noContact48h: 5, overdueFollowUps: 3, silent7d: 2 }),
    groups: [
      {
        key: PRIYA_KEY,
        label: 'Priya Shah',
        figures: followUpFigures({
          open: 18,
          noContact48h: 3,
          overdueFollowUps: 2,
          silent7d: 1,
          toursScheduled: 5,
          averageTouchesBeforeTour: 2.4,
        }),
      },
      {
        key: 'assistant',
        label: 'Assistant',
        figures: followUpFigures({ open: 12, noContact48h: 2, overdueFollowUps: 1, silent7d: 1 }),
      },
    ],
  }),
});

/** Picks an option of a select from its own list: every select's list stays in the page. */
async function choose(user: UserEvent, select: string, option: string) {
  const combobox = screen.getByRole('combobox', { name: select });
  await user.click(combobox);
  const list = document.getElementById(combobox.getAttribute('aria-controls')!)!;
  await user.click(await within(list).findByRole('option', { name: option, hidden: true }));
}

function openReports(
  path = PAGE,
  { user = demoUser, routes = {} }: { user?: User; routes?: Record<string, RouteAnswer> } = {},
) {
  startSession('token');
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: user },
    [`GET ${apiPaths.properties}`]: { body: properties },
    [`GET ${apiPaths.reportsFunnel}`]: (request) => ({ body: funnelBody(request) }),
    [`GET ${apiPaths.reportsSpeedToLead}`]: speedAnswer,
    [`GET ${apiPaths.reportsFollowUp}`]: followUpAnswer,
    ...routes,
  });
  return { ...renderApp(path), server };
}

beforeEach(() => {
  // Friday Nov 20, 2026, noon in Chicago.
  vi.useFakeTimers({ now: new Date('2026-11-20T18:00:00Z'), toFake: ['Date'] });
  // The viewer's browser zone; the company's (Chicago) comes with the server's answers.
  pinViewerTimeZone('America/New_York');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Reports page', () => {
  it('shows the funnel, speed to lead and follow-up figures the server answers', async () => {
    openReports();
    const steps = await screen.findByRole('table', { name: 'Funnel steps' });
    const toured = within(steps).getByRole('row', { name: /Toured/ });
    expect(within(toured).getByRole('link', { name: 'Toured: 42, show these leads' })).toBeTruthy();
    // 42 of the 48 with a tour scheduled; 50 the period before.
    expect(within(toured).getByText('88%')).toBeTruthy();
    expect(toured.textContent).toContain('▼ Down 16% vs Sep 22 – Oct 21');
    const leads = within(steps).getByRole('row', { name: /^Leads/ });
    expect(leads.textContent).toContain('▲ Up 20% vs Sep 22 – Oct 21');
    const lost = screen.getByRole('table', { name: 'Lost leads by reason' });
    expect(
      within(lost).getByRole('link', { name: 'Lost: Price: 4, show these leads' }),
    ).toBeTruthy();

    const speed = screen.getByRole('region', { name: 'Speed to lead' });
    expect(within(speed).getByText('4 min')).toBeTruthy();
    expect(within(speed).getByText('1 h 12 min')).toBeTruthy();
    expect(within(speed).getByText('9 min on the wall clock')).toBeTruthy();
    // 31 of 50 within the 15-minute target, 23 of 40 before.
    expect(within(speed).getByText('62%')).toBeTruthy();
    expect(within(speed).getByText('Within target (15 min)')).toBeTruthy();
    expect(within(speed).getAllByText(/5 pts vs/)[0]!.textContent).toBe(
      '▲ Up 5 pts vs Sep 22 – Oct 21',
    );
    const responders = within(speed).getByRole('table', {
      name: 'First reply by the assistant and by people',
    });
    expect(within(responders).getByRole('row', { name: /People/ }).textContent).toContain(
      '2 d 3 h',
    );

    const followUp = screen.getByRole('table', { name: 'Follow-up discipline by owner' });
    const priya = within(followUp).getByRole('row', { name: /Priya Shah/ });
    expect(within(priya).getByText('18')).toBeTruthy();
    expect(within(priya).getByText('2.4')).toBeTruthy();
    expect(
      within(priya).getByRole('link', {
        name: 'Priya Shah, No contact for 48 h: 3, show these leads',
      }),
    ).toBeTruthy();
    expect(screen.getByText('All leads at Riverside Living')).toBeTruthy();
  });

  it("counts a preset's days on the company's calendar", async () => {
    const { server, user } = openReports();
    await screen.findByRole('table', { name: 'Funnel steps' });
    // Last 30 days, today included.
    expect(queryOf(server.requestsTo(apiPaths.reportsFunnel).at(-1))).toMatchObject({
      from: '2026-10-22',
      to: '2026-11-20',
      view: 'cohort',
    });
    expect(screen.getByText('Oct 22 – Nov 20, 2026 · days in Central time')).toBeTruthy();

    await choose(user, 'Range', 'Last month');
    await waitFor(() =>
      expect(queryOf(server.requestsTo(apiPaths.reportsFunnel).at(-1))).toMatchObject({
        from: '2026-10-01',
        to: '2026-10-31',
      }),
    );
    expect(queryOf(server.requestsTo(apiPaths.reportsSpeedToLead).at(-1))).toMatchObject({
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(await screen.findByText('Oct 1–31, 2026 · days in Central time')).toBeTruthy();
  });

  it("moves to the company's calendar when the browser's is on another day", async () => {
    // 1:30 AM on Sunday Nov 1 in Chicago; still Saturday Oct 31 for a viewer in Honolulu.
    vi.useFakeTimers({ now: new Date('2026-11-01T06:30:00Z'), toFake: ['Date'] });
    pinViewerTimeZone('Pacific/Honolulu');
    const { server } = openReports(`${PAGE}?range=today`);
    expect(await screen.findByText('Nov 1, 2026 · days in Central time')).toBeTruthy();
    await waitFor(() =>
      expect(queryOf(server.requestsTo(apiPaths.reportsFunnel).at(-1))).toMatchObject({
        from: '2026-11-01',
        to: '2026-11-01',
      }),
    );
  });

  it('asks for the other funnel view and a grouping, and keeps them in the address', async () => {
    const { server, user, router } = openReports(PAGE, {
      routes: {
        [`GET ${apiPaths.reportsFunnel}`]: (request) =>
          request.url.searchParams.get('groupBy') === 'source'
            ? {
                body: funnelReport(rangeOf(request), {
                  view: 'activity',
                  total: funnelCounts({ leads: 10, toured: 4 }),
                  groupBy: 'source',
                  groups: [
                    { key: 'source-z', label: 'Zillow', figures: funnelCounts({ toured: 3 }) },
                    { key: 'source-w', label: 'Website', figures: funnelCounts({ toured: 1 }) },
                  ],
                }),
              }
            : { body: funnelBody(request) },
      },
    });
    await screen.findByRole('table', { name: 'Funnel steps' });
    expect(screen.getByText('Leads created in the range, and how far they got')).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: 'Activity' }));
    await waitFor(() =>
      expect(queryOf(server.requestsTo(apiPaths.reportsFunnel).at(-1)).view).toBe('activity'),
    );
    expect(screen.getByText('Steps that happened in the range')).toBeTruthy();

    await choose(user, 'Group funnel by', 'Source');
    const bySource = await screen.findByRole('table', { name: 'Funnel by source' });
    expect(queryOf(server.requestsTo(apiPaths.reportsFunnel).at(-1))).toMatchObject({
      view: 'activity',
      groupBy: 'source',
    });
    // The speed-to-lead report keeps its own grouping.
    expect(queryOf(server.requestsTo(apiPaths.reportsSpeedToLead).at(-1)).groupBy).toBeUndefined();
    expect(
      within(bySource).getByRole('link', { name: 'Zillow, Toured: 3, show these leads' }),
    ).toBeTruthy();
    expect(router.state.location.search).toBe('?view=activity&funnelGroupBy=source');

    await choose(user, 'Group speed to lead by', 'Owner');
    await waitFor(() =>
      expect(queryOf(server.requestsTo(apiPaths.reportsSpeedToLead).at(-1)).groupBy).toBe('owner'),
    );
  });

  it('opens the leads behind a figure, and Back returns to the same report', async () => {
    const zillowLead = inboxItem({ _id: 'lead-z', name: 'Ava Thompson' });
    const { server, user, router } = openReports(
      `${PAGE}?range=last_7_days&propertyId=${properties[0]!._id}&funnelGroupBy=source`,
      {
        routes: {
          [`GET ${apiPaths.reportsFunnel}`]: (request) => ({
            body: funnelReport(rangeOf(request), {
              total: funnelCounts({ leads: 10, toured: 4 }),
              groupBy: 'source',
              groups: [{ key: 'source-z', label: 'Zillow', figures: funnelCounts({ toured: 3 }) }],
            }),
          }),
          [`GET ${apiPaths.reportsLeads}`]: {
            body: {
              description: 'Leads created Nov 14–20, 2026 that reached Toured · source Zillow',
              items: [zillowLead],
              total: 1,
              nextCursor: null,
            },
          },
        },
      },
    );
    const bySource = await screen.findByRole('table', { name: 'Funnel by source' });
    await user.click(within(bySource).getByRole('link', { name: /Zillow, Toured: 3/ }));

    expect(
      await screen.findByRole('heading', {
        name: 'Leads created Nov 14–20, 2026 that reached Toured · source Zillow',
      }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/main/reports/leads');
    expect(queryOf(server.requestsTo(apiPaths.reportsLeads).at(-1))).toEqual({
      from: '2026-11-14',
      to: '2026-11-20',
      propertyId: properties[0]!._id,
      view: 'cohort',
      figure: 'toured',
      groupBy: 'source',
      group: 'source-z',
      limit: '50',
    });
    expect(screen.getByText('1 lead')).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'Back to the report' }));
    await screen.findByRole('table', { name: 'Funnel by source' });
    expect(router.state.location.pathname).toBe(PAGE);
    expect(router.state.location.search).toBe(
      `?range=last_7_days&propertyId=${properties[0]!._id}&funnelGroupBy=source`,
    );
  });

  it('names every heat map cell by its weekday, hour, leads and median wait', async () => {
    openReports();
    const heatMap = await screen.findByRole('table', {
      name: 'First messages by weekday and hour',
    });
    const cell = within(heatMap).getByRole('link', {
      name: 'Tuesday 9 AM: 4 leads, median 12 min',
    });
    expect(cell.textContent).toBe('4');
    const href = new URL(cell.getAttribute('href')!, window.location.origin);
    expect(href.pathname).toBe('/main/reports/leads');
    expect(Object.fromEntries(href.searchParams)).toMatchObject({
      figure: 'arrived',
      weekday: '2',
      hour: '9',
      from: '2026-10-22',
      to: '2026-11-20',
    });
    expect(within(heatMap).getAllByRole('row')).toHaveLength(8);
    expect(within(heatMap).getByRole('cell', { name: 'Tuesday 10 AM: no leads' })).toBeTruthy();
  });

  it('explains a figure on focus as well as on hover', async () => {
    const { user } = openReports();
    await screen.findByRole('table', { name: 'Funnel steps' });
    const speed = screen.getByRole('region', { name: 'Speed to lead' });
    const info = within(speed).getByRole('button', { name: 'About Median first reply' });
    info.focus();
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toContain("office-hours minutes of the lead's property");
    expect(tooltip.textContent).toContain('interpolate');
    expect(tooltip.textContent).toContain("the company's calendar days, in its time zone");
    await user.unhover(info);
  });

  it('downloads the CSV of the report, a row per lead or per owner', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    let release: () => void = () => {};
    const { server, user } = openReports(`${PAGE}?range=this_month&view=activity`, {
      routes: {
        [`GET ${apiPaths.reportsLeadsCsv}`]: () =>
          new Promise((resolve) => {
            release = () =>
              resolve({
                body: 'Lead,Property\n',
                headers: {
                  'Content-Type': 'text/csv',
                  'Content-Disposition':
                    'attachment; filename="leads-2026-11-01-to-2026-11-20.csv"',
                },
              });
          }),
      },
    });
    await screen.findByRole('table', { name: 'Funnel steps' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(server.requestsTo(apiPaths.reportsLeadsCsv)).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Export CSV' }).getAttribute('data-loading')).toBe(
      'true',
    );
    const byOwner = screen.getByRole('button', { name: 'Export by owner' });
    expect(byOwner).toHaveProperty('disabled', true);
    expect(byOwner.title).toBe('Wait for the export being prepared.');
    expect(screen.getByText('Preparing the file… it downloads when ready.')).toBeTruthy();
    release();
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const [request] = server.requestsTo(apiPaths.reportsLeadsCsv);
    expect(queryOf(request)).toEqual({
      from: '2026-11-01',
      to: '2026-11-20',
      view: 'activity',
      rows: 'leads',
    });
    expect(request!.headers.get('Authorization')).toBe('Bearer token');
    expect(request!.headers.get('Accept')).toBe('text/csv');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      'leads-2026-11-01-to-2026-11-20.csv',
    );

    await waitFor(() => expect(byOwner).toHaveProperty('disabled', false));
    await user.click(byOwner);
    release();
    await waitFor(() => expect(click).toHaveBeenCalledTimes(2));
    expect(queryOf(server.requestsTo(apiPaths.reportsLeadsCsv).at(-1)).rows).toBe('owners');
  });

  it('says what to do when an export fails, and tries again', async () => {
    let fail = true;
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { user } = openReports(PAGE, {
      routes: {
        [`GET ${apiPaths.reportsLeadsCsv}`]: () =>
          fail
            ? apiError(500, 'INTERNAL', 'Something went wrong on our side.')
            : { body: 'Owner\n', headers: { 'Content-Type': 'text/csv' } },
      },
    });
    await screen.findByRole('table', { name: 'Funnel steps' });
    await user.click(screen.getByRole('button', { name: 'Export by owner' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Something went wrong on our side. Try again; if it fails again, export a shorter range.',
    );
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      'owners-2026-10-22-to-2026-11-20.csv',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses custom days that end before they start, and sends nothing for them', async () => {
    const { server } = openReports(`${PAGE}?range=custom&from=2026-11-10&to=2026-11-12`);
    await screen.findByRole('table', { name: 'Funnel steps' });
    const to = screen.getByLabelText(/^To\b/);
    fireEvent.change(to, { target: { value: '2026-11-01' } });
    expect(await screen.findByText('Choose an end day on or after the start')).toBeTruthy();
    expect(await screen.findByText('These days select nothing')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveProperty('disabled', true);
    expect(
      server.requests.filter((request) => request.url.searchParams.get('to') === '2026-11-01'),
    ).toEqual([]);
  });

  it('says when the range has no leads, and how to see more', async () => {
    openReports(PAGE, {
      routes: {
        [`GET ${apiPaths.reportsFunnel}`]: (request) => ({ body: funnelReport(rangeOf(request)) }),
        [`GET ${apiPaths.reportsSpeedToLead}`]: (request) => ({
          body: speedReport(rangeOf(request)),
        }),
      },
    });
    expect(await screen.findAllByText('No leads in this range')).toHaveLength(2);
    expect(screen.getAllByText(/Widen the range/)[0]).toBeTruthy();
  });

  it('shows skeletons while loading, then an error with Retry', async () => {
    let fail = true;
    const { user } = openReports(PAGE, {
      routes: {
        [`GET ${apiPaths.reportsFunnel}`]: (request) =>
          fail
            ? apiError(500, 'INTERNAL', 'Something went wrong on our side.')
            : { body: funnelBody(request) },
      },
    });
    expect(await screen.findByRole('status', { name: 'Loading the funnel' })).toBeTruthy();
    expect(await screen.findByText('Could not load the funnel')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Funnel steps' })).toBeTruthy();
  });

  it('shows an agent their own leads', async () => {
    openReports(PAGE, { user: agentUser });
    expect(await screen.findByText('Your leads')).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Funnel steps' })).toBeTruthy();
    expect(screen.queryByText(/All leads at/)).toBeNull();
  });

  it("turns a manager's weekly email off, and an agent has none to turn", async () => {
    const { user, server } = openReports(PAGE, {
      routes: {
        [`GET ${apiPaths.reportsDigest}`]: { body: { eligible: true, weeklyDigest: true } },
        [`PUT ${apiPaths.reportsDigest}`]: (request) => ({
          body: {
            eligible: true,
            weeklyDigest: (request.body as { weeklyDigest: boolean }).weeklyDigest,
          },
        }),
      },
    });
    const weekly = await screen.findByRole('switch', { name: /Weekly email/ });
    expect((weekly as HTMLInputElement).checked).toBe(true);
    await user.click(weekly);
    await waitFor(() => expect((weekly as HTMLInputElement).checked).toBe(false));
    const put = server.requests.find(
      (request) => request.method === 'PUT' && request.url.pathname === apiPaths.reportsDigest,
    );
    expect(put?.body).toEqual({ weeklyDigest: false });
  });

  it('has no weekly email switch for an agent', async () => {
    openReports(PAGE, {
      user: agentUser,
      routes: {
        [`GET ${apiPaths.reportsDigest}`]: { body: { eligible: false, weeklyDigest: false } },
      },
    });
    expect(await screen.findByRole('table', { name: 'Funnel steps' })).toBeTruthy();
    expect(screen.queryByRole('switch', { name: /Weekly email/ })).toBeNull();
  });

  it("is reached from the header's Reports, whatever the role", async () => {
    const { user, router } = openReports('/main/today', {
      user: agentUser,
      routes: {
        [`GET ${apiPaths.today}`]: {
          body: {
            items: [],
            counts: {
              total: 0,
              decision: 0,
              tour_unconfirmed: 0,
              follow_up_due: 0,
              needs_reply: 0,
              tour_today: 0,
            },
            limit: 200,
          },
        },
      },
    });
    const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
    await user.click(nav.getByRole('link', { name: 'Reports' }));
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeTruthy();
    expect(router.state.location.pathname).toBe(PAGE);
    expect(nav.getByRole('link', { name: 'Reports' }).getAttribute('aria-current')).toBe('page');
  });
});
