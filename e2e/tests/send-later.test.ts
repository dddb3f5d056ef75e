import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilio, type FakeTwilio } from '../../apps/server/src/test/fake-twilio.js';
import { openLead } from '../support/leads.js';
import { DESKTOP, useSignedInPage } from '../support/session.js';

describe("'Send later' from the composer, through Twilio (a loopback fake of its API)", () => {
  let fake: FakeTwilio;

  beforeAll(async () => {
    fake = await startFakeTwilio();
  });
  afterAll(async () => {
    await fake?.close();
  });
  const ui = useSignedInPage({
    env: () => ({
      ...fake.env(),
      TWILIO_MPS: '10',
    }),
    // A viewer in New York: the lead's Central clock is named, and the viewer's own given beside it.
    context: { viewport: DESKTOP, timezoneId: 'America/New_York' },
  });

  const bubble = (text: string) => ui.page.locator('[data-event-type="SMS"]', { hasText: text });
  /** A lead with an open decision, on a property that texts from the shared number. */
  const ava = async () => {
    const lead = await ui.make.lead({ name: 'Ava Thompson' });
    await ui.make.officeDecision(lead, 'The assistant needs a decision: two cats allowed?');
    return lead;
  };

  const scheduleInOneHour = async (text: string) => {
    await ui.page.getByPlaceholder('Send a message to the lead').fill(text);
    await ui.page.getByRole('button', { name: 'Send later' }).click();
    const choice = ui.page.getByRole('menuitem', { name: /In 1 hour/ });
    await expect
      .poll(() => choice.textContent())
      // Each clock names the day when the hour falls on another day than today's there.
      .toMatch(
        /\d:\d\d [AP]M Central for the lead · (?:\w{3}, \w{3} \d{1,2}, )?\d{1,2}:\d\d [AP]M for you$/,
      );
    await choice.click();
    const note = bubble(text).getByRole('group', { name: 'Scheduled message' });
    await expect.poll(() => note.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await note.textContent()).toMatch(/^Scheduled: .+ Central for the lead/);
    expect(await ui.page.getByPlaceholder('Send a message to the lead').inputValue()).toBe('');
    return note;
  };

  it('schedules a text in 1 hour and cancels it from its bubble: it never leaves', async () => {
    await openLead(ui.page, ui.server.url, await ava());
    const note = await scheduleInOneHour('Checking in about 3B tomorrow.');
    await note.getByRole('button', { name: 'Cancel' }).click();
    await expect
      .poll(() =>
        bubble('Checking in about 3B tomorrow.')
          .getByText(/^Cancelled by /)
          .isVisible(),
      )
      .toBe(true);
    expect(fake.attempts).not.toContain('Checking in about 3B tomorrow.');

    // Still cancelled after a reload: it is the server's state, not the page's.
    await ui.page.reload();
    await expect
      .poll(
        () =>
          bubble('Checking in about 3B tomorrow.')
            .getByText(/^Cancelled by /)
            .isVisible(),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
  });

  it("'Send now' on a scheduled text sends it at once, exactly once", async () => {
    await openLead(ui.page, ui.server.url, await ava());
    const note = await scheduleInOneHour('The pool opens at 10.');
    await note.getByRole('button', { name: 'Send now' }).click();
    await expect
      .poll(() => bubble('The pool opens at 10.').getByText('Delivered').isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    await fake.settled();
    expect(
      fake.received.filter((message) => message.body === 'The pool opens at 10.'),
    ).toHaveLength(1);
    expect(
      await bubble('The pool opens at 10.')
        .getByRole('group', { name: 'Scheduled message' })
        .count(),
    ).toBe(0);
  });
});
