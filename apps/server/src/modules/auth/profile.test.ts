import { describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { apiPaths, type ApiError, type Me } from '@leasing/contract';
import { auditLog, users } from '../../db/schema/index.js';
import { createOffice, createUser, uniquePhone } from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

describe.each(oneDatabase())("one's own phone in the profile ($name)", (target) => {
  const t = useTestApp(target, { seed: 'none' });

  const person = async () => {
    const office = await createOffice(t.db, { property: { smsNumber: uniquePhone() } });
    const agent = await createUser(t.db, office.company.id, { role: 'agent', name: 'Priya Shah' });
    return { ...office, agent, token: await t.signIn(agent.credentials) };
  };

  const phoneChanges = (companyId: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.phone_changed'), eq(auditLog.companyId, companyId)))
      .orderBy(asc(auditLog.occurredAt));

  it('answers no phone at first, then the one the person set, audited; null removes it', async () => {
    const { agent, token, company } = await person();
    const first = await t.request<Me>('GET', apiPaths.me, { as: token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ _id: agent.user.id, name: 'Priya Shah', phone: null });

    const phone = uniquePhone();
    const set = await t.request<Me>('PATCH', apiPaths.me, { as: token, payload: { phone } });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ _id: agent.user.id, email: agent.user.email, phone });
    expect((await t.request<Me>('GET', apiPaths.me, { as: token })).body.phone).toBe(phone);

    // The same phone again changes nothing, and the trail says so by its silence.
    expect((await t.request('PATCH', apiPaths.me, { as: token, payload: { phone } })).status).toBe(
      200,
    );
    const removed = await t.request<Me>('PATCH', apiPaths.me, {
      as: token,
      payload: { phone: null },
    });
    expect(removed.body.phone).toBeNull();

    const rows = await phoneChanges(company.id);
    expect(rows.map((row) => [row.targetId, row.actorUserId, row.before, row.after])).toEqual([
      [agent.user.id, agent.user.id, { phone: null }, { phone }],
      [agent.user.id, agent.user.id, { phone }, { phone: null }],
    ]);
    expect(rows[0]).toMatchObject({
      targetType: 'user',
      actorType: 'user',
      actorName: 'Priya Shah',
    });
  });

  it('refuses a phone that is not E.164, or a number calls come in on, with 400 naming body.phone', async () => {
    const { token, property, company, agent } = await person();
    const kept = uniquePhone();
    // The positive control: a proper number is taken.
    expect(
      (await t.request('PATCH', apiPaths.me, { as: token, payload: { phone: kept } })).status,
    ).toBe(200);

    for (const phone of ['512-555-0123', '5125550123', '+0512555012', 'call me', '']) {
      const refused = await t.request<ApiError>('PATCH', apiPaths.me, {
        as: token,
        payload: { phone },
      });
      expect(refused.status, phone).toBe(400);
      expect(refused.body.error).toMatchObject({
        code: 'VALIDATION',
        details: [{ path: 'body.phone', message: 'an E.164 phone number like +15125550100' }],
      });
    }
    const loop = await t.request<ApiError>('PATCH', apiPaths.me, {
      as: token,
      payload: { phone: property.smsNumber },
    });
    expect(loop.status).toBe(400);
    expect(loop.body.error.details).toEqual([
      {
        path: 'body.phone',
        message: 'is a number calls come in on: give the phone you answer',
      },
    ]);
    const missing = await t.request<ApiError>('PATCH', apiPaths.me, { as: token, payload: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.error.details?.[0]?.path).toBe('body.phone');

    const [row] = await t.db.select().from(users).where(eq(users.id, agent.user.id));
    expect(row!.phone).toBe(kept);
    expect(await phoneChanges(company.id)).toHaveLength(1);
  });

  it("changes only the signed-in person's own phone, and needs a session", async () => {
    const { token, company, agent } = await person();
    const colleague = await createUser(t.db, company.id, { role: 'admin', phone: uniquePhone() });
    const phone = uniquePhone();
    expect((await t.request('PATCH', apiPaths.me, { as: token, payload: { phone } })).status).toBe(
      200,
    );
    const phones = await t.db.select({ id: users.id, phone: users.phone }).from(users);
    expect(phones.find((row) => row.id === agent.user.id)!.phone).toBe(phone);
    expect(phones.find((row) => row.id === colleague.user.id)!.phone).toBe(colleague.user.phone);

    const anonymous = await t.request('PATCH', apiPaths.me, { payload: { phone: uniquePhone() } });
    expect(anonymous.status).toBe(401);
    expect((await t.db.select().from(users).where(eq(users.id, agent.user.id)))[0]!.phone).toBe(
      phone,
    );
  });
});
