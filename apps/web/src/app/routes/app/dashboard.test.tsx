import { apiPaths } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession, storageKeys } from '../../../lib/storage';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { FakeResponse } from '../../../testing/fake-server';
import { demoUser, leadSummary, properties } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const [maple, harbor] = properties as [(typeof properties)[0], (typeof properties)[0]];

const firstPage = {
  items: [
    leadSummary({
      _id: 'l-1',
      pmsLeadId: 'L/1',
      name: 'Jordan Prospect',
      officeDecisionStatus: 'PENDING',
    }),
    leadSummary({
      _id: 'l-2',
      pmsLeadId: 'L-2',
      name: 'Casey Renter',
      phone: null,
      phoneOptStatus: 'OPT_OUT',
      emailOptStatus: 'OPT_OUT',
    }),
  ],
  nextCursor: 'cursor-2',
};
const secondPage = {
  items: [leadSummary({ _id: 'l-3', pmsLeadId: 'L-3', name: 'Morgan Tenant' })],
  nextCursor: null,
};

function stubDashboardApi(overrides: Record<string, FakeResponse> = {}) {
  return stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.properties}`]: { body: properties },
    [`GET ${apiPaths.propertyLeads(maple._id)}`]: (request) => ({
      body: request.url.searchParams.get('cursor') === 'cursor-2' ? secondPage : firstPage,
    }),
    [`GET ${apiPaths.propertyLeads(harbor._id)}`]: { body: { items: [], nextCursor: null } },
    ...overrides,
  });
}

describe('dashboard', () => {
  it("shows the user, the properties and the first property's leads", async () => {
    startSession('token');
    stubDashboardApi();
    renderApp('/main/dashboard');

    expect(await screen.findByText(demoUser.name)).toBeTruthy();
    expect(screen.getByText(demoUser.companyName)).toBeTruthy();

    const nav = screen.getByRole('navigation', { name: 'Properties' });
    expect(within(nav).getByText('Maple Court')).toBeTruthy();
    expect(within(nav).getByText('PMS-100')).toBeTruthy();
    expect(within(nav).getByLabelText('3 leads')).toBeTruthy();
    expect(within(nav).getByText('Harbor View')).toBeTruthy();

    const jordan = await screen.findByRole('link', { name: 'Jordan Prospect' });
    expect(jordan.getAttribute('href')).toBe(`/properties/${maple._id}/leads/L%2F1/escalation`);
    const jordanRow = jordan.closest('tr')!;
    expect(within(jordanRow).getByText('Decision pending')).toBeTruthy();
    expect(within(jordanRow).getByText('Nov 22, 2026', { exact: false })).toBeTruthy();

    const caseyRow = screen.getByRole('link', { name: 'Casey Renter' }).closest('tr')!;
    expect(within(caseyRow).getByText('SMS opt-out')).toBeTruthy();
    expect(within(caseyRow).getByText('Email opt-out')).toBeTruthy();
  });

  it('loads the next page of leads with the cursor the server gave', async () => {
    startSession('token');
    const server = stubDashboardApi();
    const { user } = renderApp('/main/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('link', { name: 'Morgan Tenant' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Jordan Prospect' })).toBeTruthy();
    const leadRequests = server.requestsTo(apiPaths.propertyLeads(maple._id));
    expect(leadRequests.map((request) => request.url.searchParams.get('cursor'))).toEqual([
      null,
      'cursor-2',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('switches to another property from the list', async () => {
    startSession('token');
    stubDashboardApi();
    const { user, router } = renderApp('/main/dashboard');

    await user.click(await screen.findByRole('link', { name: /Harbor View/ }));

    expect(await screen.findByText('No leads for this property yet')).toBeTruthy();
    expect(router.state.location.search).toBe(`?property=${harbor._id}`);
  });

  it('says when there are no properties', async () => {
    startSession('token');
    stubDashboardApi({ [`GET ${apiPaths.properties}`]: { body: [] } });
    renderApp('/main/dashboard');

    expect(await screen.findByText('No properties yet')).toBeTruthy();
  });

  it('offers a retry when the properties cannot be loaded', async () => {
    startSession('token');
    let fail = true;
    stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
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
    startSession('token');
    const server = stubDashboardApi();
    const { user, router } = renderApp('/main/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account/login');
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    await waitFor(() => expect(server.requestsTo(apiPaths.logout, 'POST')).toHaveLength(1));
  });
});
