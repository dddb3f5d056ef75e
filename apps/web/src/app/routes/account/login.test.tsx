import { apiPaths } from '@leasing/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storageKeys } from '../../../lib/storage';
import { stubRoutes } from '../../../testing/fake-server';
import { demoUser, properties } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const loginRoute = `POST ${apiPaths.login}`;

function signedInRoutes() {
  return {
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.properties}`]: { body: properties },
    [`GET ${apiPaths.propertyLeads(properties[0]!._id)}`]: {
      body: { items: [], nextCursor: null },
    },
  };
}

describe('login page', () => {
  it('focuses the email field', async () => {
    stubRoutes({});
    renderApp('/account/login');

    const email = await screen.findByLabelText('Email');
    expect(document.activeElement).toBe(email);
  });

  it('shows the validation messages and sends nothing when the form is incomplete', async () => {
    const server = stubRoutes({});
    const { user } = renderApp('/account/login');

    await user.click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Enter your password')).toBeTruthy();
    expect(server.requestsTo(apiPaths.login, 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(screen.queryByText('Enter your password')).toBeNull();
  });

  it("shows the server's message for wrong credentials", async () => {
    stubRoutes({
      [loginRoute]: {
        status: 401,
        body: {
          error: { code: 'INVALID_CREDENTIALS', message: 'Email or password is incorrect.' },
        },
      },
    });
    const { user, router } = renderApp('/account/login');

    await user.type(await screen.findByLabelText('Email'), 'demo@leasing.test');
    await user.type(screen.getByLabelText('Password'), 'wrong{Enter}');

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Email or password is incorrect.',
    );
    expect(localStorage.getItem(storageKeys.token)).toBeNull();
    expect(router.state.location.pathname).toBe('/account/login');
  });

  it("shows the server's message when sign-in attempts are rate limited", async () => {
    stubRoutes({
      [loginRoute]: {
        status: 429,
        headers: { 'Retry-After': '60' },
        body: {
          error: { code: 'RATE_LIMITED', message: 'Too many attempts. Try again in 1 minute.' },
        },
      },
    });
    const { user } = renderApp('/account/login');

    await user.type(await screen.findByLabelText('Email'), 'demo@leasing.test');
    await user.type(screen.getByLabelText('Password'), 'secret{Enter}');

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Too many attempts. Try again in 1 minute.',
    );
  });

  it('signs in with Enter, stores the token and sign-in time, and opens the dashboard', async () => {
    const server = stubRoutes({
      ...signedInRoutes(),
      [loginRoute]: { body: { token: 'id-token', user: demoUser } },
    });
    const { user, router } = renderApp('/account/login');
    const before = Date.now();

    await user.type(await screen.findByLabelText('Email'), ' demo@leasing.test ');
    await user.type(screen.getByLabelText('Password'), 'leasing-demo{Enter}');

    expect(await screen.findByRole('heading', { name: 'Leads' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/main/dashboard');
    expect(localStorage.getItem(storageKeys.token)).toBe('id-token');
    expect(Number(localStorage.getItem(storageKeys.lastLogin))).toBeGreaterThanOrEqual(before);
    expect(server.requestsTo(apiPaths.login, 'POST')[0]?.body).toEqual({
      email: 'demo@leasing.test',
      password: 'leasing-demo',
    });
    // The user came with the sign-in answer: no extra request for it.
    await waitFor(() => expect(screen.getByText(demoUser.name)).toBeTruthy());
    expect(server.requestsTo(apiPaths.me)).toHaveLength(0);
  });

  it('continues to a safe returnUrl after signing in', async () => {
    stubRoutes({
      ...signedInRoutes(),
      [loginRoute]: { body: { token: 'id-token', user: demoUser } },
    });
    const { user, router } = renderApp(
      `/account/login?returnUrl=${encodeURIComponent(`/main/dashboard?property=${properties[1]!._id}`)}`,
    );

    await user.type(await screen.findByLabelText('Email'), 'demo@leasing.test');
    await user.type(screen.getByLabelText('Password'), 'leasing-demo{Enter}');

    await waitFor(() =>
      expect(router.state.location.search).toBe(`?property=${properties[1]!._id}`),
    );
  });

  it('ignores a returnUrl that leaves the site', async () => {
    stubRoutes({
      ...signedInRoutes(),
      [loginRoute]: { body: { token: 'id-token', user: demoUser } },
    });
    const { user, router } = renderApp('/account/login?returnUrl=//evil.test/phish');

    await user.type(await screen.findByLabelText('Email'), 'demo@leasing.test');
    await user.type(screen.getByLabelText('Password'), 'leasing-demo{Enter}');

    await waitFor(() => expect(router.state.location.pathname).toBe('/main/dashboard'));
  });
});
