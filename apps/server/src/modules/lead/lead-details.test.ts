import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  type ApiError,
  type Lead,
  type UpdateLeadDetailsResponse,
} from '@leasing/contract';
import { auditLog, conversationEvents, leads, type LeadRow } from '../../db/schema/index.js';
import { createLead, createOffice, createUser, type Office } from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

describe.each(oneDatabase())('editing a lead’s contact details on $name', (target) => {
  const t = useTestApp(target, { seed: 'none' });
  let office: Office;
  let admin: string;
  let agent: string;
  let otherAdmin: string;

  const patch = (leadId: string, payload: unknown, as = agent) =>
    t.request<UpdateLeadDetailsResponse & ApiError>('PATCH', apiPaths.leadDetails(leadId), {
      as,
      payload,
    });
  const row = async (leadId: string): Promise<LeadRow> =>
    (await t.db.select().from(leads).where(eq(leads.id, leadId)))[0]!;
  const contactEvents = (leadId: string) =>
    t.db
      .select()
      .from(conversationEvents)
      .where(
        and(
          eq(conversationEvents.leadId, leadId),
          eq(conversationEvents.eventType, 'CONTACT_CHANGE'),
        ),
      );

  beforeAll(async () => {
    office = await createOffice(t.db);
    const other = await createOffice(t.db);
    const agentUser = await createUser(t.db, office.company.id, {
      role: 'agent',
      name: 'Alex Kim',
    });
    admin = await t.signIn(office.staff.credentials);
    agent = await t.signIn(agentUser.credentials);
    otherAdmin = await t.signIn(other.staff.credentials);
  });

  it('lets an agent give a walk-in a phone and email: stored as E.164, on the timeline, audited', async () => {
    const walkIn = await createLead(t.db, office.property, {
      name: 'Walk In',
      phone: null,
      email: null,
    });
    const response = await patch(walkIn.id, {
      name: 'Jordan Reyes',
      phone: '(512) 555-0199',
      email: 'Jordan.Reyes@Example.com',
    });
    expect(response.status).toBe(200);
    expect(await row(walkIn.id)).toMatchObject({
      name: 'Jordan Reyes',
      phone: '+15125550199',
      email: 'jordan.reyes@example.com',
    });
    expect(response.body.lead).toMatchObject({ name: 'Jordan Reyes', phone: '+15125550199' });

    const [event] = await contactEvents(walkIn.id);
    expect(event).toMatchObject({ senderType: 'USER', senderName: 'Alex Kim' });
    expect(event!.id).toBe(response.body.eventId);
    expect(event!.body).toBe(
      [
        'Name changed from Walk In to Jordan Reyes by Alex Kim',
        'Phone (512) 555-0199 added by Alex Kim',
        'Email jordan.reyes@example.com added by Alex Kim',
      ].join('\n'),
    );

    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.leadId, walkIn.id), eq(auditLog.action, 'lead.updated')));
    expect(audit).toMatchObject({
      actorName: 'Alex Kim',
      before: { name: 'Walk In', phone: null, email: null },
      after: { name: 'Jordan Reyes', phone: '+15125550199', email: 'jordan.reyes@example.com' },
    });

    // The pane shows the new details and the event.
    const pane = await t.request<Lead>('GET', apiPaths.lead(walkIn.propertyId, walkIn.pmsLeadId), {
      as: agent,
    });
    expect(pane.body).toMatchObject({ name: 'Jordan Reyes', phone: '+15125550199' });
    expect(pane.body.conversations.map((item) => item.eventType)).toContain('CONTACT_CHANGE');
  });

  it('does not carry an opted-out number’s consent to a new number, nor a bounce to a new address', async () => {
    const lead = await createLead(t.db, office.property, {
      phone: '+15125550111',
      phoneOptStatus: 'OPT_OUT',
      emailBouncedAt: new Date('2026-11-01T00:00:00Z'),
    });
    // The same number written another way is no change.
    const same = await patch(lead.id, { phone: '512-555-0111' });
    expect(same.status).toBe(200);
    expect(same.body.eventId).toBeNull();
    expect((await row(lead.id)).phoneOptStatus).toBe('OPT_OUT');

    const moved = await patch(lead.id, { phone: '+1 512 555 0112', email: 'new@example.com' });
    expect(moved.status).toBe(200);
    expect(await row(lead.id)).toMatchObject({
      phone: '+15125550112',
      phoneOptStatus: 'NO_INDICATION',
      emailBouncedAt: null,
    });
    const [event] = await contactEvents(lead.id);
    expect(event!.data).toMatchObject({ phoneConsentReset: true });
    const pane = await t.request<Lead>('GET', apiPaths.lead(lead.propertyId, lead.pmsLeadId), {
      as: admin,
    });
    expect(pane.body.consent.sms).toMatchObject({ status: 'NO_INDICATION', source: 'staff' });
  });

  it('refuses what is not a phone number or an email, naming the field, and changes nothing', async () => {
    const lead = await createLead(t.db, office.property, { name: 'Ava Thompson' });
    const before = await row(lead.id);
    const badPhone = await patch(lead.id, { name: 'Ava T.', phone: '12' });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.error.details?.[0]?.path).toBe('body.phone');
    const badEmail = await patch(lead.id, { email: 'not an email' });
    expect(badEmail.status).toBe(400);
    expect(JSON.stringify(badEmail.body.error.details)).toContain('email');
    const nothing = await patch(lead.id, {});
    expect(nothing.status).toBe(400);
    const blankName = await patch(lead.id, { name: '   ' });
    expect(blankName.status).toBe(400);
    expect(await row(lead.id)).toEqual(before);
    expect(await contactEvents(lead.id)).toEqual([]);
  });

  it("refuses another company's lead", async () => {
    const lead = await createLead(t.db, office.property, { name: 'Mia Davis' });
    const response = await patch(lead.id, { name: 'Someone else' }, otherAdmin);
    expect(response.status).toBe(403);
    expect((await row(lead.id)).name).toBe('Mia Davis');
  });
});
