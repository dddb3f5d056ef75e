import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeTwilio, type FakeTwilio } from '../../apps/server/src/test/fake-twilio.js';
import { postInboundSms } from '../support/inbound.js';
import { useSignedInPage } from '../support/session.js';

/** The Summit at Oak Hill texts from its own number; Isabella is its lead, with no open decision. */
const SUMMIT_NUMBER = '+15125550190';
const ISABELLA = { name: 'Isabella Garcia', phone: '+15125550109' };
/** Demo Leasing's office: tours are laid out in its zone. */
const OFFICE_TIME_ZONE = 'America/Chicago';

type InboxPage = { items: { name: string; tourDateUTC: string | null }[] };

describe('the dashboard: a queue of leads and the week of tours', () => {
  let twilioFake: FakeTwilio;

  const inbox = () => ui.page.getByRole('list', { name: 'Leads' });
  /** A lead's row: its accessible name is everything it shows, the lead's name first. */
  const row = (name: string) => inbox().getByRole('link', { name: new RegExp(`^${name} `) });
  const rowNames = () =>
    inbox()
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('data-lead-name')));

  beforeAll(async () => {
    twilioFake = await startFakeTwilio();
  });
  afterAll(async () => {
    await twilioFake?.close();
  });
  const ui = useSignedInPage({
    env: () => twilioFake.env(),
    context: { viewport: { width: 1366, height: 900 } },
  });
  beforeEach(async () => {
    await row('Ava Thompson').waitFor();
  });

  it('puts the open decisions first, with their badges, then the newest conversations', async () => {
    const names = await rowNames();
    expect(names.slice(0, 3)).toEqual(['Ava Thompson', 'Taylor Brooks', 'Nora Bennett']);
    for (const name of ['Ava Thompson', 'Taylor Brooks']) {
      expect(await row(name).getByText('Decision pending').isVisible()).toBe(true);
      expect(await row(name).getAttribute('data-unread')).not.toBeNull();
    }
    expect(await row('Nora Bennett').getByText('Decision pending').count()).toBe(0);
    // She wrote last: her row's light says how long she has been waiting for us.
    expect(
      await row('Nora Bennett')
        .getByText(/^Waiting /)
        .isVisible(),
    ).toBe(true);

    // Opt-outs show on the row: Noah texted STOP, Emma asked for no email.
    const search = ui.page.getByPlaceholder('Search name, email or phone');
    await search.fill('Noah');
    await expect.poll(rowNames).toEqual(['Noah Kim']);
    expect(await row('Noah Kim').getByText('SMS opt-out').isVisible()).toBe(true);
    await search.fill('emma.johnson@');
    await expect.poll(rowNames).toEqual(['Emma Johnson']);
    expect(await row('Emma Johnson').getByText('Email opt-out').isVisible()).toBe(true);
  });

  it('finds a lead by a phone number typed as (555) 010-0001', async () => {
    await ui.page.getByPlaceholder('Search name, email or phone').fill('(555) 010-0001');
    await expect.poll(rowNames).toEqual(['Nora Bennett']);
    await row('Nora Bennett').click();
    await ui.page.getByRole('heading', { name: 'Nora Bennett' }).first().waitFor();
  });

  it('moves a lead that texts in to the top of its section, unread', async () => {
    // Opening her reads her for this user.
    await row(ISABELLA.name).click();
    await ui.page.getByRole('heading', { name: ISABELLA.name }).first().waitFor();
    await ui.page.goBack();
    await row(ISABELLA.name).waitFor();
    expect(await row(ISABELLA.name).getAttribute('data-unread')).toBeNull();
    expect((await rowNames()).indexOf(ISABELLA.name)).toBeGreaterThan(2);

    await postInboundSms(ui.server.url, twilioFake.authToken, {
      from: ISABELLA.phone,
      to: SUMMIT_NUMBER,
      body: 'Is the leak fixed for good? Can someone check today?',
    });

    // Back where the agent left the list (it was scrolled to her row): to the top to read it.
    await inbox().evaluate((element) => element.scrollTo({ top: 0 }));
    // The two open decisions stay first; Isabella leads everyone else.
    await expect
      .poll(async () => (await rowNames()).slice(0, 3), { timeout: 10_000 })
      .toEqual(['Ava Thompson', 'Taylor Brooks', ISABELLA.name]);
    expect(await row(ISABELLA.name).getAttribute('data-unread')).not.toBeNull();
    expect(await row(ISABELLA.name).getByText('Is the leak fixed for good?').isVisible()).toBe(
      true,
    );
  });

  it("shows the week from Sunday with Mia Davis's tour in its hour, and opens her from it", async () => {
    const mia = await ui.page.evaluate(async () => {
      const headers = { authorization: `Bearer ${localStorage.getItem('token')}` };
      const answer = await fetch('/api/inbox?search=Mia%20Davis', { headers });
      return ((await answer.json()) as InboxPage).items[0]!;
    });
    const tourAt = new Date(mia.tourDateUTC!);
    const inOffice = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat('en-US', { timeZone: OFFICE_TIME_ZONE, ...options }).format(tourAt);
    const [month, day, year] = inOffice({
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).split('/');
    const hour = Number(inOffice({ hour: 'numeric', hourCycle: 'h23' }));
    const time = inOffice({ hour: 'numeric', minute: '2-digit', hour12: true }).replace(
      /[\u202f\u00a0]/g,
      ' ',
    );
    const tourDay = `${year}-${month}-${day}`;
    // The Sunday of the tour's week, which the calendar opens at.
    const tourDayNumber = Date.parse(`${tourDay}T00:00:00Z`) / 86_400_000;
    const sunday = new Date(
      (tourDayNumber - new Date(tourDayNumber * 86_400_000).getUTCDay()) * 86_400_000,
    )
      .toISOString()
      .slice(0, 10);

    await ui.page
      .getByRole('navigation', { name: 'Properties' })
      .getByRole('link', { name: /Riverside Lofts/ })
      .click();
    await ui.page.getByText('Tours', { exact: true }).click();
    await ui.page.goto(`${ui.page.url()}&week=${sunday}`);

    const tour = ui.page.locator('[data-tour-lead="Mia Davis"]');
    await tour.waitFor();
    const headers = await ui.page.getByTestId('tours-day-header').allTextContents();
    expect(headers[0]).toMatch(/^Sun\d+$/);
    expect(headers.map((header) => header.slice(0, 3))).toEqual([
      'Sun',
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
    ]);
    expect(await tour.locator('xpath=ancestor::*[@data-date][1]').getAttribute('data-date')).toBe(
      tourDay,
    );
    expect(await tour.getAttribute('data-hour')).toBe(String(hour));
    expect(await tour.textContent()).toContain(time);
    expect(await tour.textContent()).toContain('In person');
    // It sits on its hour's line: the hour label at the same height.
    const label = ui.page.locator(`[data-hour-label="${hour}"]`);
    expect(await label.textContent()).toBe(`${hour % 12 || 12}:00 ${hour < 12 ? 'AM' : 'PM'}`);
    const [tourBox, labelBox] = [await tour.boundingBox(), await label.boundingBox()];
    expect(Math.abs(tourBox!.y - labelBox!.y)).toBeLessThan(12);

    await tour.click();
    await ui.page.getByRole('heading', { name: 'Mia Davis' }).first().waitFor();
    expect(ui.page.url()).toContain('/escalation');
  });
});
