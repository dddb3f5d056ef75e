import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO } from '../support/browser.js';
import { useBrowserSession } from '../support/session.js';

/** The demo's agent and manager (README: one user of each role). */
const AGENT = { email: 'priya@leasing.test', password: 'leasing-demo' };
const MANAGER = { email: 'marcus@leasing.test', password: 'leasing-demo' };
const SETTINGS = [
  'API keys',
  'Numbers',
  'Team',
  'Assignment',
  'Pipeline',
  'Webhooks',
  'Office hours',
  'Quiet hours',
  'Audit',
];

describe('roles in the console', () => {
  const ui = useBrowserSession();

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

  it("shows Settings (API keys, Numbers, Team, Office hours, Audit) to an admin only; an agent's direct visit is refused", async () => {
    const admin = await console(DEMO);
    expect(await menuItems(admin)).toEqual(expect.arrayContaining(SETTINGS));
    await admin.context().close();

    for (const credentials of [AGENT, MANAGER]) {
      const page = await console(credentials);
      const items = await menuItems(page);
      expect(items).toContain('Sign out');
      for (const item of SETTINGS) expect(items).not.toContain(item);
      await page.goto(`${ui.server.url}/main/settings/team`);
      await expect
        .poll(() => page.getByText('User is not permitted').first().isVisible())
        .toBe(true);
      expect(await page.getByRole('table', { name: 'Team' }).count()).toBe(0);
      await page.context().close();
    }
  });

  it("signs an agent's open console out within seconds of an admin deactivating them", async () => {
    const agent = await console(AGENT);
    await expect
      .poll(() => agent.getByText('Maple Grove Apartments').first().isVisible())
      .toBe(true);

    const admin = await console(DEMO);
    await admin.goto(`${ui.server.url}/main/settings/team`);
    const row = admin.getByRole('row').filter({ hasText: 'Priya Shah' });
    await row.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Deactivate Priya Shah?' });
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
