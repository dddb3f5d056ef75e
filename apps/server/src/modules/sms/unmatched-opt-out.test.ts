import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { UnmatchedMessage, UnmatchedMessagePage } from '@leasing/contract';
import { auditLog, optOuts } from '../../db/schema/index.js';
import { createLead, uniquePhone } from '../../test/factories.js';
import { bearer, everyDatabase } from '../../test/test-app.js';
import {
  leadById,
  SHARED_NUMBER,
  staffSms,
  startInboundApp,
  text,
  unmatchedBySid,
  type InboundTestApp,
} from './test-support.js';

/**
 * A shared number cannot always choose a lead: a text from a phone nobody texted from it is kept
 * as unmatched. An opt-out among those still opts the number out, for the whole company.
 */
describe.each(everyDatabase())('an opt-out kept as unmatched on $name', (target) => {
  let t: InboundTestApp;
  beforeAll(async () => {
    t = await startInboundApp(target);
  });
  afterAll(() => t.stop());

  const registerOf = (phone: string) =>
    t.app.database.db
      .select()
      .from(optOuts)
      .where(and(eq(optOuts.companyId, t.companyId), eq(optOuts.address, phone)));
  const listed = async (id: string) => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/unmatched-messages',
      headers: bearer(t.token),
    });
    return page.json<UnmatchedMessagePage>().items.find((item) => item._id === id);
  };

  it('puts the number on the register at once, audited, and refuses staff texts to any lead with it', async () => {
    const phone = uniquePhone();
    // A lead of the company with this phone, never texted from the shared number: no lead is chosen.
    const lead = await createLead(t.app.database.db, t.world.maple, { name: 'Quiet Quinn', phone });
    const harborLead = await createLead(t.app.database.db, t.world.harborTower, { phone });

    const { sid, event } = await text(t, phone, SHARED_NUMBER, 'Please stop texting me');
    expect(event).toBeUndefined();
    const [kept] = await unmatchedBySid(t, sid);
    expect(kept).toBeDefined();

    expect(await registerOf(phone)).toEqual([
      expect.objectContaining({ channel: 'SMS', source: 'sms_phrase', leadId: null }),
    ]);
    expect((await leadById(t, lead.id)).phoneOptStatus).toBe('OPT_OUT');
    // Another company's lead with the same phone is none of this company's register.
    expect((await leadById(t, harborLead.id)).phoneOptStatus).toBe('NO_INDICATION');

    const [audit] = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'unmatched.opted_out'), eq(auditLog.targetId, kept!.id)));
    expect(audit).toMatchObject({
      companyId: t.companyId,
      actorType: 'system',
      actorName: phone,
      after: { channel: 'SMS', address: phone, source: 'sms_phrase' },
    });

    expect(await listed(kept!.id)).toMatchObject({ optedOut: true });

    const refused = await staffSms(t, lead.id, 'Are you still looking?');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: { code: 'SEND_REFUSED' } });
    // A lead that gets the number later is refused as well.
    const later = await createLead(t.app.database.db, t.world.riverside, { phone });
    const refusedLater = await staffSms(t, later.id, 'Hello from Riverside');
    expect(refusedLater.statusCode).toBe(400);
    expect(refusedLater.json()).toMatchObject({ error: { code: 'SEND_REFUSED' } });

    // Making a lead of the message keeps the number opted out.
    const made = await t.app.inject({
      method: 'POST',
      url: `/api/unmatched-messages/${kept!.id}/lead`,
      headers: bearer(t.token),
      payload: { propertyId: t.world.maple.id, name: 'Stop Sender' },
    });
    expect(made.statusCode).toBe(200);
    const newLead = await leadById(t, made.json<UnmatchedMessage>().lead!._id);
    expect(newLead.phoneOptStatus).toBe('OPT_OUT');
  });

  it('a keyword STOP does the same, and an ordinary unmatched text opts nobody out', async () => {
    const stopPhone = uniquePhone();
    const stop = await text(t, stopPhone, SHARED_NUMBER, 'STOP');
    expect(await registerOf(stopPhone)).toEqual([
      expect.objectContaining({ source: 'sms_keyword' }),
    ]);
    expect(await listed((await unmatchedBySid(t, stop.sid))[0]!.id)).toMatchObject({
      optedOut: true,
    });

    const phone = uniquePhone();
    const lead = await createLead(t.app.database.db, t.world.maple, { phone });
    const { sid } = await text(t, phone, SHARED_NUMBER, 'Can I stop by tomorrow to see the unit?');
    const [kept] = await unmatchedBySid(t, sid);
    expect(await registerOf(phone)).toEqual([]);
    expect((await leadById(t, lead.id)).phoneOptStatus).toBe('NO_INDICATION');
    expect(await listed(kept!.id)).toMatchObject({ optedOut: false });
    const auditRows = await t.app.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'unmatched.opted_out'), eq(auditLog.targetId, kept!.id)));
    expect(auditRows).toEqual([]);
    expect((await staffSms(t, lead.id, 'Sure, come by at 10.')).statusCode).toBe(200);
  });
});
