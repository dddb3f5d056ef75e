import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '@leasing/contract';
import { createLead, createOffice } from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

describe.each(oneDatabase())('the sandbox outbox ($name)', (target) => {
  const t = useTestApp(target, {
    seed: 'none',
    listen: true,
    env: ({ url }) => ({ PUBLIC_URL: url! }),
  });

  it("lists an email's attached files with their name, type, size and a link that opens each", async () => {
    const office = await createOffice(t.db, {
      company: { name: 'Lakeside Rentals', registeredLeasingEmail: 'leasing@lakeside.test' },
    });
    const lead = await createLead(t.db, office.property, { email: 'ivy.chen@example.com' });
    const token = await t.signIn(office.staff.credentials);
    const auth = { authorization: `Bearer ${token}` };
    const me = (await (await fetch(`${t.url}/api/me`, { headers: auth })).json()) as {
      _id: string;
      companyID: string;
    };
    const form = new FormData();
    form.set('leadID', lead.id);
    form.set('companyID', me.companyID);
    form.set('sentByUserID', me._id);
    form.set('subject', 'Your lease');
    form.set('text', 'Hi Ivy, your lease is attached.');
    form.append('attachments', new Blob([pdf]), 'lease.pdf');
    const sent = await fetch(`${t.url}/api/leads/${lead.id}/email`, {
      method: 'POST',
      body: form,
      headers: auth,
    });
    expect(sent.status).toBe(200);

    const outbox = async () =>
      (
        (await (await fetch(`${t.url}/api/outbox`, { headers: auth })).json()) as {
          items: OutboxEntry[];
        }
      ).items;
    await expect.poll(async () => (await outbox()).length, { timeout: 15_000 }).toBe(1);
    const [mail] = await outbox();
    expect(mail).toMatchObject({ channel: 'EMAIL', to: 'ivy.chen@example.com' });
    expect(mail!.files).toEqual([
      {
        url: expect.stringMatching(/^\/media\//),
        fileName: 'lease.pdf',
        contentType: 'application/pdf',
        size: pdf.length,
      },
    ]);
    const opened = await fetch(`${t.url}${mail!.files[0]!.url}`);
    expect(opened.status).toBe(200);
    expect(Buffer.from(await opened.arrayBuffer()).equals(pdf)).toBe(true);
  });
});
