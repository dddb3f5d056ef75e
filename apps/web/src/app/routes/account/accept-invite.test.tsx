import { apiPaths } from '@leasing/contract';
import type { Invitation, User } from '@leasing/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../../lib/storage';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { RouteAnswer } from '../../../testing/fake-server';
import { demoUser, properties } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const TOKEN = 'inv_9f3kQ2xLmZ';
const PAGE = `/account/accept-invite?token=${TOKEN}`;
const GOOD_PASSWORD = 'correct horse battery';

const invitation: Invitation = {
  email: 'nina@leasing.test',
  name: 'Nina New',
  role: 'manager',
  companyName: 'Riverside Living',
  expiresAt: '2026-11-29T12:00:00.000Z',
};

const nina: User = {
  ...demoUser,
  _id: 'user-9',
  email: invitation.email,
  name: invitation.name,
  role: 'manager',
};

function openPage(answer: RouteAnswer, routes: Record<string, RouteAnswer> = {}) {
  const server = stubRoutes({
    [`GET ${apiPaths.invitation(TOKEN)}`]: answer,
    // The dashboard behind a successful sign-in.
    [`GET ${apiPaths.properties}`]: { body: properties },
    [`GET ${apiPaths.inbox}`]: { body: { items: [], nextCursor: null } },
    ...routes,
  });
  return { ...renderApp(PAGE), server };
}

describe('accept-invite page', () => {
  it('says whom the invitation is for and where', async () => {
    const { server } = openPage({ body: invitation });
    expect(await screen.findByRole('heading', { name: 'Join your team' })).toBeTruthy();
    const form = await screen.findByRole('form', { name: 'Choose your password' });
    expect(form.textContent).toContain('You are invited to Riverside Living as nina@leasing.test.');
    expect(screen.getByText('This link works until Nov 29, 2026.')).toBeTruthy();
    expect(server.requestsTo(apiPaths.invitation(TOKEN))).toHaveLength(1);
  });

  it('refuses a short password and passwords that differ, on the fields, and sends nothing', async () => {
    const { user, server } = openPage({ body: invitation });
    const password = await screen.findByLabelText('Password');
    const repeat = screen.getByLabelText('Repeat password');

    await user.type(password, 'short');
    await user.type(repeat, 'short{Enter}');
    const tooShort = await screen.findByText('Use at least 12 characters');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(password.getAttribute('aria-describedby')?.split(/\s+/)).toContain(tooShort.id);
    expect(repeat.getAttribute('aria-invalid')).not.toBe('true');

    await user.clear(password);
    await user.type(password, GOOD_PASSWORD);
    await user.type(repeat, '-typo');
    await user.click(screen.getByRole('button', { name: 'Join and sign in' }));
    const differ = await screen.findByText('The passwords do not match');
    expect(repeat.getAttribute('aria-invalid')).toBe('true');
    expect(repeat.getAttribute('aria-describedby')?.split(/\s+/)).toContain(differ.id);
    expect(screen.queryByText('Use at least 12 characters')).toBeNull();
    expect(password.getAttribute('aria-invalid')).not.toBe('true');

    expect(server.requestsTo(apiPaths.invitationAccept(TOKEN), 'POST')).toHaveLength(0);
  });

  it('joins with a good password and opens the dashboard signed in', async () => {
    const { user, server, router } = openPage(
      { body: invitation },
      {
        [`POST ${apiPaths.invitationAccept(TOKEN)}`]: { body: { token: 'nina-token', user: nina } },
      },
    );
    const before = Date.now();
    await user.type(await screen.findByLabelText('Password'), GOOD_PASSWORD);
    await user.type(screen.getByLabelText('Repeat password'), `${GOOD_PASSWORD}{Enter}`);

    expect(await screen.findByRole('heading', { name: 'Leads' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/main/dashboard');
    expect(server.requestsTo(apiPaths.invitationAccept(TOKEN), 'POST')[0]?.body).toEqual({
      password: GOOD_PASSWORD,
    });
    expect(localStorage.getItem(storageKeys.token)).toBe('nina-token');
    expect(Number(localStorage.getItem(storageKeys.lastLogin))).toBeGreaterThanOrEqual(before);
    // Signed in as Nina, from the answer itself: no extra request for who she is.
    await waitFor(() => expect(screen.getByText(nina.name)).toBeTruthy());
    expect(server.requestsTo(apiPaths.me)).toHaveLength(0);
    const dashboardRequest = server.requestsTo(apiPaths.properties)[0];
    expect(dashboardRequest?.headers.get('Authorization')).toBe('Bearer nina-token');
  });

  it('says plainly when the invitation has expired, and offers no form', async () => {
    openPage(
      apiError(
        410,
        'INVITATION_EXPIRED',
        'This invitation has expired. Ask an admin of your company to invite you again.',
      ),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'This invitation has expired. Ask an admin of your company to invite you again.',
    );
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/account/login',
    );
  });

  it('says plainly when the invitation was already used', async () => {
    openPage(
      apiError(410, 'INVITATION_USED', 'This invitation has already been used. Sign in instead.'),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This invitation has already been used. Sign in instead.',
    );
    expect(screen.queryByRole('button', { name: 'Join and sign in' })).toBeNull();
  });

  it('says the link is not valid when the server does not know it', async () => {
    openPage(apiError(404, 'NOT_FOUND', 'Invitation not found'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This invitation link is not valid. Check that you opened the whole link from the email.',
    );
    expect(screen.queryByText('Invitation not found')).toBeNull();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('shows why joining failed when the invitation ran out while choosing', async () => {
    const { user, router } = openPage(
      { body: invitation },
      {
        [`POST ${apiPaths.invitationAccept(TOKEN)}`]: apiError(
          410,
          'INVITATION_EXPIRED',
          'This invitation has expired. Ask an admin of your company to invite you again.',
        ),
      },
    );
    await user.type(await screen.findByLabelText('Password'), GOOD_PASSWORD);
    await user.type(screen.getByLabelText('Repeat password'), `${GOOD_PASSWORD}{Enter}`);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This invitation has expired. Ask an admin of your company to invite you again.',
    );
    expect(router.state.location.pathname).toBe('/account/accept-invite');
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
  });
});
