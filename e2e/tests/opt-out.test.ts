import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeTwilio, type FakeTwilio } from '../../apps/server/src/test/fake-twilio.js';
import { DEMO } from '../support/browser.js';
import { ownedBy } from '../support/factories.js';
import { postInboundSms } from '../support/inbound.js';
import { openLead } from '../support/leads.js';
import { useBrowserSession } from '../support/session.js';

const SHARED_NUMBER = '+15125550000';

describe('a text that may be an opt-out', () => {
  let twilioFake: FakeTwilio;

  beforeAll(async () => {
    twilioFake = await startFakeTwilio();
  });
  afterAll(async () => {
    await twilioFake?.close();
  });
  const ui = useBrowserSession({
    env: () => ({ ...twilioFake.env(SHARED_NUMBER), TWILIO_MPS: '10' }),
  });

  it('asks a person, and one click opts the lead out: the composer shows the opted-out text', async () => {
    // Liam has a phone only (no email to fall back on) and texts his property's own number.
    const property = await ui.make.propertyWithNumber({ own: ownedBy(twilioFake) });
    const liam = await ui.make.lead({ name: 'Liam Carter', property, email: null });
    const LIAM = { phone: liam.phone! };
    const page = await ui.signedInPage({ viewport: { width: 1280, height: 860 } }, DEMO);
    await openLead(page, ui.server.url, liam);
    await expect
      .poll(() => page.getByPlaceholder('Send a message to the lead').isEditable())
      .toBe(true);

    await postInboundSms(ui.server.url, twilioFake.authToken, {
      from: LIAM.phone,
      to: property.smsNumber!,
      body: 'not interested right now',
    });
    const prompt = page.getByRole('region', { name: 'Possible opt-out' });
    await expect
      .poll(() => prompt.getByText('This may be an opt-out request').isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    // Nothing changed yet: a maybe is the person's to decide.
    expect(await page.getByPlaceholder('Send a message to the lead').isEditable()).toBe(true);
    expect(twilioFake.received.filter((m) => m.to === LIAM.phone)).toHaveLength(0);

    await prompt.getByRole('button', { name: 'Opt out of texts' }).click();
    await expect
      .poll(() => page.getByText("Can't send message - prospect is opted-out").isVisible(), {
        timeout: 10_000,
      })
      .toBe(true);
    await expect.poll(() => prompt.count()).toBe(0);
    await expect
      .poll(() => page.getByText('Opted out of texts by Dana Whitfield').first().isVisible())
      .toBe(true);
    // The one confirmation text, and nothing else.
    await expect
      .poll(() => twilioFake.received.filter((m) => m.to === LIAM.phone).length, {
        timeout: 10_000,
      })
      .toBe(1);
    expect(twilioFake.received.find((m) => m.to === LIAM.phone)!.body).toMatch(/unsubscribed/i);
    await page.context().close();
  });
});
