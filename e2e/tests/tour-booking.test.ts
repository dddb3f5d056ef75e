import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiPaths, type TourList } from '@leasing/contract';
import { startFakeTwilio, type FakeTwilio } from '../../apps/server/src/test/fake-twilio.js';
import {
  startFakeWebhookReceiver,
  type FakeWebhookReceiver,
} from '../../apps/server/src/test/fake-webhook-receiver.js';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { signInToApi, uniquePhone, type Lead, type Property } from '../support/factories.js';
import { openLead } from '../support/leads.js';
import { DESKTOP, useBrowserSession } from '../support/session.js';

const PHONE_SIZE = { width: 390, height: 844 };
const DAY_MS = 86_400_000;

/**
 * A prospect books a tour on the public booking page: once with a code texted through Twilio (a
 * loopback fake of its API) on a phone, once from a lead's own link on a desktop. Staff then see
 * both on the tours screen and on the lead's timeline, and the webhooks arrived.
 */
describe('the public tour booking page', () => {
  let twilio: FakeTwilio;
  let receiver: FakeWebhookReceiver;
  beforeAll(async () => {
    twilio = await startFakeTwilio();
    receiver = await startFakeWebhookReceiver();
  });
  afterAll(async () => {
    await twilio?.close();
    await receiver?.close();
  });
  const session = useBrowserSession({ env: () => ({ ...twilio.env(), TWILIO_MPS: '10' }) });

  let property: Property;
  let linkedLead: Lead;
  /** The link 'Send booking link' texted to the linked lead. */
  let linkUrl: string;
  const booked: string[] = [];

  /** The property's tours of the next 30 days, as staff read them. */
  const upcomingTours = async () => {
    const api = await signInToApi(session.server.url);
    const now = Date.now();
    const { items } = await api.request<TourList>(
      'GET',
      `${apiPaths.propertyTours(property._id)}?${new URLSearchParams({
        from: new Date(now).toISOString(),
        to: new Date(now + 30 * DAY_MS).toISOString(),
      })}`,
    );
    return items;
  };

  /** The tours screen's week (Sunday first) of a tour, on its property's clock: '2026-11-29'. */
  const weekOf = (tour: TourList['items'][number]) => {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: tour.propertyTimeZone }).format(
      new Date(tour.tourDateUTC),
    );
    const sunday = new Date(Date.parse(`${day}T00:00:00Z`));
    sunday.setUTCDate(sunday.getUTCDate() - sunday.getUTCDay());
    return sunday.toISOString().slice(0, 10);
  };

  /** Picks the first free day and its first time, as a prospect in a hurry would. */
  const pickFirstTime = async (page: Page) => {
    const times = page.getByRole('radiogroup', { name: /^Time on / });
    await times.waitFor();
    await page.getByRole('radiogroup', { name: 'Day' }).getByRole('radio').first().check();
    await times.getByRole('radio').first().check();
  };

  it('books with a code texted to the phone, at 390 px', async () => {
    const api = await signInToApi(session.server.url);
    // Every booking of the company reaches this endpoint, signed.
    const endpoint = await api.request<{ secret: string }>('POST', apiPaths.webhookEndpoints, {
      url: `${receiver.url}/tours`,
      events: ['tour.booked'],
    });
    receiver.setSecret(endpoint.secret);
    property = await session.make.property();
    linkedLead = await session.make.lead({ name: 'Omar Haddad', property });

    const page = await session.newPage({ viewport: PHONE_SIZE });
    await page.goto(`${session.server.url}/book/${property._id}`);
    await page.getByRole('heading', { name: `Book a tour of ${property.name}` }).waitFor();
    await pickFirstTime(page);
    await expectNoSeriousA11yViolations(page, 'booking page (phone)');

    const phone = uniquePhone();
    await page.getByRole('textbox', { name: 'First name' }).fill('Rosa');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Diaz');
    await page.getByRole('textbox', { name: 'Mobile phone' }).fill(phone);
    // Without agreeing to texts, it says what is missing and sends nothing.
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toMatch(/Agree to texts about your tour/);
    expect(twilio.received.filter((message) => message.to === phone)).toEqual([]);

    await page.getByRole('checkbox', { name: /I agree to get texts about this tour/ }).check();
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await expect.poll(() => twilio.received.find((message) => message.to === phone)).toBeTruthy();
    const code = twilio.received.find((message) => message.to === phone)!.body.slice(0, 6);
    await page.getByRole('textbox', { name: 'Code' }).fill(code);
    await expectNoSeriousA11yViolations(page, 'booking page, code asked (phone)');
    await page.getByRole('button', { name: 'Book tour' }).click();
    await page.getByRole('heading', { name: 'You’re booked' }).waitFor();
    await expectNoSeriousA11yViolations(page, 'booking page, booked (phone)');
    // The confirmation follows by text.
    await expect
      .poll(
        () => twilio.received.some((text) => text.to === phone && /^Your tour of /.test(text.body)),
        {
          timeout: 20_000,
        },
      )
      .toBe(true);
    booked.push('Rosa Diaz');
    await page.context().close();
  });

  it("books from the lead's own link, texted with 'Send booking link', without a code, at 1440 px", async () => {
    // The agent writes the link into a text from the pane and sends it.
    const staff = await session.signedInPage({ viewport: DESKTOP });
    await openLead(staff, session.server.url, linkedLead);
    await staff.getByRole('button', { name: 'More actions' }).click();
    await staff.getByRole('menuitem', { name: 'Send booking link' }).click();
    const message = staff.getByPlaceholder('Send a message to the lead');
    await expect
      .poll(() => message.inputValue())
      .toMatch(/^Hi Omar! Pick a time for your tour here: /);
    // A second press finds the link already written.
    await staff.getByRole('button', { name: 'More actions' }).click();
    await staff.getByRole('menuitem', { name: 'Send booking link' }).click();
    expect((await message.inputValue()).match(/\/book\//g)).toHaveLength(1);
    await staff.getByRole('button', { name: 'Send', exact: true }).click();
    await expect
      .poll(() => twilio.received.find((text) => text.to === linkedLead.phone), { timeout: 20_000 })
      .toBeTruthy();
    const url = twilio.received
      .find((text) => text.to === linkedLead.phone)!
      .body.match(/https?:\/\/\S+/)![0];
    linkUrl = url;
    await staff.context().close();
    const texted = twilio.received.length;

    const page = await session.newPage({ viewport: DESKTOP });
    await page.goto(url);
    await page.getByText(`Booking for ${linkedLead.name}`).waitFor();
    // The form is filled, and no phone or code is asked.
    expect(await page.getByRole('textbox', { name: 'First name' }).inputValue()).toBe('Omar');
    expect(await page.getByRole('textbox', { name: 'Mobile phone' }).count()).toBe(0);
    await pickFirstTime(page);
    await page.getByRole('checkbox', { name: /I agree to get texts about this tour/ }).check();
    await expectNoSeriousA11yViolations(page, "booking page from a lead's link (desktop)");
    await page.getByRole('button', { name: 'Book tour' }).click();
    await page.getByRole('heading', { name: 'You’re booked' }).waitFor();
    await expectNoSeriousA11yViolations(page, "booking page from a lead's link, booked (desktop)");
    booked.push(linkedLead.name);

    // The same link later (a reminder's 'R' sends it): the tour is moved, not booked twice.
    await page.goto(url);
    await page.getByText(/^Your tour is booked for /).waitFor();
    const times = page.getByRole('radiogroup', { name: /^Time on / });
    await times.getByRole('radio').nth(1).check();
    await page.getByRole('checkbox', { name: /I agree to get texts about this tour/ }).check();
    await page.getByRole('button', { name: 'Move my tour' }).click();
    await page.getByRole('heading', { name: 'Your tour is moved' }).waitFor();
    await expectNoSeriousA11yViolations(page, "booking page from a lead's link, moved (desktop)");
    // No code was texted for any of it (the confirmations are the lead's own texts).
    expect(twilio.received.slice(texted).filter((text) => /is your code/.test(text.body))).toEqual(
      [],
    );
    await page.context().close();
  });

  it('shows staff both tours on the tours screen and on the timeline, and told the webhook', async () => {
    const tours = await upcomingTours();
    expect(tours.map((tour) => tour.name).sort()).toEqual([...booked].sort());

    const page = await session.signedInPage({ viewport: DESKTOP });
    // The week of the first tour.
    await page.goto(
      `${session.server.url}/main/dashboard?view=tours&property=${property._id}&week=${weekOf(tours[0]!)}`,
    );
    for (const name of booked) {
      await expect
        .poll(() => page.locator(`[data-tour-lead="${name}"]`).count(), { timeout: 15_000 })
        .toBeGreaterThan(0);
    }

    await openLead(page, session.server.url, linkedLead);
    // The booking is older than its texts, its email and the move: at the timeline's top, which a
    // virtual list renders only once it is scrolled there.
    const timeline = page.getByRole('region', { name: 'Conversation timeline' });
    await expect
      .poll(
        async () => {
          await timeline.evaluate((element) => element.scrollTo({ top: 0 }));
          return page.getByText('Tour booked (in person with an agent)').count();
        },
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    await expect
      .poll(() =>
        page.getByRole('button', { name: 'Status: Tour scheduled. Change status' }).count(),
      )
      .toBe(1);

    await expect
      .poll(
        () =>
          [...receiver.processed.values()].filter(
            (hook) => (hook as { type: string }).type === 'tour.booked',
          ).length,
        {
          timeout: 20_000,
        },
      )
      .toBe(2);
  });

  it("moves a tour on the calendar with 'Reschedule', and the lead is texted the new time", async () => {
    const tour = (await upcomingTours()).find((item) => item.name === booked[0])!;
    expect(tour.booking).not.toBeNull();
    const textsOfLead = () =>
      twilio.received.filter((text) => text.to === tour.phone && /^Your tour of /.test(text.body));
    const before = textsOfLead().length;

    const page = await session.signedInPage({ viewport: DESKTOP });
    await page.goto(
      `${session.server.url}/main/dashboard?view=tours&property=${property._id}&week=${weekOf(tour)}`,
    );
    await page.getByRole('button', { name: `Reschedule ${tour.name}'s tour` }).click();
    const dialog = page.getByRole('dialog', { name: `Reschedule the tour · ${tour.name}` });
    await dialog.getByText(/gets a text with the new time/).waitFor();
    await dialog.getByRole('radiogroup', { name: /^Time/ }).locator('label').first().click();
    await expectNoSeriousA11yViolations(page, 'tours calendar, reschedule dialog');
    await dialog.getByRole('button', { name: 'Move tour' }).click();
    await page.getByText(/^Tour moved to /).waitFor();

    const moved = (await upcomingTours()).find((item) => item.name === tour.name)!;
    expect(moved.tourDateUTC).not.toBe(tour.tourDateUTC);
    expect(moved.booking?.tourId).toBe(tour.booking!.tourId);
    await expect.poll(() => textsOfLead().length, { timeout: 20_000 }).toBe(before + 1);
    await page.context().close();
  });

  it("cancels the tour from the lead's own link, at 390 px", async () => {
    const page = await session.newPage({ viewport: PHONE_SIZE });
    await page.goto(linkUrl);
    await page.getByText(/^Your tour is booked for /).waitFor();
    await page.getByRole('button', { name: 'Cancel my tour' }).click();
    // A second press says what it does; 'Keep my tour' would leave it.
    await page.getByRole('group', { name: 'Cancel your tour?' }).waitFor();
    await expectNoSeriousA11yViolations(
      page,
      "booking page from a lead's link, cancel asked (phone)",
    );
    await page.getByRole('button', { name: 'Yes, cancel my tour' }).click();
    await page.getByRole('heading', { name: 'Your tour is cancelled' }).waitFor();
    await expectNoSeriousA11yViolations(page, "booking page from a lead's link, cancelled (phone)");

    // The place is free again and the office's calendar no longer has it.
    const tours = await upcomingTours();
    expect(tours.map((tour) => tour.name)).not.toContain(linkedLead.name);

    // 'Book another time' opens the page afresh: no tour ahead, the form to book one.
    await page.getByRole('button', { name: 'Book another time' }).click();
    await page.getByRole('button', { name: 'Book tour' }).waitFor();
    expect(await page.getByText(/^Your tour is booked for /).count()).toBe(0);
    await page.context().close();
  });
});
