import { apiPaths } from '@leasing/contract';
import type { User, Workload, WorkloadCounts } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inboxItem } from '../../../features/inbox/testing/inbox-fixtures';
import { stubInboxLayout } from '../../../features/inbox/testing/stub-inbox-layout';
import { startSession } from '../../../lib/storage';
import { stubRoutes } from '../../../testing/fake-server';
import { agentUser, demoUser, properties } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const managerUser: User = { ...demoUser, _id: 'user-2', name: 'Marcus Reed', role: 'manager' };
const PRIYA = '7a1c2e3d-4b5f-4c6d-8e9f-0a1b2c3d4e5f';
const ALEX = '8b2d3f4e-5c6a-4d7e-9f0a-1b2c3d4e5f6a';
const AVA = '9c3e4f5a-6b7c-4d8e-9f0a-2b3c4d5e6f7a';
const NOAH = 'ad4f5a6b-7c8d-4e9f-8a0b-3c4d5e6f7a8b';

const counts = (overrides: Partial<WorkloadCounts> = {}): WorkloadCounts => ({
  openLeads: 0,
  needsReply: 0,
  oldestWaitingSince: null,
  followUpsDue: 0,
  openDecisions: 0,
  ...overrides,
});

const workload: Workload = {
  members: [
    {
      _id: ALEX,
      name: 'Alex Kim',
      role: 'agent',
      deactivated: false,
      ...counts({
        openLeads: 12,
        needsReply: 3,
        oldestWaitingSince: new Date(Date.now() - 5 * 3_600_000).toISOString(),
        followUpsDue: 2,
        openDecisions: 1,
      }),
    },
    {
      _id: PRIYA,
      name: 'Priya Shah',
      role: 'agent',
      deactivated: false,
      ...counts({ openLeads: 4 }),
    },
  ],
  unassigned: counts({ openLeads: 2, needsReply: 1 }),
  assistant: counts({ openLeads: 7 }),
};

function open(as: User, path = '/main/team/workload') {
  startSession('token');
  stubInboxLayout();
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: as },
    [`GET ${apiPaths.properties}`]: { body: properties },
    [`GET ${apiPaths.workload}`]: { body: workload },
    [`GET ${apiPaths.inbox}`]: {
      body: {
        items: [
          inboxItem({ _id: AVA, pmsLeadId: 'L-1', name: 'Ava Thompson' }),
          inboxItem({ _id: NOAH, pmsLeadId: 'L-2', name: 'Noah Kim' }),
        ],
        nextCursor: null,
      },
    },
    [`GET ${apiPaths.staff}`]: {
      body: [
        { _id: ALEX, name: 'Alex Kim', role: 'agent' },
        { _id: PRIYA, name: 'Priya Shah', role: 'agent' },
      ],
    },
    [`POST ${apiPaths.leadsOwner}`]: { body: { changed: 1 } },
  });
  return { ...renderApp(path), server };
}

describe('The team workload page', () => {
  it("shows a manager each person's load, and hands a lead of theirs to someone else", async () => {
    const { user, server } = open(managerUser);
    const table = await screen.findByRole('table', { name: 'Team workload' });
    const alexRow = within(table)
      .getByRole('button', { name: 'Alex Kim: show open leads' })
      .closest('tr')!;
    expect(
      within(alexRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Alex KimAgent', '12', '3', '5 h', '2', '1']);
    expect(within(table).getByRole('button', { name: 'Unassigned: show open leads' })).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Assistant: show open leads' })).toBeTruthy();

    await user.click(within(table).getByRole('button', { name: 'Alex Kim: show open leads' }));
    const section = await screen.findByRole('region', { name: "Alex Kim's open leads" });
    await within(section).findByRole('link', { name: /Ava Thompson/ });
    const asked = server.requestsTo(apiPaths.inbox).at(-1)!.url.searchParams;
    expect(asked.get('ownerId')).toBe(ALEX);
    expect(asked.get('status')?.split(',')).not.toContain('LEASED');
    expect(asked.get('status')?.split(',')).not.toContain('LOST');

    const reassign = within(section).getByRole('button', { name: 'Assign to…' });
    expect(reassign.hasAttribute('disabled')).toBe(true);
    await user.click(within(section).getByRole('checkbox', { name: 'Select Ava Thompson' }));
    await user.click(reassign);
    await user.click(await screen.findByRole('menuitem', { name: 'Priya Shah' }));
    await waitFor(() => expect(server.requestsTo(apiPaths.leadsOwner, 'POST')).toHaveLength(1));
    expect(server.requestsTo(apiPaths.leadsOwner, 'POST')[0]!.body).toEqual({
      leadIds: [AVA],
      owner: { kind: 'user', userId: PRIYA },
    });
    // The counts reload once the lead has moved.
    await waitFor(() => expect(server.requestsTo(apiPaths.workload)).toHaveLength(2));
  });

  it('narrows to one property from the picker', async () => {
    const { user, server } = open(managerUser);
    await screen.findByRole('table', { name: 'Team workload' });
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Property' }),
      properties[1]!._id,
    );
    await waitFor(() =>
      expect(server.requestsTo(apiPaths.workload).at(-1)!.url.searchParams.get('propertyId')).toBe(
        properties[1]!._id,
      ),
    );
  });

  it('is closed to an agent, who is told why, and nothing is asked of the server', async () => {
    const { server } = open(agentUser);
    expect(await screen.findByText(/Only managers and admins of your company/)).toBeTruthy();
    expect(server.requestsTo(apiPaths.workload)).toHaveLength(0);
  });

  it("puts the team's pages in a manager's menu, and keeps the admin's settings out", async () => {
    const { user } = open(managerUser, '/main/today');
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Workload' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Assignment' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Pipeline' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'API keys' })).toBeNull();
    expect(within(menu).queryByRole('menuitem', { name: 'Team' })).toBeNull();
  });

  it("keeps the team's pages out of an agent's menu", async () => {
    const { user } = open(agentUser, '/main/today');
    await user.click(await screen.findByRole('button', { name: /Account menu/ }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Templates' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'Workload' })).toBeNull();
  });
});
