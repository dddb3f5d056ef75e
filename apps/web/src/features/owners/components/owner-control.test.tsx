import { apiPaths } from '@leasing/contract';
import type { Lead, LeadOwner, StaffMember, User } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { RouteAnswer } from '../../../testing/fake-server';
import {
  demoUser as fixtureUser,
  lead as leadFixture,
  leadSummary,
} from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

// Owner choices carry user UUIDs (the request schema checks them).
const demoUser: User = { ...fixtureUser, _id: '9b2f6a52-5d43-4c1e-9a0e-2f1d7c3b8a01' };
const ALEX_ID = '3c1d2e4f-6a7b-4c8d-9e0f-1a2b3c4d5e6f';
const alex = { kind: 'user', userId: ALEX_ID, name: 'Alex Kim' } as const;
const staff: StaffMember[] = [
  { _id: ALEX_ID, name: 'Alex Kim', role: 'agent' },
  { _id: demoUser._id, name: demoUser.name, role: demoUser.role },
];

function openLead(owner: LeadOwner, me: User = demoUser, routes: Record<string, RouteAnswer> = {}) {
  const lead: Lead = leadFixture({ owner });
  startSession('token');
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: me },
    [`GET ${apiPaths.lead(lead.propertyID, lead.pmsLeadId)}`]: { body: lead },
    [`GET ${apiPaths.staff}`]: { body: staff },
    ...routes,
  });
  const rendered = renderApp(
    `/properties/${lead.propertyID}/leads/${encodeURIComponent(lead.pmsLeadId)}/escalation`,
  );
  return { ...rendered, server, lead };
}

const ownerGroup = async () => within(await screen.findByRole('group', { name: 'Owner' }));

describe('the lead owner in the pane', () => {
  it("says the assistant works an unowned lead, and 'Assign to me' takes it", async () => {
    const lead = leadFixture();
    const { user, server } = openLead({ kind: 'assistant' }, demoUser, {
      [`PUT ${apiPaths.leadOwner(lead._id)}`]: {
        body: leadSummary({
          _id: lead._id,
          owner: { kind: 'user', userId: demoUser._id, name: demoUser.name },
        }),
      },
    });
    const owner = await ownerGroup();
    expect(owner.getByText('Assistant active')).toBeTruthy();
    expect(owner.queryByRole('button', { name: 'Hand back to assistant' })).toBeNull();

    await user.click(await owner.findByRole('button', { name: 'Assign to me' }));

    await waitFor(() => expect(owner.getByText('You · assistant paused')).toBeTruthy());
    expect(server.requestsTo(apiPaths.leadOwner(lead._id), 'PUT')[0]?.body).toEqual({
      owner: { kind: 'user', userId: demoUser._id },
    });
    expect(owner.getByRole('button', { name: 'Hand back to assistant' })).toBeTruthy();
    expect(owner.queryByRole('button', { name: 'Assign to me' })).toBeNull();
  });

  it('names a colleague who owns the lead and hands it back to the assistant', async () => {
    const lead = leadFixture();
    const { user, server } = openLead(alex, demoUser, {
      [`PUT ${apiPaths.leadOwner(lead._id)}`]: {
        body: leadSummary({ _id: lead._id, owner: { kind: 'assistant' } }),
      },
    });
    const owner = await ownerGroup();
    expect(owner.getByText('Alex Kim · assistant paused')).toBeTruthy();
    await user.click(owner.getByRole('button', { name: 'Hand back to assistant' }));
    await waitFor(() => expect(owner.getByText('Assistant active')).toBeTruthy());
    expect(server.requestsTo(apiPaths.leadOwner(lead._id), 'PUT')[0]?.body).toEqual({
      owner: { kind: 'assistant' },
    });
  });

  it("keeps an agent from taking a colleague's lead, and says why", async () => {
    const agent: User = { ...demoUser, role: 'agent' };
    const { server, lead } = openLead(alex, agent);
    const owner = await ownerGroup();
    // Shown once the console knows who is signed in (read beside the lead).
    const take = await owner.findByRole('button', { name: 'Assign to me' });
    expect(take).toHaveProperty('disabled', true);
    const reasonId = take.getAttribute('aria-describedby');
    expect(reasonId && document.getElementById(reasonId)?.textContent).toBe(
      'Alex Kim owns this lead: only managers and admins can reassign it',
    );
    expect(server.requestsTo(apiPaths.leadOwner(lead._id), 'PUT')).toHaveLength(0);
  });

  it('picks another owner from the menu and shows what the server refused', async () => {
    const lead = leadFixture();
    const { user } = openLead({ kind: 'unassigned' }, demoUser, {
      [`PUT ${apiPaths.leadOwner(lead._id)}`]: apiError(
        400,
        'VALIDATION',
        'owner.userId: is not an active member of your team',
      ),
    });
    const owner = await ownerGroup();
    expect(owner.getByText('Unassigned · assistant active')).toBeTruthy();
    await user.click(owner.getByRole('button', { name: 'Change owner' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Alex Kim' }));
    expect(
      await screen.findByText('owner.userId: is not an active member of your team'),
    ).toBeTruthy();
    expect(owner.getByText('Unassigned · assistant active')).toBeTruthy();
  });
});
