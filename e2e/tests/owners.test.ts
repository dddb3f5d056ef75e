import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO } from '../support/browser.js';
import { openLead } from '../support/leads.js';
import { useBrowserSession } from '../support/session.js';

const PRIYA = { email: 'priya@leasing.test', password: DEMO.password };
/** A demo lead nobody owns (README: the demo's owners). */
const MIA = 'Mia Davis';

describe('lead owners in the console', () => {
  const ui = useBrowserSession();

  const windowOf = (credentials: { email: string; password: string }) =>
    ui.signedInPage({ viewport: { width: 1280, height: 860 } }, credentials);
  const ownerLine = (page: Page) =>
    page.getByRole('group', { name: 'Owner' }).getByTestId('owner-state').textContent();

  it("lets an agent take an unassigned lead: every console sees the owner, and it moves to 'Mine'", async () => {
    const priya = await windowOf(PRIYA);
    const dana = await windowOf(DEMO);
    await openLead(priya, ui.server.url, MIA);
    await openLead(dana, ui.server.url, MIA);
    await expect.poll(() => ownerLine(dana)).toBe('Unassigned · assistant active');

    await priya
      .getByRole('group', { name: 'Owner' })
      .getByRole('button', { name: 'Assign to me' })
      .click();

    await expect.poll(() => ownerLine(priya)).toBe('You own this lead · assistant paused');
    // The other console hears it live: the owner line and the timeline event.
    await expect
      .poll(() => ownerLine(dana), { timeout: 10_000 })
      .toBe('Priya Shah owns this lead · assistant paused');
    await expect
      .poll(() => dana.getByText('Assigned to Priya Shah by Priya Shah').count(), {
        timeout: 10_000,
      })
      .toBe(1);

    // Priya's 'Mine' lists the lead; 'Unassigned' no longer does.
    await priya.goto(`${ui.server.url}/main/dashboard?owner=mine`);
    const leads = priya.getByRole('list', { name: 'Leads' });
    await expect
      .poll(() => leads.getByRole('link', { name: new RegExp(`^${MIA} `) }).count())
      .toBe(1);
    await priya.getByLabel('Whose leads').getByText('Unassigned', { exact: true }).click();
    await expect.poll(() => new URL(priya.url()).searchParams.get('owner')).toBe('unassigned');
    await expect.poll(() => leads.getByRole('link', { name: /^Liam Carter / }).count()).toBe(0);
    await expect
      .poll(() => leads.getByRole('link', { name: new RegExp(`^${MIA} `) }).count())
      .toBe(0);

    // The admin hands it back to the assistant from the pane.
    await dana.getByRole('button', { name: 'Hand back to assistant' }).click();
    await expect.poll(() => ownerLine(dana)).toBe('Assistant active');
  });

  it('assigns several selected inbox rows at once', async () => {
    const dana = await windowOf(DEMO);
    await dana.goto(`${ui.server.url}/main/dashboard?owner=unassigned`);
    const leads = dana.getByRole('list', { name: 'Leads' });
    await leads.getByRole('link').first().waitFor();
    const names = (await leads.getByRole('link').allTextContents()).length;
    expect(names).toBeGreaterThan(1);

    await dana.getByRole('button', { name: 'Select' }).click();
    const boxes = leads.getByRole('checkbox');
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    await expect.poll(() => dana.getByText('2 selected').isVisible()).toBe(true);
    await dana.getByRole('button', { name: 'Assign to me' }).click();
    await expect.poll(() => dana.getByText('2 leads assigned to you').isVisible()).toBe(true);

    await dana.getByLabel('Whose leads').getByText('Mine', { exact: true }).click();
    await expect
      .poll(() => leads.getByText('Owner: Dana Whitfield.').count(), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(3);
  });
});
