import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilio, type FakeTwilio } from '../../apps/server/src/test/fake-twilio.js';
import { ownedBy } from '../support/factories.js';
import { postInboundSms } from '../support/inbound.js';
import { openLead } from '../support/leads.js';
import { useSignedInPage } from '../support/session.js';

describe('failures that can be acted on, through Twilio (a loopback fake of its API)', () => {
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
  });

  it("shows a text the carrier filtered as spam with what to do, and 'Retry' sends it to Twilio again", async () => {
    const text = 'Move-in special this week only, see http://promo.example';
    let failures = 0;
    fake.setOutcome((message) => {
      if (message.body === text && failures === 0) {
        failures += 1;
        return { accept: true, finalStatus: 'undelivered', errorCode: '30007' };
      }
      return { accept: true, finalStatus: 'delivered' };
    });
    await openLead(ui.page, ui.server.url, await ui.make.lead({ name: 'Liam Carter' }));
    await ui.page.getByPlaceholder('Send a message to the lead').fill(text);
    await ui.page.getByRole('button', { name: 'Send', exact: true }).click();
    // Liam may have an open decision: leave it open.
    await ui.page
      .getByRole('button', { name: 'Leave Open' })
      .click({ timeout: 3_000 })
      .catch(() => undefined);

    const bubbles = ui.page.locator('[data-event-type="SMS"]', { hasText: text });
    const failed = bubbles.first();
    await expect
      .poll(() => failed.getByText('The carrier filtered the message as spam.').isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    expect(await failed.getByText(/Rephrase it .* and retry/).isVisible()).toBe(true);
    expect(fake.received.filter((message) => message.body === text)).toHaveLength(1);

    await failed.getByRole('button', { name: 'Retry' }).click();
    const attempt = bubbles.last();
    await expect.poll(() => bubbles.count(), { timeout: 10_000 }).toBe(2);
    await expect
      .poll(() => attempt.getByText('Delivered').isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(await attempt.getByText(/Retry of a failed message/).isVisible()).toBe(true);
    expect(await failed.getByText('Retried: see the new attempt below').isVisible()).toBe(true);
    expect(await failed.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    expect(fake.received.filter((message) => message.body === text)).toHaveLength(2);
  });

  it('says why each control is off: texts turned off by STOP, an email without a subject', async () => {
    // Noah texted STOP to his property's own number.
    const property = await ui.make.propertyWithNumber({ own: ownedBy(fake) });
    const noah = await ui.make.lead({ name: 'Noah Kim', property });
    await postInboundSms(ui.server.url, fake.authToken, {
      from: noah.phone!,
      to: property.smsNumber!,
      body: 'STOP',
    });
    await openLead(ui.page, ui.server.url, noah);
    const sms = ui.page
      .getByRole('group', { name: 'Send as' })
      .getByRole('button', { name: 'SMS' });
    expect(await sms.getAttribute('aria-disabled')).toBe('true');
    await sms.hover();
    const reason = ui.page.getByRole('tooltip');
    await expect
      .poll(() => reason.textContent())
      .toMatch(/^Texts are off: Noah replied STOP on [A-Z][a-z]{2} \d{1,2}$/);

    // Noah's composer opens in email mode: Ctrl+Enter without a subject says why nothing went.
    await ui.page.getByPlaceholder('Send a message to the lead').fill('Thanks, Noah — noted.');
    await ui.page.keyboard.press('Control+Enter');
    await expect
      .poll(() => ui.page.getByText('Add a subject to send an email').isVisible())
      .toBe(true);
    const focused = await ui.page.evaluate(() =>
      document.activeElement?.getAttribute('aria-label'),
    );
    expect(focused).toBe('Subject');
  });
});
