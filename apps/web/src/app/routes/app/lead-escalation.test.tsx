import { apiPaths } from '@leasing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { apiError, stubRoutes } from '../../../testing/fake-server';
import { demoUser, lead } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const theLead = lead();
const leadApiPath = apiPaths.lead(theLead.propertyID, theLead.pmsLeadId);
const leadPagePath = `/properties/${theLead.propertyID}/leads/${encodeURIComponent(theLead.pmsLeadId)}/escalation`;

describe('lead escalation page', () => {
  it('shows who the lead is, how to reach them and the conversation info', async () => {
    startSession('token');
    stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${leadApiPath}`]: { body: theLead },
    });
    renderApp(leadPagePath);

    expect(await screen.findByRole('heading', { name: 'Jordan Prospect' })).toBeTruthy();
    expect(screen.getByText('Maple Court')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to dashboard' }).getAttribute('href')).toBe(
      `/main/dashboard?property=${theLead.propertyID}`,
    );
    expect(screen.getByText('+1 555 0100')).toBeTruthy();
    expect(screen.getByText('SMS: Opted in')).toBeTruthy();
    expect(screen.getByText('Email: Opted out')).toBeTruthy();

    expect(screen.getByRole('tab', { name: 'Conversation info' })).toBeTruthy();
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('Jordan Prospect')).toBeTruthy();
    expect(within(panel).getByText('Scheduled tour')).toBeTruthy();
    expect(within(panel).getByText(/^Nov 24, 2026, \d{1,2}:30 (AM|PM)$/)).toBeTruthy();
  });

  it('reloads the lead when the same URL is opened again', async () => {
    startSession('token');
    const server = stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${leadApiPath}`]: { body: theLead },
    });
    const { router } = renderApp(leadPagePath);
    await screen.findByRole('heading', { name: 'Jordan Prospect' });
    expect(server.requestsTo(leadApiPath)).toHaveLength(1);

    await router.navigate(leadPagePath);

    await waitFor(() => expect(server.requestsTo(leadApiPath)).toHaveLength(2));
  });

  it('shows the 403 toast with Close, and an error in place of the lead', async () => {
    startSession('token');
    const server = stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`POST ${apiPaths.refresh}`]: { body: { token: 'new-token' } },
      [`GET ${leadApiPath}`]: apiError(403, 'FORBIDDEN', 'User is not permitted'),
    });
    const { user } = renderApp(leadPagePath);

    expect(await screen.findByText('This lead is not available to you')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    const toast = screen
      .getAllByText('User is not permitted')
      .find((element) => element.closest('.mantine-Notification-root'));
    expect(toast).toBeTruthy();
    expect(server.requestsTo(leadApiPath)).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(document.querySelector('.mantine-Notification-root')).toBeNull());
  });

  it('says when the link does not name a valid lead', async () => {
    startSession('token');
    stubRoutes({ [`GET ${apiPaths.me}`]: { body: demoUser } });
    renderApp('/properties/not-a-uuid/leads/L-1/escalation');

    expect(await screen.findByText('This lead link is not valid')).toBeTruthy();
  });
});
