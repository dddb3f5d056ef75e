import { apiPaths } from '@leasing/contract';
import type { Me } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { stubRoutes } from '../../../testing/fake-server';
import type { RouteAnswer } from '../../../testing/fake-server';
import { agentUser, demoUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const SAVED = 'Phone number saved';

/** The signed-in person opens 'My phone number' from the account menu. */
async function openMyPhone(me: Me, routes: Record<string, RouteAnswer> = {}) {
  startSession('token');
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: me },
    [`GET ${apiPaths.outbox}`]: { body: { items: [], nextCursor: null } },
    ...routes,
  });
  const rendered = renderApp('/main/outbox');
  await rendered.user.click(await screen.findByRole('button', { name: /Account menu/ }));
  // jsdom lays nothing out: the dropdown's positioning soon hides it as if scrolled away.
  await rendered.user.click(
    await screen.findByRole('menuitem', { name: 'My phone number', hidden: true }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Your phone number' });
  const field = within(dialog).getByRole('textbox', { name: 'Phone number' });
  return { ...rendered, server, dialog, field };
}

/** What the field's description and error say, as a screen reader reads them after its name. */
const descriptionOf = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe("'My phone number' in the account menu", () => {
  it.each([
    ['an agent', agentUser],
    ['a manager', { ...demoUser, role: 'manager' } as Me],
    ['an admin', demoUser],
  ])('opens the phone dialog for %s', async (_who, me) => {
    const { dialog, field } = await openMyPhone(me);
    expect(descriptionOf(field)).toContain('+15125550100');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeTruthy();
    // Nothing to remove yet.
    expect(within(dialog).queryByRole('button', { name: 'Remove' })).toBeNull();
  });

  it('saves the number as typed in E.164, and the app knows it at once', async () => {
    const { user, server, dialog, field } = await openMyPhone(agentUser, {
      [`PATCH ${apiPaths.me}`]: ({ body }) => ({
        body: { ...agentUser, ...(body as { phone: string }) },
      }),
    });

    await user.type(field, '1 (512) 555-0100');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(SAVED)).toBeTruthy();
    expect(server.requestsTo(apiPaths.me, 'PATCH').map((request) => request.body)).toEqual([
      { phone: '+15125550100' },
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Your phone number' })).toBeNull(),
    );

    // Opened again: the number saved, with 'Remove', and no second read of the profile.
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    await user.click(
      await screen.findByRole('menuitem', { name: 'My phone number', hidden: true }),
    );
    const again = await screen.findByRole('dialog', { name: 'Your phone number' });
    expect(within(again).getByRole('textbox', { name: 'Phone number' })).toHaveProperty(
      'value',
      '+15125550100',
    );
    expect(within(again).getByRole('button', { name: 'Remove' })).toBeTruthy();
    expect(server.requestsTo(apiPaths.me)).toHaveLength(1);
  });

  it("shows the server's reason beside the field when it refuses the number", async () => {
    const refusal = 'is a number calls come in on: give the phone you answer';
    const { user, dialog, field } = await openMyPhone(demoUser, {
      [`PATCH ${apiPaths.me}`]: {
        status: 400,
        body: {
          error: {
            code: 'VALIDATION',
            message: 'The request is not valid.',
            details: [{ path: 'body.phone', message: refusal }],
          },
        },
      },
    });

    await user.type(field, '+15125550199');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(descriptionOf(field)).toContain(refusal));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(SAVED)).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Your phone number' })).toBeTruthy();

    // Typing again clears it.
    await user.type(field, '8');
    expect(descriptionOf(field)).not.toContain(refusal);
  });

  it('names a number without its country code before sending it', async () => {
    const { user, server, dialog, field } = await openMyPhone(demoUser);

    await user.type(field, '555-0100');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(descriptionOf(field)).toContain(
      'Enter the number with its country code, like +15125550100',
    );
    expect(server.requestsTo(apiPaths.me, 'PATCH')).toHaveLength(0);
  });

  it("removes one's phone", async () => {
    const me = { ...agentUser, phone: '+15125550100' };
    const { user, server, dialog, field } = await openMyPhone(me, {
      [`PATCH ${apiPaths.me}`]: { body: { ...me, phone: null } },
    });
    expect(field).toHaveProperty('value', '+15125550100');

    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Phone number removed')).toBeTruthy();
    expect(server.requestsTo(apiPaths.me, 'PATCH').map((request) => request.body)).toEqual([
      { phone: null },
    ]);
  });
});
