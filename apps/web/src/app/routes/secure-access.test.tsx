import { apiPaths, LEAD_ACCESS_AUDIENCE } from '@leasing/contract';
import type { SecureAccessLead } from '@leasing/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession, storageKeys } from '../../lib/storage';
import { apiError, stubRoutes } from '../../testing/fake-server';
import { stubSocketServer } from '../../testing/fake-socket';
import { demoUser, fakeJwt, lead } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';

const theLead = lead();
const leadApiPath = apiPaths.lead(theLead.propertyID, theLead.pmsLeadId);
const linkToken = fakeJwt({ aud: LEAD_ACCESS_AUDIENCE, leadID: theLead._id });
const linkPath = `/secure-access?access_token=${linkToken}`;
const opens: SecureAccessLead = {
  leadID: theLead._id,
  propertyID: theLead.propertyID,
  pmsLeadId: theLead.pmsLeadId,
  expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
};

/** The browser's URL is what the API client reads the link's token from. */
function openLink(path = linkPath) {
  window.history.replaceState(null, '', path);
  return renderApp(path);
}

describe('secure-access page', () => {
  it("shows the link's lead without a password, with the link's token and no way to the dashboard", async () => {
    // A staff session in this browser stays as it is: the link's token is this tab's only.
    startSession('staff-token');
    const live = stubSocketServer();
    const server = stubRoutes({
      [`GET ${apiPaths.secureAccessLead}`]: { body: opens },
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${leadApiPath}`]: { body: theLead },
      [`POST /api/leads/${theLead._id}/read`]: { status: 204 },
    });
    const { user } = openLink();

    expect(await screen.findByRole('heading', { name: 'Jordan Prospect' })).toBeTruthy();
    expect(screen.getByText('Secure link')).toBeTruthy();
    expect(screen.getByText(/^Expires at /)).toBeTruthy();
    expect(await screen.findByText('Acting as Dana Agent')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Back to dashboard' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Leasing console' })).toBeNull();
    expect(screen.getByPlaceholderText('Send a message to the lead')).toBeTruthy();
    // Calls ring a colleague's own phone: a link's visitor has none to ring.
    expect(screen.queryByRole('button', { name: /^Call / })).toBeNull();

    const sentWith = server.requests.map((request) => request.headers.get('Authorization'));
    expect(new Set(sentWith)).toEqual(new Set([`Bearer ${linkToken}`]));
    expect(localStorage.getItem(storageKeys.token)).toBe('staff-token');
    await waitFor(() => expect(live.socket.handshakes).toEqual([linkToken]));

    await user.click(screen.getByRole('button', { name: 'More actions' }));
    expect(await screen.findByRole('menuitem', { name: 'By SMS' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Share secure link' })).toBeNull();
  });

  it('goes to not-found once when the server refuses the link, without refreshing anything', async () => {
    const server = stubRoutes({
      [`GET ${apiPaths.secureAccessLead}`]: apiError(
        401,
        'UNAUTHORIZED',
        'This secure link has expired or is invalid. Ask for a new one.',
      ),
      [`GET ${apiPaths.me}`]: apiError(401, 'UNAUTHORIZED', 'expired'),
    });
    const { router } = openLink();

    expect(await screen.findByRole('heading', { name: 'Oops!' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/not-found');
    expect(server.requestsTo(apiPaths.refresh, 'POST')).toEqual([]);
    expect(localStorage.getItem(storageKeys.notFoundRedirect)).toBeNull();
  });

  it('goes to not-found when the pane asks for another lead and is refused', async () => {
    stubRoutes({
      [`GET ${apiPaths.secureAccessLead}`]: { body: opens },
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${leadApiPath}`]: apiError(403, 'FORBIDDEN', 'User is not permitted'),
    });
    const { router } = openLink();

    await waitFor(() => expect(router.state.location.pathname).toBe('/not-found'));
    expect(await screen.findByText('Something went wrong loading this content.')).toBeTruthy();
  });

  it("opens the pane a lead's URL asked for with the token, and ends on not-found when it is another lead", async () => {
    const other = lead({ _id: 'lead-2', pmsLeadId: 'L-2', name: 'Riley Other' });
    const otherApiPath = apiPaths.lead(other.propertyID, other.pmsLeadId);
    const server = stubRoutes({
      [`GET ${apiPaths.secureAccessLead}`]: { body: opens },
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${leadApiPath}`]: { body: theLead },
      [`GET ${otherApiPath}`]: apiError(403, 'FORBIDDEN', 'User is not permitted'),
    });
    const otherPane = `/properties/${other.propertyID}/leads/${other.pmsLeadId}/escalation`;
    const { router } = openLink(`${linkPath}&returnUrl=${encodeURIComponent(otherPane)}`);

    await waitFor(() => expect(router.state.location.pathname).toBe('/not-found'));
    expect(server.requestsTo(otherApiPath)).toHaveLength(1);
    expect(server.requestsTo(leadApiPath)).toEqual([]);
  });

  it('says so when the link has no access code', async () => {
    renderApp('/secure-access');
    expect(await screen.findByRole('heading', { name: 'This link is incomplete' })).toBeTruthy();
  });
});
