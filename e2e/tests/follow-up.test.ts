import { describe, expect, it } from 'vitest';
import { DESKTOP, useSignedInPage } from '../support/session.js';

describe('follow-ups from the inbox', () => {
  const ui = useSignedInPage({
    // A viewer in New York: the demo properties' Central clock is named with its times.
    context: { viewport: DESKTOP, timezoneId: 'America/New_York' },
  });

  /** The dashboard's inbox of a property of the test's own, with one lead of its own. */
  const ownInbox = async () => {
    const lead = await ui.make.lead({ name: 'Nora Bennett' });
    await ui.page.goto(`${ui.server.url}/main/dashboard?property=${lead.property._id}`);
  };

  it("sets 'Tomorrow 9:00 AM' on a row and shows it on the row and in the pane", async () => {
    await ownInbox();
    const list = ui.page.getByRole('list', { name: 'Leads' });
    // A list item has no box of its own (its row is placed absolutely): wait for its link.
    const item = list.getByRole('listitem').first();
    await item.getByRole('link').first().waitFor();
    const name = (await item.getByRole('link').first().getAttribute('data-lead-name')) ?? '';
    expect(name).not.toBe('');

    await item.getByRole('button', { name: `Follow up with ${name}` }).click();
    await ui.page.getByRole('menuitem', { name: 'Tomorrow 9:00 AM Central' }).click();
    const rowLink = ui.page.getByRole('link', { name: new RegExp(`^${name} `) });
    const row = list.getByRole('listitem').filter({ has: rowLink });
    await expect
      .poll(() => row.getByText(/^Follow up \w{3} 9:00 AM Central$/).count(), { timeout: 10_000 })
      .toBe(1);

    await row.getByRole('link', { name: new RegExp(`^${name} `) }).click();
    const lights = ui.page.getByRole('group', { name: 'Lights' });
    await expect
      .poll(() => lights.getByText(/^Follow up \w{3} 9:00 AM Central$/).count(), {
        timeout: 10_000,
      })
      .toBe(1);

    // 'Clear follow-up' is offered once one is set, and takes it away.
    await ui.page
      .getByRole('button', { name: `Follow up with ${name}` })
      .last()
      .click();
    await ui.page.getByRole('menuitem', { name: 'Clear follow-up' }).click();
    await expect.poll(() => lights.getByText(/^Follow up /).count(), { timeout: 10_000 }).toBe(0);

    // The keyboard: `f` opens the same menu in the pane.
    // The row's menu has closed (it fades out) before `f` opens the pane's.
    await expect
      .poll(() => ui.page.getByRole('menuitem', { name: 'Tomorrow 9:00 AM Central' }).count())
      .toBe(0);
    await ui.page.locator('body').press('f');
    await ui.page.getByRole('menuitem', { name: 'In 3 days' }).click();
    await expect.poll(() => lights.getByText(/^Follow up /).count(), { timeout: 10_000 }).toBe(1);
  });

  it("opens the selected row's follow-up menu with f in the inbox", async () => {
    await ownInbox();
    const list = ui.page.getByRole('list', { name: 'Leads' });
    await list.getByRole('listitem').first().getByRole('link').first().waitFor();
    // j selects the first row; f opens its menu.
    await ui.page.locator('body').press('j');
    await ui.page.locator('body').press('f');
    await expect
      .poll(() => ui.page.getByRole('menuitem', { name: 'Tomorrow 9:00 AM Central' }).isVisible())
      .toBe(true);
  });
});
