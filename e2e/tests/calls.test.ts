import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations } from '../support/axe.js';
import { openLead } from '../support/leads.js';
import { DESKTOP, useBrowserSession } from '../support/session.js';

/** A phone: its size, and a finger for a pointer. */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

/**
 * Calls in the sandbox (no Twilio account): the pane simulates a call from the lead through the
 * same path a real one takes, so the timeline shows it and the caller is texted back once.
 */
describe('calls from the lead, simulated in the sandbox', () => {
  const ui = useBrowserSession();

  it('shows a missed call and a voicemail with its transcript, each texted back once, axe clean', async () => {
    const lead = await ui.make.lead({ name: 'Mara Lopez' });
    const page = await ui.signedInPage({ viewport: DESKTOP });
    await openLead(page, ui.server.url, lead);
    const simulate = page.getByRole('button', { name: `Simulate a call from ${lead.name}` });
    const textBacks = page
      .getByLabel('Conversation timeline')
      .getByText(/^Sorry we missed your call — how can we help\?/);

    await simulate.click();
    await page.getByRole('menuitem', { name: 'Missed call' }).click();
    await page
      .getByText(/^Missed call from /)
      .first()
      .waitFor();
    await expect.poll(() => textBacks.count(), { timeout: 15_000 }).toBe(1);
    await expectNoSeriousA11yViolations(page, 'pane with a missed call and its text-back');

    await simulate.click();
    await page.getByRole('menuitem', { name: 'Voicemail' }).click();
    await page
      .getByText(/^Voicemail/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Show transcript' }).first().click();
    await page.getByText(/I saw the two-bedroom online/).waitFor();
    await expect.poll(() => textBacks.count(), { timeout: 15_000 }).toBe(2);
    await expectNoSeriousA11yViolations(page, 'pane with a voicemail and its transcript');
    await page.context().close();
  });

  it('fits the control in a phone pane, and an answered call is not texted back', async () => {
    const lead = await ui.make.lead({ name: 'Owen Price' });
    const page = await ui.signedInPage(PHONE);
    await openLead(page, ui.server.url, lead);
    const simulate = page.getByRole('button', { name: `Simulate a call from ${lead.name}` });
    const box = await simulate.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(44);
    expect(box!.height).toBeGreaterThanOrEqual(44);

    await simulate.click();
    await page.getByRole('menuitem', { name: 'Answered call' }).click();
    await page
      .getByText(/^Call answered/)
      .first()
      .waitFor();
    await expectNoSeriousA11yViolations(page, 'phone pane with an answered call');
    // A later simulated missed call is texted back: nothing was pending from the answered one.
    await simulate.click();
    await page.getByRole('menuitem', { name: 'Missed call' }).click();
    await page
      .getByText(/^Missed call from /)
      .first()
      .waitFor();
    await expect
      .poll(
        () =>
          page
            .getByLabel('Conversation timeline')
            .getByText(/^Sorry we missed your call/)
            .count(),
        { timeout: 15_000 },
      )
      .toBe(1);
    await page.context().close();
  });
});
