import { describe, expect, it } from 'vitest';
import { DEMO } from '../support/browser.js';
import { openLead } from '../support/leads.js';
import { setQuietHours } from '../support/server.js';
import { DESKTOP, useBrowserSession } from '../support/session.js';

describe("quiet hours: a text outside the lead's allowed hours", () => {
  // A server of its own: the tests set the company's quiet hours, which every lead of it follows.
  const ui = useBrowserSession({ ownServer: true });

  it("asks to schedule it, and 'Send now' sends it (audited)", async () => {
    // One allowed minute a day: whenever this runs, it is (all but surely) outside it.
    await setQuietHours(ui.server.url, DEMO, {
      start: '00:00',
      end: '00:01',
      stateRules: true,
      allowSendNow: true,
    });
    const ava = await ui.make.lead({ name: 'Ava Thompson' });
    const page = await ui.signedInPage();
    await openLead(page, ui.server.url, ava);
    await expect.poll(() => page.getByText('Local time', { exact: true }).count()).toBe(1);

    await page.getByPlaceholder('Send a message to the lead').fill('Are you free for a tour?');
    await page.getByRole('button', { name: 'Send', exact: true }).click();

    const prompt = page.getByRole('alert', { name: "Outside the lead's allowed hours" });
    await prompt.waitFor();
    expect(await prompt.getByText(/^It's /).textContent()).toMatch(
      /^It's \d{1,2}:\d{2} (AM|PM) [A-Za-z ]+ for Ava\. Send at \w{3}, \w{3} \d{1,2}, 12:00 AM( [A-Za-z ]+)? for the lead( · .+ for you)?\?$/,
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
    expect(audit.items.map((item) => item.lead?.name)).toEqual([ava.name]);
    await page.context().close();
  });

  it("'Schedule' holds the text until the lead's allowed hours begin", async () => {
    await setQuietHours(ui.server.url, DEMO, {
      start: '00:00',
      end: '00:01',
      stateRules: true,
      allowSendNow: false,
    });
    // A viewer in New York: the lead's Central clock is named, and the viewer's own time follows.
    const liam = await ui.make.lead({ name: 'Liam Carter' });
    const page = await ui.signedInPage({ viewport: DESKTOP, timezoneId: 'America/New_York' });
    await openLead(page, ui.server.url, liam);
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
    await page.context().close();
  });
});
