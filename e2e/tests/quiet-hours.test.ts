import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DEMO, launchBrowser, signIn } from '../support/browser.js';
import { openLead } from '../support/leads.js';
import { setQuietHours, startServer, type RunningServer } from '../support/server.js';

describe("quiet hours: a text outside the lead's allowed hours", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("asks to schedule it, and 'Send now' sends it (audited)", async () => {
    // One allowed minute a day: whenever this runs, it is (all but surely) outside it.
    await setQuietHours(server.url, DEMO, {
      start: '00:00',
      end: '00:01',
      stateRules: true,
      allowSendNow: true,
    });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server.url);
    await openLead(page, server.url, 'Ava Thompson');
    await expect.poll(() => page.getByText('Local time', { exact: true }).count()).toBe(1);

    await page.getByPlaceholder('Send a message to the lead').fill('Are you free for a tour?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();

    const prompt = page.getByRole('alert', { name: "Outside the lead's allowed hours" });
    await prompt.waitFor();
    expect(await prompt.getByText(/^It's /).textContent()).toMatch(
      /^It's \d{1,2}:\d{2} (AM|PM) for Ava \([A-Za-z ]+\)\. Send at 12:00 AM their time\?$/,
    );
    const schedule = prompt.getByRole('button', { name: 'Schedule' });
    await expect
      .poll(() => schedule.evaluate((element) => element === document.activeElement))
      .toBe(true);
    // Nothing was sent yet.
    expect(
      await page
        .locator('[data-event-type="SMS"]', { hasText: 'Are you free for a tour?' })
        .count(),
    ).toBe(0);

    await prompt.getByRole('button', { name: 'Send now' }).click();
    await page
      .locator('[data-event-type="SMS"]', { hasText: 'Are you free for a tour?' })
      .waitFor();
    await expect.poll(() => prompt.count()).toBe(0);

    const audit = await page.evaluate(async () => {
      const response = await fetch('/api/audit?action=quiet_hours.overridden', {
        headers: { authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      return (await response.json()) as { items: { lead: { name: string } | null }[] };
    });
    expect(audit.items.map((item) => item.lead?.name)).toEqual(['Ava Thompson']);
    await context.close();
  });

  it("'Schedule' holds the text until the lead's allowed hours begin", async () => {
    await setQuietHours(server.url, DEMO, {
      start: '00:00',
      end: '00:01',
      stateRules: true,
      allowSendNow: false,
    });
    // A viewer in New York: the lead's Central clock is named, and the viewer's own time follows.
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      timezoneId: 'America/New_York',
    });
    const page = await context.newPage();
    await signIn(page, server.url);
    await openLead(page, server.url, 'Liam Carter');
    await page.getByPlaceholder('Send a message to the lead').fill('Tour slots for Saturday?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();

    const prompt = page.getByRole('alert', { name: "Outside the lead's allowed hours" });
    await prompt.waitFor();
    // The company forbids 'Send now': the button says why it is off.
    expect(await prompt.getByRole('button', { name: 'Send now' }).isDisabled()).toBe(true);
    await prompt.getByRole('button', { name: 'Schedule' }).click();

    const bubble = page.locator('[data-event-type="SMS"]', { hasText: 'Tour slots for Saturday?' });
    const note = bubble.getByRole('group', { name: 'Scheduled message' });
    await note.waitFor();
    expect(await note.textContent()).toMatch(
      /^Scheduled: .+12:00 AM Central for the lead · .+ for you/,
    );
    await expect.poll(() => prompt.count()).toBe(0);
    await context.close();
  });
});
