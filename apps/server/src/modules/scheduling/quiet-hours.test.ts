import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  apiKeyScopes,
  apiPaths,
  integrationPaths,
  QUIET_HOURS_CODE,
  SEND_NOW_FORBIDDEN_MESSAGE,
  type ApiError,
  type CreatedApiKey,
  type Lead,
  type QuietHoursError,
  type QuietHoursPolicy,
} from '@leasing/contract';
import { auditLog, conversationEvents } from '../../db/schema/index.js';
import { createLead, createOffice, uniquePhone } from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { createTestClock } from '../../test/test-clock.js';
import { useTestApp } from '../../test/use-test-app.js';
import { createSendWindow } from './send-window.js';

const multipart = (fields: Record<string, string>) => {
  const boundary = 'test-boundary-quiet-hours';
  const body = Object.entries(fields)
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  return {
    payload: `${body}--${boundary}--\r\n`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/** A Chicago number (area code 312) and a Dallas one (214), unique per test. */
const phoneIn = (areaCode: '312' | '214') => `+1${areaCode}${uniquePhone().slice(-7)}`;

describe.each(oneDatabase())('quiet hours on $name', (target) => {
  const clock = createTestClock();
  const s = useTestApp(target, { seed: 'none', now: clock.now });
  const setNow = (iso: string) => clock.advance(new Date(iso).getTime() - clock.now().getTime());

  /** A company on the default policy (8:00 AM–9:00 PM, state rules on), its property in New York. */
  const office = async (policy: Partial<Record<string, unknown>> = {}) => {
    const made = await createOffice(s.db, {
      company: {
        quietHoursStart: '08:00',
        quietHoursEnd: '21:00',
        quietHoursStateRules: true,
        ...policy,
      },
      property: { smsNumber: uniquePhone(), timeZone: 'America/New_York' },
    });
    return { ...made, admin: await s.signIn(made.staff.credentials) };
  };
  const sendSms = (as: string, leadId: string, fields: Record<string, string> = {}) => {
    const form = multipart({ leadID: leadId, text: 'Still interested in 3B?', ...fields });
    return s.request<unknown>('POST', apiPaths.leadSms(leadId), {
      as,
      payload: form.payload,
      headers: form.headers,
    });
  };
  const textsTo = async (leadId: string) =>
    s.db
      .select()
      .from(conversationEvents)
      .where(and(eq(conversationEvents.leadId, leadId), eq(conversationEvents.eventType, 'SMS')));
  const auditRows = (companyId: string, action: string) =>
    s.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, companyId), eq(auditLog.action, action)));

  it('holds a text at 21:55 in the lead’s zone with the question’s facts, and sends it on override', async () => {
    // Wednesday 2026-11-25 21:55 in Chicago: already 22:55 in the property's New York.
    setNow('2026-11-26T03:55:00Z');
    const { admin, property, company, staff } = await office();
    const lead = await createLead(s.db, property, { name: 'Maya Lopez', phone: phoneIn('312') });

    const held = await sendSms(admin, lead.id);
    expect(held.status).toBe(409);
    expect((held.body as { error: QuietHoursError }).error).toEqual({
      code: QUIET_HOURS_CODE,
      message: expect.stringContaining("It's 9:55 PM Central for Maya: outside the allowed hours"),
      leadFirstName: 'Maya',
      localTime: '9:55 PM',
      zoneLabel: 'Central',
      timeZone: 'America/Chicago',
      nextAllowedAt: '2026-11-26T14:00:00.000Z',
      nextAllowedLocal: '8:00 AM',
      canSendNow: true,
    });
    expect(await textsTo(lead.id)).toEqual([]);

    const sent = await sendSms(admin, lead.id, { quietHoursOverride: 'true' });
    expect(sent.status).toBe(200);
    const texts = await textsTo(lead.id);
    expect(texts).toHaveLength(1);
    const [override] = await auditRows(company.id, 'quiet_hours.overridden');
    expect(override).toMatchObject({
      leadId: lead.id,
      targetType: 'message',
      targetId: texts[0]!.id,
      actorUserId: staff.user.id,
      after: { localTime: '9:55 PM', zone: 'America/Chicago' },
    });

    // At 8:00 AM Chicago time the same text goes without asking, and no override is recorded.
    setNow('2026-11-26T14:00:00Z');
    const morning = await s.signIn(staff.credentials);
    expect((await sendSms(morning, lead.id)).status).toBe(200);
    expect(await auditRows(company.id, 'quiet_hours.overridden')).toHaveLength(1);
  });

  it("refuses 'Send now' with 403 and a sentence when the company forbids it", async () => {
    setNow('2026-11-26T04:30:00Z');
    const { admin, property } = await office({ quietHoursAllowSendNow: false });
    const lead = await createLead(s.db, property, { name: 'Noah Reed', phone: phoneIn('312') });
    const held = await sendSms(admin, lead.id);
    expect(held.status).toBe(409);
    expect((held.body as { error: QuietHoursError }).error.canSendNow).toBe(false);
    const forced = await sendSms(admin, lead.id, { quietHoursOverride: 'true' });
    expect(forced.status).toBe(403);
    expect((forced.body as ApiError).error.message).toBe(SEND_NOW_FORBIDDEN_MESSAGE);
    const garbled = await sendSms(admin, lead.id, { quietHoursOverride: 'yes' });
    expect(garbled.status).toBe(400);
    expect((garbled.body as ApiError).error.details).toEqual([
      expect.objectContaining({ path: 'body.quietHoursOverride' }),
    ]);
    expect(await textsTo(lead.id)).toEqual([]);
  });

  it('waits for noon on a Sunday for a Texas number, and never holds email', async () => {
    // Sunday 2026-11-29 10:30 in Dallas (CST): allowed by the 8–21 policy, not by Texas law.
    setNow('2026-11-29T16:30:00Z');
    const { admin, property, company } = await office();
    const lead = await createLead(s.db, property, { name: 'Ana Cruz', phone: phoneIn('214') });
    const held = await sendSms(admin, lead.id);
    expect(held.status).toBe(409);
    expect((held.body as { error: QuietHoursError }).error).toMatchObject({
      localTime: '10:30 AM',
      nextAllowedLocal: '12:00 PM',
      nextAllowedAt: '2026-11-29T18:00:00.000Z',
    });

    const window = createSendWindow(s.db);
    const now = clock.now();
    expect(await window({ leadId: lead.id, companyId: company.id, channel: 'SMS', now })).toEqual({
      allowed: false,
      nextAllowedAt: new Date('2026-11-29T18:00:00Z'),
    });
    expect(await window({ leadId: lead.id, companyId: company.id, channel: 'EMAIL', now })).toEqual(
      { allowed: true },
    );
    expect(
      await window({
        leadId: lead.id,
        companyId: company.id,
        channel: 'SMS',
        now: new Date('2026-11-29T18:00:00Z'),
      }),
    ).toEqual({ allowed: true });
    // Another company's lead is not answered for.
    await expect(
      window({ leadId: lead.id, companyId: randomUUID(), channel: 'SMS', now }),
    ).rejects.toThrow();

    // With the state rules off, the company's own hours decide.
    await s.request('PUT', apiPaths.quietHours, {
      as: admin,
      payload: { start: '08:00', end: '21:00', stateRules: false, allowSendNow: true },
    });
    expect((await sendSms(admin, lead.id)).status).toBe(200);

    // An unattended text does not start in the last seconds before 9 PM (it would reach the
    // phone after): held to 8 AM. Fifteen seconds before, it goes.
    const at = (iso: string) =>
      window({ leadId: lead.id, companyId: company.id, channel: 'SMS', now: new Date(iso) });
    expect(await at('2026-11-30T02:59:55Z')).toEqual({
      allowed: false,
      nextAllowedAt: new Date('2026-11-30T14:00:00Z'),
    });
    expect(await at('2026-11-30T02:59:45Z')).toEqual({ allowed: true });
  });

  it('lets admins read and change the policy (audited); others get 403; bad hours answer 400', async () => {
    const { admin, company } = await office();
    const read = await s.request<QuietHoursPolicy>('GET', apiPaths.quietHours, { as: admin });
    expect(read.body).toEqual({
      start: '08:00',
      end: '21:00',
      stateRules: true,
      allowSendNow: true,
    });

    const bad = await s.request<ApiError>('PUT', apiPaths.quietHours, {
      as: admin,
      payload: { start: '21:00', end: '08:00', stateRules: true, allowSendNow: true },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([expect.objectContaining({ path: 'body.end' })]);

    const policy = { start: '09:00', end: '20:30', stateRules: false, allowSendNow: false };
    const saved = await s.request<QuietHoursPolicy>('PUT', apiPaths.quietHours, {
      as: admin,
      payload: policy,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual(policy);
    const [row] = await auditRows(company.id, 'quiet_hours.changed');
    expect(row).toMatchObject({
      before: { start: '08:00', end: '21:00', stateRules: true, allowSendNow: true },
      after: policy,
    });
  });

  it("tells the pane the lead's zone: the integration's, the area code's, else the property's", async () => {
    const { admin, property } = await office();
    const created = await s.request<CreatedApiKey>('POST', '/api/api-keys', {
      as: admin,
      payload: { name: 'PMS', scopes: [...apiKeyScopes] },
    });
    const key = created.body.key;
    await s.request('PUT', integrationPaths.property(property.pmsPropertyId), {
      as: key,
      payload: { name: property.name },
    });
    const upsert = (pmsLeadId: string, body: Record<string, unknown>) =>
      s.request<ApiError>('PUT', integrationPaths.lead(property.pmsPropertyId, pmsLeadId), {
        as: key,
        payload: { name: 'Maya Lopez', ...body },
      });
    const zoneOf = async (pmsLeadId: string) =>
      (await s.request<Lead>('GET', apiPaths.lead(property.id, pmsLeadId), { as: admin })).body
        .timeZone;

    expect((await upsert('Z-1', { phone: '(312) 555-0142' })).status).toBe(201);
    expect(await zoneOf('Z-1')).toEqual({
      zone: 'America/Chicago',
      label: 'Central',
      source: 'area-code',
    });
    expect((await upsert('Z-1', { timeZone: 'America/Denver' })).status).toBe(200);
    expect(await zoneOf('Z-1')).toEqual({
      zone: 'America/Denver',
      label: 'Mountain',
      source: 'integration',
    });
    // A 555 number says nothing about where the lead is.
    expect((await upsert('Z-2', { phone: '+15550100001' })).status).toBe(201);
    expect(await zoneOf('Z-2')).toEqual({
      zone: 'America/New_York',
      label: 'Eastern',
      source: 'property',
    });

    const bad = await upsert('Z-1', { timeZone: 'Mars/Olympus_Mons' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([expect.objectContaining({ path: 'body.timeZone' })]);
    expect(await zoneOf('Z-1')).toMatchObject({ zone: 'America/Denver' });
  });
});
