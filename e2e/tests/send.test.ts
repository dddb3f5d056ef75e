import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startFakeTwilio, type FakeTwilio } from '../../apps/server/src/test/fake-twilio.js';
import { launchBrowser, signIn } from '../support/browser.js';
import { openLead } from '../support/leads.js';
import { startServer, type RunningServer } from '../support/server.js';

describe('answering a lead by SMS through Twilio (a loopback fake of its API)', () => {
  let fake: FakeTwilio;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    fake = await startFakeTwilio();
    server = await startServer({
      TWILIO_ACCOUNT_SID: fake.accountSid,
      TWILIO_AUTH_TOKEN: fake.authToken,
      TWILIO_FROM: '+15125550000',
      TWILIO_API_URL: fake.url,
      TWILIO_MPS: '10',
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await fake?.close();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    await signIn(page, server.url);
  });
  afterEach(() => context.close());

  const composeAndSend = async (text: string, photo?: Buffer) => {
    await page.getByPlaceholder('Send a message to the lead').fill(text);
    if (photo) {
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'floor-plan.png', mimeType: 'image/png', buffer: photo });
    }
    await page.getByRole('button', { name: 'Send', exact: true }).click();
  };
  const bubble = (text: string) => page.locator('[data-event-type="SMS"]', { hasText: text });

  it('sends an SMS with a photo, shows it go to Delivered, and offers to complete the open decision', async () => {
    await openLead(page, server.url, 'Ava Thompson');
    const photo = await sharp({
      create: { width: 64, height: 48, channels: 3, background: '#88aadd' },
    })
      .png()
      .toBuffer();
    await composeAndSend('Here is the floor plan of 3B.', photo);

    const ask = page
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
    expect(sent).toMatchObject({ to: '+15125550101', from: '+15125550000' });
    expect(sent!.mediaUrls).toHaveLength(1);
    const media = await fetch(sent!.mediaUrls[0]!);
    expect(media.headers.get('content-type')).toBe('image/png');
    expect(await page.getByPlaceholder('Send a message to the lead').inputValue()).toBe('');
  });

  it('shows a message the carrier could not deliver as Failed, with the reason', async () => {
    fake.setOutcome((message) =>
      message.body.includes('unreachable')
        ? { accept: true, finalStatus: 'undelivered', errorCode: '30003' }
        : { accept: true, finalStatus: 'delivered' },
    );
    await openLead(page, server.url, 'Liam Carter');
    await composeAndSend('Are you still looking? (unreachable)');
    const failed = bubble('Are you still looking? (unreachable)');
    await expect.poll(() => failed.getByText('Failed').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await failed.textContent()).toMatch(/switched off or out of coverage/);
  });

  it("shows the server's refusal in 'Oops' with 'Ok', keeping the draft", async () => {
    await openLead(page, server.url, 'Emma Johnson');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    await composeAndSend('Photo of the parking map', svg);
    const oops = page.getByRole('dialog', { name: 'Oops' });
    await expect
      .poll(() => oops.getByText(/not a PNG, JPEG, GIF or WebP image/).isVisible())
      .toBe(true);
    await oops.getByRole('button', { name: 'Ok' }).click();
    expect(await page.getByPlaceholder('Send a message to the lead').inputValue()).toBe(
      'Photo of the parking map',
    );
  });
});
