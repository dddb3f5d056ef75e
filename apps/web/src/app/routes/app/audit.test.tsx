import { apiPaths } from '@leasing/contract';
import type { AuditEntry, AuditPage } from '@leasing/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../lib/storage';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { RecordedRequest, RouteAnswer } from '../../../testing/fake-server';
import { agentUser, demoUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';
import { pinViewerTimeZone } from '../../../lib/viewer-time-zone';

// The viewer is in New York: the time column says so.
beforeEach(() => pinViewerTimeZone('America/New_York'));

const PAGE = '/main/settings/audit';
const DANA = '0b6c1f7e-0000-4000-a000-000000000001';
const PRIYA = '0b6c1f7e-0000-4000-a000-000000000003';
const MAYA = '0b6c1f7e-0000-4000-a000-0000000000aa';
const maya = { _id: MAYA, name: 'Maya Patel', propertyID: 'prop-1', pmsLeadId: 'PMS-42' };

function entry(overrides: Partial<AuditEntry>): AuditEntry {
  return {
    _id: crypto.randomUUID(),
    occurredAt: '2026-11-20T15:05:00.000Z',
    action: 'auth.signed_in',
    actor: { type: 'user', userId: DANA, apiKeyId: null, name: 'Dana Agent', actingAsUserId: null },
    target: null,
    lead: null,
    before: null,
    after: null,
    ip: '203.0.113.7',
    requestId: null,
    ...overrides,
  };
}

const note = entry({
  action: 'note.added',
  actor: { type: 'user', userId: PRIYA, apiKeyId: null, name: 'Priya Shah', actingAsUserId: null },
  lead: maya,
});
const statusChange = entry({
  action: 'lead.updated',
  lead: maya,
  before: { status: 'New' },
  after: { status: 'Touring' },
});
const keySync = entry({
  action: 'property.upserted',
  actor: {
    type: 'api-key',
    userId: null,
    apiKeyId: 'k1',
    name: 'Yardi sync',
    actingAsUserId: null,
  },
  after: { created: true, changed: ['name'] },
  ip: null,
});
const failed = entry({
  action: 'auth.sign_in_failed',
  actor: {
    type: 'anonymous',
    userId: null,
    apiKeyId: null,
    name: 'dana@leasing.test',
    actingAsUserId: null,
  },
  after: { reason: 'invalid credentials' },
});
const older = entry({ action: 'api_key.created', after: { name: 'Zapier' } });

const page = (items: AuditEntry[], nextCursor: string | null = null): AuditPage => ({
  items,
  nextCursor,
});

function openPage(list: RouteAnswer, routes: Record<string, RouteAnswer> = {}, path = PAGE) {
  startSession('token');
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.audit}`]: list,
    ...routes,
  });
  return { ...renderApp(path), server };
}

const queryOf = (request: RecordedRequest | undefined) =>
  Object.fromEntries(request?.url.searchParams ?? []);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Audit page', () => {
  it('lists who did what, when, to which lead and from where', async () => {
    openPage({ body: page([note, statusChange, keySync, failed]) });
    expect(await screen.findByRole('heading', { name: 'Audit' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Audit trail' });
    const [header, first, second, third, fourth] = within(table).getAllByRole('row');

    expect(within(header!).getByRole('columnheader', { name: 'Time (Eastern)' })).toBeTruthy();
    expect(within(first!).getByText('Priya Shah')).toBeTruthy();
    expect(within(first!).getByText('Added a note')).toBeTruthy();
    expect(
      within(first!).getByRole('button', { name: 'Show only activity on Maya Patel' }),
    ).toBeTruthy();
    expect(within(first!).getByText('203.0.113.7')).toBeTruthy();
    expect(within(first!).getByText('Nov 20, 2026', { exact: false })).toBeTruthy();

    expect(within(second!).getByText('Changed a lead')).toBeTruthy();
    expect(within(second!).getByText('New')).toBeTruthy();
    expect(within(second!).getByText(/Touring/)).toBeTruthy();

    expect(within(third!).getByText('Yardi sync')).toBeTruthy();
    expect(within(third!).getByText('API key')).toBeTruthy();
    expect(within(third!).getByText('Yes')).toBeTruthy();

    expect(within(fourth!).getByText('dana@leasing.test')).toBeTruthy();
    expect(within(fourth!).getByText('Not signed in')).toBeTruthy();
    expect(within(fourth!).getByText('Sign-in failed')).toBeTruthy();
    expect(screen.getByText('All 4 entries shown')).toBeTruthy();
  });

  it('says each change in words, never as raw data, and names the lead with a link to it', async () => {
    const assigned = entry({
      action: 'lead.assigned',
      lead: maya,
      before: { owner: { kind: 'unassigned' } },
      after: { owner: { kind: 'user', userId: PRIYA, name: 'Priya Shah' } },
    });
    const moved = entry({
      action: 'lead.status_changed',
      lead: maya,
      before: { status: 'CONTACTED' },
      after: { status: 'TOUR_SCHEDULED' },
    });
    const optedOut = entry({
      action: 'unmatched.opted_out',
      actor: {
        type: 'system',
        userId: null,
        apiKeyId: null,
        name: '+15125550199',
        actingAsUserId: null,
      },
      after: { channel: 'SMS', address: '+15125550199', source: 'sms_keyword' },
    });
    const { user, router } = openPage({ body: page([assigned, moved, optedOut]) });
    const table = await screen.findByRole('table', { name: 'Audit trail' });
    const [, first, second, third] = within(table).getAllByRole('row');

    expect(within(first!).getByText('Owner:')).toBeTruthy();
    expect(within(first!).getByText('Unassigned')).toBeTruthy();
    expect(within(first!).getByText(/Priya Shah/)).toBeTruthy();
    expect(within(second!).getByText('Contacted')).toBeTruthy();
    expect(within(second!).getByText(/Tour scheduled/)).toBeTruthy();
    expect(within(third!).getAllByText('+15125550199').length).toBeGreaterThan(0);
    expect(within(third!).getByText('By text')).toBeTruthy();
    expect(within(third!).getByText('Opted out by text (unmatched)')).toBeTruthy();
    expect(table.textContent).not.toMatch(/[{}]/);

    const link = within(first!).getByRole('link', { name: 'Maya Patel' });
    expect(link.getAttribute('href')).toBe('/properties/prop-1/leads/PMS-42/escalation');
    await user.click(link);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/properties/prop-1/leads/PMS-42/escalation'),
    );
  });

  it('puts the filters in the address and the request, and keeps them on back and reload', async () => {
    const { user, server, router } = openPage((request) =>
      request.url.searchParams.get('action') === 'number.removed'
        ? { body: page([]) }
        : { body: page([note, statusChange]) },
    );
    await screen.findByRole('table', { name: 'Audit trail' });

    // By keyboard: type to narrow the list, then pick.
    await user.type(screen.getByRole('combobox', { name: 'Action' }), 'Removed a n');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByText('No activity matches these filters')).toBeTruthy();
    expect(router.state.location.search).toBe('?action=number.removed');
    expect(queryOf(server.requestsTo(apiPaths.audit).at(-1))).toMatchObject({
      action: 'number.removed',
      limit: '50',
    });

    await router.navigate(-1);
    expect(await screen.findByRole('table', { name: 'Audit trail' })).toBeTruthy();
    expect(router.state.location.search).toBe('');

    await user.type(screen.getByRole('combobox', { name: 'Person' }), 'Priya');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe(`?userId=${PRIYA}`));
    await waitFor(() =>
      expect(queryOf(server.requestsTo(apiPaths.audit).at(-1))).toMatchObject({ userId: PRIYA }),
    );
    // Dana is still offered: she was on a page loaded before the list was narrowed.
    await user.click(screen.getByRole('combobox', { name: 'Person' }));
    expect(await screen.findByRole('option', { name: 'Dana Agent', hidden: true })).toBeTruthy();
  });

  it('offers every teammate as a person, also one no loaded entry names', async () => {
    const marcus = '0b6c1f7e-0000-4000-a000-000000000002';
    const { server, user } = openPage(
      { body: page([note]) },
      {
        [`GET ${apiPaths.team}`]: {
          body: [
            {
              _id: marcus,
              name: 'Marcus Lee',
              email: 'marcus@leasing.test',
              role: 'manager',
              status: 'active',
              lastSignInAt: null,
              invitationExpiresAt: null,
            },
            {
              _id: 'inv-1',
              name: 'Nora Invited',
              email: 'nora@leasing.test',
              role: 'agent',
              status: 'invited',
              lastSignInAt: null,
              invitationExpiresAt: '2026-12-02T00:00:00.000Z',
            },
          ],
        },
      },
    );
    await screen.findByRole('table', { name: 'Audit trail' });
    await user.click(screen.getByRole('combobox', { name: 'Person' }));
    expect(await screen.findByRole('option', { name: 'Marcus Lee', hidden: true })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Priya Shah', hidden: true })).toBeTruthy();
    // Somebody only invited has done nothing yet.
    expect(screen.queryByRole('option', { name: 'Nora Invited', hidden: true })).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Marcus Lee', hidden: true }));
    await waitFor(() =>
      expect(queryOf(server.requestsTo(apiPaths.audit).at(-1))).toMatchObject({ userId: marcus }),
    );
  });

  it('reads days from the address as whole days of the viewer, and refuses a backward range', async () => {
    const { server, user } = openPage({ body: page([note]) }, {}, `${PAGE}?from=2026-11-20`);
    await screen.findByRole('table', { name: 'Audit trail' });
    const sent = queryOf(server.requestsTo(apiPaths.audit).at(-1));
    expect(sent.from).toBe(new Date('2026-11-20T00:00:00').toISOString());
    expect(sent.to).toBeUndefined();

    const to = screen.getByLabelText('To');
    fireEvent.change(to, { target: { value: '2026-11-19' } });
    expect(await screen.findByText('Choose a day on or after the start')).toBeTruthy();
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('These days select nothing')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Export CSV' }).title).toBe(
      'Choose a day on or after the start to export.',
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    // The backward range is never sent (the server would refuse it).
    const backwardTo = new Date('2026-11-20T00:00:00').toISOString();
    expect(
      server.requests.filter((request) => request.url.searchParams.get('to') === backwardTo),
    ).toEqual([]);
    expect(server.requestsTo(apiPaths.auditExport)).toHaveLength(0);

    fireEvent.change(to, { target: { value: '2026-11-21' } });
    await waitFor(() =>
      expect(queryOf(server.requestsTo(apiPaths.audit).at(-1)).to).toBe(
        new Date('2026-11-22T00:00:00').toISOString(),
      ),
    );
    expect(screen.queryByText('Choose a day on or after the start')).toBeNull();
  });

  it('narrows to a lead from its row, and lets the filter go again', async () => {
    const { user, server, router } = openPage({ body: page([note, statusChange]) });
    const table = await screen.findByRole('table', { name: 'Audit trail' });
    await user.click(
      within(table).getAllByRole('button', { name: 'Show only activity on Maya Patel' })[0]!,
    );
    await waitFor(() => expect(router.state.location.search).toBe(`?leadId=${MAYA}`));
    expect(await screen.findByText('Lead: Maya Patel')).toBeTruthy();
    expect(queryOf(server.requestsTo(apiPaths.audit).at(-1)).leadId).toBe(MAYA);
    await user.click(screen.getByRole('button', { name: 'Remove the lead filter' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('loads the next keyset page after the ones shown', async () => {
    const { user, server } = openPage((request) =>
      request.url.searchParams.get('cursor') === 'page-2'
        ? { body: page([older]) }
        : { body: page([note, statusChange], 'page-2') },
    );
    const table = await screen.findByRole('table', { name: 'Audit trail' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Created an API key')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(within(table).getByText('Added a note')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('All 3 entries shown')).toBeTruthy();
    expect(queryOf(server.requestsTo(apiPaths.audit).at(-1)).cursor).toBe('page-2');
  });

  it('exports the CSV of the current filters with the session’s token', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    let release: () => void = () => {};
    const { user, server } = openPage(
      { body: page([note]) },
      {
        [`GET ${apiPaths.auditExport}`]: () =>
          new Promise((resolve) => {
            release = () =>
              resolve({
                body: 'time,action\n',
                headers: {
                  'Content-Type': 'text/csv',
                  'Content-Disposition': 'attachment; filename="audit-2026-11-20.csv"',
                },
              });
          }),
      },
      `${PAGE}?action=note.added&userId=${PRIYA}`,
    );
    await screen.findByRole('table', { name: 'Audit trail' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(server.requestsTo(apiPaths.auditExport)).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Export CSV' }).getAttribute('data-loading')).toBe(
      'true',
    );
    release();
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));

    const [request] = server.requestsTo(apiPaths.auditExport);
    expect(queryOf(request)).toEqual({ action: 'note.added', userId: PRIYA });
    expect(request!.headers.get('Authorization')).toBe('Bearer token');
    expect(request!.headers.get('Accept')).toBe('text/csv');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('audit-2026-11-20.csv');
  });

  it('shows a loading state, then an error with Retry', async () => {
    let fail = true;
    const { user } = openPage(() =>
      fail
        ? apiError(500, 'INTERNAL', 'Something went wrong on our side.')
        : { body: page([note]) },
    );
    expect(await screen.findByRole('status', { name: 'Loading the audit trail' })).toBeTruthy();
    expect(await screen.findByText('Could not load the audit trail')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    const table = await screen.findByRole('table', { name: 'Audit trail' });
    expect(within(table).getByText('Added a note')).toBeTruthy();
  });

  it('is not open to an agent, who sees why', async () => {
    startSession('token');
    const server = stubRoutes({ [`GET ${apiPaths.me}`]: { body: agentUser } });
    const { router } = renderApp(PAGE);
    expect(await screen.findByRole('heading', { name: 'User is not permitted' })).toBeTruthy();
    expect(server.requestsTo(apiPaths.audit)).toHaveLength(0);
    expect(router.state.location.pathname).toBe(PAGE);
  });

  it('is reached from the user menu', async () => {
    const { user, router } = openPage(
      { body: page([]) },
      {
        [`GET ${apiPaths.outbox}`]: { body: { items: [], nextCursor: null } },
      },
      '/main/outbox',
    );
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Audit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(PAGE));
    expect(await screen.findByText('No activity matches these filters')).toBeTruthy();
  });
});
