import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { and, eq } from 'drizzle-orm';
import {
  apiKeyScopes,
  integrationPaths,
  type ConversationEvent,
  type CreatedApiKey,
  type IntegrationLead,
  type Lead,
} from '@leasing/contract';
import { consentChanges, conversationEvents } from '../../db/schema/index.js';
import { createLead, createOffice } from '../../test/factories.js';
import { oneDatabase, freePort } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

describe('one-click email unsubscribe (RFC 8058, a real SMTP server on loopback)', () => {
  const mails: string[] = [];
  let smtp: SMTPServer;
  let smtpPort: number;
  beforeAll(async () => {
    smtpPort = await freePort();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData: (stream, _session, callback) => {
        let raw = '';
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
        stream.on('end', () => {
          mails.push(raw);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(resolve));
  });
  const t = useTestApp(oneDatabase()[0]!, {
    seed: 'none',
    listen: true,
    env: ({ url }) => ({ PUBLIC_URL: url!, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` }),
  });

  it('sends List-Unsubscribe headers; GET only asks, the one-click POST opts the email out once', async () => {
    const office = await createOffice(t.db, {
      company: { name: 'Lakeside Rentals', registeredLeasingEmail: 'leasing@lakeside.test' },
      staff: { name: 'Dana Whitfield' },
    });
    const lead = await createLead(t.db, office.property, {
      name: 'Sofia Martinez',
      email: 'sofia.martinez@example.com',
    });
    const token = await t.signIn(office.staff.credentials);
    const sent = await t.request<ConversationEvent>('POST', `/api/leads/${lead.id}/email`, {
      as: token,
      payload: {
        subject: 'Your tour at Maple Grove',
        text: 'See you Saturday!',
        leadID: lead.id,
        companyID: office.company.id,
        sentByUserID: office.staff.user.id,
      },
    });
    expect(sent.status).toBe(200);
    await expect.poll(() => mails.length, { timeout: 10_000 }).toBe(1);

    const mail = await simpleParser(mails[0]!);
    const header = (name: string) =>
      mail.headerLines
        .find((line) => line.key === name)
        ?.line.slice(name.length + 1)
        .trim();
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const [, url] = /^<(.+)>$/.exec(header('list-unsubscribe') ?? '') ?? [];
    expect(url).toMatch(new RegExp(`^${t.url}/unsubscribe/[A-Za-z0-9_-]{43}$`));

    // A mail client or scanner fetching the link changes nothing.
    const page = await fetch(url!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Unsubscribe from these emails?');
    const untouched = await t.request<Lead>(
      'GET',
      `/api/properties/${office.property.id}/leads/${lead.pmsLeadId}`,
      { as: token },
    );
    expect(untouched.body.emailOptStatus).toBe('NO_INDICATION');

    const wrongBody = await fetch(url!, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=Maybe',
    });
    expect(wrongBody.status).toBe(400);

    // What a mail client sends for the one click, twice: the second changes nothing.
    for (let i = 0; i < 2; i += 1) {
      const click = await fetch(url!, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(click.status).toBe(200);
    }
    const after = await t.request<Lead>(
      'GET',
      `/api/properties/${office.property.id}/leads/${lead.pmsLeadId}`,
      { as: token },
    );
    expect(after.body.emailOptStatus).toBe('OPT_OUT');
    const onTimeline = after.body.conversations.filter(
      (event) => event.eventType === 'CONSENT_CHANGE',
    );
    expect(onTimeline.map((event) => event.body)).toEqual([
      'Unsubscribed from email — with the unsubscribe link of an email',
    ]);
    expect(after.body.consent.email).toMatchObject({
      status: 'OPT_OUT',
      source: 'email_one_click',
      timelineEventId: onTimeline[0]!._id,
      actorName: null,
    });

    // A token this server did not sign, or one tampered with, unsubscribes nobody.
    const at = url!.length - 10;
    const forged = `${url!.slice(0, at)}${url![at] === 'A' ? 'Q' : 'A'}${url!.slice(at + 1)}`;
    const refused = await fetch(forged, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(refused.status).toBe(404);
    expect((await fetch(forged)).status).toBe(404);

    // Mail already written when the lead unsubscribed is not sent.
    const late = await t.request<ConversationEvent>('POST', `/api/leads/${lead.id}/email`, {
      as: token,
      payload: {
        subject: 'One more thing',
        text: 'Hello again',
        leadID: lead.id,
        companyID: office.company.id,
        sentByUserID: office.staff.user.id,
      },
    });
    expect(late.status).toBe(400);
    expect(mails).toHaveLength(1);
  });
});

describe('consent in the integration API', () => {
  const t = useTestApp(oneDatabase()[0]!, { seed: 'none' });

  it('records a status an integration sets, and returns the latest per channel when reading the lead', async () => {
    const office = await createOffice(t.db, { property: { pmsPropertyId: 'P-CONSENT' } });
    const token = await t.signIn(office.staff.credentials);
    const key = (
      await t.request<CreatedApiKey>('POST', '/api/api-keys', {
        as: token,
        payload: { name: 'PMS sync', scopes: [...apiKeyScopes] },
      })
    ).body.key;
    const path = integrationPaths.lead('P-CONSENT', 'L-1');
    const created = await t.request<IntegrationLead>('PUT', path, {
      as: key,
      payload: { name: 'Jordan Rivera', phone: '(512) 555-0177', phoneOptStatus: 'OPT_IN' },
    });
    expect(created.status).toBe(201);
    expect(created.body.consent).toMatchObject({
      sms: { status: 'OPT_IN', source: 'integration', timelineEventId: null },
      email: null,
    });
    // The same status again is no change.
    await t.request('PUT', path, {
      as: key,
      payload: { name: 'Jordan Rivera', phoneOptStatus: 'OPT_IN' },
    });
    const rows = await t.db
      .select()
      .from(consentChanges)
      .where(and(eq(consentChanges.leadId, created.body._id), eq(consentChanges.channel, 'SMS')));
    expect(rows).toHaveLength(1);

    const read = await t.request<IntegrationLead>('GET', path, { as: key });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      pmsLeadId: 'L-1',
      phoneOptStatus: 'OPT_IN',
      consent: { sms: { status: 'OPT_IN', source: 'integration' }, email: null },
    });
    expect(
      (await t.request('GET', integrationPaths.lead('P-CONSENT', 'nope'), { as: key })).status,
    ).toBe(404);
    // Staff tokens do not open the integration API.
    expect((await t.request('GET', path, { as: token })).status).toBe(401);
    const events = await t.db
      .select()
      .from(conversationEvents)
      .where(eq(conversationEvents.leadId, created.body._id));
    expect(events.filter((event) => event.eventType === 'CONSENT_CHANGE')).toHaveLength(0);
  });
});
