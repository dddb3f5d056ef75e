import { apiPaths } from '@leasing/contract';
import type { User } from '@leasing/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startSession } from '../../../lib/storage';
import { stubRoutes } from '../../../testing/fake-server';
import { agentUser, demoUser } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render-app';

/**
 * The names of the menu's items and labels, in order. jsdom lays nothing out, so the dropdown's
 * positioning soon hides it as if its button had scrolled away: read it whether shown or not.
 */
async function openMenu(user: User): Promise<string[]> {
  startSession('token');
  stubRoutes({
    [`GET ${apiPaths.me}`]: { body: user },
    [`GET ${apiPaths.outbox}`]: { body: { items: [], nextCursor: null } },
  });
  const rendered = renderApp('/main/outbox');
  await rendered.user.click(await screen.findByRole('button', { name: /Account menu/ }));
  const menu = await screen.findByRole('menu', { hidden: true });
  return [...menu.querySelectorAll('[role="menuitem"], .mantine-Menu-label')].map(
    (element) => element.textContent ?? '',
  );
}

describe('user menu', () => {
  const personal = ['Unmatched messages', 'Templates', 'Reports'];
  const team = ['Leasing team', 'Workload', 'Assignment', 'Pipeline'];

  it('offers the settings pages to an admin', async () => {
    expect(await openMenu(demoUser)).toEqual([
      demoUser.email,
      ...personal,
      ...team,
      'Settings',
      'Outbox',
      'API keys',
      'Team',
      'Numbers',
      'Sources',
      'Webhooks',
      'Office hours',
      'Quiet hours',
      'Tour settings',
      'Tour availability',
      'Calls',
      'Audit',
      'My phone number',
      'Sign out',
    ]);
  });

  it("offers a manager the team's pages, tour availability and calls, not the admin's settings", async () => {
    expect(await openMenu({ ...demoUser, role: 'manager' })).toEqual([
      demoUser.email,
      ...personal,
      ...team,
      'Settings',
      'Tour availability',
      'Calls',
      'My phone number',
      'Sign out',
    ]);
  });

  it('leaves the settings pages out for an agent, tour availability and calls too', async () => {
    const items = await openMenu(agentUser);
    expect(items).toEqual([agentUser.email, ...personal, 'My phone number', 'Sign out']);
    expect(items).not.toContain('Tour availability');
    expect(items).not.toContain('Calls');
  });
});
