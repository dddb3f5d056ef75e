import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { uniqueId } from '../support/factories.js';
import { openLead } from '../support/leads.js';
import { DESKTOP, useBrowserSession } from '../support/session.js';

const PHONE = { width: 390, height: 844 };

/** A 555 number the SMS sandbox owns, different on every call. */
const sandboxNumber = () =>
  `+1512555${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;

describe('lead sources: Settings → Sources, a number’s source, the pane', () => {
  // The shared server: every source, lead and number here has a name of its own (`uniqueId`),
  // so merging and renaming them touches nothing another file reads.
  const ui = useBrowserSession();

  const sourcesPage = async (page: Page) => {
    await page.goto(`${ui.server.url}/main/settings/sources`);
    await page.getByRole('heading', { name: 'Sources', exact: true }).waitFor();
    await page.getByRole('table', { name: 'Sources' }).waitFor();
  };
  const rowOf = (page: Page, name: string): Locator =>
    page
      .getByRole('table', { name: 'Sources' })
      .getByRole('row')
      .filter({ has: page.getByRole('textbox', { name: `Rename "${name}"`, exact: true }) });
  /** The row's lead and number counts, as its cells show them. */
  const countsOf = async (page: Page, name: string) => {
    const cells = await rowOf(page, name).getByRole('cell').allTextContents();
    return { leads: cells[1], numbers: cells[2] };
  };
  /** Types into a searchable select and takes the first option it offers. */
  const choose = async (select: Locator, label: string) => {
    await select.click();
    await select.fill(label);
    await select.press('ArrowDown');
    await select.press('Enter');
    await expect.poll(() => select.inputValue()).toBe(label);
  };

  it('lets an admin add, rename, give a number a source and merge, saying what moves', async () => {
    const id = uniqueId();
    const zillowCom = `Zillow.com ${id}`;
    const craigslist = `Craigslist ${id}`;
    const renamed = `Craigslist ads ${id}`;
    // Two leads the integration names the source of (a new name joins the list), and a number.
    await ui.make.lead({ name: 'Ava Thompson', source: zillowCom });
    await ui.make.lead({ name: 'Liam Carter', source: zillowCom.toUpperCase() });
    const e164 = sandboxNumber();
    await ui.make.number(e164);

    const page = await ui.signedInPage({ viewport: DESKTOP });
    // Reached from the account menu, beside Pipeline.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sources' }).click();
    await page.getByRole('table', { name: 'Sources' }).waitFor();
    await expect.poll(() => countsOf(page, zillowCom)).toEqual({ leads: '2', numbers: '0' });
    await expectNoSeriousA11yViolations(page, 'Settings → Sources');

    // Add, from the keyboard; the same name again is refused on the field.
    const newSource = page.getByRole('textbox', { name: 'New source' });
    await newSource.fill(craigslist);
    await newSource.press('Enter');
    await rowOf(page, craigslist).waitFor();
    await newSource.fill(craigslist.toLowerCase());
    await newSource.press('Enter');
    await expect
      .poll(() => page.getByText('A source with this name already exists.').isVisible())
      .toBe(true);
    await newSource.fill('');

    // Rename in place: Enter saves.
    const name = page.getByRole('textbox', { name: `Rename "${craigslist}"`, exact: true });
    await name.fill(renamed);
    await name.press('Enter');
    await rowOf(page, renamed).waitFor();

    // Settings → Numbers: the number gives Zillow.com to its new leads.
    await page.goto(`${ui.server.url}/main/settings/numbers`);
    await page.getByRole('table', { name: 'Numbers' }).waitFor();
    const row = page
      .getByRole('table', { name: 'Numbers' })
      .getByRole('row')
      .filter({ hasText: `(512) 555-${e164.slice(-4)}` });
    await choose(row.getByRole('combobox', { name: /^Source of / }), zillowCom);
    await expectNoSeriousA11yViolations(page, 'Settings → Numbers with sources');

    // Merge Zillow.com into Craigslist ads: the dialog says how many leads and numbers move.
    await sourcesPage(page);
    await expect.poll(() => countsOf(page, zillowCom)).toEqual({ leads: '2', numbers: '1' });
    await rowOf(page, zillowCom)
      .getByRole('button', { name: `${zillowCom}: Merge into…` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Merge "${zillowCom}"` });
    await dialog.waitFor();
    const merge = dialog.getByRole('button', { name: 'Merge' });
    expect(await merge.isDisabled()).toBe(true);
    await choose(dialog.getByRole('combobox', { name: 'Merge into' }), renamed);
    await expect
      .poll(() =>
        dialog
          .getByText(`2 leads and 1 number move to ${renamed}; "${zillowCom}" is then removed.`)
          .isVisible(),
      )
      .toBe(true);
    await expectNoSeriousA11yViolations(page, 'Merge source dialog');
    await merge.click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => rowOf(page, zillowCom).count()).toBe(0);
    await expect.poll(() => countsOf(page, renamed)).toEqual({ leads: '2', numbers: '1' });
    await page.context().close();

    // On a phone the table becomes cards: nothing scrolls sideways, every control still named.
    const phone = await ui.signedInPage({ viewport: PHONE, hasTouch: true, isMobile: true });
    await sourcesPage(phone);
    await rowOf(phone, renamed).waitFor();
    expect(
      await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    expect(
      await rowOf(phone, renamed)
        .getByRole('button', { name: `${renamed}: Merge into…` })
        .isVisible(),
    ).toBe(true);
    await expectNoSeriousA11yViolations(phone, 'Settings → Sources on a phone');
    await phone.context().close();
  });

  it("lets an agent set a lead's source in the pane, but not open Settings → Sources", async () => {
    const agent = await ui.make.staff({ role: 'agent', name: 'Priya Shah' });
    const lead = await ui.make.lead({ name: 'Noah Park' });
    const page = await ui.signedInPage({ viewport: DESKTOP }, agent);

    await openLead(page, ui.server.url, lead);
    const leadInfo = page.getByRole('region', { name: 'Lead', exact: true });
    const source = leadInfo.getByRole('combobox', { name: 'Source' });
    await expect.poll(() => source.inputValue()).toBe('No source');
    await choose(source, 'Walk-in');
    await expectNoSeriousA11yViolations(page, 'lead pane with its source');

    // Kept on the server: a reload shows it.
    await page.reload();
    await page.getByLabel('Conversation timeline').waitFor();
    await expect
      .poll(() =>
        page
          .getByRole('region', { name: 'Lead', exact: true })
          .getByRole('combobox', { name: 'Source' })
          .inputValue(),
      )
      .toBe('Walk-in');

    await page.goto(`${ui.server.url}/main/settings/sources`);
    await expect.poll(() => page.getByText('User is not permitted').first().isVisible()).toBe(true);
    expect(await page.getByRole('table', { name: 'Sources' }).count()).toBe(0);
  });
});
