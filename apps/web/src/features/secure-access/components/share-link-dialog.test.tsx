import { apiPaths } from '@leasing/contract';
import type { AccessLink } from '@leasing/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { stubRoutes } from '../../../testing/fake-server';
import { demoUser, lead } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

const theLead = lead();
const leadPagePath = `/properties/${theLead.propertyID}/leads/${encodeURIComponent(theLead.pmsLeadId)}/escalation`;

describe('Share secure link (pane more-menu)', () => {
  it('creates a link for the chosen time and shows it with Copy and its expiry', async () => {
    startSession('token');
    const link: AccessLink = {
      url: 'http://localhost:3000/secure-access?access_token=a.b.c',
      token: 'a.b.c',
      expiresAt: new Date(Date.now() + 2 * 60 * 60_000).toISOString(),
    };
    const server = stubRoutes({
      [`GET ${apiPaths.me}`]: { body: demoUser },
      [`GET ${apiPaths.lead(theLead.propertyID, theLead.pmsLeadId)}`]: { body: theLead },
      [`POST /api/leads/${theLead._id}/read`]: { status: 204 },
      [`POST ${apiPaths.leadAccessLinks(theLead._id)}`]: { body: link },
    });
    const { user } = renderApp(leadPagePath);
    await screen.findByRole('heading', { name: 'Jordan Prospect' });

    await user.click(screen.getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Share secure link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share secure link' });
    expect(within(dialog).getByText(/open Jordan Prospect's conversation as you/)).toBeTruthy();
    expect(server.requestsTo(apiPaths.leadAccessLinks(theLead._id), 'POST')).toEqual([]);

    await user.click(within(dialog).getByText('2 hours'));
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    const field = await within(dialog).findByRole('textbox', { name: 'Secure link' });
    expect((field as HTMLInputElement).value).toBe(link.url);
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(within(dialog).getByText(/^Expires at .*\d:\d\d (AM|PM)$/)).toBeTruthy();
    const [request] = server.requestsTo(apiPaths.leadAccessLinks(theLead._id), 'POST');
    expect(request?.body).toEqual({ ttlSeconds: 7200 });
  });
});
