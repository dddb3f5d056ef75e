import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  apiKeyScopes,
  apiPaths,
  apiRoutes,
  integrationPaths,
  ONE_CLICK_UNSUBSCRIBE_BODY,
  SEND_REFUSED_CODE,
  type ApiError,
  type ConversationEvent,
  type CreatedApiKey,
  type IntegrationLead,
} from '@leasing/contract';
import { leads, optOuts, type LeadRow } from '../../db/schema/index.js';
import { createLead, createOffice, uniquePhone, type Office } from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';
import { unsubscribeTokensOf } from './consent.service.js';

const multipart = (fields: Record<string, string>) => {
  const body = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--x\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  return {
    payload: `${body}--x--\r\n`,
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
  };
};

/**
 * Consent belongs to the address: a STOP or an unsubscribe puts the phone or email on the
 * company's opt-out register, which every sender asks, whatever lead carries it and however the
 * lead's details are edited, until a lead with it opts back in.
 */
describe.each(oneDatabase())('the opt-out register ($name)', (target) => {
  const t = useTestApp(target, { seed: 'none' });
  let office: Office;
  let elsewhere: Office;
  let token: string;
  let otherToken: string;

  beforeAll(async () => {
    office = await createOffice(t.db, {
      company: { registeredLeasingEmail: 'leasing@register.test' },
      property: { smsNumber: uniquePhone() },
    });
    elsewhere = await createOffice(t.db, { property: { smsNumber: uniquePhone() } });
    token = await t.signIn(office.staff.credentials);
    otherToken = await t.signIn(elsewhere.staff.credentials);
  });

  const text = (lead: LeadRow, as = token) => {
    const form = multipart({ leadID: lead.id, text: 'Still interested in 3B?' });
    return t.request<ConversationEvent & ApiError>('POST', apiPaths.leadSms(lead.id), {
      as,
      payload: form.payload,
      headers: form.headers,
    });
  };
  const email = (lead: LeadRow) =>
    t.request<ConversationEvent & ApiError>('POST', apiPaths.leadEmail(lead.id), {
      as: token,
      payload: {
        subject: 'Your tour',
        text: 'See you Saturday!',
        leadID: lead.id,
        companyID: office.company.id,
        sentByUserID: office.staff.user.id,
      },
    });
  const reply = (lead: LeadRow, words: string) =>
    t.request<ConversationEvent>('POST', apiRoutes.sandboxInboundSms, {
      as: token,
      payload: { leadID: lead.id, text: words },
    });
  const edit = (lead: LeadRow, payload: { phone?: string; email?: string }) =>
    t.request<ApiError>('PATCH', apiPaths.leadDetails(lead.id), { as: token, payload });
  const row = async (lead: LeadRow) =>
    (await t.db.select().from(leads).where(eq(leads.id, lead.id)))[0]!;
  const expectOptedOut = (answer: { status: number; body: ApiError }) => {
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe(SEND_REFUSED_CODE);
  };

  it('keeps a STOP through changing the phone to another number and back, for every lead of the company with it', async () => {
    const phone = uniquePhone();
    const lead = await createLead(t.db, office.property, { phone });
    expect((await reply(lead, 'STOP')).status).toBe(200);
    expectOptedOut(await text(lead));

    // A different number is sendable (positive control), and the old one's STOP does not follow.
    expect((await edit(lead, { phone: uniquePhone() })).status).toBe(200);
    expect((await row(lead)).phoneOptStatus).toBe('NO_INDICATION');
    expect((await text(lead)).status).toBe(200);

    expect((await edit(lead, { phone })).status).toBe(200);
    expect((await row(lead)).phoneOptStatus).toBe('OPT_OUT');
    expectOptedOut(await text(lead));

    // Another lead of the company with that phone is out too; another company's is not.
    const sibling = await createLead(t.db, office.property, { phone });
    expectOptedOut(await text(sibling));
    const stranger = await createLead(t.db, elsewhere.property, { phone });
    expect((await text(stranger, otherToken)).status).toBe(200);
  });

  it('lets START bring the number back, for the lead and the register', async () => {
    const phone = uniquePhone();
    const lead = await createLead(t.db, office.property, { phone });
    const sibling = await createLead(t.db, office.property, { phone });
    expect((await reply(lead, 'STOP')).status).toBe(200);
    // Every lead of the company with the number follows it, the pane's composer too.
    expect((await row(lead)).phoneOptStatus).toBe('OPT_OUT');
    expect((await row(sibling)).phoneOptStatus).toBe('OPT_OUT');
    expectOptedOut(await text(sibling));
    // START from the other lead's thread: the number is the one that opted out.
    expect((await reply(sibling, 'START')).status).toBe(200);
    expect((await row(sibling)).phoneOptStatus).toBe('OPT_IN');
    expect((await row(lead)).phoneOptStatus).toBe('OPT_IN');
    expect((await text(sibling)).status).toBe(200);
    expect((await text(lead)).status).toBe(200);
    const register = await t.db.select().from(optOuts).where(eq(optOuts.address, phone));
    expect(register).toEqual([]);
  });

  it("keeps an email unsubscribe through a change of the address's letter case", async () => {
    const lead = await createLead(t.db, office.property, { email: 'Nora.Quinn@Example.com' });
    const control = await createLead(t.db, office.property, { email: 'other.person@example.com' });
    const tokens = await unsubscribeTokensOf(t.db);
    const click = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe/${tokens.sign(lead.id)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: ONE_CLICK_UNSUBSCRIBE_BODY,
    });
    expect(click.statusCode).toBe(200);
    expectOptedOut(await email(lead));

    expect((await edit(lead, { email: 'nora.quinn@example.com' })).status).toBe(200);
    expect(await row(lead)).toMatchObject({
      email: 'nora.quinn@example.com',
      emailOptStatus: 'OPT_OUT',
    });
    expectOptedOut(await email(lead));
    // Positive control: another address of the company is emailed.
    expect((await email(control)).status).toBe(200);
  });

  it("gives an integration's lead with an opted-out phone its standing, and takes the integration's written opt-in", async () => {
    const phone = uniquePhone();
    const lead = await createLead(t.db, office.property, { phone });
    expect((await reply(lead, 'STOP')).status).toBe(200);
    const keyOf = async (as: string) =>
      (
        await t.request<CreatedApiKey>('POST', '/api/api-keys', {
          as,
          payload: { name: 'PMS sync', scopes: [...apiKeyScopes] },
        })
      ).body.key;
    const put = (as: string, pmsPropertyId: string, pmsLeadId: string, payload: object) =>
      t.request<IntegrationLead>('PUT', integrationPaths.lead(pmsPropertyId, pmsLeadId), {
        as,
        payload: { name: 'Jordan Rivera', ...payload },
      });
    const key = await keyOf(token);
    const mine = await put(key, office.property.pmsPropertyId, `L-${phone}`, { phone });
    expect(mine.status).toBe(201);
    expect(mine.body.phoneOptStatus).toBe('OPT_OUT');
    // Another company's lead with the same phone is not affected.
    const theirs = await put(await keyOf(otherToken), elsewhere.property.pmsPropertyId, 'L-1', {
      phone,
    });
    expect(theirs.body.phoneOptStatus).toBe('NO_INDICATION');

    // The integration records a written consent (with its key and the time): the number is back.
    const consented = await put(key, office.property.pmsPropertyId, `L-${phone}`, {
      phoneOptStatus: 'OPT_IN',
    });
    expect(consented.body.phoneOptStatus).toBe('OPT_IN');
    expect((await text(lead)).status).toBe(200);
  });

  it("fills the register from today's opted-out leads (the migration's backfill, run again)", async () => {
    const drizzleDir = fileURLToPath(new URL('../../../drizzle/', import.meta.url));
    const file = readdirSync(drizzleDir).find((name) => name.endsWith('_opt_out_register.sql'))!;
    const backfill = readFileSync(`${drizzleDir}${file}`, 'utf8').split('-- hand-written')[1]!;
    const phone = uniquePhone();
    await createLead(t.db, office.property, { phone, phoneOptStatus: 'OPT_OUT' });
    await createLead(t.db, office.property, {
      email: ' Old.Unsub@Example.com',
      emailOptStatus: 'OPT_OUT',
    });
    await createLead(t.db, elsewhere.property, { phone: uniquePhone() });
    await t.db.execute(sql.raw(backfill));
    await t.db.execute(sql.raw(backfill));
    const registered = await t.db
      .select({ channel: optOuts.channel, address: optOuts.address })
      .from(optOuts)
      .where(eq(optOuts.companyId, office.company.id));
    expect(registered).toEqual(
      expect.arrayContaining([
        { channel: 'SMS', address: phone },
        { channel: 'EMAIL', address: 'old.unsub@example.com' },
      ]),
    );
    const sibling = await createLead(t.db, office.property, { phone });
    expectOptedOut(await text(sibling));
    const theirs = await t.db
      .select()
      .from(optOuts)
      .where(and(eq(optOuts.companyId, elsewhere.company.id), eq(optOuts.address, phone)));
    expect(theirs).toEqual([]);
  });
});
