import { apiPaths, LEAD_ACCESS_AUDIENCE } from '@leasing/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setNotFoundRedirectFlag, startSession, storageKeys } from '../../lib/storage';
import { stubRoutes } from '../../testing/fake-server';
import { demoUser, fakeJwt, lead, properties } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';

function stubSignedInApi() {
  return stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.properties}`]: { body: properties },
    [`GET ${apiPaths.propertyLeads(properties[0]!._id)}`]: {
      body: { items: [], nextCursor: null },
    },
  });
}

describe('routes', () => {
  it.each(['/', '/nowhere', '/account', '/main/dashboard', '/main'])(
    'sends a signed-out visitor of %s to the login page',
    async (path) => {
      stubRoutes({});
      const { router } = renderApp(path);

      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/account/login');
    },
  );

  it.each(['/', '/nowhere', '/account/login', '/main'])(
    'sends a signed-in visitor of %s to the dashboard',
    async (path) => {
      startSession('token');
      stubSignedInApi();
      const { router } = renderApp(path);

      expect(await screen.findByRole('heading', { name: 'Leads' })).toBeTruthy();
      expect(router.state.location.pathname).toBe('/main/dashboard');
    },
  );

  it('shows not-found once after the flag is set, and consumes the flag', async () => {
    setNotFoundRedirectFlag();
    stubRoutes({});
    const { router } = renderApp('/not-found');

    expect(await screen.findByRole('heading', { name: 'Oops!' })).toBeTruthy();
    expect(screen.getByText('Something went wrong loading this content.')).toBeTruthy();
    expect(screen.getByText('Please try again.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the app' }).getAttribute('href')).toBe('/');
    expect(localStorage.getItem(storageKeys.notFoundRedirect)).toBeNull();

    await router.navigate('/account/login');
    await router.navigate('/not-found');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
  });

  it('sends a visitor of not-found without the flag to the login page', async () => {
    stubRoutes({});
    const { router } = renderApp('/not-found');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account/login');
  });

  it('tells the visitor of an incomplete secure link so', async () => {
    renderApp('/secure-access');
    expect(await screen.findByRole('heading', { name: 'This link is incomplete' })).toBeTruthy();
  });

  it('opens a lead link whose token opens one lead on the secure-access page, storing nothing', async () => {
    const token = fakeJwt({ aud: LEAD_ACCESS_AUDIENCE });
    const theLead = lead();
    const leadPath = `/properties/${theLead.propertyID}/leads/${encodeURIComponent(theLead.pmsLeadId)}/escalation`;
    stubRoutes({});
    const { router } = renderApp(`${leadPath}?access_token=${token}`);

    await waitFor(() => expect(router.state.location.pathname).toBe('/secure-access'));
    expect(new URLSearchParams(router.state.location.search).get('access_token')).toBe(token);
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
  });

  it('signs in with the access_token of a lead link and comes back to the lead', async () => {
    const token = fakeJwt();
    const theLead = lead();
    const server = stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${apiPaths.lead(theLead.propertyID, theLead.pmsLeadId)}`]: { body: theLead },
    });
    const leadPath = `/properties/${theLead.propertyID}/leads/${encodeURIComponent(theLead.pmsLeadId)}/escalation`;
    const { router } = renderApp(`${leadPath}?access_token=${token}`);

    expect(await screen.findByRole('heading', { name: theLead.name })).toBeTruthy();
    expect(router.state.location.pathname).toBe(leadPath);
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem(storageKeys.token)).toBe(token);
    await waitFor(() =>
      expect(
        server
          .requestsTo(apiPaths.lead(theLead.propertyID, theLead.pmsLeadId))[0]
          ?.headers.get('Authorization'),
      ).toBe(`Bearer ${token}`),
    );
  });
});
