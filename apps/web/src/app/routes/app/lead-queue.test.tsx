import { apiPaths } from '@leasing/contract';
import type { InboxItem } from '@leasing/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inboxItem } from '../../../features/inbox/testing/inbox-fixtures';
import { stubInboxLayout } from '../../../features/inbox/testing/stub-inbox-layout';
import { queryClient } from '../../../lib/query-client';
import { startSession } from '../../../lib/storage';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { FakeResponse, RecordedRequest } from '../../../testing/fake-server';
import { demoUser, lead, properties } from '../../../testing/fixtures';
import { setMatchingMediaQueries } from '../../../testing/media-queries';
import { renderApp } from '../../../testing/render-app';
import { stubElementScrollTo } from '../../../testing/stub-layout';

const [maple] = properties as [(typeof properties)[0]];
const WIDE = '(min-width: 90em)';

const rows: InboxItem[] = ['Avery Stone', 'Blake Reyes', 'Casey Renter'].map((name, index) =>
  inboxItem({ _id: `l-${index}`, pmsLeadId: `L-${index}`, name, unread: true }),
);
const leadPath = (item: InboxItem, search = '') =>
  `/properties/${item.propertyID}/leads/${item.pmsLeadId}/escalation${search}`;

/** The app's API with these inbox rows, and each of them as a lead to open. */
function stubQueueApi(
  answer: (request: RecordedRequest) => InboxItem[] | FakeResponse = () => rows,
) {
  startSession('token');
  stubInboxLayout();
  return stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.properties}`]: { body: properties },
    [`GET ${apiPaths.inbox}`]: (request) => {
      const items = answer(request);
      return Array.isArray(items) ? { body: { items, nextCursor: null } } : items;
    },
    ...Object.fromEntries(
      rows.map((row) => [
        `GET ${apiPaths.lead(row.propertyID, row.pmsLeadId)}`,
        { body: lead({ _id: row._id, pmsLeadId: row.pmsLeadId, name: row.name }) },
      ]),
    ),
    ...Object.fromEntries(
      rows.map((row) => [`POST ${apiPaths.leadRead(row._id)}`, { status: 204 }]),
    ),
  });
}

/** Scrolls a list as the agent would: the position, then the browser's scroll event. */
function scrollTo(list: HTMLElement, offset: number) {
  list.scrollTop = offset;
  fireEvent.scroll(list);
}

async function openDashboard(path: string) {
  const rendered = renderApp(path);
  await within(await screen.findByRole('list', { name: 'Leads' }, { timeout: 15_000 })).findByText(
    'Casey Renter',
  );
  return rendered;
}

/** Opens the lead page; the first of a run loads its code, which a busy machine takes a while for. */
async function openLeadPage(path: string, name: string) {
  const rendered = renderApp(path);
  await screen.findByRole('heading', { name }, { timeout: 15_000 });
  return rendered;
}

describe('a lead in the queue it was opened from', () => {
  it('shows that inbox beside the lead on a wide screen, the open lead marked', async () => {
    setMatchingMediaQueries([WIDE]);
    const server = stubQueueApi();
    await openLeadPage(leadPath(rows[1]!, '?property=all&filter=unread'), 'Blake Reyes');

    const sidebar = await screen.findByRole('complementary', { name: 'Inbox' });
    const current = await within(sidebar).findByRole('link', { current: 'page' });
    expect(current.getAttribute('data-lead-name')).toBe('Blake Reyes');
    expect(within(sidebar).getByText('All properties · Unread')).toBeTruthy();
    // The same list as the dashboard's: every property, unread only.
    const request = server.requestsTo(apiPaths.inbox).at(-1)!.url.searchParams;
    expect(request.get('filter')).toBe('unread');
    expect(request.get('propertyId')).toBeNull();
    // A row beside the lead opens its lead in the same queue.
    expect(
      within(sidebar)
        .getAllByRole('link')
        .find((link) => link.getAttribute('data-lead-name') === 'Casey Renter')!
        .getAttribute('href'),
    ).toBe(leadPath(rows[2]!, '?property=all&filter=unread'));
    // The way back is to that list, not the whole inbox.
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe(
      '/main/dashboard?filter=unread',
    );
    expect(within(sidebar).getByRole('link', { name: 'Open inbox' }).getAttribute('href')).toBe(
      '/main/dashboard?filter=unread',
    );
  });

  it('keeps the list off a narrow screen, where the pane needs the room', async () => {
    stubQueueApi();
    await openLeadPage(leadPath(rows[1]!, '?property=all'), 'Blake Reyes');
    expect(screen.queryByRole('complementary', { name: 'Inbox' })).toBeNull();
    expect(await screen.findByText('2 of 3')).toBeTruthy();
  });

  it(
    'moves to the next and previous lead with the buttons and j / k, in the same queue',
    {
      timeout: 30_000,
    },
    async () => {
      stubQueueApi();
      const { router } = await openLeadPage(
        leadPath(rows[0]!, `?property=${maple._id}`),
        'Avery Stone',
      );
      await screen.findByText('1 of 3');
      const previous = screen.getByRole('button', { name: 'Previous lead' });
      expect(previous.getAttribute('aria-disabled')).toBe('true');
      expect(previous.getAttribute('aria-description')).toBe('This is the first lead in the list');

      fireEvent.click(screen.getByRole('button', { name: 'Next lead' }));
      await screen.findByRole('heading', { name: 'Blake Reyes' });
      expect(router.state.location.pathname).toBe(leadPath(rows[1]!));
      expect(router.state.location.search).toBe(`?property=${maple._id}`);

      fireEvent.keyDown(document.body, { key: 'j' });
      await screen.findByRole('heading', { name: 'Casey Renter' });
      const next = screen.getByRole('button', { name: 'Next lead' });
      await waitFor(() =>
        expect(next.getAttribute('aria-description')).toBe('This is the last lead in the list'),
      );
      fireEvent.click(next);

      fireEvent.keyDown(document.body, { key: 'k' });
      await screen.findByRole('heading', { name: 'Blake Reyes' });
      // Browser history holds each lead: Back is the lead before.
      await router.navigate(-1);
      await screen.findByRole('heading', { name: 'Casey Renter' });
    },
  );

  it('takes the lead that filled its place when the open lead leaves the list', async () => {
    let withoutBlake = false;
    stubQueueApi(() => (withoutBlake ? rows.filter((row) => row.name !== 'Blake Reyes') : rows));
    await openLeadPage(leadPath(rows[1]!, '?property=all&filter=unread'), 'Blake Reyes');
    await screen.findByText('2 of 3');

    // Read now, Blake is no longer 'Unread': the list comes back without them.
    withoutBlake = true;
    await queryClient.invalidateQueries({ queryKey: ['inbox'] });
    await waitFor(() => expect(screen.queryByText('2 of 3')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Next lead' }));
    await screen.findByRole('heading', { name: 'Casey Renter' });
  });

  it('belongs to its own property when opened from elsewhere (a notification, a link)', async () => {
    const server = stubQueueApi();
    await openLeadPage(leadPath(rows[0]!), 'Avery Stone');
    await screen.findByText('1 of 3');
    expect(server.requestsTo(apiPaths.inbox).at(-1)!.url.searchParams.get('propertyId')).toBe(
      maple._id,
    );
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe(
      `/main/dashboard?property=${maple._id}`,
    );
  });

  it("goes back to the dashboard's own place in the list, whatever the list beside the lead did", async () => {
    setMatchingMediaQueries([WIDE]);
    stubElementScrollTo();
    stubQueueApi();
    const { user } = await openDashboard('/main/dashboard?filter=unread');
    const dashboardList = () => screen.getByRole('list', { name: 'Leads' });
    scrollTo(dashboardList(), 120);
    await user.click(
      within(dashboardList())
        .getAllByRole('link')
        .find((link) => link.getAttribute('data-lead-name') === 'Casey Renter')!,
    );
    await screen.findByRole('heading', { name: 'Casey Renter' });

    // The narrower list beside the lead scrolls on its own (to keep the open lead in view).
    const sidebar = await screen.findByRole('complementary', { name: 'Inbox' });
    scrollTo(within(sidebar).getByRole('list', { name: 'Leads' }), 9);
    await user.click(screen.getByRole('link', { name: 'Back to dashboard' }));

    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Inbox' })).toBeNull());
    expect(dashboardList().scrollTop).toBe(120);
  });

  it('says when the inbox beside the lead could not load, and loads it on Retry', async () => {
    setMatchingMediaQueries([WIDE]);
    let fail = true;
    stubQueueApi(() => (fail ? apiError(500, 'INTERNAL', 'The inbox is unavailable.') : rows));
    const { user } = await openLeadPage(leadPath(rows[1]!, '?property=all'), 'Blake Reyes');

    const sidebar = await screen.findByRole('complementary', { name: 'Inbox' });
    expect(await within(sidebar).findByText('Could not load leads')).toBeTruthy();
    expect(within(sidebar).getByText('The inbox is unavailable.')).toBeTruthy();
    fail = false;
    await user.click(within(sidebar).getByRole('button', { name: 'Retry' }));
    expect(await within(sidebar).findByRole('link', { current: 'page' })).toBeTruthy();
    expect(within(sidebar).queryByText('Could not load leads')).toBeNull();
  });
});
