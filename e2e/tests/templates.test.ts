import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { uniqueId } from '../support/factories.js';
import { openLead } from '../support/leads.js';
import { useSignedInPage } from '../support/session.js';

describe('message templates', () => {
  const ui = useSignedInPage();

  /**
   * The company's templates a leasing team keeps, the test's own: each name starts with `tag`, so
   * searching for it finds these and no other test's.
   */
  const teamTemplates = async () => {
    const tag = `t${uniqueId()}`;
    const common = { scope: 'company' } as const;
    await ui.make.template({
      ...common,
      name: `${tag} Welcome`,
      channel: 'BOTH',
      subject: 'Your home at {{property.name}}',
      body: 'Hi {{lead.firstName}}, thanks for your interest in {{property.name}}! I am {{agent.firstName}} and I will help you find the right home. When would you like to come by for a tour?',
    });
    await ui.make.template({
      ...common,
      name: `${tag} Tour confirmation`,
      channel: 'SMS',
      subject: null,
      body: 'Hi {{lead.firstName}}, this is {{agent.firstName}} from {{property.name}}. You are booked for a tour on {{tour.date}} at {{tour.time}}. Reply here if anything changes!',
    });
    await ui.make.template({
      ...common,
      name: `${tag} Application follow-up`,
      channel: 'EMAIL',
      subject: 'Your application at {{property.name}}',
      body: 'Hi {{lead.name}},\n\nThank you for applying at {{property.name}}.\n\n{{agent.name}}',
    });
    return tag;
  };
  /** A lead with an open decision, on a property of its own named Maple Grove. */
  const ava = async () => {
    const property = await ui.make.property({ name: 'Maple Grove' });
    const lead = await ui.make.lead({ name: 'Ava Thompson', property });
    await ui.make.officeDecision(lead, 'The assistant needs a decision: two cats allowed?');
    return lead;
  };

  it('picks a template by keyboard in the composer, sends it filled for the lead and counts its use', async () => {
    const tag = await teamTemplates();
    const lead = await ava();
    await openLead(ui.page, ui.server.url, lead);
    const message = ui.page.getByPlaceholder('Send a message to the lead');
    await message.click();
    // Typed at once, as a person who knows the template does: nothing lands in the message.
    await ui.page.keyboard.type(`/${tag} welc`);

    const picker = ui.page.getByRole('dialog', { name: 'Templates' });
    await expect.poll(() => picker.getByRole('option').count()).toBe(1);
    expect(await picker.getByRole('combobox', { name: 'Search templates' }).inputValue()).toBe(
      `${tag} welc`,
    );
    // SMS mode: the email-only template is not offered.
    await picker.getByRole('combobox', { name: 'Search templates' }).fill(tag);
    await expect.poll(() => picker.getByRole('option').count()).toBe(2);
    expect(await picker.getByRole('option', { name: /Application follow-up/ }).count()).toBe(0);
    await ui.page.keyboard.type(' welc');
    await expect.poll(() => picker.getByRole('option').count()).toBe(1);
    await ui.page.keyboard.press('Enter');
    await picker.waitFor({ state: 'hidden' });

    const filled = `Hi Ava, thanks for your interest in ${lead.property.name}! I am Dana and I will help you find the right home. When would you like to come by for a tour?`;
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
    const row = ui.page.getByRole('row', { name: new RegExp(`${tag} Welcome`) });
    await expect.poll(() => row.getByText('1 message').count(), { timeout: 10_000 }).toBe(1);
  });

  it('names a merge field the lead has no value for, and fills nothing', async () => {
    const tag = await teamTemplates();
    await openLead(ui.page, ui.server.url, await ava());
    const message = ui.page.getByPlaceholder('Send a message to the lead');
    await ui.page.getByRole('button', { name: 'Templates' }).click();
    const picker = ui.page.getByRole('dialog', { name: 'Templates' });
    await picker.getByRole('option').first().waitFor();
    await ui.page.keyboard.type(`${tag} tour confirmation`);
    await ui.page.keyboard.press('Enter');
    const alert = picker.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('{{tour.date}} has no value for Ava');
    await ui.page.keyboard.press('Escape');
    await picker.waitFor({ state: 'hidden' });
    expect(await message.inputValue()).toBe('');

    // Esc gives the message its focus back: '/' opens the picker again (and no key reaches a
    // shortcut of the page, such as 'e' to complete the decision).
    await expect
      .poll(() => message.evaluate((element) => element === document.activeElement))
      .toBe(true);
    await ui.page.keyboard.type(`/${tag} welc`);
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
    const name = `Floor plan ${uniqueId()}`;
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Here is the floor plan.');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'floor-plan.png', mimeType: 'image/png', buffer: png });
    await dialog.getByRole('button', { name: 'Add template' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await openLead(ui.page, ui.server.url, await ui.make.lead({ name: 'Mia Davis' }));
    const composer = ui.page.getByRole('form', { name: 'Message composer' });
    await composer.getByRole('button', { name: 'SMS', exact: true }).click();
    await composer.getByRole('button', { name: 'Templates' }).click();
    const picker = ui.page.getByRole('dialog', { name: 'Templates' });
    await picker.getByRole('option').first().waitFor();
    await ui.page.keyboard.type(name.toLowerCase());
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
