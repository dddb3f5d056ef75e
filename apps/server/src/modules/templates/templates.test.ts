import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  apiPaths,
  type MessageTemplate,
  type RenderedTemplate,
  type TemplateFitList,
  TEMPLATE_FIELD_MISSING_CODE,
} from '@leasing/contract';
import { auditLog, messageTemplates, paymentLinks } from '../../db/schema/index.js';
import {
  createConversationEvent,
  createLead,
  createOffice,
  createUser,
  uniqueEmail,
} from '../../test/factories.js';
import { everyDatabase } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

type ErrorBody = { error: { code: string; message: string; details?: { path: string }[] } };

const EVERY_FIELD = [
  'Hi {{lead.firstName}} ({{lead.name}}), this is {{agent.firstName}} ({{agent.name}})',
  'of {{company.name}} at {{property.name}}, {{property.address}}.',
  'See you {{tour.date}} at {{tour.time}}. Pay here: {{paymentLink}}',
].join(' ');

describe.each(everyDatabase())('message templates on $name', (target) => {
  const s = useTestApp(target, { seed: 'none', env: { PAYMENT_HOST: 'pay.leasing.test' } });

  /** An office in Chicago's time zone with a manager, an agent and a lead touring on Dec 4. */
  const office = async () => {
    const made = await createOffice(s.db, {
      company: { name: 'Lakeside Rentals', registeredLeasingEmail: uniqueEmail('leasing') },
      staff: { name: 'Dana Whitfield' },
      property: {
        name: 'Maple Grove',
        address: '12 Elm Street, Springfield',
        timeZone: 'America/Chicago',
      },
    });
    const manager = await createUser(s.db, made.company.id, {
      role: 'manager',
      name: 'Marcus Reed',
    });
    const agent = await createUser(s.db, made.company.id, { role: 'agent', name: 'Priya Shah' });
    const lead = await createLead(s.db, made.property, {
      name: 'Maya Lopez',
      // 21:00 UTC is 15:00 in Chicago (CST, UTC-6).
      tourDateUtc: new Date('2026-12-04T21:00:00Z'),
    });
    return {
      ...made,
      lead,
      admin: await s.signIn(made.staff.credentials),
      manager: await s.signIn(manager.credentials),
      agent: await s.signIn(agent.credentials),
      agentId: agent.user.id,
    };
  };

  const create = (as: string, payload: Record<string, unknown>) =>
    s.request<MessageTemplate & ErrorBody>('POST', apiPaths.templates, {
      as,
      payload: { channel: 'SMS', scope: 'company', name: 'Tour reminder', ...payload },
    });
  const createOk = async (as: string, payload: Record<string, unknown>) => {
    const response = await create(as, payload);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body;
  };
  const render = (as: string, leadId: string, templateId: string, channel = 'SMS') =>
    s.request<RenderedTemplate & ErrorBody>(
      'POST',
      apiPaths.leadTemplateRender(leadId, templateId),
      { as, payload: { channel } },
    );
  const list = async (as: string) =>
    (await s.request<MessageTemplate[]>('GET', apiPaths.templates, { as })).body;

  it('fills every merge field for the lead, the tour in the property’s time zone, unescaped', async () => {
    const o = await office();
    await s.db.insert(paymentLinks).values({
      companyId: o.company.id,
      leadId: o.lead.id,
      amountCents: 18_000,
      description: 'Late fee',
      dueDate: '2026-12-31',
      channel: 'SMS',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const template = await createOk(o.admin, { body: `${EVERY_FIELD} & <b>` });
    const response = await render(o.agent, o.lead.id, template._id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { body } = response.body;
    expect(body.split(' Pay here: ')[0]).toBe(
      'Hi Maya (Maya Lopez), this is Priya (Priya Shah) of Lakeside Rentals at Maple Grove, ' +
        '12 Elm Street, Springfield. See you Friday, December 4 at 3:00 PM.',
    );
    expect(body).toMatch(/Pay here: http:\/\/pay\.leasing\.test(:\d+)?\/\?t=\S+ & <b>$/);
    expect(response.body).toMatchObject({ subject: null, language: null, channel: 'SMS' });
  });

  it('refuses to fill a field without a value, naming it and why', async () => {
    const o = await office();
    const noTour = await createLead(s.db, o.property, { name: 'Noah Kim' });
    const template = await createOk(o.admin, {
      body: 'Hi {{lead.firstName}}, see you {{tour.date}} at {{tour.time}}. {{paymentLink}}',
    });
    const response = await render(o.agent, noTour.id, template._id);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe(TEMPLATE_FIELD_MISSING_CODE);
    expect(response.body.error.message).toContain(
      '{{tour.date}} has no value for Noah: no tour is scheduled.',
    );
    expect(response.body.error.message).toContain('{{paymentLink}} has no value for Noah');
    expect(response.body.error.details?.map((detail) => detail.path)).toEqual([
      'template.tour.date',
      'template.tour.time',
      'template.paymentLink',
    ]);

    const other = await createOffice(s.db, { property: { address: null } });
    const otherLead = await createLead(s.db, other.property, { name: 'Ava Thompson' });
    const otherAdmin = await s.signIn(other.staff.credentials);
    const theirs = await createOk(otherAdmin, { body: 'Come to {{property.address}}' });
    const refused = await render(otherAdmin, otherLead.id, theirs._id);
    expect(refused.body.error.message).toBe(
      '{{property.address}} has no value for Ava: the property has no address.',
    );
  });

  it('orders the templates by what fits the lead and previews them with its values', async () => {
    const o = await office();
    const noTour = await createLead(s.db, o.property, { name: 'Noah Kim' });
    // Made in this order, named so the list's own order (by name) puts the tour one first.
    const tour = await createOk(o.admin, {
      name: 'A tour confirmation',
      body: 'Hi {{lead.firstName}}, see you {{tour.date}} at {{tour.time}}.',
    });
    const welcome = await createOk(o.admin, {
      name: 'B welcome',
      body: 'Hi {{lead.firstName}}, thanks for asking about {{property.name}}!',
    });
    const emailOnly = await createOk(o.admin, {
      name: 'C email only',
      channel: 'EMAIL',
      subject: 'Welcome',
      body: 'Hello {{lead.name}}',
    });
    const fit = (leadId: string, channel = 'SMS') =>
      s.request<TemplateFitList & ErrorBody>(
        'GET',
        `${apiPaths.leadTemplateFit(leadId)}?channel=${channel}`,
        {
          as: o.agent,
        },
      );

    // No tour: the welcome fits and comes first; the tour template follows, naming what it lacks.
    const forNoah = await fit(noTour.id);
    expect(forNoah.status, JSON.stringify(forNoah.body)).toBe(200);
    expect(forNoah.body.items).toEqual([
      {
        templateId: welcome._id,
        preview: 'Hi Noah, thanks for asking about Maple Grove!',
        missing: [],
      },
      {
        templateId: tour._id,
        preview: 'Hi Noah, see you {{tour.date}} at {{tour.time}}.',
        missing: [
          { field: 'tour.date', reason: 'no tour is scheduled' },
          { field: 'tour.time', reason: 'no tour is scheduled' },
        ],
      },
    ]);
    // Positive control: Maya tours on Dec 4, so both fit, in the list's order.
    const forMaya = await fit(o.lead.id);
    expect(forMaya.body.items.map((item) => [item.templateId, item.missing.length])).toEqual([
      [tour._id, 0],
      [welcome._id, 0],
    ]);
    expect(forMaya.body.items[0]!.preview).toBe('Hi Maya, see you Friday, December 4 at 3:00 PM.');
    // The email's templates on the email channel; a bad channel names the field; another
    // company's lead is refused.
    const emails = await fit(o.lead.id, 'EMAIL');
    expect(emails.body.items.map((item) => item.templateId)).toContain(emailOnly._id);
    const bad = await fit(o.lead.id, 'FAX');
    expect(bad.status).toBe(400);
    expect(bad.body.error.details?.[0]?.path).toBe('querystring.channel');
    const other = await createOffice(s.db);
    const theirs = await createLead(s.db, other.property, { name: 'Ava Thompson' });
    expect((await fit(theirs.id)).status).toBe(403);
  });

  it('makes one payment link for {{paymentLink}} when the lead has none, reused by later renders', async () => {
    const o = await office();
    const owing = await createLead(s.db, o.property, { name: 'James Anderson' });
    await createConversationEvent(s.db, owing, {
      eventType: 'MOVED_TO_DEBT',
      senderType: 'SYSTEM',
      date: new Date(Date.now() - 86_400_000),
      data: { amount: 2310, currency: 'USD' },
    });
    const template = await createOk(o.admin, { body: 'Pay here: {{paymentLink}}' });
    const first = await render(o.agent, owing.id, template._id);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await render(o.agent, owing.id, template._id);
    expect(second.body.body).toBe(first.body.body);
    const links = await s.db.select().from(paymentLinks).where(eq(paymentLinks.leadId, owing.id));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ amountCents: 231_000, status: 'ACTIVE', channel: 'SMS' });
    const audit = await s.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'payment_link'), eq(auditLog.targetId, links[0]!.id)));
    expect(audit.map((row) => [row.action, row.actorName])).toEqual([
      ['payment_link.changed', 'Priya Shah'],
    ]);
    // Two people filling it at once for another lead: still one link.
    const other = await createLead(s.db, o.property, { name: 'Ava Thompson' });
    await createConversationEvent(s.db, other, {
      eventType: 'MOVED_TO_DEBT',
      senderType: 'SYSTEM',
      date: new Date(Date.now() - 86_400_000),
      data: { amount: 500, currency: 'USD' },
    });
    const both = await Promise.all([
      render(o.agent, other.id, template._id),
      render(o.manager, other.id, template._id),
    ]);
    expect(both.map((response) => response.status)).toEqual([200, 200]);
    expect(both[0].body.body).toBe(both[1].body.body);
    expect(
      await s.db.select().from(paymentLinks).where(eq(paymentLinks.leadId, other.id)),
    ).toHaveLength(1);
    // Nothing owed: no amount to make a link for, so the field says what to do.
    const template2 = await createOk(o.admin, { body: 'Hi {{lead.firstName}} {{paymentLink}}' });
    const refused = await render(o.agent, o.lead.id, template2._id);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toContain('send one with Request payment first');
    // Another field empty: the message cannot be filled, so no link is made for it.
    const noTour = await createLead(s.db, o.property, { name: 'Noah Kim' });
    await createConversationEvent(s.db, noTour, {
      eventType: 'MOVED_TO_DEBT',
      senderType: 'SYSTEM',
      date: new Date(Date.now() - 86_400_000),
      data: { amount: 100, currency: 'USD' },
    });
    const tourTemplate = await createOk(o.admin, { body: '{{tour.date}} {{paymentLink}}' });
    const noTourRender = await render(o.agent, noTour.id, tourTemplate._id);
    expect(noTourRender.body.error.details?.map((detail) => detail.path)).toEqual([
      'template.tour.date',
    ]);
    expect(
      await s.db.select().from(paymentLinks).where(eq(paymentLinks.leadId, noTour.id)),
    ).toEqual([]);
  });

  it('picks the variant in the lead’s preferred language, with the email subject', async () => {
    const o = await office();
    const template = await createOk(o.admin, {
      channel: 'BOTH',
      subject: 'Your tour at {{property.name}}',
      body: 'Hi {{lead.firstName}}!',
      variants: [
        {
          language: 'ES',
          subject: 'Su visita a {{property.name}}',
          body: '¡Hola {{lead.firstName}}!',
        },
      ],
    });
    expect(template.variants).toEqual([
      {
        language: 'es',
        subject: 'Su visita a {{property.name}}',
        body: '¡Hola {{lead.firstName}}!',
      },
    ]);
    const english = await render(o.agent, o.lead.id, template._id, 'EMAIL');
    expect(english.body).toMatchObject({
      subject: 'Your tour at Maple Grove',
      body: 'Hi Maya!',
      language: null,
    });
    const spanish = await createLead(s.db, o.property, {
      name: 'Lucía Gómez',
      preferredLanguage: 'es-MX',
    });
    expect((await render(o.agent, spanish.id, template._id, 'EMAIL')).body).toMatchObject({
      subject: 'Su visita a Maple Grove',
      body: '¡Hola Lucía!',
      language: 'es',
    });
    const sms = await render(o.agent, spanish.id, template._id, 'SMS');
    expect(sms.body).toMatchObject({ subject: null, body: '¡Hola Lucía!' });

    const smsOnly = await createOk(o.admin, { body: 'Hi' });
    const wrong = await render(o.agent, o.lead.id, smsOnly._id, 'EMAIL');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details?.[0]?.path).toBe('body.channel');
  });

  it('refuses unknown fields, sections and an email template without subject at save', async () => {
    const o = await office();
    const unknown = await create(o.admin, { body: 'Hi {{lead.nickname}}' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toMatchObject([
      { path: 'body.body', message: 'unknown merge field {{lead.nickname}}' },
    ]);
    const section = await create(o.admin, {
      body: 'Hi',
      variants: [{ language: 'es', body: '{{#lead.name}}x{{/lead.name}}' }],
    });
    expect(section.body.error.details?.[0]?.path).toBe('body.variants.0.body');
    const open = await create(o.admin, { body: 'Hi {{lead.name' });
    expect(open.body.error.details?.[0]?.path).toBe('body.body');
    const noSubject = await create(o.admin, { channel: 'EMAIL', body: 'Hi' });
    expect(noSubject.body.error.details?.[0]?.path).toBe('body.subject');
    const twice = await create(o.admin, {
      body: 'Hi',
      variants: [
        { language: 'es', body: 'Hola' },
        { language: 'es', body: 'Buenas' },
      ],
    });
    expect(twice.body.error.details?.[0]?.path).toBe('body.variants.1.language');
    expect(await list(o.admin)).toEqual([]);
  });

  it('lets managers and admins keep company templates, everyone their own, audited', async () => {
    const o = await office();
    expect((await create(o.agent, { scope: 'company', body: 'Hi' })).status).toBe(403);
    const company = await createOk(o.manager, { scope: 'company', name: 'Welcome', body: 'Hi' });
    const mine = await createOk(o.agent, { scope: 'personal', name: 'My intro', body: 'Hey' });
    const managersOwn = await createOk(o.manager, { scope: 'personal', name: 'Mine', body: 'Yo' });

    const agentSees = await list(o.agent);
    expect(agentSees.map((template) => [template.name, template.scope, template.canEdit])).toEqual([
      ['Welcome', 'company', false],
      ['My intro', 'personal', true],
    ]);
    expect(agentSees.map((t) => t._id)).not.toContain(managersOwn._id);

    const update = (as: string, id: string, body: string) =>
      s.request<MessageTemplate>('PUT', apiPaths.template(id), {
        as,
        payload: { name: 'Welcome', channel: 'SMS', body },
      });
    expect((await update(o.agent, company._id, 'Changed')).status).toBe(403);
    expect((await update(o.agent, managersOwn._id, 'Changed')).status).toBe(404);
    expect((await update(o.admin, managersOwn._id, 'Changed')).status).toBe(404);
    const changed = await update(o.admin, company._id, 'Hello {{lead.firstName}}');
    expect(changed.status).toBe(200);
    expect(changed.body.body).toBe('Hello {{lead.firstName}}');
    expect(
      (await s.request('DELETE', apiPaths.template(company._id), { as: o.agent })).status,
    ).toBe(403);
    expect((await s.request('DELETE', apiPaths.template(mine._id), { as: o.agent })).status).toBe(
      204,
    );
    expect(
      (await s.request('DELETE', apiPaths.template(randomUUID()), { as: o.agent })).status,
    ).toBe(404);

    // Another company sees none of them, and cannot render them.
    const other = await createOffice(s.db);
    const otherAdmin = await s.signIn(other.staff.credentials);
    expect(await list(otherAdmin)).toEqual([]);
    const otherLead = await createLead(s.db, other.property);
    expect((await render(otherAdmin, otherLead.id, company._id)).status).toBe(404);
    expect((await render(o.agent, otherLead.id, company._id)).status).toBe(403);

    const audit = await s.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, o.company.id), eq(auditLog.targetType, 'template')));
    expect(audit.map((row) => [row.action, row.actorName]).sort()).toEqual(
      [
        ['template.created', 'Marcus Reed'],
        ['template.created', 'Marcus Reed'],
        ['template.created', 'Priya Shah'],
        ['template.updated', 'Dana Whitfield'],
        ['template.deleted', 'Priya Shah'],
      ].sort(),
    );
  });

  it('counts a use when a message sent from the template is stored, only for its users', async () => {
    const o = await office();
    const template = await createOk(o.admin, {
      channel: 'EMAIL',
      subject: 'Your tour',
      body: 'Hi {{lead.firstName}}',
    });
    const sendEmail = (as: string, senderId: string, templateId?: string) =>
      s.request('POST', apiPaths.leadEmail(o.lead.id), {
        as,
        payload: {
          subject: 'Your tour',
          text: 'Hi Maya',
          leadID: o.lead.id,
          companyID: o.company.id,
          sentByUserID: senderId,
          ...(templateId ? { templateId } : {}),
        },
      });
    expect((await sendEmail(o.agent, o.agentId, template._id)).status).toBe(200);
    expect((await sendEmail(o.agent, o.agentId)).status).toBe(200);
    expect((await sendEmail(o.agent, o.agentId, template._id)).status).toBe(200);
    const [counted] = await list(o.agent);
    expect(counted?.usageCount).toBe(2);
    expect(counted?.updatedAt).toBe(template.updatedAt);

    // Someone else's personal template is not theirs to count.
    const personal = await createOk(o.manager, { scope: 'personal', body: 'Hi' });
    expect((await sendEmail(o.agent, o.agentId, personal._id)).status).toBe(200);
    const [row] = await s.db
      .select()
      .from(messageTemplates)
      .where(eq(messageTemplates.id, personal._id));
    expect(row?.usageCount).toBe(0);
    const bad = await sendEmail(o.agent, o.agentId, 'not-an-id');
    expect(bad.status).toBe(400);
  });
});
