import { apiPaths } from '@leasing/contract';
import type { TeamMember } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { RouteAnswer } from '../../../testing/fake-server';
import { agentUser, demoUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const PAGE = '/main/settings/team';
const LAST_ADMIN_MESSAGE =
  'This is the last active admin of your company. Make someone else an admin first.';
const SELF_REASON = 'This is you: another admin can change your role or access.';
const LAST_ADMIN_REASON = 'The last active admin: make someone else an admin first.';

function member(overrides: Partial<TeamMember>): TeamMember {
  return {
    _id: '7b1d2c3e-0000-4000-a000-000000000001',
    name: 'Someone',
    email: 'someone@leasing.test',
    role: 'agent',
    status: 'active',
    lastSignInAt: null,
    invitationExpiresAt: null,
    ...overrides,
  };
}

// Dana is the signed-in admin (demoUser); the team list names her by the same id.
const dana = member({
  _id: demoUser._id,
  name: demoUser.name,
  email: demoUser.email,
  role: 'admin',
  lastSignInAt: '2026-11-22T15:05:00.000Z',
});
const marcus = member({
  _id: '7b1d2c3e-0000-4000-a000-000000000002',
  name: 'Marcus Lee',
  email: 'marcus@leasing.test',
  role: 'admin',
  lastSignInAt: '2026-11-20T12:00:00.000Z',
});
const priya = member({
  _id: '7b1d2c3e-0000-4000-a000-000000000003',
  name: 'Priya Shah',
  email: 'priya@leasing.test',
  role: 'agent',
  lastSignInAt: '2026-11-21T12:00:00.000Z',
});
const sam = member({
  _id: '7b1d2c3e-0000-4000-a000-000000000004',
  name: 'Sam Old',
  email: 'sam@leasing.test',
  role: 'manager',
  status: 'deactivated',
  lastSignInAt: null,
});
const invited = member({
  _id: '7b1d2c3e-0000-4000-a000-000000000005',
  name: 'Nina New',
  email: 'nina@leasing.test',
  role: 'manager',
  status: 'invited',
  invitationExpiresAt: '2026-11-29T12:00:00.000Z',
});

function openPage(list: RouteAnswer, routes: Record<string, RouteAnswer> = {}) {
  startSession('token');
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.team}`]: list,
    ...routes,
  });
  return { ...renderApp(PAGE), server };
}

function rowOf(table: HTMLElement, name: string): HTMLElement {
  const row = within(table).getByText(name).closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
}

function roleOf(row: HTMLElement, name: string): HTMLInputElement {
  return within(row).getByRole('combobox', { name: `Role of ${name}` }) as HTMLInputElement;
}

/** Opens a select and picks `label` from its own list (every select on the page keeps one). */
async function choose(
  user: ReturnType<typeof renderApp>['user'],
  combobox: HTMLElement,
  label: string,
) {
  await user.click(combobox);
  await waitFor(() => expect(combobox.getAttribute('aria-expanded')).toBe('true'));
  const listbox = document.getElementById(combobox.getAttribute('aria-controls') ?? '');
  if (!listbox) throw new Error('The select has no list');
  await user.click(within(listbox).getByRole('option', { name: label, hidden: true }));
}

describe('Team page', () => {
  it('lists the people with their role, status and last sign-in', async () => {
    openPage({ body: [dana, marcus, priya, sam, invited] });
    expect(await screen.findByRole('heading', { name: 'Team' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Team' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Person', 'Role', 'Status', 'Last sign-in', 'Access']);
    const [, ...rows] = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5);

    const danaRow = within(rowOf(table, 'Dana Agent'));
    expect(danaRow.getByText('demo@leasing.test')).toBeTruthy();
    expect(roleOf(rowOf(table, 'Dana Agent'), 'Dana Agent').value).toBe('Admin');
    expect(danaRow.getByText('Active')).toBeTruthy();
    expect(danaRow.getByText('Nov 22, 2026')).toBeTruthy();

    const priyaRow = within(rowOf(table, 'Priya Shah'));
    expect(priyaRow.getByText('priya@leasing.test')).toBeTruthy();
    expect(roleOf(rowOf(table, 'Priya Shah'), 'Priya Shah').value).toBe('Agent');
    expect(priyaRow.getByText('Active')).toBeTruthy();
    expect(priyaRow.getByText('Nov 21, 2026')).toBeTruthy();
    expect(priyaRow.getByRole('button', { name: 'Deactivate' })).toHaveProperty('disabled', false);

    const samRow = within(rowOf(table, 'Sam Old'));
    expect(roleOf(rowOf(table, 'Sam Old'), 'Sam Old').value).toBe('Manager');
    expect(samRow.getByText('Deactivated')).toBeTruthy();
    expect(samRow.getByText('Never')).toBeTruthy();
    expect(samRow.getByRole('button', { name: 'Reactivate' })).toBeTruthy();

    const ninaRow = within(rowOf(table, 'Nina New'));
    expect(ninaRow.getByText('Invited')).toBeTruthy();
    expect(ninaRow.getByText('Expires Nov 29, 2026')).toBeTruthy();
    expect(ninaRow.getByText('Never')).toBeTruthy();
    expect(ninaRow.queryByRole('button', { name: /Deactivate|Reactivate/ })).toBeNull();
    expect(
      ninaRow.getByRole('button', { name: 'Revoke the invitation for Nina New' }),
    ).toHaveProperty('disabled', false);
    expect(ninaRow.getByText('Invitation sent: they join when they accept it.')).toBeTruthy();
  });

  it('changes a role: sends the PATCH and shows the answer', async () => {
    const { user, server } = openPage(
      { body: [dana, priya] },
      {
        [`PATCH ${apiPaths.teamMember(priya._id)}`]: (request) => ({
          body: [dana, { ...priya, ...(request.body as { role: TeamMember['role'] }) }],
        }),
      },
    );
    const table = await screen.findByRole('table', { name: 'Team' });
    await choose(user, roleOf(rowOf(table, 'Priya Shah'), 'Priya Shah'), 'Manager');

    expect(await screen.findByText('Priya Shah is now manager.')).toBeTruthy();
    expect(
      server.requestsTo(apiPaths.teamMember(priya._id), 'PATCH').map((request) => request.body),
    ).toEqual([{ role: 'manager' }]);
    await waitFor(() =>
      expect(roleOf(rowOf(table, 'Priya Shah'), 'Priya Shah').value).toBe('Manager'),
    );
  });

  it('shows the server’s LAST_ADMIN refusal and keeps the role as it was', async () => {
    const { user, server } = openPage(
      { body: [dana, marcus] },
      {
        [`PATCH ${apiPaths.teamMember(marcus._id)}`]: apiError(
          409,
          'LAST_ADMIN',
          LAST_ADMIN_MESSAGE,
        ),
      },
    );
    const table = await screen.findByRole('table', { name: 'Team' });
    await choose(user, roleOf(rowOf(table, 'Marcus Lee'), 'Marcus Lee'), 'Agent');

    expect(await screen.findByText(LAST_ADMIN_MESSAGE)).toBeTruthy();
    expect(server.requestsTo(apiPaths.teamMember(marcus._id), 'PATCH')).toHaveLength(1);
    expect(screen.queryByText('Marcus Lee is now agent.')).toBeNull();
    await waitFor(() =>
      expect(roleOf(rowOf(table, 'Marcus Lee'), 'Marcus Lee').value).toBe('Admin'),
    );
  });

  it('deactivates someone only after confirmation', async () => {
    let team = [dana, priya];
    const { user, server } = openPage(() => ({ body: team }), {
      [`POST ${apiPaths.teamDeactivate(priya._id)}`]: () => {
        team = [dana, { ...priya, status: 'deactivated' }];
        return { body: team };
      },
    });
    const table = await screen.findByRole('table', { name: 'Team' });

    await user.click(
      within(rowOf(table, 'Priya Shah')).getByRole('button', { name: 'Deactivate' }),
    );
    let confirm = await screen.findByRole('dialog', { name: 'Deactivate Priya Shah?' });
    expect(within(confirm).getByText(/signed out everywhere within seconds/)).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requestsTo(apiPaths.teamDeactivate(priya._id), 'POST')).toHaveLength(0);

    await user.click(
      within(rowOf(table, 'Priya Shah')).getByRole('button', { name: 'Deactivate' }),
    );
    confirm = await screen.findByRole('dialog', { name: 'Deactivate Priya Shah?' });
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requestsTo(apiPaths.teamDeactivate(priya._id), 'POST')).toHaveLength(1);
    expect(await screen.findByText('Priya Shah was deactivated.')).toBeTruthy();
    const priyaRow = within(rowOf(table, 'Priya Shah'));
    expect(priyaRow.getByText('Deactivated')).toBeTruthy();
    expect(priyaRow.getByRole('button', { name: 'Reactivate' })).toBeTruthy();
  });

  it('revokes a pending invitation only after confirmation, and shows the team without it', async () => {
    let team = [dana, invited];
    const { user, server } = openPage(() => ({ body: team }), {
      [`POST ${apiPaths.teamInvitationRevoke(invited._id)}`]: () => {
        team = [dana];
        return { body: team };
      },
    });
    const table = await screen.findByRole('table', { name: 'Team' });
    const revoke = () =>
      within(rowOf(table, 'Nina New')).getByRole('button', {
        name: 'Revoke the invitation for Nina New',
      });

    await user.click(revoke());
    let confirm = await screen.findByRole('dialog', {
      name: 'Revoke the invitation for Nina New?',
    });
    expect(
      within(confirm).getByText(
        'Their invitation link stops working at once. You can invite them again later.',
      ),
    ).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requestsTo(apiPaths.teamInvitationRevoke(invited._id), 'POST')).toHaveLength(0);

    await user.click(revoke());
    confirm = await screen.findByRole('dialog', { name: 'Revoke the invitation for Nina New?' });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.requestsTo(apiPaths.teamInvitationRevoke(invited._id), 'POST')).toHaveLength(1);
    expect(await screen.findByText('The invitation for Nina New was revoked.')).toBeTruthy();
    await waitFor(() => expect(within(table).queryByText('Nina New')).toBeNull());
  });

  it('keeps your own controls closed and says why', async () => {
    const { user, server } = openPage({ body: [dana, marcus] });
    const table = await screen.findByRole('table', { name: 'Team' });
    const row = rowOf(table, 'Dana Agent');

    const role = within(row).getByRole('combobox', {
      name: 'Role of Dana Agent',
      description: SELF_REASON,
    });
    expect(role).toHaveProperty('disabled', true);
    const deactivate = within(row).getByRole('button', {
      name: 'Deactivate',
      description: SELF_REASON,
    });
    expect(deactivate).toHaveProperty('disabled', true);
    // Visible too, not only to screen readers.
    expect(within(row).getByText(SELF_REASON)).toBeTruthy();

    // Marcus is another admin: his controls are open.
    const marcusRow = rowOf(table, 'Marcus Lee');
    expect(roleOf(marcusRow, 'Marcus Lee')).toHaveProperty('disabled', false);
    expect(within(marcusRow).queryByText(LAST_ADMIN_REASON)).toBeNull();

    await user.click(deactivate);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it('keeps the last active admin’s controls closed and says why', async () => {
    // The list says Dana is an agent by now (another admin changed her): Marcus is the last admin.
    const { user, server } = openPage({ body: [{ ...dana, role: 'agent' }, marcus] });
    const table = await screen.findByRole('table', { name: 'Team' });
    const row = rowOf(table, 'Marcus Lee');

    const role = within(row).getByRole('combobox', {
      name: 'Role of Marcus Lee',
      description: LAST_ADMIN_REASON,
    });
    expect(role).toHaveProperty('disabled', true);
    const deactivate = within(row).getByRole('button', {
      name: 'Deactivate',
      description: LAST_ADMIN_REASON,
    });
    expect(deactivate).toHaveProperty('disabled', true);
    expect(within(row).getByText(LAST_ADMIN_REASON)).toBeTruthy();

    await user.click(deactivate);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it('shows a loading state, then an error with Retry', async () => {
    let fail = true;
    const { user } = openPage(() =>
      fail ? apiError(500, 'INTERNAL', 'Something went wrong on our side.') : { body: [dana] },
    );
    expect(await screen.findByRole('status', { name: 'Loading the team' })).toBeTruthy();
    expect(await screen.findByText('Could not load the team')).toBeTruthy();
    expect(screen.getByText('Something went wrong on our side.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    const table = await screen.findByRole('table', { name: 'Team' });
    expect(within(table).getByText('Dana Agent')).toBeTruthy();
  });

  it('says who to invite when nobody is listed', async () => {
    openPage({ body: [] });
    expect(await screen.findByText('Nobody here yet')).toBeTruthy();
    expect(screen.getByText('Invite a teammate to share the work.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Team' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Invite teammate' })).toBeTruthy();
  });

  it('is not open to an agent, who sees why and is not sent anywhere', async () => {
    startSession('token');
    const server = stubRoutes({ [`GET ${apiPaths.me}`]: { body: agentUser } });
    const { router } = renderApp(PAGE);
    expect(await screen.findByRole('heading', { name: 'User is not permitted' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite teammate' })).toBeNull();
    expect(server.requestsTo(apiPaths.team)).toHaveLength(0);
    expect(router.state.location.pathname).toBe(PAGE);
  });

  it('is reached from the user menu', async () => {
    startSession('token');
    stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${apiPaths.team}`]: { body: [dana] },
      [`GET ${apiPaths.outbox}`]: { body: { items: [], nextCursor: null } },
    });
    const { user, router } = renderApp('/main/outbox');
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Team' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(PAGE));
    expect(await screen.findByRole('heading', { name: 'Team' })).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Team' })).toBeTruthy();
  });
});

describe('Invite teammate', () => {
  async function openDialog(
    routes: Record<string, RouteAnswer> = {},
    list: RouteAnswer = { body: [dana] },
  ) {
    const opened = openPage(list, routes);
    await screen.findByRole('table', { name: 'Team' });
    await opened.user.click(screen.getByRole('button', { name: 'Invite teammate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite teammate' });
    return { ...opened, dialog };
  }

  it('refuses an empty form and a bad email in the contract’s words, and sends nothing', async () => {
    const { user, server, dialog } = await openDialog();
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    const email = within(dialog).getByRole('textbox', { name: 'Email' });

    await user.click(within(dialog).getByRole('button', { name: 'Send invite' }));
    expect(await within(dialog).findByText('Enter their name')).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Enter a valid email address')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');

    await user.type(name, 'Nina New');
    expect(within(dialog).queryByText('Enter their name')).toBeNull();
    await user.type(email, 'nina@');
    await user.click(within(dialog).getByRole('button', { name: 'Send invite' }));
    expect(await within(dialog).findByText('Enter a valid email address')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-invalid')).not.toBe('true');
    expect(server.requestsTo(apiPaths.teamInvitations, 'POST')).toHaveLength(0);
  });

  it('shows the server’s 409 on the email field', async () => {
    const { user, dialog } = await openDialog({
      [`POST ${apiPaths.teamInvitations}`]: {
        status: 409,
        body: {
          error: {
            code: 'EMAIL_TAKEN',
            message: 'marcus@leasing.test already has an account.',
            details: [{ path: 'body.email', message: 'already has an account' }],
          },
        },
      },
    });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Marcus Lee');
    const email = within(dialog).getByRole('textbox', { name: 'Email' });
    await user.type(email, 'marcus@leasing.test{Enter}');

    const error = await within(dialog).findByText('Already has an account.');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')?.split(/\s+/)).toContain(error.id);
    // Said on the field, so not again as an alert.
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Invite teammate' })).toBeTruthy();

    await user.type(email, 'x');
    expect(within(dialog).queryByText('Already has an account.')).toBeNull();
  });

  it('invites with the chosen role, says the email went out, and lists them', async () => {
    let team = [dana];
    const nina = invited;
    const { user, server, dialog } = await openDialog(
      {
        [`POST ${apiPaths.teamInvitations}`]: () => {
          team = [dana, nina];
          return { status: 201, body: nina };
        },
      },
      () => ({ body: team }),
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '  Nina New ');
    await user.type(within(dialog).getByRole('textbox', { name: 'Email' }), ' nina@leasing.test ');
    await choose(user, within(dialog).getByRole('combobox', { name: 'Role' }), 'Manager');
    await user.click(within(dialog).getByRole('button', { name: 'Send invite' }));

    expect(await screen.findByText('The invite email went out to nina@leasing.test.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      server.requestsTo(apiPaths.teamInvitations, 'POST').map((request) => request.body),
    ).toEqual([{ name: 'Nina New', email: 'nina@leasing.test', role: 'manager' }]);
    const table = screen.getByRole('table', { name: 'Team' });
    expect(await within(table).findByText('Nina New')).toBeTruthy();
    expect(within(rowOf(table, 'Nina New')).getByText('Invited')).toBeTruthy();

    // Opening it again starts over.
    await user.click(screen.getByRole('button', { name: 'Invite teammate' }));
    const again = await screen.findByRole('dialog', { name: 'Invite teammate' });
    expect((within(again).getByRole('textbox', { name: 'Email' }) as HTMLInputElement).value).toBe(
      '',
    );
  });
});
