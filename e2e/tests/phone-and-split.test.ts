import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiPaths } from '@leasing/contract';
import { startFakeTwilio, type FakeTwilio } from '../../apps/server/src/test/fake-twilio.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { useBrowserSession } from '../support/session.js';

/** A phone held upright, touched: an iPhone 14's screen. */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const WIDE = { viewport: { width: 1440, height: 900 } };
/** A phone-sized window driven by a mouse (a desktop's phone view): no touch to grow targets. */
const PHONE_WINDOW = { viewport: { width: 390, height: 844 } };
/** Apple's and Google's smallest target for a finger, in CSS pixels. */
const FINGER = 44;

describe('the console on a phone, and beside the inbox on a wide screen', () => {
  let twilioFake: FakeTwilio;
  let opened: Page | undefined;

  beforeAll(async () => {
    twilioFake = await startFakeTwilio();
  });
  afterAll(async () => {
    await twilioFake?.close();
  });
  const ui = useBrowserSession({ env: () => twilioFake.env() });
  afterEach(() => opened?.context().close());

  const open = async (options: typeof PHONE | typeof WIDE | typeof PHONE_WINDOW): Promise<Page> => {
    opened = await ui.signedInPage(options);
    return opened;
  };
  const inboxRow = (scope: Page | Locator, name: string) =>
    scope.getByRole('list', { name: 'Leads' }).getByRole('link', { name: new RegExp(`^${name} `) });

  /** Every visible button under `scope` smaller than a finger, by name and size. */
  const smallTargets = (scope: Locator) =>
    scope.locator('button, [role="radio"], a[href]').evaluateAll(
      (elements, finger) =>
        elements
          .map((element) => ({ element, box: element.getBoundingClientRect() }))
          .filter(({ box }) => box.width > 0 && box.height > 0)
          // A link inside a line of text is not a target of its own (WCAG 2.5.8's inline exception).
          .filter(({ element }) => element.tagName !== 'A' || !element.closest('p'))
          .filter(({ box }) => box.height < finger - 0.5 || box.width < finger - 0.5)
          .map(({ element, box }) => {
            const name =
              element.getAttribute('aria-label') ?? element.textContent?.trim() ?? element.tagName;
            return `${name} ${Math.round(box.width)}×${Math.round(box.height)}`;
          }),
      FINGER,
    );

  // First: the phone journey's text moves its lead up the inbox, which would reorder this queue.
  it('keeps the inbox beside the lead, moves to the next lead, and goes back to the same list where it was', async () => {
    // A queue of the test's own: fourteen leads who texted, on a property of their own.
    const property = await ui.make.property({ name: 'Maple Grove' });
    for (let index = 0; index < 14; index += 1) {
      await ui.make.lead({ name: `Queue Lead${index}`, property });
    }
    const page = await open(WIDE);
    await page.goto(`${ui.server.url}/main/dashboard?property=${property._id}`);
    const dashboard = page.getByRole('list', { name: 'Leads' });
    await page.getByRole('group', { name: 'Filters' }).getByText('SMS', { exact: true }).click();
    await page.waitForURL(/channel=SMS/);
    await dashboard.getByRole('link').first().waitFor();
    const names = await dashboard
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('data-lead-name')!));
    expect(names.length).toBeGreaterThan(12);
    // Scrolled down the list, the agent opens a lead there.
    await dashboard.evaluate((element) => {
      element.scrollTop = 300;
    });
    await expect.poll(() => dashboard.evaluate((element) => element.scrollTop)).toBe(300);
    const opened = page.locator(`[data-lead-name="${names[5]}"]`);
    await opened.click();
    await page.getByRole('heading', { name: names[5] }).waitFor();

    // The same queue stays on the left, the open lead marked.
    const sidebar = page.getByRole('complementary', { name: 'Inbox' });
    await expect
      .poll(() => sidebar.locator('a[aria-current="page"]').getAttribute('data-lead-name'))
      .toBe(names[5]);
    expect(await sidebar.getByText(`${property.name} · SMS`, { exact: true }).isVisible()).toBe(
      true,
    );
    await expectNoSeriousA11yViolations(page, 'lead beside the inbox');

    // Next lead, by button and by key, without going back to the list: the rows after the open one.
    const following = async () => {
      const rows = await sidebar
        .getByRole('link')
        .evaluateAll((links) =>
          links.map((link) => [
            link.getAttribute('data-lead-name')!,
            link.getAttribute('aria-current'),
          ]),
        );
      const at = rows.findIndex(([, current]) => current === 'page');
      return rows.slice(at + 1).map(([name]) => name!);
    };
    const [second, third] = await following();
    await page.getByRole('button', { name: 'Next lead' }).click();
    await page.getByRole('heading', { name: second }).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('j');
    await page.getByRole('heading', { name: third }).waitFor();
    await expect
      .poll(() => sidebar.locator('a[aria-current="page"]').getAttribute('data-lead-name'))
      .toBe(third);

    // 'Back to dashboard': the same filter, and the list where the agent left it.
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await page.waitForURL(new RegExp(`/main/dashboard\\?property=${property._id}&channel=SMS$`));
    expect(
      await page
        .getByRole('group', { name: 'Filters' })
        .getByRole('checkbox', { name: 'SMS' })
        .isChecked(),
    ).toBe(true);
    await expect.poll(() => dashboard.evaluate((element) => element.scrollTop)).toBe(300);
    // The browser's Back returns to the last lead, and Back again through the others.
    await page.goBack();
    await page.getByRole('heading', { name: third }).waitFor();
  });

  it('signs in, finds a lead in the inbox, opens it on its conversation and texts back', async () => {
    const nora = await ui.make.lead({ name: 'Nora Bennett' });
    await ui.make.lead({ name: 'Liam Carter', property: nora.property });
    const page = await open(PHONE);

    // The inbox comes first: its first lead is on the first screen, the properties one picker.
    const firstRow = page.getByRole('list', { name: 'Leads' }).getByRole('link').first();
    await firstRow.waitFor();
    const rowBox = (await firstRow.boundingBox())!;
    expect(rowBox.y + rowBox.height).toBeLessThan(PHONE.viewport.height);
    expect(await page.getByRole('navigation', { name: 'Properties' }).isVisible()).toBe(false);
    await page
      .getByRole('combobox', { name: 'Property' })
      .selectOption({ value: nora.property._id });
    await page.waitForURL(/property=/);
    await expectNoSeriousA11yViolations(page, 'inbox on a phone');

    await page.getByRole('textbox', { name: 'Search leads' }).fill(nora.name);
    await page.waitForURL(/[?&]q=/);
    await expect
      .poll(() => page.getByRole('list', { name: 'Leads' }).getByRole('link').count())
      .toBe(1);
    await inboxRow(page, nora.name).tap();
    await page.getByRole('heading', { name: nora.name }).waitFor();

    // The conversation and the composer fill the first screen; contact facts wait behind a tab.
    const composer = page.getByRole('form', { name: 'Message composer' });
    await composer.waitFor();
    const composerBox = (await composer.boundingBox())!;
    expect(composerBox.y + composerBox.height).toBeLessThanOrEqual(PHONE.viewport.height);
    expect(await page.getByRole('tab', { name: 'Conversation info' }).count()).toBe(0);
    // Nothing says Ctrl + Enter to a thumb.
    expect(await page.getByText(/Enter to send/).count()).toBe(0);
    expect(await smallTargets(composer)).toEqual([]);
    expect(await smallTargets(page.getByRole('group', { name: 'Inbox queue' }))).toEqual([]);
    await expectNoSeriousA11yViolations(page, 'lead pane on a phone');

    const box = composer.getByPlaceholder('Send a message to the lead');
    await box.tap();
    await box.fill('Yes, every 1 bedroom has a washer and dryer.');
    await composer.getByRole('button', { name: 'Send', exact: true }).tap();
    const bubble = page.locator('[data-event-type="SMS"]', {
      hasText: 'Yes, every 1 bedroom has a washer and dryer.',
    });
    await expect
      .poll(() => bubble.getByText('Delivered').isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(
      twilioFake.received.filter((m) => m.body === 'Yes, every 1 bedroom has a washer and dryer.'),
    ).toHaveLength(1);

    // Who the lead is, and who works them, a tap away.
    await page.getByText('Conversation info', { exact: true }).tap();
    await page.getByRole('region', { name: 'Conversation info' }).waitFor();
    expect(await page.getByRole('group', { name: 'Owner' }).isVisible()).toBe(true);
    expect(await composer.isVisible()).toBe(false);
  });

  it("keeps a phone-sized window's badges whole, its account menu off the edge, and the lead's lights and status within a finger's reach", async () => {
    const property = await ui.make.property({ name: 'Badge Court' });
    const waiting = await ui.make.lead({ name: 'Wendy Waiting', property });
    const busy = await ui.make.lead({ name: 'Bea Busy', property });
    await ui.make.officeDecision(busy, 'The assistant needs a decision: a rent concession.');
    const staff = await ui.make.api();
    await staff.request('PUT', apiPaths.leadFollowUp(busy._id), {
      dueAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    const page = await open(PHONE_WINDOW);
    await page.goto(`${ui.server.url}/main/dashboard?property=${property._id}`);
    const list = page.getByRole('list', { name: 'Leads' });
    await inboxRow(page, busy.name).locator('[data-light="follow-up"]').waitFor();

    // Every badge of every row shows whole, or not at all: none is cut mid-word.
    const cut = await list.locator('.mantine-Badge-root').evaluateAll((badges) =>
      badges.flatMap((badge) => {
        const box = badge.getBoundingClientRect();
        const row = badge.closest('a')!.getBoundingClientRect();
        const clip = badge.parentElement!.closest('[class*="badges"], [class*="meta"]');
        const area = (clip ?? badge.closest('a')!).getBoundingClientRect();
        const hidden = box.top >= area.bottom || box.left >= area.right;
        const whole =
          box.left >= area.left - 0.5 &&
          box.right <= Math.min(area.right, row.right) + 0.5 &&
          box.bottom <= area.bottom + 0.5;
        const label = badge.querySelector('[class*="label"]') as HTMLElement | null;
        const truncated = label !== null && label.scrollWidth > label.clientWidth + 0.5;
        return hidden || (whole && !truncated) ? [] : [badge.textContent ?? ''];
      }),
    );
    expect(cut).toEqual([]);
    // The follow-up is short enough to show: the time, its words kept for screen readers.
    const followUp = inboxRow(page, busy.name).locator('[data-light="follow-up"]');
    expect(await followUp.getAttribute('title')).toMatch(/^Follow up \w{3} \d{1,2}:\d{2} (AM|PM)/);

    // The account menu's chevron keeps clear of the screen's edge.
    const chevron = page
      .getByRole('button', { name: /Account menu/ })
      .locator('svg')
      .last();
    const chevronBox = (await chevron.boundingBox())!;
    expect(chevronBox.x + chevronBox.width).toBeLessThanOrEqual(PHONE_WINDOW.viewport.width - 12);

    await inboxRow(page, waiting.name).click();
    await page.getByRole('heading', { name: waiting.name }).waitFor();
    // On the Conversations tab the lead's lights stay in view.
    expect(await page.getByRole('radio', { name: 'Conversations' }).isChecked()).toBe(true);
    const lights = page.getByRole('group', { name: 'Lights' });
    expect(await lights.getByText(/^Needs reply · /).isVisible()).toBe(true);
    // The status menu is a finger tall, though no touch screen asked for it.
    const status = page.getByRole('button', { name: /^Status: .*Change status$/ });
    expect((await status.boundingBox())!.height).toBeGreaterThanOrEqual(FINGER);
  });

  it('lists the week of tours day by day on a phone', async () => {
    const page = await open(PHONE);
    await page.getByText('Tours', { exact: true }).tap();
    const days = page.locator('[data-date]');
    await expect.poll(() => days.count()).toBe(7);
    // One under another, each the screen's width: nothing cut at the side.
    const boxes = await days.evaluateAll((elements) =>
      elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect),
    );
    for (const [index, dayBox] of boxes.entries()) {
      expect(dayBox.right).toBeLessThanOrEqual(PHONE.viewport.width);
      if (index > 0) expect(dayBox.top).toBeGreaterThanOrEqual(boxes[index - 1]!.bottom - 1);
    }
    expect(await page.getByText(/^Office time: /).isVisible()).toBe(true);
    // The week's tours have loaded (no loader left) before axe looks.
    await expect.poll(() => page.locator('.mantine-Loader-root').count()).toBe(0);
    await expectNoSeriousA11yViolations(page, 'tours on a phone');
  });
});
