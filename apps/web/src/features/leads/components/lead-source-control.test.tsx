import { apiPaths } from '@leasing/contract';
import type { Lead, LeadSource } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import type { RouteAnswer } from '../../../testing/fake-server';
import { agentUser, lead as leadFixture } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const zillow: LeadSource = {
  _id: '7b2e0c1a-0000-4000-a000-000000000001',
  name: 'Zillow',
  leadCount: 4,
  numberCount: 1,
};
const walkIn: LeadSource = {
  ...zillow,
  _id: '7b2e0c1a-0000-4000-a000-000000000002',
  name: 'Walk-in',
};
const refOf = ({ _id, name }: LeadSource) => ({ _id, name });

function openLead(lead: Lead, routes: Record<string, RouteAnswer> = {}) {
  startSession('token');
  // Any staff member may set it: an agent here.
  const server = stubRoutes({
    [`GET ${apiPaths.me}`]: { body: agentUser },
    [`GET ${apiPaths.lead(lead.propertyID, lead.pmsLeadId)}`]: { body: lead },
    [`GET ${apiPaths.leadSources}`]: { body: { items: [zillow, walkIn] } },
    ...routes,
  });
  const rendered = renderApp(
    `/properties/${lead.propertyID}/leads/${encodeURIComponent(lead.pmsLeadId)}/escalation`,
  );
  return { ...rendered, server };
}

async function sourceSelect() {
  const lead = within(await screen.findByRole('region', { name: 'Lead' }));
  return lead.getByRole('combobox', { name: 'Source' }) as HTMLInputElement;
}

describe("the lead's source in the pane", () => {
  it('shows where the lead came from and changes it from the list', async () => {
    const lead = leadFixture({ source: refOf(zillow) });
    const { user, server } = openLead(lead, {
      [`PUT ${apiPaths.leadSourceOfLead(lead._id)}`]: (request) => {
        const { sourceId } = request.body as { sourceId: string | null };
        const source = [zillow, walkIn].find((item) => item._id === sourceId);
        return { body: { source: source ? refOf(source) : null } };
      },
    });
    const select = await sourceSelect();
    expect(select.value).toBe('Zillow');

    await user.click(select);
    await waitFor(() => expect(select.getAttribute('aria-expanded')).toBe('true'));
    const listbox = document.getElementById(select.getAttribute('aria-controls') ?? '')!;
    expect(
      within(listbox)
        .getAllByRole('option', { hidden: true })
        .map((option) => option.textContent),
    ).toEqual(['No source', 'Zillow', 'Walk-in']);
    await user.click(within(listbox).getByRole('option', { name: 'Walk-in', hidden: true }));
    await waitFor(() => expect(select.value).toBe('Walk-in'));

    // From the keyboard: type to find it, Enter to take it.
    await user.clear(select);
    await user.type(select, 'no so');
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(select.value).toBe('No source'));
    expect(
      server.requestsTo(apiPaths.leadSourceOfLead(lead._id), 'PUT').map((request) => request.body),
    ).toEqual([{ sourceId: walkIn._id }, { sourceId: null }]);
  });

  it('keeps the source and says why when the server refuses the change', async () => {
    const lead = leadFixture({ source: null });
    const { user } = openLead(lead, {
      [`PUT ${apiPaths.leadSourceOfLead(lead._id)}`]: apiError(
        404,
        'NOT_FOUND',
        'Source not found.',
      ),
    });
    const select = await sourceSelect();
    expect(select.value).toBe('No source');
    await user.click(select);
    await waitFor(() => expect(select.getAttribute('aria-expanded')).toBe('true'));
    const listbox = document.getElementById(select.getAttribute('aria-controls') ?? '')!;
    await user.click(within(listbox).getByRole('option', { name: 'Zillow', hidden: true }));
    expect(await screen.findByText('Source not found.')).toBeTruthy();
    await waitFor(() => expect(select.value).toBe('No source'));
  });
});
