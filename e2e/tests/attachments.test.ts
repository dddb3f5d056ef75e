import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { openLead } from '../support/leads.js';
import { useSignedInPage } from '../support/session.js';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

describe('attachments in the composer (sandbox providers)', () => {
  const ui = useSignedInPage();

  const composer = () => ui.page.getByRole('form', { name: 'Message composer' });

  it('sends an email with a PDF and shows it as a chip on the timeline that downloads', async () => {
    await openLead(ui.page, ui.server.url, await ui.make.lead({ name: 'Mia Davis' }));
    await composer().getByRole('button', { name: 'Email', exact: true }).click();
    await composer().getByRole('textbox', { name: 'Subject' }).fill('Your lease');
    await ui.page.getByPlaceholder('Send a message to the lead').fill('Your lease is attached.');
    await composer()
      .locator('input[type="file"]')
      .setInputFiles({ name: 'lease.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect
      .poll(() =>
        composer()
          .getByRole('img', { name: /^lease\.pdf · PDF · / })
          .isVisible(),
      )
      .toBe(true);
    await composer().getByRole('button', { name: 'Send', exact: true }).click();

    const bubble = ui.page.locator('[data-event-type="EMAIL"]', {
      hasText: 'Your lease is attached.',
    });
    const chip = bubble.getByRole('link', { name: /^Download lease\.pdf · PDF · / });
    await expect.poll(() => chip.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await chip.textContent()).toMatch(/^Download lease\.pdf · PDF · \d+ B$/);
    const href = (await chip.getAttribute('href'))!;
    const served = await fetch(`${ui.server.url}${href}`);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toMatch(/^attachment; filename="lease.pdf"/);
    expect(Buffer.from(await served.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('keeps the png of a mixed .txt + .png selection for a text and names the txt', async () => {
    await openLead(ui.page, ui.server.url, await ui.make.lead({ name: 'Mia Davis' }));
    await composer().getByRole('button', { name: 'SMS', exact: true }).click();
    const png = await sharp({
      create: { width: 32, height: 24, channels: 3, background: '#88aadd' },
    })
      .png()
      .toBuffer();
    await composer()
      .locator('input[type="file"]')
      .setInputFiles([
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Parking in the back') },
        { name: 'plan.png', mimeType: 'image/png', buffer: png },
      ]);

    await expect
      .poll(() => ui.page.getByText('Only images are allowed as attachments').isVisible())
      .toBe(true);
    const refused = composer().getByRole('alert', { name: 'Files not attached' });
    expect(await refused.textContent()).toContain('notes.txt: only images can be texted');
    expect(await refused.textContent()).not.toContain('plan.png');
    const attached = composer().getByRole('list', { name: 'Attached images' });
    expect(await attached.getByRole('listitem').count()).toBe(1);
    expect(await attached.getByRole('img', { name: 'plan.png' }).isVisible()).toBe(true);
  });
});
