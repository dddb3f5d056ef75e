import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { bundleApiClient } from '../support/api-client-bundle.js';
import { launchBrowser, OTHER, signIn } from '../support/browser.js';
import { factoriesFor } from '../support/factories.js';
import { sharedServer, type RunningServer } from '../support/server.js';

describe('web shell: sign-in, guards and the HTTP client', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  /**
   * A lead of another company, made through the API by that company's admin: the demo's second
   * company (no public API makes a company).
   */
  const otherCompanyLead = async () => {
    const lead = await factoriesFor(server.url, OTHER).lead();
    return { propertyId: lead.propertyID, pmsLeadId: lead.pmsLeadId };
  };

  beforeAll(async () => {
    server = sharedServer(inject('sharedServerUrl'));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
  });
  afterEach(() => context.close());

  // About the demo itself: its account signs in and sees its first property.
  it('signs in with the demo account and lands on the dashboard with the properties', async () => {
    await signIn(page, server.url);
    await expect
      .poll(() => page.getByText('Maple Grove Apartments').first().isVisible())
      .toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^ey/);
    expect(Number(await page.evaluate(() => localStorage.getItem('lastLogin')))).toBeGreaterThan(
      Date.now() - 60_000,
    );
  });

  it('shows a clear error for a wrong password and stays on the login page', async () => {
    const person = await factoriesFor(server.url).staff({ role: 'agent' });
    await page.goto(`${server.url}/account/login`);
    await page.getByRole('textbox', { name: 'Email' }).fill(person.email);
    await page.getByRole('textbox', { name: 'Password' }).fill('wrong-password');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByText('Email or password is incorrect.').isVisible())
      .toBe(true);
    expect(new URL(page.url()).pathname).toBe('/account/login');
  });

  it('sends a signed-in user from /account/login to the dashboard', async () => {
    await signIn(page, server.url);
    await page.goto(`${server.url}/account/login`);
    await page.waitForURL('**/main/dashboard**');
  });

  it('sends a signed-out visitor of a conversation URL to /account/login', async () => {
    const { propertyId, pmsLeadId } = await otherCompanyLead();
    await page.goto(`${server.url}/properties/${propertyId}/leads/${pmsLeadId}/escalation`);
    await page.waitForURL((url) => url.pathname === '/account/login');
  });

  it('redirects an unknown path to the account area', async () => {
    await page.goto(`${server.url}/no/such/page`);
    await page.waitForURL((url) => url.pathname === '/account/login');
  });

  it('shows /not-found only once after the one-time flag is set', async () => {
    await page.goto(`${server.url}/not-found`);
    await page.waitForURL((url) => url.pathname === '/account/login');

    await page.evaluate(() => localStorage.setItem('notFoundRedirect', 'true'));
    await page.goto(`${server.url}/not-found`);
    for (const text of [
      'Oops!',
      'Something went wrong loading this content.',
      'Please try again.',
    ]) {
      await expect.poll(() => page.getByText(text, { exact: true }).isVisible()).toBe(true);
    }
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/account/login');
  });

  it('opens a lead, survives an expired ID token through the refresh cookie, and is still signed in after reload', async () => {
    const ava = await factoriesFor(server.url).lead({ name: 'Ava Thompson' });
    await signIn(page, server.url);
    await page.goto(`${server.url}/main/dashboard?property=${ava.property._id}`);
    await page.getByText(ava.name).first().click();
    await page.waitForURL(/\/escalation(\?|$)/);
    await expect
      .poll(() => page.getByRole('heading', { name: ava.name }).first().isVisible())
      .toBe(true);

    await page.evaluate(() => localStorage.setItem('token', 'expired.id.token'));
    await page.reload();
    await expect
      .poll(() => page.getByRole('heading', { name: ava.name }).first().isVisible())
      .toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^ey/);
  });

  it('answers ten concurrent requests that meet 401 and 403 with exactly one refresh', async () => {
    await signIn(page, server.url);
    const foreign = await otherCompanyLead();
    // A same-origin page without the app, so only the client under test makes requests.
    await page.goto(`${server.url}/healthz`);
    await page.addScriptTag({ content: await bundleApiClient() });
    const refreshes: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/auth/refresh')) refreshes.push(request.method());
    });
    await page.evaluate(() => localStorage.setItem('token', 'expired.id.token'));

    const results = await page.evaluate(async (foreignPropertyId) => {
      const { apiRequest } = (
        window as unknown as {
          leasingApiClient: { apiRequest: (path: string) => Promise<unknown> };
        }
      ).leasingApiClient;
      const calls = Array.from({ length: 10 }, (_, i) =>
        apiRequest(i < 7 ? '/api/properties' : `/api/properties/${foreignPropertyId}/leads`).then(
          () => 'ok',
          (error: { status: number }) => `error ${error.status}`,
        ),
      );
      return Promise.all(calls);
    }, foreign.propertyId);

    expect(refreshes).toEqual(['POST']);
    expect(results).toEqual([...Array(7).fill('ok'), ...Array(3).fill('error 403')]);
  });

  it("shows the toast 'User is not permitted' with Close and one message for another company's lead", async () => {
    const { propertyId, pmsLeadId } = await otherCompanyLead();
    await signIn(page, server.url);
    await page.goto(`${server.url}/properties/${propertyId}/leads/${pmsLeadId}/escalation`);
    const message = page.getByText('This lead does not exist or belongs to another company');
    await expect.poll(() => message.isVisible()).toBe(true);
    expect(await message.count()).toBe(1);
    const toast = page.locator('.mantine-Notifications-root');
    await expect.poll(() => toast.getByText('User is not permitted').isVisible()).toBe(true);
    await toast.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => toast.getByText('User is not permitted').count()).toBe(0);
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await page.waitForURL((url) => url.pathname === '/main/dashboard');
  });

  it('signs the user out when the last sign-in is older than the session limit', async () => {
    await signIn(page, server.url);
    await page.evaluate(() =>
      localStorage.setItem('lastLogin', String(Date.now() - 13 * 60 * 60 * 1000)),
    );
    await page.goto(`${server.url}/main/dashboard`);
    await page.waitForURL((url) => url.pathname === '/account/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
