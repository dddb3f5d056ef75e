import { beforeEach, describe, expect, it } from 'vitest';
import { demoLead, openLead } from '../support/leads.js';
import { useSignedInPage } from '../support/session.js';

/** Zoe Park's 10,000 generated events: the newest is this question. */
const NEWEST = 'Question 10000: is amenity #5 open on weekends?';

/**
 * The demo's own Zoe Park: her 10,000 events are generated in the database by the seed (through
 * the API, one call each, they would take minutes). The tests only read them, so they never see
 * another test's changes, nor make any.
 */
describe("a 10,000-event history (the demo's Zoe Park)", () => {
  const ui = useSignedInPage();
  beforeEach(async () => {
    await openLead(ui.page, ui.server.url, await demoLead(ui.page, 'Zoe Park'));
  });

  const timeline = () => ui.page.getByRole('region', { name: 'Conversation timeline' });

  it("finds a word, opens the timeline at each match with it marked, and 'Jump to latest' brings the newest back", async () => {
    await expect.poll(() => timeline().getByText(NEWEST).isVisible()).toBe(true);
    await ui.page.getByRole('button', { name: 'Search this conversation' }).click();
    const field = ui.page.getByRole('textbox', { name: 'Search this conversation' });
    // "unit 123" is in the lease-draft requests 23, 323, … 9923: 34 of them.
    await field.fill('UNIT 123');
    await field.press('Enter');
    await expect.poll(() => ui.page.getByText('1 of 34', { exact: true }).isVisible()).toBe(true);
    const current = ui.page.locator('[data-current-match]');
    await expect.poll(() => current.getAttribute('data-event-type')).toBe('EMAIL');
    await expect.poll(() => current.locator('mark').first().textContent()).toBe('unit 123');
    expect(await current.locator('mark').first().isVisible()).toBe(true);
    expect(await timeline().getByText(NEWEST).count()).toBe(0);

    const firstMatch = await current.getAttribute('data-event-id');
    await field.press('Enter');
    await expect.poll(() => ui.page.getByText('2 of 34', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => current.getAttribute('data-event-id')).not.toBe(firstMatch);
    expect(await current.locator('mark').first().isVisible()).toBe(true);

    await ui.page.getByRole('button', { name: 'Jump to latest' }).click();
    await expect.poll(() => timeline().getByText(NEWEST).isVisible()).toBe(true);
    await expect
      .poll(() => ui.page.getByRole('button', { name: 'Jump to latest' }).count())
      .toBe(0);

    await field.press('Escape');
    await expect.poll(() => field.count()).toBe(0);
    expect(await ui.page.locator('mark').count()).toBe(0);
  });

  it('jumps to a date and shows the events of that day', async () => {
    const { value, label } = await ui.page.evaluate(() => {
      const day = new Date();
      day.setDate(day.getDate() - 100);
      const pad = (n: number) => String(n).padStart(2, '0');
      return {
        value: `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`,
        label: day.toLocaleDateString('en-US', {
          weekday: 'long',
          month: 'short',
          day: 'numeric',
          year: 'numeric',
        }),
      };
    });
    await ui.page.getByLabel('Jump to date').fill(value);
    const separator = timeline().getByRole('separator', { name: label });
    await expect.poll(() => separator.isVisible()).toBe(true);
    expect(await timeline().getByText(NEWEST).count()).toBe(0);
    await expect
      .poll(() => ui.page.getByRole('button', { name: 'Jump to latest' }).isVisible())
      .toBe(true);
  });
});
