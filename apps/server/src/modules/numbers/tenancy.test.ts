import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import twilio from 'twilio';
import { and, eq } from 'drizzle-orm';
import type { CompanyNumber, ConversationEvent, UnmatchedMessagePage } from '@leasing/contract';
import { conversationEvents, leads, type LeadRow } from '../../db/schema/index.js';
import {
  createConversationEvent,
  createLead,
  createOffice,
  createProperty,
  createUser,
  uniquePhone,
  type Office,
} from '../../test/factories.js';
import { startFakeTwilio, type FakeTwilio } from '../../test/fake-twilio.js';
import { oneDatabase } from '../../test/test-app.js';
import { useTestApp, type TestContext } from '../../test/use-test-app.js';

const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR);

/** An SMS staff sent the lead `hoursAgo` (what shared-number routing looks at). */
const textedBy = (ctx: TestContext, lead: LeadRow, hoursAgo: number) =>
  createConversationEvent(ctx.db, lead, {
    senderType: 'USER',
    senderName: 'Staff',
    sendingStatus: 'COMPLETED',
    date: ago(hoursAgo),
  });

const eventsOf = (ctx: TestContext, lead: LeadRow, body: string) =>
  ctx.db
    .select()
    .from(conversationEvents)
    .where(and(eq(conversationEvents.leadId, lead.id), eq(conversationEvents.body, body)));

const sms = (ctx: TestContext, token: string, leadId: string, text: string) => {
  const form = new FormData();
  form.set('leadID', leadId);
  form.set('text', text);
  return ctx.request<ConversationEvent & { error?: { code: string; message: string } }>(
    'POST',
    `/api/leads/${leadId}/sms`,
    { as: token, payload: form },
  );
};

const TWILIO = { shared: '+15125550000' };
const PUBLIC_URL = 'http://localhost:3000';

describe.each(oneDatabase())('numbers belong to one company: Twilio webhooks ($name)', (target) => {
  let fake: FakeTwilio;
  beforeAll(async () => {
    fake = await startFakeTwilio();
    // The account owns the numbers the second company registers below.
    fake.setOwnedNumbers(['+16195550777', '+16195550778']);
  });
  afterAll(() => fake.close());
  const ctx = useTestApp(target, {
    seed: 'none',
    env: () => ({ ...fake.env(TWILIO.shared), PUBLIC_URL }),
  });
  /** The first company: it owns the shared number. */
  let first: Office;
  /** A second company, also on this deployment. */
  let second: Office;
  let firstToken: string;
  let secondToken: string;
  /** One prospect's phone, a lead in each company. */
  const phone = uniquePhone();
  let firstLead: LeadRow;
  let secondLead: LeadRow;

  beforeAll(async () => {
    first = await createOffice(ctx.db);
    second = await createOffice(ctx.db);
    firstToken = await ctx.signIn(first.staff.credentials);
    secondToken = await ctx.signIn(second.staff.credentials);
    firstLead = await createLead(ctx.db, first.property, { phone });
    secondLead = await createLead(ctx.db, second.property, { phone });
    // The second company texted this phone last.
    await textedBy(ctx, firstLead, 3);
    await textedBy(ctx, secondLead, 1);
  });

  const inbound = (from: string, to: string, body: string) => {
    const params = {
      MessageSid: `SM${randomUUID().replace(/-/g, '')}`,
      From: from,
      To: to,
      Body: body,
    };
    const url = `${PUBLIC_URL}/webhooks/twilio/inbound`;
    return ctx.app.inject({
      method: 'POST',
      url: '/webhooks/twilio/inbound',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(fake.authToken, url, params),
      },
      payload: new URLSearchParams(params).toString(),
    });
  };

  it('routes a reply to the shared number only inside the company that owns it, whoever texted last', async () => {
    const body = `Is it still available? ${randomUUID()}`;
    expect((await inbound(phone, TWILIO.shared, body)).statusCode).toBe(200);
    expect(await eventsOf(ctx, firstLead, body)).toHaveLength(1);
    expect(await eventsOf(ctx, secondLead, body)).toHaveLength(0);
  });

  it("refuses a key that points a property at the shared number or another company's number, in words that name no company", async () => {
    const firstOwn = '+15125550777';
    await createProperty(ctx.db, first.company.id, { smsNumber: firstOwn });
    const created = await ctx.request<{ key: string }>('POST', '/api/api-keys', {
      as: secondToken,
      payload: { name: 'PMS', scopes: ['events:write'] },
    });
    expect(created.status).toBe(201);
    const claim = (smsNumber: string) =>
      ctx.request<{ error: { message: string; details: { path: string; message: string }[] } }>(
        'PUT',
        '/api/integrations/v1/properties/CLAIM-1',
        {
          headers: { authorization: `Bearer ${created.body.key}` },
          payload: { name: 'Claim', smsNumber },
        },
      );

    // Control: a number the second company registered is accepted.
    const own = await ctx.request<CompanyNumber>('POST', '/api/numbers', {
      as: secondToken,
      payload: { number: '+1 (619) 555-0777' },
    });
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ number: '+16195550777', isSharedNumber: false });
    expect((await claim('+16195550777')).status).toBe(201);

    const shared = await claim(TWILIO.shared);
    expect(shared.status).toBe(400);
    expect(shared.body.error.details[0]?.path).toBe('body.smsNumber');

    const othersNumber = await claim(firstOwn);
    const nobodysNumber = await claim('+15125550778');
    expect(othersNumber.status).toBe(400);
    expect(othersNumber.body.error.details).toEqual([
      {
        path: 'body.smsNumber',
        message: expect.stringContaining("not one of your company's numbers"),
      },
    ]);
    expect(othersNumber.body).toEqual(nobodysNumber.body);

    // And a reply to the shared number still reaches the company that owns it.
    const body = `After the claim ${randomUUID()}`;
    await inbound(phone, TWILIO.shared, body);
    expect(await eventsOf(ctx, firstLead, body)).toHaveLength(1);
  });

  it("keeps a stranger's text for the number's company only; a number nobody owns shows to nobody", async () => {
    const stranger = uniquePhone();
    const unmatched = async (token: string) =>
      (
        await ctx.request<UnmatchedMessagePage>('GET', '/api/unmatched-messages', { as: token })
      ).body.items.filter((item) => item.from === stranger);
    await inbound(stranger, TWILIO.shared, 'Who is this?');
    await inbound(stranger, '+15125550999', 'Wrong number?');
    // Control: the owner reads it.
    expect((await unmatched(firstToken)).map((item) => item.body)).toEqual(['Who is this?']);
    expect(await unmatched(secondToken)).toEqual([]);
  });

  it("routes a text to a company's own number to that company's lead", async () => {
    const { number } = (
      await ctx.request<CompanyNumber>('POST', '/api/numbers', {
        as: secondToken,
        payload: { number: '+16195550778' },
      })
    ).body;
    const body = `On the second company's number ${randomUUID()}`;
    await inbound(phone, number, body);
    expect(await eventsOf(ctx, secondLead, body)).toHaveLength(1);
    expect(await eventsOf(ctx, firstLead, body)).toHaveLength(0);
  });
});

describe.each(oneDatabase())(
  'numbers belong to one company: sandbox and sending ($name)',
  (target) => {
    const ctx = useTestApp(target, { seed: 'none' });
    let first: Office;
    let second: Office;
    let firstToken: string;
    let secondAdminToken: string;
    let secondAgentToken: string;
    const phone = uniquePhone();
    let firstLead: LeadRow;
    let secondLead: LeadRow;

    beforeAll(async () => {
      first = await createOffice(ctx.db);
      second = await createOffice(ctx.db);
      firstToken = await ctx.signIn(first.staff.credentials);
      secondAdminToken = await ctx.signIn(second.staff.credentials);
      secondAgentToken = await ctx.signIn(
        (await createUser(ctx.db, second.company.id, { role: 'agent' })).credentials,
      );
      firstLead = await createLead(ctx.db, first.property, { phone });
      secondLead = await createLead(ctx.db, second.property, { phone });
      // The first company texted this phone last: a reply "to the shared number" would be its.
      await textedBy(ctx, secondLead, 3);
      await textedBy(ctx, firstLead, 1);
    });

    const simulate = (token: string, leadID: string, text: string) =>
      ctx.request<ConversationEvent & { error?: { code: string; message: string } }>(
        'POST',
        '/api/sandbox/inbound-sms',
        { as: token, payload: { leadID, text } },
      );
    const optStatus = async (lead: LeadRow) =>
      (await ctx.db.select().from(leads).where(eq(leads.id, lead.id)))[0]!.phoneOptStatus;

    it("lets a company's simulated reply reach only its own leads: another company's STOP changes nothing of theirs", async () => {
      // Control: the owner of the shared number simulates a reply of its lead.
      const own = await simulate(firstToken, firstLead.id, 'Thanks, see you Saturday');
      expect(own.status).toBe(200);
      expect(own.body.leadID).toBe(firstLead.id);

      const refused = await simulate(secondAdminToken, secondLead.id, 'STOP');
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({ code: 'NO_SMS_NUMBER' });
      expect(await eventsOf(ctx, firstLead, 'STOP')).toHaveLength(0);
      expect(await eventsOf(ctx, secondLead, 'STOP')).toHaveLength(0);
      expect(await optStatus(firstLead)).not.toBe('OPT_OUT');
    });

    it('refuses to text from a company without a number, saying what an admin can do; once it has one, texts go out', async () => {
      const sent = await sms(ctx, firstToken, firstLead.id, 'Your tour is confirmed.');
      expect(sent.status).toBe(200);

      const refused = await sms(ctx, secondAgentToken, secondLead.id, 'Your tour is confirmed.');
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({
        code: 'NO_SMS_NUMBER',
        message: expect.stringContaining('An admin can add one under Settings → Numbers'),
      });
      expect(await eventsOf(ctx, secondLead, 'Your tour is confirmed.')).toHaveLength(0);

      // An agent cannot add the number; the admin can.
      const byAgent = await ctx.request('POST', '/api/numbers', {
        as: secondAgentToken,
        payload: { number: '+16195550779' },
      });
      expect(byAgent.status).toBe(403);
      const added = await ctx.request('POST', '/api/numbers', {
        as: secondAdminToken,
        payload: { number: '+16195550779' },
      });
      expect(added.status).toBe(201);
      expect(
        (await sms(ctx, secondAgentToken, secondLead.id, 'Your tour is confirmed.')).status,
      ).toBe(200);
    });

    it('registers a number to one company only and says so the same way whoever holds it', async () => {
      const firstNumbers = await ctx.request<CompanyNumber[]>('GET', '/api/numbers', {
        as: firstToken,
      });
      expect(firstNumbers.body).toEqual([
        expect.objectContaining({ number: '+15005550006', isSharedNumber: true, properties: [] }),
      ]);
      const add = (token: string, number: string) =>
        ctx.request<{ error: { message: string } }>('POST', '/api/numbers', {
          as: token,
          payload: { number },
        });
      // Control: a free number is added.
      expect((await add(firstToken, '+15125550880')).status).toBe(201);
      const again = await add(firstToken, '+15125550880');
      const taken = await add(secondAdminToken, '+15125550880');
      const shared = await add(secondAdminToken, '+15005550006');
      expect(again.status).toBe(409);
      expect(taken.body).toEqual(again.body);
      expect(shared.body).toEqual(again.body);
      expect((await add(secondAdminToken, 'call me')).body.error).toMatchObject({
        details: [{ path: 'body.number', message: expect.any(String) }],
      });
      const secondNumbers = await ctx.request<CompanyNumber[]>('GET', '/api/numbers', {
        as: secondAdminToken,
      });
      expect(secondNumbers.body.map((n) => n.number)).toEqual(['+16195550779']);
    });

    it('keeps a number a property texts from and the shared number; removes a free one', async () => {
      await createProperty(ctx.db, first.company.id, {
        smsNumber: '+15125550881',
        name: 'Elm Court',
      });
      const numbers = (
        await ctx.request<CompanyNumber[]>('GET', '/api/numbers', { as: firstToken })
      ).body;
      const byNumber = (n: string) => numbers.find((row) => row.number === n)!;
      expect(byNumber('+15125550881').properties.map((p) => p.name)).toEqual(['Elm Court']);
      const remove = (n: string) =>
        ctx.request<{ error?: { code: string; message: string } }>(
          'DELETE',
          `/api/numbers/${byNumber(n)._id}`,
          { as: firstToken },
        );
      const inUse = await remove('+15125550881');
      expect(inUse.status).toBe(409);
      expect(inUse.body.error?.message).toContain('Elm Court');
      expect((await remove('+15005550006')).body.error?.code).toBe('SHARED_NUMBER');
      // Another company's admin cannot remove it, and does not learn it exists.
      const foreign = await ctx.request('DELETE', `/api/numbers/${byNumber('+15125550880')._id}`, {
        as: secondAdminToken,
      });
      expect(foreign.status).toBe(404);
      expect((await remove('+15125550880')).status).toBe(200);
      const after = (await ctx.request<CompanyNumber[]>('GET', '/api/numbers', { as: firstToken }))
        .body;
      expect(after.map((n) => n.number).sort()).toEqual(['+15005550006', '+15125550881']);
    });
  },
);
