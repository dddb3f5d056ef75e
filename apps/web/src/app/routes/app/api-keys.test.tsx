import {
  API_KEY_EXPIRY_IN_PAST,
  API_KEY_SCOPES_REQUIRED,
  apiKeyScopeInfo,
  apiKeyScopes,
  apiPaths,
} from '@leasing/contract';
import type { ApiKey } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { RouteAnswer } from '../../../testing/fake-server';
import { agentUser, demoUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const PAGE = '/main/settings/api-keys';
const NEW_KEY = 'lk_Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5';

function apiKey(overrides: Partial<ApiKey>): ApiKey {
  return {
    _id: '3f0c2b1a-0000-4000-a000-000000000001',
    name: 'Yardi sync',
    prefix: 'lk_AbCdEfG',
    createdAt: '2026-11-20T15:05:00.000Z',
    createdByUserName: 'Dana Agent',
    lastUsedAt: '2026-11-22T16:30:00.000Z',
    revokedAt: null,
    scopes: ['events:write'],
    expiresAt: null,
    ...overrides,
  };
}

const yardi = apiKey({});
const oldBot = apiKey({
  _id: '3f0c2b1a-0000-4000-a000-000000000002',
  name: 'Old phone bot',
  prefix: 'lk_OldOldO',
  createdAt: '2026-11-21T09:15:00.000Z',
  createdByUserName: null,
  lastUsedAt: null,
  revokedAt: '2026-11-21T10:00:00.000Z',
});

function openPage(list: RouteAnswer, routes: Record<string, RouteAnswer> = {}) {
  startSession('token');
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.apiKeys}`]: list,
    ...routes,
  });
  return { ...renderApp(PAGE), server };
}

describe('API keys page', () => {
  it('lists the keys, live ones first, with who made them and when they were last used', async () => {
    openPage({ body: [oldBot, yardi] });
    expect(await screen.findByRole('heading', { name: 'API keys' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'API keys' });
    const [, first, second] = within(table).getAllByRole('row');

    const live = within(first!);
    expect(live.getByText('Yardi sync')).toBeTruthy();
    expect(live.getByText('lk_AbCdEfG…')).toBeTruthy();
    expect(live.getByText('by Dana Agent')).toBeTruthy();
    expect(live.getByText(/^Nov 22, 2026, \d{1,2}:30 (AM|PM)$/)).toBeTruthy();
    expect(live.getByText('Active')).toBeTruthy();
    expect(live.getByRole('button', { name: 'Revoke Yardi sync' })).toBeTruthy();

    const revoked = within(second!);
    expect(revoked.getByText('Old phone bot')).toBeTruthy();
    expect(revoked.getByText('on the command line')).toBeTruthy();
    expect(revoked.getByText('Never')).toBeTruthy();
    expect(revoked.getByText('Revoked')).toBeTruthy();
    expect(revoked.getByText(/^Nov 21, 2026, \d{1,2}:00 (AM|PM)$/)).toBeTruthy();
    expect(revoked.queryByRole('button', { name: /Revoke/ })).toBeNull();

    const reference = screen.getByRole('link', { name: /API reference/ });
    expect(reference.getAttribute('href')).toBe('/api/docs');
  });

  it('creates a key and shows it once, with a copy button and the warning', async () => {
    let keys: ApiKey[] = [];
    const created = apiKey({
      _id: '3f0c2b1a-0000-4000-a000-000000000003',
      name: 'Assistant',
      prefix: NEW_KEY.slice(0, 10),
      lastUsedAt: null,
    });
    const { user, server } = openPage(() => ({ body: keys }), {
      [`POST ${apiPaths.apiKeys}`]: () => {
        keys = [created];
        return { status: 201, body: { apiKey: created, key: NEW_KEY } };
      },
    });
    expect(await screen.findByText('No API keys yet')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    const create = within(dialog).getByRole('button', { name: 'Create key' });
    expect(create).toHaveProperty('disabled', true);
    const reason = document.getElementById(create.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('Name the key first');
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), '  Assistant ');
    await user.click(within(dialog).getByRole('checkbox', { name: /Write leads and events/ }));
    await user.click(create);

    const shown = await within(dialog).findByRole('textbox', { name: 'API key' });
    expect((shown as HTMLInputElement).value).toBe(NEW_KEY);
    expect(within(dialog).getByText('Copy this key now. It will not be shown again.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(NEW_KEY);
    expect(server.requestsTo(apiPaths.apiKeys, 'POST').map((request) => request.body)).toEqual([
      { name: 'Assistant', scopes: ['events:write'] },
    ]);

    // The list behind the dialog already has the new key, never the key itself.
    const table = await screen.findByRole('table', { name: 'API keys' });
    expect(within(table).getByText('Assistant')).toBeTruthy();
    expect(within(table).queryByText(NEW_KEY)).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByDisplayValue(NEW_KEY)).toBeNull();

    // Opening the dialog again starts over: the key is gone for good.
    await user.click(screen.getByRole('button', { name: 'Create API key' }));
    const again = await screen.findByRole('dialog', { name: 'Create API key' });
    expect(within(again).queryByRole('textbox', { name: 'API key' })).toBeNull();
    expect((within(again).getByRole('textbox', { name: /Name/ }) as HTMLInputElement).value).toBe(
      '',
    );
  });

  it('shows why a key could not be created, in the dialog', async () => {
    const { user } = openPage(
      { body: [] },
      {
        [`POST ${apiPaths.apiKeys}`]: apiError(
          400,
          'VALIDATION',
          'body.name: At most 100 characters',
        ),
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'PMS');
    await user.click(within(dialog).getByRole('checkbox', { name: /Write leads and events/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('body.name: At most 100 characters')).toBeTruthy();
    expect(within(dialog).queryByRole('textbox', { name: 'API key' })).toBeNull();
  });

  it('revokes a key only after confirmation', async () => {
    const { user, server } = openPage(
      { body: [yardi] },
      {
        [`DELETE ${apiPaths.apiKey(yardi._id)}`]: {
          body: { ...yardi, revokedAt: '2026-11-22T17:00:00.000Z' },
        },
      },
    );
    const table = await screen.findByRole('table', { name: 'API keys' });

    await user.click(within(table).getByRole('button', { name: 'Revoke Yardi sync' }));
    let confirm = await screen.findByRole('dialog', { name: 'Revoke API key?' });
    expect(within(confirm).getByText(/will be refused from their next request/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requestsTo(apiPaths.apiKey(yardi._id), 'DELETE')).toHaveLength(0);
    expect(within(table).getByText('Active')).toBeTruthy();

    await user.click(within(table).getByRole('button', { name: 'Revoke Yardi sync' }));
    confirm = await screen.findByRole('dialog', { name: 'Revoke API key?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requestsTo(apiPaths.apiKey(yardi._id), 'DELETE')).toHaveLength(1);
    expect(await within(table).findByText('Revoked')).toBeTruthy();
    expect(within(table).queryByRole('button', { name: 'Revoke Yardi sync' })).toBeNull();
  });

  it('shows a loading state, then an error with Retry', async () => {
    let fail = true;
    const { user } = openPage(() =>
      fail ? apiError(500, 'INTERNAL', 'Something went wrong on our side.') : { body: [yardi] },
    );
    expect(await screen.findByRole('status', { name: 'Loading API keys' })).toBeTruthy();
    expect(await screen.findByText('Could not load the API keys')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Yardi sync')).toBeTruthy();
  });

  it('is reached from the user menu', async () => {
    startSession('token');
    stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${apiPaths.apiKeys}`]: { body: [] },
      [`GET ${apiPaths.outbox}`]: { body: { items: [], nextCursor: null } },
    });
    const { user, router } = renderApp('/main/outbox');
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'API keys' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(PAGE));
    expect(await screen.findByRole('heading', { name: 'API keys' })).toBeTruthy();
  });
});

/** The end of the calendar day `daysAhead` from today, where the admin is, and its input value. */
function dayAhead(daysAhead: number) {
  const date = new Date();
  date.setDate(date.getDate() + daysAhead);
  const pad = (value: number) => String(value).padStart(2, '0');
  const input = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  date.setHours(23, 59, 59, 999);
  return { input, expiresAt: date.toISOString() };
}

describe('API key scopes and expiry', () => {
  async function openDialog(routes: Record<string, RouteAnswer> = {}) {
    const opened = openPage({ body: [] }, routes);
    await opened.user.click(await screen.findByRole('button', { name: 'Create API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create API key' });
    await opened.user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Portal');
    return { ...opened, dialog };
  }

  it('offers every scope with what it allows, and sends none until one is chosen', async () => {
    const { user, server, dialog } = await openDialog({
      [`POST ${apiPaths.apiKeys}`]: { status: 201, body: { apiKey: yardi, key: NEW_KEY } },
    });
    const group = within(dialog).getByRole('group', { name: /What the key may do/ });
    expect(within(group).getAllByRole('checkbox')).toHaveLength(apiKeyScopes.length);
    for (const scope of apiKeyScopes) {
      expect(
        within(group).getByRole('checkbox', { name: apiKeyScopeInfo[scope].label }),
      ).toBeTruthy();
      expect(within(group).getByText(apiKeyScopeInfo[scope].description)).toBeTruthy();
    }

    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText(API_KEY_SCOPES_REQUIRED)).toBeTruthy();
    expect(server.requestsTo(apiPaths.apiKeys, 'POST')).toEqual([]);

    await user.click(within(group).getByRole('checkbox', { name: 'Act as a colleague' }));
    expect(within(dialog).queryByText(API_KEY_SCOPES_REQUIRED)).toBeNull();
    await user.click(within(group).getByRole('checkbox', { name: 'Create access links' }));
    const { input, expiresAt } = dayAhead(30);
    await user.type(within(dialog).getByLabelText(/Expires on/), input);
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    expect(await within(dialog).findByRole('textbox', { name: 'API key' })).toBeTruthy();
    expect(server.requestsTo(apiPaths.apiKeys, 'POST').map((request) => request.body)).toEqual([
      { name: 'Portal', scopes: ['links:create', 'act-as'], expiresAt },
    ]);
  });

  it('refuses an expiry in the past in the contract’s words, and sends nothing', async () => {
    const { user, server, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Write leads and events' }));
    await user.type(within(dialog).getByLabelText(/Expires on/), dayAhead(-2).input);
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText(API_KEY_EXPIRY_IN_PAST)).toBeTruthy();
    expect(server.requestsTo(apiPaths.apiKeys, 'POST')).toEqual([]);
  });

  it('shows the server’s field errors on the scopes and the expiry', async () => {
    const { user, dialog } = await openDialog({
      [`POST ${apiPaths.apiKeys}`]: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'scopes: Too small; expiresAt: too late',
            details: [
              { path: 'body.scopes', message: 'The server wants a scope' },
              { path: 'body.expiresAt', message: 'The server wants a sooner day' },
            ],
          },
        },
      },
    });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read leads' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    const group = within(dialog).getByRole('group', { name: /What the key may do/ });
    // On the field: the group is described by the error.
    const scopeError = await within(dialog).findByText('The server wants a scope');
    expect(scopeError.id).not.toBe('');
    expect(group.getAttribute('aria-describedby')?.split(/\s+/)).toContain(scopeError.id);
    const expiry = within(dialog).getByLabelText(/Expires on/);
    expect(expiry.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('The server wants a sooner day')).toBeTruthy();
    // Said on the fields, so not again above the buttons.
    expect(within(dialog).queryByText('scopes: Too small; expiresAt: too late')).toBeNull();
  });

  it('lists each key’s scopes as badges, and when it expires or that it has', async () => {
    const lasting = apiKey({
      scopes: ['events:write', 'links:create', 'act-as'],
      expiresAt: '2099-12-01T12:00:00.000Z',
    });
    const expired = apiKey({
      _id: '3f0c2b1a-0000-4000-a000-000000000004',
      name: 'Old portal',
      scopes: ['leads:read'],
      expiresAt: '2026-11-01T12:00:00.000Z',
    });
    openPage({ body: [lasting, expired] });
    const table = await screen.findByRole('table', { name: 'API keys' });
    const [, first, second] = within(table).getAllByRole('row');

    const live = within(first!);
    const badges = live.getByRole('list', { name: 'Scopes' });
    expect(
      within(badges)
        .getAllByRole('listitem')
        .map((badge) => badge.textContent),
    ).toEqual(['events:write', 'links:create', 'act-as']);
    expect(live.getByText('Active')).toBeTruthy();
    expect(live.getByText('Expires Dec 1, 2099')).toBeTruthy();
    expect(live.queryByText('Expired')).toBeNull();

    const over = within(second!);
    expect(
      within(over.getByRole('list', { name: 'Scopes' }))
        .getAllByRole('listitem')
        .map((badge) => badge.textContent),
    ).toEqual(['leads:read']);
    const badge = over.getByLabelText('Expired on Nov 1, 2026');
    expect(badge.textContent).toBe('Expired');
    expect(badge.getAttribute('style')).toContain('red');
    expect(over.queryByText('Active')).toBeNull();
  });
});

describe('API keys page for a non-admin', () => {
  it('says the user is not permitted, asks nothing of the server and offers the way back', async () => {
    startSession('token');
    const server = stubRoutes({ [`GET ${apiPaths.me}`]: { body: agentUser } });
    const { user, router } = renderApp(PAGE);
    expect(await screen.findByRole('heading', { name: 'User is not permitted' })).toBeTruthy();
    expect(screen.getByText(/Only admins of your company can open this page/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'API keys' })).toBeNull();
    expect(server.requestsTo(apiPaths.apiKeys)).toHaveLength(0);
    expect(router.state.location.pathname).toBe(PAGE);

    await user.click(screen.getByRole('link', { name: 'Back to the dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/main/dashboard'));
  });
});
