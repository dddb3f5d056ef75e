import { apiPaths } from '@leasing/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession, storageKeys } from '../../lib/storage';
import { stubRoutes } from '../../testing/fake-server';
import { demoUser, fakeJwt, lead, properties } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';

const DANA = 'dana@riverside.test';
const MARCUS = 'marcus@riverside.test';
const danaToken = fakeJwt({ sub: 'user-1', email: DANA });

function stubSignedInApi() {
  return stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.properties}`]: { body: properties },
    [`GET ${apiPaths.propertyLeads(properties[0]!._id)}`]: {
      body: { items: [], nextCursor: null },
    },
    [`POST ${apiPaths.logout}`]: { status: 204 },
  });
}

describe('a sign-in link for another account while signed in', () => {
  it('asks before switching, and keeps the current session until the answer', async () => {
    startSession(danaToken);
    const server = stubSignedInApi();
    const marcusToken = fakeJwt({ sub: 'user-2', email: MARCUS });
    const { router } = renderApp(`/account/login?access_token=${marcusToken}`);

    expect(
      await screen.findByText(`You are signed in as ${DANA}. Switch to ${MARCUS}?`),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Switch account' })).toBeTruthy();
    expect(screen.getByRole('button', { name: `Stay signed in as ${DANA}` })).toBeTruthy();
    expect(localStorage.getItem(storageKeys.token)).toBe(danaToken);
    expect(router.state.location.pathname).toBe('/account/login');
    expect(server.requestsTo(apiPaths.logout, 'POST')).toHaveLength(0);
  });

  it('stays signed in as the current account when asked to', async () => {
    startSession(danaToken);
    const server = stubSignedInApi();
    const { router, user } = renderApp(
      `/account/login?access_token=${fakeJwt({ sub: 'user-2', email: MARCUS })}`,
    );

    await user.click(await screen.findByRole('button', { name: `Stay signed in as ${DANA}` }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/main/dashboard'));
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem(storageKeys.token)).toBe(danaToken);
    expect(server.requestsTo(apiPaths.logout, 'POST')).toHaveLength(0);
  });

  it("switches when asked to: the old session is signed out, the link's account continues", async () => {
    startSession(danaToken);
    const theLead = lead();
    const server = stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${apiPaths.lead(theLead.propertyID, theLead.pmsLeadId)}`]: { body: theLead },
      [`POST ${apiPaths.logout}`]: { status: 204 },
    });
    const marcusToken = fakeJwt({ sub: 'user-2', email: MARCUS });
    const leadPath = `/properties/${theLead.propertyID}/leads/${encodeURIComponent(theLead.pmsLeadId)}/escalation`;
    const { router, user } = renderApp(`${leadPath}?access_token=${marcusToken}`);

    await user.click(await screen.findByRole('button', { name: 'Switch account' }));

    expect(await screen.findByRole('heading', { name: theLead.name })).toBeTruthy();
    expect(router.state.location.pathname).toBe(leadPath);
    expect(localStorage.getItem(storageKeys.token)).toBe(marcusToken);
    const [signOut] = server.requestsTo(apiPaths.logout, 'POST');
    expect(signOut?.headers.get('Authorization')).toBe(`Bearer ${danaToken}`);
  });

  it('goes on without asking when the link is for the account already signed in', async () => {
    startSession(danaToken);
    const server = stubSignedInApi();
    const renewed = fakeJwt({ sub: 'user-1', email: DANA, iat: 2 });
    const { router } = renderApp(`/account/login?access_token=${renewed}`);

    expect(await screen.findByRole('heading', { name: 'Leads' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/main/dashboard');
    expect(screen.queryByRole('button', { name: 'Switch account' })).toBeNull();
    expect(localStorage.getItem(storageKeys.token)).toBe(renewed);
    expect(server.requestsTo(apiPaths.logout, 'POST')).toHaveLength(0);
  });
});
