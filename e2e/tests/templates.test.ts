import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, signIn } from '../support/browser.js';
import { openLead } from '../support/leads.js';
import { startServer, type RunningServer } from '../support/server.js';

describe('message templates', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  beforeEach(async () => {
    context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    await signIn(page, server.url);
  });
  afterEach(() => context.close());

  it('picks a template by keyboard in the composer, sends it filled for the lead and counts its use', async () => {
    await openLead(page, server.url, 'Ava Thompson');
    const message = page.getByPlaceholder('Send a message to the lead');
    await message.click();
    // Typed at once, as a person who knows the template does: nothing lands in the message.
    await page.keyboard.type('/welc');

    const picker = page.getByRole('dialog', { name: 'Templates' });
    await expect.poll(() => picker.getByRole('option').count()).toBe(1);
    expect(await picker.getByRole('combobox', { name: 'Search templates' }).inputValue()).toBe(
      'welc',
    );
    // SMS mode: the email-only template is not offered.
    await picker.getByRole('combobox', { name: 'Search templates' }).fill('');
    await expect.poll(() => picker.getByRole('option').count()).toBe(2);
    expect(await picker.getByRole('option', { name: /Application follow-up/ }).count()).toBe(0);
    await page.keyboard.type('welc');
    await expect.poll(() => picker.getByRole('option').count()).toBe(1);
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'hidden' });

    const filled =
      'Hi Ava, thanks for your interest in Maple Grove Apartments! I am Dana and I will help you find the right home. When would you like to come by for a tour?';
    await expect.poll(() => message.inputValue()).toBe(filled);
    const composer = page.getByRole('form', { name: 'Message composer' });
    expect(await composer.getByText(`${filled.length} characters · 1 segment`).count()).toBe(1);

    // The same editing as any draft, then send.
    await message.press('End');
    await page.keyboard.type(' 🙂');
    await composer.getByRole('button', { name: 'Send', exact: true }).click();
    const ask = page
      .getByRole('dialog')
      .filter({ hasText: 'Do you want to complete the decision?' });
    await ask.getByRole('button', { name: 'Leave Open' }).click();
    await expect
      .poll(() => page.locator('[data-event-type="SMS"]', { hasText: `${filled} 🙂` }).count(), {
        timeout: 10_000,
      })
      .toBe(1);
    expect(await message.inputValue()).toBe('');
    await page.goto(`${server.url}/main/settings/templates`);
    const row = page.getByRole('row', { name: /Welcome/ });
    await expect.poll(() => row.getByText('32 messages').count(), { timeout: 10_000 }).toBe(1);
  });

  it('names a merge field the lead has no value for, and fills nothing', async () => {
    await openLead(page, server.url, 'Ava Thompson');
    const message = page.getByPlaceholder('Send a message to the lead');
    await page.getByRole('button', { name: 'Templates' }).click();
    const picker = page.getByRole('dialog', { name: 'Templates' });
    await picker.getByRole('option').first().waitFor();
    await page.keyboard.type('tour confirmation');
    await page.keyboard.press('Enter');
    const alert = picker.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('{{tour.date}} has no value for Ava');
    await page.keyboard.press('Escape');
    await picker.waitFor({ state: 'hidden' });
    expect(await message.inputValue()).toBe('');

    // Esc gave the message its focus back: '/' opens the picker again (and no key reaches a
    // shortcut of the page, such as 'e' to complete the decision).
    await page.keyboard.type('/welc');
    await expect.poll(() => picker.getByRole('option').count()).toBe(1);
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'hidden' });
    await expect.poll(() => message.inputValue()).toContain('Hi Ava, thanks for your interest');
    expect(await page.getByText('DECISION OPEN').count()).toBe(1);
  });

  it('keeps an image on a template and sends it as MMS media when the template is chosen', async () => {
    const png = await sharp({
      create: { width: 32, height: 24, channels: 3, background: '#88aadd' },
    })
      .png()
      .toBuffer();
    await page.goto(`${server.url}/main/settings/templates`);
    await page.getByRole('button', { name: 'New template' }).click();
    const dialog = page.getByRole('dialog', { name: 'New template' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Floor plan');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Here is the floor plan.');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'floor-plan.png', mimeType: 'image/png', buffer: png });
    await dialog.getByRole('button', { name: 'Add template' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await openLead(page, server.url, 'Mia Davis');
    const composer = page.getByRole('form', { name: 'Message composer' });
    await composer.getByRole('button', { name: 'SMS', exact: true }).click();
    await composer.getByRole('button', { name: 'Templates' }).click();
    const picker = page.getByRole('dialog', { name: 'Templates' });
    await picker.getByRole('option').first().waitFor();
    await page.keyboard.type('floor plan');
    await page.keyboard.press('Enter');
    await picker.waitFor({ state: 'hidden' });
    const attached = composer.getByRole('list', { name: 'Attached images' });
    await expect.poll(() => attached.getByRole('img', { name: 'floor-plan.png' }).count()).toBe(1);
    await composer.getByRole('button', { name: 'Send', exact: true }).click();

    const bubble = page.locator('[data-event-type="SMS"]', { hasText: 'Here is the floor plan.' });
    await expect.poll(() => bubble.locator('img').count(), { timeout: 20_000 }).toBeGreaterThan(0);
  });
});
