import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { and, eq } from 'drizzle-orm';
import {
  apiPaths,
  templateAttachmentsFor,
  type ConversationEvent,
  type MessageTemplate,
} from '@leasing/contract';
import { auditLog, conversationEvents } from '../../db/schema/index.js';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio.js';
import {
  createLead,
  createOffice,
  createUser,
  uniqueEmail,
  uniquePhone,
} from '../../test/factories.js';
import { oneDatabase, freePort } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: '#3366ff' } })
    .png()
    .toBuffer();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

type ErrorBody = { error: { message: string; details: { path: string; message: string }[] } };

/**
 * Files on templates, end to end: added on Settings → Templates, filled into the composer (which
 * fetches them like any file and sends them as its uploads), and out through Twilio (as MMS media)
 * and SMTP (as MIME parts). The providers are a fake Twilio and a real SMTP server on loopback.
 */
describe('files on message templates, sent as MMS and email', () => {
  const mails: string[] = [];
  let smtp: SMTPServer;
  let smtpPort = 0;
  let fake: FakeTwilio;
  beforeAll(async () => {
    fake = await startFakeTwilio();
    smtpPort = await freePort();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          mails.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(resolve));
    await fake.close();
  });
  const t = useTestApp(oneDatabase()[0]!, {
    seed: 'none',
    listen: true,
    env: ({ url }) => ({
      PUBLIC_URL: url!,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ...fake.env(),
    }),
  });

  const office = async () => {
    const made = await createOffice(t.db, {
      company: { name: 'Lakeside Rentals', registeredLeasingEmail: uniqueEmail('leasing') },
      staff: { name: 'Dana Whitfield' },
      property: { smsNumber: uniquePhone() },
    });
    const agent = await createUser(t.db, made.company.id, { role: 'agent', name: 'Priya Shah' });
    const lead = await createLead(t.db, made.property, { name: 'Ivy Chen' });
    const admin = await t.signIn(made.staff.credentials);
    const agentToken = await t.signIn(agent.credentials);
    const me = (await t.request<{ _id: string }>('GET', '/api/me', { as: agentToken })).body;
    return { ...made, lead, admin, agent: agentToken, agentId: me._id };
  };

  const api = async <T>(token: string, path: string, init: RequestInit = {}) => {
    const response = await fetch(`${t.url}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
    });
    return { status: response.status, body: (await response.json().catch(() => null)) as T };
  };
  const createTemplate = async (token: string, payload: Record<string, unknown>) => {
    const response = await t.request<MessageTemplate>('POST', apiPaths.templates, {
      as: token,
      payload: { scope: 'company', name: 'Welcome', body: 'Hi {{lead.firstName}}', ...payload },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  const addFiles = (
    token: string,
    templateId: string,
    files: { name: string; bytes: Buffer }[],
  ) => {
    const form = new FormData();
    for (const file of files) form.append('attachments', new Blob([file.bytes]), file.name);
    return api<MessageTemplate & ErrorBody>(token, apiPaths.templateAttachments(templateId), {
      method: 'POST',
      body: form,
    });
  };
  /** What the composer does with a chosen template's files: fetches each, to send as uploads. */
  const filesOf = async (template: MessageTemplate, channel: 'SMS' | 'EMAIL') =>
    Promise.all(
      templateAttachmentsFor(template.attachments, channel).map(async (attachment) => ({
        name: attachment.fileName,
        bytes: Buffer.from(await (await fetch(`${t.url}${attachment.url}`)).arrayBuffer()),
      })),
    );

  it('refuses a file the template’s channel cannot carry, naming it, and stores nothing', async () => {
    const o = await office();
    const sms = await createTemplate(o.admin, { channel: 'SMS' });
    const refused = await addFiles(o.admin, sms._id, [
      { name: 'map.png', bytes: await png() },
      { name: 'lease.pdf', bytes: pdf },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      {
        path: 'body.attachments',
        message: expect.stringMatching(/^lease\.pdf: only images can be texted/),
      },
    ]);
    const [unchanged] = (await api<MessageTemplate[]>(o.admin, apiPaths.templates)).body;
    expect(unchanged?.attachments).toEqual([]);

    // Agents keep no company template's files; their own they do.
    expect((await addFiles(o.agent, sms._id, [{ name: 'a.png', bytes: await png() }])).status).toBe(
      403,
    );
    const mine = await t.request<MessageTemplate>('POST', apiPaths.templates, {
      as: o.agent,
      payload: { scope: 'personal', name: 'Mine', channel: 'EMAIL', subject: 'Hi', body: 'Hi' },
    });
    const added = await addFiles(o.agent, mine.body._id, [{ name: 'lease.pdf', bytes: pdf }]);
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.attachments).toEqual([
      expect.objectContaining({ fileName: 'lease.pdf', contentType: 'application/pdf' }),
    ]);
    // A text-only template cannot keep a PDF.
    const toSms = await t.request<ErrorBody>('PUT', apiPaths.template(mine.body._id), {
      as: o.agent,
      payload: { name: 'Mine', channel: 'SMS', body: 'Hi' },
    });
    expect(toSms.status).toBe(400);
    expect(toSms.body.error.details[0]?.message).toMatch(/^lease\.pdf: only images can be texted/);
  });

  it('sends a template’s image as MMS media and its PDF as an email attachment', async () => {
    const o = await office();
    const photo = await png();
    const template = await createTemplate(o.admin, { channel: 'BOTH', subject: 'Your lease' });
    const withImage = await addFiles(o.admin, template._id, [
      { name: 'unit 4B.png', bytes: photo },
    ]);
    const withBoth = await addFiles(o.admin, template._id, [{ name: 'lease.pdf', bytes: pdf }]);
    expect(withBoth.status, JSON.stringify(withBoth.body)).toBe(200);
    expect(withBoth.body.attachments.map((file) => file.fileName)).toEqual([
      'unit 4B.png',
      'lease.pdf',
    ]);
    expect(withImage.body.attachments[0]?.url).toMatch(/^\/media\/[\w-]+\.png$/);

    // As a text: only the image goes, as the MMS's media; the render names the files to attach.
    const rendered = await t.request<{ attachments: MessageTemplate['attachments'] }>(
      'POST',
      apiPaths.leadTemplateRender(o.lead.id, template._id),
      { as: o.agent, payload: { channel: 'SMS' } },
    );
    expect(rendered.body.attachments).toEqual([withBoth.body.attachments[0]]);
    const smsFiles = await filesOf(withBoth.body, 'SMS');
    expect(smsFiles.map((file) => file.name)).toEqual(['unit 4B.png']);
    const form = new FormData();
    form.set('leadID', o.lead.id);
    form.set('text', 'Hi Ivy');
    form.set('templateId', template._id);
    for (const file of smsFiles) form.append('attachments', new Blob([file.bytes]), file.name);
    const sms = await api<ConversationEvent>(o.agent, apiPaths.leadSms(o.lead.id), {
      method: 'POST',
      body: form,
    });
    expect(sms.status, JSON.stringify(sms.body)).toBe(200);
    await expect.poll(() => fake.received.find((m) => m.body === 'Hi Ivy')).toBeTruthy();
    const received = fake.received.find((m) => m.body === 'Hi Ivy')!;
    expect(received.mediaUrls).toHaveLength(1);
    const media = await fetch(received.mediaUrls[0]!);
    expect(Buffer.from(await media.arrayBuffer()).equals(photo)).toBe(true);

    // As an email: both files, as MIME parts the receiving server reads back.
    const emailForm = new FormData();
    emailForm.set('leadID', o.lead.id);
    emailForm.set('companyID', o.company.id);
    emailForm.set('sentByUserID', o.agentId);
    emailForm.set('subject', 'Your lease');
    emailForm.set('text', 'Hi Ivy, your lease is attached.');
    emailForm.set('templateId', template._id);
    for (const file of await filesOf(withBoth.body, 'EMAIL')) {
      emailForm.append('attachments', new Blob([file.bytes]), file.name);
    }
    const email = await api<ConversationEvent>(o.agent, apiPaths.leadEmail(o.lead.id), {
      method: 'POST',
      body: emailForm,
    });
    expect(email.status, JSON.stringify(email.body)).toBe(200);
    await expect
      .poll(async () => {
        const [row] = await t.db
          .select()
          .from(conversationEvents)
          .where(eq(conversationEvents.id, email.body._id));
        return row?.sendingStatus;
      })
      .toBe('COMPLETED');
    const mail = await simpleParser(mails.at(-1)!);
    const parts = mail.attachments.map((file) => [file.filename, file.contentType]);
    expect(parts).toEqual(
      expect.arrayContaining([
        ['lease.pdf', 'application/pdf'],
        ['unit 4B.png', 'image/png'],
      ]),
    );
    expect(
      mail.attachments.find((file) => file.filename === 'lease.pdf')?.content.equals(pdf),
    ).toBe(true);

    // Deleting the template leaves the sent messages' files in place.
    expect(
      (await t.request('DELETE', apiPaths.template(template._id), { as: o.admin })).status,
    ).toBe(204);
    const pdfUrl = email.body.data.otherAttachments?.[0]?.url;
    expect(pdfUrl).toBeTruthy();
    const kept = await fetch(`${t.url}${pdfUrl}`);
    expect(kept.status).toBe(200);
    expect(Buffer.from(await kept.arrayBuffer()).equals(pdf)).toBe(true);
    expect((await fetch(`${t.url}${sms.body.attachmentsUrls[0]!.url}`)).status).toBe(200);
  });

  it('removes a file from a template, audited; an unknown file answers 404', async () => {
    const o = await office();
    const template = await createTemplate(o.admin, { channel: 'SMS' });
    const added = await addFiles(o.admin, template._id, [{ name: 'map.png', bytes: await png() }]);
    const [file] = added.body.attachments;
    const path = apiPaths.templateAttachment(template._id, file!.id);
    expect((await t.request('DELETE', path, { as: o.agent })).status).toBe(403);
    const removed = await t.request<MessageTemplate>('DELETE', path, { as: o.admin });
    expect(removed.status).toBe(200);
    expect(removed.body.attachments).toEqual([]);
    expect((await t.request('DELETE', path, { as: o.admin })).status).toBe(404);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'template'), eq(auditLog.targetId, template._id)));
    expect(audit.map((row) => [row.action, row.after])).toEqual([
      ['template.created', expect.anything()],
      ['template.updated', expect.objectContaining({ changed: ['attachments'] })],
      ['template.updated', expect.objectContaining({ changed: ['attachments'] })],
    ]);
  });
});
