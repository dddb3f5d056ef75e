import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { openLead } from '../support/leads.js';
import { useSignedInPage } from '../support/session.js';

describe('message templates', () => {
  const ui = useSignedInPage();

  it('picks a template by keyboard in the composer, sends it filled for the lead and counts its use', async () => {
    await openLead(ui.page, ui.server.url, 'Ava Thompson');
    const message = ui.page.getByPlaceholder('Send a message to the lead');
    await message.click();
    // Typed at once, as a person who knows the template does: nothing lands in the message.
    await ui.page.keyboard.type('/welc');

    const picker = ui.page.getByRole('dialog', { name: 'Templates' });
    await expect.poll(() => picker.getByRole('option').count()).toBe(1);
    expect(await picker.getByRole('combobox', { name: 'Search templates' }).inputValue()).toBe(
      'welc',
    );
    // SMS mode: the email-only template is not offered.
    await picker.getByRole('combobox', { name: 'Search templates' }).fill('');
    await expect.poll(() => picker.getByRole('option').count()).toBe(2);
    expect(await picker.getByRole('option', { name: /Application follow-up/ }).count()).toBe(0);
    await ui.page.keyboard.type('welc');
    await expect.poll(() => picker.getByRole('option').count()).toBe(1);
    await ui.page.keyboard.press('Enter');
    await picker.waitFor({ state: 'hidden' });

    const filled =
      'Hi Ava, thanks for your interest in Maple Grove Apartments! I am Dana and I will help you find the right home. When would you like to come by for a tour?';
    await expect.poll(() => message.inputValue()).toBe(filled);
    const composer = ui.page.getByRole('form', { name: 'Message composer' });
    expect(await composer.getByText(`${filled.length} characters · 1 segment`).count()).toBe(1);

    // The same editing as any draft, then send.
    await message.press('End');
    await ui.page.keyboard.type(' 🙂');
    await composer.getByRole('button', { name: 'Send', exact: true }).click();
    const ask = ui.page
      .getByRole('dialog')
      .filter({ hasText: 'Do you want to complete the decision?' });
    await ask.getByRole('button', { name: 'Leave Open' }).click();
    await expect
      .poll(() => ui.page.locator('[data-event-type="SMS"]', { hasText: `${filled} 🙂` }).count(), {
        timeout: 10_000,
      })
      .toBe(1);
    expect(await message.inputValue()).toBe('');
    await ui.page.goto(`${ui.server.url}/main/settings/templates`);
    const row = ui.page.getByRole('row', { name: /Welcome/ });
    await expect.poll(() => row.getByText('32 messages').count(), { timeout: 10_000 }).toBe(1);
  });

  it('names a merge field the lead has no value for, and fills nothing', async () => {
    await openLead(ui.page, ui.server.url, 'Ava Thompson');
    const message = ui.page.getByPlaceholder('Send a message to the lead');
    await ui.page.getByRole('button', { name: 'Templates' }).click();
    const picker = ui.page.getByRole('dialog', { name: 'Templates' });
    await picker.getByRole('option').first().waitFor();
    await ui.page.keyboard.type('tour confirmation');
    await ui.page.keyboard.press('Enter');
    const alert = picker.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('{{tour.date}} has no value for Ava');
    await ui.page.keyboard.press('Escape');
    await picker.waitFor({ state: 'hidden' });
    expect(await message.inputValue()).toBe('');

    // Esc gave the message its focus back: '/' opens the picker again (and no key reaches a
    // shortcut of the page, such as 'e' to complete the decision).
    await ui.page.keyboard.type('/welc');
    await expect.poll(() => picker.getByRole('option').count()).toBe(1);
    await ui.page.keyboard.press('Enter');
    await picker.waitFor({ state: 'hidden' });
    await expect.poll(() => message.inputValue()).toContain('Hi Ava, thanks for your interest');
    expect(await ui.page.getByText('DECISION OPEN').count()).toBe(1);
  });

  it('keeps an image on a template and sends it as MMS media when the template is chosen', async () => {
    const png = await sharp({
      create: { width: 32, height: 24, channels: 3, background: '#88aadd' },
    })
      .png()
      .toBuffer();
    await ui.page.goto(`${ui.server.url}/main/settings/templates`);
    await ui.page.getByRole('button', { name: 'New template' }).click();
    const dialog = ui.page.getByRole('dialog', { name: 'New template' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Floor plan');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Here is the floor plan.');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'floor-plan.png', mimeType: 'image/png', buffer: png });
    await dialog.getByRole('button', { name: 'Add template' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await openLead(ui.page, ui.server.url, 'Mia Davis');
    const composer = ui.page.getByRole('form', { name: 'Message composer' });
    await composer.getByRole('button', { name: 'SMS', exact: true }).click();
    await composer.getByRole('button', { name: 'Templates' }).click();
    const picker = ui.page.getByRole('dialog', { name: 'Templates' });
    await picker.getByRole('option').first().waitFor();
    await ui.page.keyboard.type('floor plan');
    await ui.page.keyboard.press('Enter');
    await picker.waitFor({ state: 'hidden' });
    const attached = composer.getByRole('list', { name: 'Attached images' });
    await expect.poll(() => attached.getByRole('img', { name: 'floor-plan.png' }).count()).toBe(1);
    await composer.getByRole('button', { name: 'Send', exact: true }).click();

    const bubble = ui.page.locator('[data-event-type="SMS"]', {
      hasText: 'Here is the floor plan.',
    });
    await expect.poll(() => bubble.locator('img').count(), { timeout: 20_000 }).toBeGreaterThan(0);
  });
});
