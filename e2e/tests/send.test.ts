import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startFakeTwilio, type FakeTwilio } from '../../apps/server/src/test/fake-twilio.js';
import { openLead } from '../support/leads.js';
import { useSignedInPage } from '../support/session.js';

describe('answering a lead by SMS through Twilio (a loopback fake of its API)', () => {
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

  const composeAndSend = async (text: string, photo?: Buffer) => {
    await ui.page.getByPlaceholder('Send a message to the lead').fill(text);
    if (photo) {
      await ui.page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'floor-plan.png', mimeType: 'image/png', buffer: photo });
    }
    await ui.page.getByRole('button', { name: 'Send', exact: true }).click();
  };
  const bubble = (text: string) => ui.page.locator('[data-event-type="SMS"]', { hasText: text });

  it('sends an SMS with a photo, shows it go to Delivered, and offers to complete the open decision', async () => {
    // A lead with an open decision, on a property that texts from the shared number.
    const ava = await ui.make.lead({ name: 'Ava Thompson' });
    await ui.make.officeDecision(ava, 'The assistant needs a decision: two cats allowed?');
    await openLead(ui.page, ui.server.url, ava);
    const photo = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#88aadd' },
    })
      .png()
      .toBuffer();
    await composeAndSend('Here is the floor plan of 3B.', photo);

    const ask = ui.page
      .getByRole('dialog')
      .filter({ hasText: 'Do you want to complete the decision?' });
    await expect.poll(() => ask.isVisible()).toBe(true);
    await ask.getByRole('button', { name: 'Leave Open' }).click();

    await expect
      .poll(() => bubble('Here is the floor plan of 3B.').getByText('Delivered').isVisible(), {
        timeout: 20_000,
      })
      .toBe(true);
    const sent = fake.received.find((message) => message.body === 'Here is the floor plan of 3B.');
    expect(sent).toMatchObject({ to: ava.phone, from: '+15125550000' });
    expect(sent!.mediaUrls).toHaveLength(1);
    const media = await fetch(sent!.mediaUrls[0]!);
    expect(media.headers.get('content-type')).toBe('image/png');
    expect(await ui.page.getByPlaceholder('Send a message to the lead').inputValue()).toBe('');
  });

  it('shows a message the carrier could not deliver as Failed, with the reason', async () => {
    fake.setOutcome((message) =>
      message.body.includes('unreachable')
        ? { accept: true, finalStatus: 'undelivered', errorCode: '30003' }
        : { accept: true, finalStatus: 'delivered' },
    );
    await openLead(ui.page, ui.server.url, await ui.make.lead({ name: 'Liam Carter' }));
    await composeAndSend('Are you still looking? (unreachable)');
    const failed = bubble('Are you still looking? (unreachable)');
    await expect.poll(() => failed.getByText('Failed').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await failed.textContent()).toMatch(/switched off or out of coverage/);
  });

  it("shows the server's refusal in 'Oops' with 'Ok', keeping the draft", async () => {
    await openLead(ui.page, ui.server.url, await ui.make.lead({ name: 'Emma Johnson' }));
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    await composeAndSend('Photo of the parking map', svg);
    const oops = ui.page.getByRole('dialog', { name: 'Oops' });
    await expect
      .poll(() => oops.getByText(/not a PNG, JPEG, GIF or WebP image/).isVisible())
      .toBe(true);
    await oops.getByRole('button', { name: 'Ok' }).click();
    expect(await ui.page.getByPlaceholder('Send a message to the lead').inputValue()).toBe(
      'Photo of the parking map',
    );
  });
});
