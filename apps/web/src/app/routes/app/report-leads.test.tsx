import { apiPaths } from '@leasing/contract';
import type { ReportLeads } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { inboxItem } from '../../../features/inbox/testing/inbox-fixtures';
import { stubInboxLayout } from '../../../features/inbox/testing/stub-inbox-layout';
import { startSession } from '../../../lib/storage';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { RouteAnswer } from '../../../testing/fake-server';
import { demoUser, properties } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { pinViewerTimeZone } from '../../../lib/viewer-time-zone';

beforeEach(() => pinViewerTimeZone('America/Chicago'));

const LEADS_PAGE =
  '/main/reports/leads?range=custom&from=2026-11-01&to=2026-11-30&view=activity&figure=arrived&weekday=2&hour=9';
const DESCRIPTION = 'Leads whose first message came Nov 1–30, 2026 on Tuesday at 9 AM';

const page = (items: ReportLeads['items'], nextCursor: string | null = null): ReportLeads => ({
  description: DESCRIPTION,
  items,
  total: 3,
  nextCursor,
});

function open(answer: RouteAnswer, path = LEADS_PAGE) {
  startSession('token');
  stubInboxLayout();
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.properties}`]: { body: properties },
    [`GET ${apiPaths.reportsLeads}`]: answer,
  });
  return { ...renderApp(path), server };
}

describe('The leads behind a report figure', () => {
  it("lists them as inbox rows under the server's words, page after page", async () => {
    const { server } = open((request) =>
      request.url.searchParams.get('cursor') === 'page-2'
        ? { body: page([inboxItem({ _id: 'c', pmsLeadId: 'L-3', name: 'Mia Davis' })]) }
        : {
            body: page(
              [
                inboxItem({ _id: 'a', pmsLeadId: 'L-1', name: 'Ava Thompson' }),
                inboxItem({ _id: 'b', pmsLeadId: 'L-2', name: 'Noah Kim' }),
              ],
              'page-2',
            ),
          },
    );
    expect(await screen.findByRole('heading', { name: DESCRIPTION })).toBeTruthy();
    expect(screen.getByText('3 leads')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Leads' });
    const ava = await within(list).findByRole('link', { name: /Ava Thompson/ });
    expect(ava.getAttribute('href')).toBe(`/properties/${properties[0]!._id}/leads/L-1/escalation`);
    expect(await within(list).findByRole('link', { name: /Mia Davis/ })).toBeTruthy();
    expect(
      server
        .requestsTo(apiPaths.reportsLeads)
        .map((request) => request.url.searchParams.get('cursor')),
    ).toEqual([null, 'page-2']);
    expect(
      Object.fromEntries(server.requestsTo(apiPaths.reportsLeads)[0]!.url.searchParams),
    ).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      view: 'activity',
      figure: 'arrived',
      weekday: '2',
      hour: '9',
      limit: '50',
    });
  });

  it('goes back to the report with its custom days', async () => {
    const { user, router } = open({ body: page([inboxItem()]) });
    await screen.findByRole('heading', { name: DESCRIPTION });
    await user.click(screen.getByRole('link', { name: 'Back to the report' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/reports'));
    expect(router.state.location.search).toBe(
      '?range=custom&from=2026-11-01&to=2026-11-30&view=activity',
    );
  });

  it('shows an error with Retry', async () => {
    let fail = true;
    const { user } = open(() =>
      fail ? apiError(500, 'INTERNAL', 'Something went wrong on our side.') : { body: page([]) },
    );
    expect(await screen.findByText('Could not load the leads')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No leads here now')).toBeTruthy();
  });

  it('says so when the address names no figure, and asks nothing', async () => {
    const { server } = open(
      { body: page([]) },
      '/main/reports/leads?from=2026-11-01&to=2026-11-30',
    );
    expect(await screen.findByText('This link names no figure of a report')).toBeTruthy();
    expect(server.requestsTo(apiPaths.reportsLeads)).toHaveLength(0);
  });
});
