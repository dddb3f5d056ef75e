import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiPaths, type ApiError, type CompanyNumber } from '@leasing/contract';
import { auditLog, leadSources, leads } from '../../db/schema/index.js';
import {
  createLead,
  createPhoneNumber,
  createProperty,
  uniquePhone,
} from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import {
  buildOffice,
  callBySid,
  incomingCallForm,
  newCallSid,
  postTwilio,
  SHARED_NUMBER,
  useVoiceApp,
  type VoiceTestApp,
} from './test-support.js';

/**
 * Tracking numbers: an admin makes a company number a tracking number of one property
 * (`PATCH /api/numbers/:numberId` `{ trackingPropertyId }`, audited). Texts and calls to it are
 * then that property's leads': a stranger becomes a new lead of the property with the number's
 * source, a known lead of the property is found. Without it, the same text finds no lead.
 */
describe.each(oneDatabase())('tracking numbers ($name)', (target) => {
  const v: VoiceTestApp = useVoiceApp(target);

  const patchNumber = (numberId: string, body: unknown, as: string) =>
    v.t.request<CompanyNumber & ApiError>('PATCH', apiPaths.number(numberId), {
      as,
      payload: body,
    });

  /** An inbound text, signed as Twilio signs it. */
  const text = (from: string, to: string, body: string) =>
    postTwilio(v, '/webhooks/twilio/inbound', {
      MessageSid: `SM${randomUUID().replace(/-/g, '')}`,
      SmsSid: `SM${randomUUID().replace(/-/g, '')}`,
      AccountSid: v.fake().accountSid,
      From: from,
      To: to,
      Body: body,
      NumMedia: '0',
      SmsStatus: 'received',
      ApiVersion: '2010-04-01',
    });

  const leadsOf = (propertyId: string, phone: string) =>
    v.t.db
      .select()
      .from(leads)
      .where(and(eq(leads.propertyId, propertyId), eq(leads.phone, phone)));

  it('brings texts and calls to the property it tracks for, with its source', async () => {
    const office = await buildOffice(v, 'Maple Grove Apartments');
    const cedar = await createProperty(v.t.db, office.company.id, { name: 'Cedar Point' });
    const [busStop] = await v.t.db
      .insert(leadSources)
      .values({ companyId: office.company.id, name: 'Bus stop ad' })
      .returning();
    const tracking = await createPhoneNumber(v.t.db, office.company.id);
    expect((await patchNumber(tracking.id, { sourceId: busStop!.id }, office.admin)).status).toBe(
      200,
    );

    // The control: a number nobody texted from, no tracking yet: the text finds no lead.
    const stranger = uniquePhone();
    expect((await text(stranger, tracking.e164, 'Is the loft free?')).statusCode).toBe(200);
    expect(await leadsOf(cedar.id, stranger)).toEqual([]);

    const set = await patchNumber(tracking.id, { trackingPropertyId: cedar.id }, office.admin);
    expect(set.status, set.text).toBe(200);
    expect(set.body.trackingProperty).toEqual({ _id: cedar.id, name: 'Cedar Point' });
    const listed = await v.t.request<CompanyNumber[]>('GET', apiPaths.numbers, {
      as: office.admin,
    });
    expect(listed.body.find((number) => number._id === tracking.id)?.trackingProperty?.name).toBe(
      'Cedar Point',
    );

    // A stranger's text: a new lead of Cedar Point, from the bus stop ad.
    const newcomer = uniquePhone();
    expect((await text(newcomer, tracking.e164, 'Saw your ad at the bus stop')).statusCode).toBe(
      200,
    );
    const [made, ...more] = await leadsOf(cedar.id, newcomer);
    expect(more).toEqual([]);
    expect(made).toMatchObject({ companyId: office.company.id, sourceId: busStop!.id });

    // A known lead of Cedar Point calls the tracking number: their lead, the same property.
    const known = await createLead(v.t.db, cedar, { name: 'Ava Thompson' });
    const callSid = newCallSid();
    const arrived = await postTwilio(
      v,
      '/webhooks/twilio/voice',
      incomingCallForm(v, { callSid, from: known.phone!, to: tracking.e164 }),
    );
    expect(arrived.statusCode).toBe(200);
    expect((await callBySid(v, callSid))!.leadId).toBe(known.id);
    // A stranger's call: a new lead of Cedar Point, from the bus stop ad too.
    const caller = uniquePhone();
    const callerSid = newCallSid();
    await postTwilio(
      v,
      '/webhooks/twilio/voice',
      incomingCallForm(v, { callSid: callerSid, from: caller, to: tracking.e164 }),
    );
    const [byCall] = await leadsOf(cedar.id, caller);
    expect(byCall).toMatchObject({ sourceId: busStop!.id });
    expect((await callBySid(v, callerSid))!.leadId).toBe(byCall!.id);

    // Ended: the number is no property's way in again, audited both times.
    const ended = await patchNumber(tracking.id, { trackingPropertyId: null }, office.admin);
    expect(ended.body.trackingProperty).toBeNull();
    const rows = await v.t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'number.tracking_changed'), eq(auditLog.targetId, tracking.id)),
      )
      .orderBy(auditLog.occurredAt);
    expect(rows.map((row) => [row.before, row.after])).toEqual([
      [
        { number: tracking.e164, property: null },
        { number: tracking.e164, property: 'Cedar Point' },
      ],
      [
        { number: tracking.e164, property: 'Cedar Point' },
        { number: tracking.e164, property: null },
      ],
    ]);
  });

  it("refuses a property's own number, the shared number and another company's property, changing nothing", async () => {
    const office = await buildOffice(v, 'Maple Grove Apartments');
    const other = await buildOffice(v, 'Harbor View');
    const spare = await createPhoneNumber(v.t.db, office.company.id);
    const [own] = (
      await v.t.request<CompanyNumber[]>('GET', apiPaths.numbers, { as: office.admin })
    ).body.filter((number) => number.number === office.number);

    const ownNumber = await patchNumber(
      own!._id,
      { trackingPropertyId: office.property.id },
      office.admin,
    );
    expect(ownNumber.status).toBe(400);
    expect(ownNumber.body.error.details?.[0]).toMatchObject({
      path: 'body.trackingPropertyId',
      message: expect.stringContaining("Maple Grove Apartments's own number"),
    });
    const theirs = await patchNumber(
      spare.id,
      { trackingPropertyId: other.property.id },
      office.admin,
    );
    expect(theirs.status).toBe(404);
    const bad = await patchNumber(spare.id, { trackingPropertyId: 'cedar' }, office.admin);
    expect(bad.status).toBe(400);
    expect(bad.body.error.details?.[0]?.path).toBe('body.trackingPropertyId');
    const empty = await patchNumber(spare.id, {}, office.admin);
    expect(empty.status).toBe(400);

    const numbers = (
      await v.t.request<CompanyNumber[]>('GET', apiPaths.numbers, { as: office.admin })
    ).body;
    expect(numbers.every((number) => number.trackingProperty === null)).toBe(true);
    const shared = numbers.find((number) => number.number === SHARED_NUMBER);
    if (shared) {
      const refused = await patchNumber(
        shared._id,
        { trackingPropertyId: office.property.id },
        office.admin,
      );
      expect(refused.status).toBe(400);
    }
    // The control: the spare number may track for the company's own property.
    expect(
      (await patchNumber(spare.id, { trackingPropertyId: office.property.id }, office.admin))
        .status,
    ).toBe(200);
  });
});
