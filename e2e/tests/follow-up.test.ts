import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, signIn } from '../support/browser.js';
import { startServer, type RunningServer } from '../support/server.js';

describe('follow-ups from the inbox', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    // A viewer in New York: the demo properties' Central clock is named with its times.
    context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      timezoneId: 'America/New_York',
    });
    page = await context.newPage();
    await signIn(page, server.url);
  });
  afterEach(() => context.close());

  it("sets 'Tomorrow 9:00 AM' on a row and shows it on the row and in the pane", async () => {
    await page.goto(`${server.url}/main/dashboard`);
    const list = page.getByRole('list', { name: 'Leads' });
    // A list item has no box of its own (its row is placed absolutely): wait for its link.
    const item = list.getByRole('listitem').first();
    await item.getByRole('link').first().waitFor();
    const name = (await item.getByRole('link').first().getAttribute('data-lead-name')) ?? '';
    expect(name).not.toBe('');

    await item.getByRole('button', { name: `Follow up with ${name}` }).click();
    await page.getByRole('menuitem', { name: 'Tomorrow 9:00 AM Central' }).click();
    const rowLink = page.getByRole('link', { name: new RegExp(`^${name} `) });
    const row = list.getByRole('listitem').filter({ has: rowLink });
    await expect
      .poll(() => row.getByText(/^Follow up \w{3} 9:00 AM Central$/).count(), { timeout: 10_000 })
      .toBe(1);

    await row.getByRole('link', { name: new RegExp(`^${name} `) }).click();
    const lights = page.getByRole('group', { name: 'Lights' });
    await expect
      .poll(() => lights.getByText(/^Follow up \w{3} 9:00 AM Central$/).count(), {
        timeout: 10_000,
      })
      .toBe(1);

    // 'Clear follow-up' is offered once one is set, and takes it away.
    await page
      .getByRole('button', { name: `Follow up with ${name}` })
      .last()
      .click();
    await page.getByRole('menuitem', { name: 'Clear follow-up' }).click();
    await expect.poll(() => lights.getByText(/^Follow up /).count(), { timeout: 10_000 }).toBe(0);

    // The keyboard: `f` opens the same menu in the pane.
    // The row's menu has closed (it fades out) before `f` opens the pane's.
    await expect
      .poll(() => page.getByRole('menuitem', { name: 'Tomorrow 9:00 AM Central' }).count())
      .toBe(0);
    await page.locator('body').press('f');
    await page.getByRole('menuitem', { name: 'In 3 days' }).click();
    await expect.poll(() => lights.getByText(/^Follow up /).count(), { timeout: 10_000 }).toBe(1);
  });

  it("opens the selected row's follow-up menu with f in the inbox", async () => {
    await page.goto(`${server.url}/main/dashboard`);
    const list = page.getByRole('list', { name: 'Leads' });
    await list.getByRole('listitem').first().getByRole('link').first().waitFor();
    // j selects the first row; f opens its menu.
    await page.locator('body').press('j');
    await page.locator('body').press('f');
    await expect
      .poll(() => page.getByRole('menuitem', { name: 'Tomorrow 9:00 AM Central' }).isVisible())
      .toBe(true);
  });
});
