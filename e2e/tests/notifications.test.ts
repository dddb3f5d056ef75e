import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFakeTwilio, type FakeTwilio } from '../../apps/server/src/test/fake-twilio.js';
import { DEMO } from '../support/browser.js';
import { ownedBy } from '../support/factories.js';
import { postInboundSms } from '../support/inbound.js';
import { useBrowserSession } from '../support/session.js';

const SHARED_NUMBER = '+15125550000';

describe('notifications and keyboard shortcuts in the browser', () => {
  let twilioFake: FakeTwilio;
  let page: Page;

  beforeAll(async () => {
    twilioFake = await startFakeTwilio();
  });
  afterAll(async () => {
    await twilioFake?.close();
  });
  const ui = useBrowserSession({ env: () => twilioFake.env(SHARED_NUMBER) });
  beforeAll(async () => {
    page = await ui.signedInPage({ viewport: { width: 1280, height: 860 } }, DEMO);
  });

  /** Makes the signed-in demo user the owner of `name`, through the owner API. */
  const takeLead = (leadId: string) =>
    page.evaluate(async (leadId) => {
      const headers = {
        authorization: `Bearer ${localStorage.getItem('token')}`,
        'content-type': 'application/json',
      };
      const me = (await (await fetch('/api/me', { headers })).json()) as { _id: string };
      const answer = await fetch(`/api/leads/${leadId}/owner`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ owner: { kind: 'user', userId: me._id } }),
      });
      if (!answer.ok) throw new Error(`assigning answered ${answer.status}`);
    }, leadId);

  it('rings the bell and the tab title live when a lead the user owns texts', async () => {
    // Isabella texts her property's own number.
    const property = await ui.make.propertyWithNumber({ own: ownedBy(twilioFake) });
    // No first text an hour ago: a lead waiting that long would also ring the bell (speed to lead).
    const isabella = await ui.make.lead({ name: 'Isabella Garcia', property, firstText: null });
    const ISABELLA = { name: isabella.name, phone: isabella.phone! };
    await takeLead(isabella._id);
    await page.goto(`${ui.server.url}/main/dashboard`);
    const bell = page.getByRole('button', { name: /^Notifications/ });
    await bell.waitFor();
    const before = await bell.getAttribute('aria-label');
    const unreadBefore = Number(before?.match(/(\d+) unread/)?.[1] ?? 0);

    await postInboundSms(ui.server.url, twilioFake.authToken, {
      from: ISABELLA.phone,
      to: property.smsNumber!,
      body: 'Can I see the two-bedroom on Saturday?',
    });

    const unread = unreadBefore + 1;
    await expect
      .poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 })
      .toBe(`Notifications, ${unread} unread`);
    await expect.poll(() => page.title()).toBe(`(${unread}) Leasing console`);

    await bell.click();
    const item = page.getByRole('button', {
      name: `Unread: ${ISABELLA.name} wrote: Can I see the two-bedroom on Saturday?`,
    });
    await item.click();
    await page.waitForURL(/\/escalation(\?|$)/);
    await page.getByRole('heading', { name: ISABELLA.name }).first().waitFor();
    await expect
      .poll(() => bell.getAttribute('aria-label'))
      .toBe(unread > 1 ? `Notifications, ${unread - 1} unread` : 'Notifications');
  });

  it('moves through the inbox with j and k, never while typing, and lists shortcuts with ?', async () => {
    // A queue of the test's own: two leads on a property of their own.
    const { property } = await ui.make.lead({ name: 'Ava Thompson' });
    await ui.make.lead({ name: 'Liam Carter', property });
    await page.goto(`${ui.server.url}/main/dashboard?property=${property._id}`);
    const rows = page.getByRole('list', { name: 'Leads' }).getByRole('link');
    await rows.first().waitFor();
    const [first, second] = [
      await rows.nth(0).getAttribute('data-lead-name'),
      await rows.nth(1).getAttribute('data-lead-name'),
    ];
    const focusedRow = () =>
      page.evaluate(() => document.activeElement?.getAttribute('data-lead-name') ?? null);

    await page.keyboard.press('j');
    await expect.poll(focusedRow).toBe(first);
    await page.keyboard.press('j');
    await expect.poll(focusedRow).toBe(second);
    await page.keyboard.press('k');
    await expect.poll(focusedRow).toBe(first);

    await page.keyboard.press('/');
    const search = page.getByRole('textbox', { name: 'Search leads' });
    await expect
      .poll(() => search.evaluate((input) => input === document.activeElement))
      .toBe(true);
    await page.keyboard.type('jk');
    expect(await search.inputValue()).toBe('jk');
    await page.keyboard.press('Escape');
    await search.fill('');
    await search.blur();

    await page.keyboard.press('Shift+Slash');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    expect(await dialog.getByRole('term').allTextContents()).toContain('Next lead');
  });
});
