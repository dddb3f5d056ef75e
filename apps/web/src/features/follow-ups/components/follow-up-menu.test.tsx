import { apiPaths } from '@leasing/contract';
import type { FollowUpResponse, Lead } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { stubRoutes } from '../../../testing/fake-server';
import type { RouteAnswer } from '../../../testing/fake-server';
import { demoUser, lead as leadFixture } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const noLights = {
  needsReply: false,
  waitingSince: null,
  followUpOverdue: false,
  noContact48h: false,
  speedToLead: null,
};

function openLead(lead: Lead, routes: Record<string, RouteAnswer> = {}) {
  startSession('token');
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: demoUser },
    [`GET ${apiPaths.lead(lead.propertyID, lead.pmsLeadId)}`]: { body: lead },
    [`POST ${apiPaths.leadRead(lead._id)}`]: { status: 204 },
    ...routes,
  });
  const rendered = renderApp(
    `/properties/${lead.propertyID}/leads/${encodeURIComponent(lead.pmsLeadId)}/escalation`,
  );
  return { ...rendered, server };
}

/** The pane settled (its notes loaded, the lead marked read): nothing moves focus away from the menu any more. */
async function paneSettled(lead: Lead, server: ReturnType<typeof stubRoutes>) {
  await screen.findByRole('region', { name: 'Notes' });
  await waitFor(() =>
    expect(server.requestsTo(apiPaths.leadRead(lead._id), 'POST')).toHaveLength(1),
  );
}

describe('follow-up on the pane', () => {
  it("sets 'In 2 hours' for the lead", async () => {
    const lead = leadFixture();
    const answer: FollowUpResponse = { followUpAt: '2030-01-01T00:00:00.000Z', lights: noLights };
    const { user, server } = openLead(lead, {
      [`PUT ${apiPaths.leadFollowUp(lead._id)}`]: { body: answer },
    });
    await paneSettled(lead, server);
    await user.click(await screen.findByRole('button', { name: `Follow up with ${lead.name}` }));
    const inTwoHours = await screen.findByRole('menuitem', { name: 'In 2 hours' });
    const before = Date.now();
    await user.click(inTwoHours);
    await waitFor(() =>
      expect(server.requestsTo(apiPaths.leadFollowUp(lead._id), 'PUT')).toHaveLength(1),
    );
    const body = server.requestsTo(apiPaths.leadFollowUp(lead._id), 'PUT')[0]?.body as {
      dueAt: string;
    };
    const offset = Date.parse(body.dueAt) - before;
    expect(offset).toBeGreaterThan(2 * 3_600_000 - 5_000);
    expect(offset).toBeLessThan(2 * 3_600_000 + 5_000);
  });

  it('shows the follow-up (overdue in words, not colour alone), the waiting time, and clears it', async () => {
    const waitingSince = new Date(Date.now() - 12 * 60_000).toISOString();
    const lead = leadFixture({
      followUpAt: '2026-11-19T15:00:00.000Z',
      lights: {
        needsReply: true,
        waitingSince,
        followUpOverdue: true,
        noContact48h: false,
        speedToLead: { state: 'amber', dueAt: new Date(Date.now() + 3 * 60_000).toISOString() },
      },
    });
    const { user, server } = openLead(lead, {
      [`PUT ${apiPaths.leadFollowUp(lead._id)}`]: {
        body: { followUpAt: null, lights: noLights } satisfies FollowUpResponse,
      },
    });
    const lights = await screen.findByRole('group', { name: 'Lights' });
    expect(within(lights).getByText('Needs reply · 12 min')).toBeTruthy();
    expect(within(lights).getByText(/^Overdue · Follow up /)).toBeTruthy();
    await paneSettled(lead, server);
    await user.click(screen.getByRole('button', { name: `Follow up with ${lead.name}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Clear follow-up' }));
    await waitFor(() =>
      expect(server.requestsTo(apiPaths.leadFollowUp(lead._id), 'PUT')[0]?.body).toEqual({
        dueAt: null,
      }),
    );
  });

  it('refuses a picked time in the past before asking the server', async () => {
    const lead = leadFixture();
    const { user, server } = openLead(lead);
    await paneSettled(lead, server);
    await user.click(await screen.findByRole('button', { name: `Follow up with ${lead.name}` }));
    await user.click(await screen.findByRole('menuitem', { name: 'Pick a date and time…' }));
    const dialog = await screen.findByRole('dialog', { name: `Follow up with ${lead.name}` });
    const input = within(dialog).getByLabelText(/Date and time/);
    await user.type(input, '2020-01-01T09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Set follow-up' }));
    expect(await within(dialog).findByText('Pick a time in the future')).toBeTruthy();
    expect(server.requestsTo(apiPaths.leadFollowUp(lead._id), 'PUT')).toHaveLength(0);
  });
});
