import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO } from '../support/browser.js';
import type { StaffMember } from '../support/factories.js';
import { useBrowserSession } from '../support/session.js';
const SETTINGS = [
  'API keys',
  'Numbers',
  'Team',
  'Sources',
  'Webhooks',
  'Office hours',
  'Quiet hours',
  'Audit',
];
/** The team's pages: managers' and admins'. */
const TEAM_PAGES = ['Workload', 'Assignment', 'Pipeline'];

describe('roles in the console', () => {
  const ui = useBrowserSession();
  /** An agent and a manager of the test's own (the admin is the demo company's). */
  const colleagues = async (): Promise<[StaffMember, StaffMember]> => [
    await ui.make.staff({ role: 'agent', name: 'Priya Shah' }),
    await ui.make.staff({ role: 'manager', name: 'Marcus Lee' }),
  ];

  const console = (credentials: { email: string; password: string }) =>
    ui.signedInPage({ viewport: { width: 1280, height: 860 } }, credentials);
  const menuItems = async (page: Page) => {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect
      .poll(() => page.getByRole('menuitem', { name: 'Sign out' }).isVisible())
      .toBe(true);
    const names = await page.getByRole('menuitem').allTextContents();
    await page.keyboard.press('Escape');
    return names.map((name) => name.trim());
  };

  it("shows Settings (API keys, Numbers, Team, Office hours, Audit) to an admin only and the team's pages to managers too; an agent's direct visit is refused", async () => {
    const admin = await console(DEMO);
    expect(await menuItems(admin)).toEqual(expect.arrayContaining([...SETTINGS, ...TEAM_PAGES]));
    await admin.context().close();

    const [agent, manager] = await colleagues();
    for (const credentials of [agent, manager]) {
      const page = await console(credentials);
      const items = await menuItems(page);
      expect(items).toContain('Sign out');
      for (const item of SETTINGS) expect(items).not.toContain(item);
      if (credentials === manager) expect(items).toEqual(expect.arrayContaining(TEAM_PAGES));
      else for (const item of TEAM_PAGES) expect(items).not.toContain(item);
      await page.goto(`${ui.server.url}/main/settings/team`);
      await expect
        .poll(() => page.getByText('User is not permitted').first().isVisible())
        .toBe(true);
      expect(await page.getByRole('table', { name: 'Team' }).count()).toBe(0);
      await page.context().close();
    }
  });

  it('walks Outbox, Team, Numbers and Webhooks as each role: only an admin sees an invitation, masked, and the admin pages', async () => {
    const [agent, manager] = await colleagues();
    const invited = `new-admin-${Date.now()}@leasing.test`;
    const signIn = await fetch(`${ui.server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO),
    });
    const { token } = (await signIn.json()) as { token: string };
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${ui.server.url}${path}`, {
        ...init,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      });
    const invite = await api('/api/team/invitations', {
      method: 'POST',
      body: JSON.stringify({ name: 'New Admin', email: invited, role: 'admin' }),
    });
    expect(invite.status).toBe(201);
    // The invitation email is sent by a queue worker: wait until the sandbox outbox holds it.
    await expect
      .poll(async () => (await (await api('/api/outbox')).text()).includes(invited), {
        timeout: 20_000,
      })
      .toBe(true);

    const admin = await console(DEMO);
    await admin.goto(`${ui.server.url}/main/outbox`);
    const email = admin.getByRole('listitem').filter({ hasText: invited });
    await expect.poll(() => email.isVisible()).toBe(true);
    await expect
      .poll(() => email.getByRole('button', { name: 'Copy invitation link' }).isVisible())
      .toBe(true);
    // The link is masked: no token of any length is on the page.
    expect(await admin.locator('body').innerText()).not.toMatch(/token=[A-Za-z0-9_-]{8,}/);
    for (const [path, heading] of [
      ['/main/settings/team', 'Team'],
      ['/main/settings/numbers', 'Numbers'],
      ['/main/settings/webhooks', 'Webhooks'],
    ] as const) {
      await admin.goto(`${ui.server.url}${path}`);
      await expect
        .poll(() => admin.getByRole('heading', { name: heading, level: 1 }).isVisible())
        .toBe(true);
      expect(await admin.getByText('User is not permitted').count()).toBe(0);
    }
    await admin.context().close();

    for (const credentials of [agent, manager]) {
      const page = await console(credentials);
      // The sandbox outbox (and its 'Simulate reply') is an admin's tool: refused, nothing listed.
      for (const path of ['/main/outbox', '/main/settings/numbers', '/main/settings/webhooks']) {
        await page.goto(`${ui.server.url}${path}`);
        await expect
          .poll(() => page.getByText('User is not permitted').first().isVisible())
          .toBe(true);
      }
      expect(await page.getByText(invited).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Copy invitation link' }).count()).toBe(0);
      await page.context().close();
    }
  });

  it("signs an agent's open console out within seconds of an admin deactivating them", async () => {
    const property = await ui.make.property({ name: 'Maple Grove Apartments' });
    const AGENT = await ui.make.staff({ role: 'agent', name: 'Priya Shah' });
    const agent = await console(AGENT);
    await expect.poll(() => agent.getByText(property.name).first().isVisible()).toBe(true);

    const admin = await console(DEMO);
    await admin.goto(`${ui.server.url}/main/settings/team`);
    const row = admin.getByRole('row').filter({ hasText: AGENT.name });
    await row.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = admin.getByRole('dialog', { name: `Deactivate ${AGENT.name}?` });
    await dialog.getByRole('button', { name: 'Deactivate' }).click();
    await expect.poll(() => row.getByText('Deactivated').isVisible()).toBe(true);

    // The agent's console is signed out by the server, without the agent doing anything.
    await agent.waitForURL((url) => url.pathname === '/account/login', { timeout: 15_000 });
    expect(await agent.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // And cannot sign in again.
    await agent.getByRole('textbox', { name: 'Email' }).fill(AGENT.email);
    await agent.getByRole('textbox', { name: 'Password' }).fill(AGENT.password);
    await agent.getByRole('button', { name: 'Sign in' }).click();
    await expect
      .poll(() => agent.getByText('Email or password is incorrect.').isVisible())
      .toBe(true);
    await agent.context().close();
    await admin.context().close();
  });
});
