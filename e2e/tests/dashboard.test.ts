import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeTwilio, type FakeTwilio } from '../../apps/server/src/test/fake-twilio.js';
import { ownedBy, type Lead, type Property } from '../support/factories.js';
import { postInboundSms } from '../support/inbound.js';
import { useSignedInPage } from '../support/session.js';

/** Demo Leasing's office: tours are laid out in its zone. */
const OFFICE_TIME_ZONE = 'America/Chicago';
const HOUR = 3_600_000;

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
  /** The test's own property, texting from its own number, and its queue of leads. */
  let property: Property;
  let queue: {
    ava: Lead;
    taylor: Lead;
    nora: Lead;
    isabella: Lead;
    noah: Lead;
    emma: Lead;
    mia: Lead;
  };
  beforeEach(async () => {
    property = await ui.make.propertyWithNumber({ own: ownedBy(twilioFake) });
    const lead = (
      name: string,
      hoursAgo: number,
      fields: Parameters<typeof ui.make.lead>[0] = {},
    ) =>
      ui.make.lead({ name, property, firstText: null, ...fields }).then(async (made) => {
        await ui.make.textFromLead(made, `Hello from ${made.firstName}`, hoursAgo);
        return made;
      });
    // Two open decisions, the newest conversation, and older ones. A lead's place among its
    // section is its last activity: for a lead the integration API made, when it was made (the
    // leads' own texts move them up), so they are made oldest first.
    const taylor = await lead('Taylor Brooks', 40);
    await ui.make.officeDecision(taylor, 'Waive the late fee?', 30);
    const ava = await lead('Ava Thompson', 50);
    await ui.make.officeDecision(ava, 'Two cats allowed?', 48);
    const noah = await lead('Noah Kim', 70, { phoneOptStatus: 'OPT_OUT' });
    const emma = await lead('Emma Johnson', 20, { emailOptStatus: 'OPT_OUT' });
    const isabella = await lead('Isabella Garcia', 20);
    const mia = await lead('Mia Davis', 59);
    await ui.make.event(mia, {
      eventType: 'SCHEDULED_TOUR_APPOINTMENT',
      body: 'Tour scheduled',
      data: {
        tourTypeID: 'IN_PERSON',
        tourDateUTC: new Date(Math.ceil((Date.now() + 48 * HOUR) / HOUR) * HOUR).toISOString(),
      },
    });
    const nora = await lead('Nora Bennett', 1.5, { phone: '+15550100001' });
    queue = { ava, taylor, nora, isabella, noah, emma, mia };
    await ui.page.goto(`${ui.server.url}/main/dashboard?property=${property._id}`);
    await row(ava.name).waitFor();
  });

  it('puts the open decisions first, with their badges, then the newest conversations', async () => {
    const { ava, taylor, nora, noah, emma } = queue;
    const names = await rowNames();
    expect(names.slice(0, 3)).toEqual([ava.name, taylor.name, nora.name]);
    for (const name of [ava.name, taylor.name]) {
      expect(await row(name).getByText('Decision pending').isVisible()).toBe(true);
      expect(await row(name).getAttribute('data-unread')).not.toBeNull();
    }
    expect(await row(nora.name).getByText('Decision pending').count()).toBe(0);
    // She wrote last: her row says she needs a reply, and for how long.
    expect(
      await row(nora.name)
        .getByText(/^Needs reply · /)
        .isVisible(),
    ).toBe(true);

    // Opt-outs show on the row: Noah texted STOP, Emma asked for no email.
    const search = ui.page.getByPlaceholder('Search name, email or phone');
    await search.fill(noah.name);
    await expect.poll(rowNames).toEqual([noah.name]);
    expect(await row(noah.name).getByText('SMS opt-out').isVisible()).toBe(true);
    await search.fill(emma.email!.replace(/@.*/, '@'));
    await expect.poll(rowNames).toEqual([emma.name]);
    expect(await row(emma.name).getByText('Email opt-out').isVisible()).toBe(true);
  });

  it('finds a lead by a phone number typed as (555) 010-0001', async () => {
    const { nora } = queue;
    await ui.page.getByPlaceholder('Search name, email or phone').fill('(555) 010-0001');
    await expect.poll(rowNames).toEqual([nora.name]);
    await row(nora.name).click();
    await ui.page.getByRole('heading', { name: nora.name }).first().waitFor();
  });

  it('moves a lead that texts in to the top of its section, unread', async () => {
    const { ava, taylor, isabella } = queue;
    // Opening her reads her for this user.
    await row(isabella.name).click();
    await ui.page.getByRole('heading', { name: isabella.name }).first().waitFor();
    await ui.page.goBack();
    await row(isabella.name).waitFor();
    expect(await row(isabella.name).getAttribute('data-unread')).toBeNull();
    expect((await rowNames()).indexOf(isabella.name)).toBeGreaterThan(2);

    await postInboundSms(ui.server.url, twilioFake.authToken, {
      from: isabella.phone!,
      to: property.smsNumber!,
      body: 'Is the leak fixed for good? Can someone check today?',
    });

    // Back where the agent left the list (it was scrolled to her row): to the top to read it.
    await inbox().evaluate((element) => element.scrollTo({ top: 0 }));
    // The two open decisions stay first; Isabella leads everyone else.
    await expect
      .poll(async () => (await rowNames()).slice(0, 3), { timeout: 10_000 })
      .toEqual([ava.name, taylor.name, isabella.name]);
    expect(await row(isabella.name).getAttribute('data-unread')).not.toBeNull();
    expect(await row(isabella.name).getByText('Is the leak fixed for good?').isVisible()).toBe(
      true,
    );
  });

  it("shows the week from Sunday with Mia Davis's tour in its hour, and opens her from it", async () => {
    const { mia: miaLead } = queue;
    const mia = await ui.page.evaluate(async (name) => {
      const headers = { authorization: `Bearer ${localStorage.getItem('token')}` };
      const answer = await fetch(`/api/inbox?search=${encodeURIComponent(name)}`, { headers });
      return ((await answer.json()) as InboxPage).items[0]!;
    }, miaLead.name);
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
      .getByRole('link', { name: new RegExp(property.name) })
      .click();
    await ui.page.getByText('Tours', { exact: true }).click();
    await ui.page.goto(`${ui.page.url()}&week=${sunday}`);

    const tour = ui.page.locator(`[data-tour-lead="${miaLead.name}"]`);
    await tour.waitFor();
    const headers = await ui.page.getByTestId('tours-day-header').allTextContents();
    expect(headers[0]).toMatch(/^Sun \d+$/);
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
    await ui.page.getByRole('heading', { name: miaLead.name }).first().waitFor();
    expect(ui.page.url()).toContain('/escalation');
  });
});
