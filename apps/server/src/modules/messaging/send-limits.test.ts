import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { conversationEvents, type LeadRow } from '../../db/schema/index.js';
import { createLead, createOffice, createUser, type Office } from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

describe.each(oneDatabase())('send limits per person and per company ($name)', (target) => {
  const ctx = useTestApp(target, {
    env: { SEND_USER_LIMIT_PER_MINUTE: '2', SEND_COMPANY_LIMIT_PER_MINUTE: '3' },
  });
  let office: Office;
  let lead: LeadRow;
  let first: { id: string; token: string };
  let second: { id: string; token: string };
  let elsewhere: { id: string; token: string; lead: LeadRow; companyId: string };

  beforeAll(async () => {
    office = await createOffice(ctx.db, {
      company: { registeredLeasingEmail: `leasing-${Date.now()}@limits.test` },
    });
    lead = await createLead(ctx.db, office.property);
    first = { id: office.staff.user.id, token: await ctx.signIn(office.staff.credentials) };
    const colleague = await createUser(ctx.db, office.company.id, { role: 'agent' });
    second = { id: colleague.user.id, token: await ctx.signIn(colleague.credentials) };
    const other = await createOffice(ctx.db, {
      company: { registeredLeasingEmail: `leasing-${Date.now()}@other-limits.test` },
    });
    elsewhere = {
      id: other.staff.user.id,
      token: await ctx.signIn(other.staff.credentials),
      lead: await createLead(ctx.db, other.property),
      companyId: other.company.id,
    };
  });

  const email = (as: { id: string; token: string }, to: LeadRow, subject: string) =>
    ctx.request<{ error?: { code: string; message: string } }>(
      'POST',
      `/api/leads/${to.id}/email`,
      {
        as: as.token,
        payload: {
          subject,
          text: 'Your tour is confirmed.',
          leadID: to.id,
          companyID: to.companyId,
          sentByUserID: as.id,
        },
      },
    );
  const stored = async (to: LeadRow, subject: string) =>
    (
      await ctx.db
        .select({ n: count() })
        .from(conversationEvents)
        .where(and(eq(conversationEvents.leadId, to.id), eq(conversationEvents.subject, subject)))
    )[0]!.n;

  it('lets a person send up to their limit, then answers 429 and stores nothing', async () => {
    expect((await email(first, lead, 'One')).status).toBe(200);
    expect((await email(first, lead, 'Two')).status).toBe(200);
    expect(await stored(lead, 'Two')).toBe(1);
    const third = await email(first, lead, 'Three');
    expect(third.status).toBe(429);
    expect(third.body.error?.message).toMatch(/^You are sending faster than 2 messages a minute/);
    expect(await stored(lead, 'Three')).toBe(0);
  });

  it("counts the whole company's sends too; another company has its own count", async () => {
    // The colleague's first send is the company's third.
    expect((await email(second, lead, 'Colleague one')).status).toBe(200);
    const over = await email(second, lead, 'Colleague two');
    expect(over.status).toBe(429);
    expect(over.body.error?.message).toMatch(/^Your company is sending faster than 3/);
    expect(await stored(lead, 'Colleague two')).toBe(0);
    expect((await email(elsewhere, elsewhere.lead, 'Elsewhere')).status).toBe(200);
  });
});
