import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, ne } from 'drizzle-orm';
import { io as connect } from 'socket.io-client';
import SwaggerParser from '@apidevtools/swagger-parser';
import {
  apiPaths,
  integrationPaths,
  apiKeyScopes,
  newConversationDeliverySchema,
  socketEvents,
  type ApiError,
  type ConversationEvent,
  type CreatedApiKey,
  type IntegrationLead,
  type IntegrationProperty,
  type Lead,
  type NewConversationAnnouncement,
  type NewConversationDelivery,
} from '@leasing/contract';
import {
  auditLog,
  conversationEvents,
  leads,
  leadSources,
  properties,
} from '../../db/schema/index.js';
import { bearer, everyDatabase, login } from '../../test/test-app.js';
import { createLead, createOffice, createProperty } from '../../test/factories.js';
import { until } from '../../test/sockets.js';
import { useTestApp } from '../../test/use-test-app.js';

type Answer<T> = { status: number; headers: Record<string, unknown>; body: T };

/** Our office's PMS ids for Ava Thompson at Maple Grove, made in `beforeAll`. */
const MAPLE = 'P-1001';
const AVA = 'L-5001';
const STAFF_EMAIL = 'dana@lakeside.test';
const OTHER_EMAIL = 'olivia@harbor.test';

describe.each(everyDatabase())('integration API on $name', (target) => {
  // Listening for the console socket that hears the API's events.
  const t = useTestApp(target, { seed: 'none', listen: true });
  let staffToken: string;
  let key: string;
  let otherKey: string;
  let counter = 0;

  const call = async <T>(
    method: 'GET' | 'PUT' | 'POST',
    url: string,
    credential: string | null,
    payload?: Record<string, unknown>,
  ): Promise<Answer<T>> => {
    const response = await t.app.inject({
      method,
      url,
      headers: credential ? bearer(credential) : {},
      payload,
    });
    return { status: response.statusCode, headers: response.headers, body: response.json<T>() };
  };
  const createKey = async (name: string, token = staffToken) =>
    (
      await call<CreatedApiKey>('POST', '/api/api-keys', token, {
        name,
        scopes: [...apiKeyScopes],
      })
    ).body;

  /** A fresh property and lead of our company, so tests do not share state. */
  const freshLead = async (lead: Record<string, unknown> = {}) => {
    counter += 1;
    const pmsPropertyId = `IT-P-${counter}`;
    const pmsLeadId = `IT-L-${counter}`;
    await call('PUT', integrationPaths.property(pmsPropertyId), key, { name: `Test ${counter}` });
    const created = await call<IntegrationLead>(
      'PUT',
      integrationPaths.lead(pmsPropertyId, pmsLeadId),
      key,
      { name: `Lead ${counter}`, ...lead },
    );
    expect(created.status).toBe(201);
    return { pmsPropertyId, pmsLeadId, lead: created.body };
  };
  const append = (
    where: { pmsPropertyId: string; pmsLeadId: string },
    event: Record<string, unknown>,
    credential = key,
  ) =>
    call<ConversationEvent>(
      'POST',
      integrationPaths.events(where.pmsPropertyId, where.pmsLeadId),
      credential,
      { externalId: `ext-${++counter}`, date: '2026-11-20T15:00:00.000Z', ...event },
    );
  const leadRow = async (id: string) =>
    (await t.db.select().from(leads).where(eq(leads.id, id)))[0]!;
  /** The lead's events the integration appended (not the pipeline's automatic status moves). */
  const eventsOf = (leadId: string) =>
    t.db
      .select()
      .from(conversationEvents)
      .where(
        and(
          eq(conversationEvents.leadId, leadId),
          ne(conversationEvents.eventType, 'LEAD_STATUS_CHANGE'),
        ),
      );

  beforeAll(async () => {
    const { db } = t;
    const office = await createOffice(db, {
      company: { timeZone: 'America/Chicago' },
      staff: { email: STAFF_EMAIL },
      property: { pmsPropertyId: MAPLE, name: 'Maple Grove Apartments' },
    });
    await createProperty(db, office.company.id, {
      name: 'The Summit at Oak Hill',
      smsNumber: '+15125550190',
    });
    await createLead(db, office.property, { pmsLeadId: AVA, name: 'Ava Thompson' });
    const elsewhere = await createOffice(db, { staff: { email: OTHER_EMAIL } });
    staffToken = (await login(t.app, office.staff.credentials)).token;
    key = (await createKey('PMS sync')).key;
    otherKey = (
      await createKey('Harbor PMS', (await login(t.app, elsewhere.staff.credentials)).token)
    ).key;
  });

  describe('keys', () => {
    it('refuses a missing, unknown, revoked or staff credential with 401 and touches nothing', async () => {
      const url = integrationPaths.property('IT-AUTH');
      const revoked = await createKey('Old assistant');
      await t.app.inject({
        method: 'DELETE',
        url: `/api/api-keys/${revoked.apiKey._id}`,
        headers: bearer(staffToken),
      });
      const propertiesWithPmsId = (pmsPropertyId: string) =>
        t.db.select().from(properties).where(eq(properties.pmsPropertyId, pmsPropertyId));
      // The live key's write shows in the same query that must find the refused ones' missing.
      const written = await call('PUT', integrationPaths.property('IT-AUTH-OK'), key, {
        name: 'Allowed',
      });
      expect(written.status).toBe(201);
      expect(await propertiesWithPmsId('IT-AUTH-OK')).toHaveLength(1);
      for (const credential of [null, 'lk_not-a-real-key', `${key}x`, revoked.key, staffToken]) {
        const answer = await call<ApiError>('PUT', url, credential, { name: 'Nope' });
        expect(answer.status).toBe(401);
        expect(answer.body.error.code).toBe('UNAUTHORIZED');
        expect(answer.headers['www-authenticate']).toBe('Bearer realm="integrations"');
      }
      expect(await propertiesWithPmsId('IT-AUTH')).toEqual([]);
    });

    it("never reaches another company's leads: 404 and nothing written", async () => {
      const before = await t.db.select().from(conversationEvents);
      const appended = await append(
        { pmsPropertyId: MAPLE, pmsLeadId: AVA },
        {
          eventType: 'OFFICE_DECISION',
          body: 'Not yours',
        },
        otherKey,
      );
      expect(appended.status).toBe(404);
      const upserted = await call<ApiError>('PUT', integrationPaths.lead(MAPLE, AVA), otherKey, {
        name: 'Renamed by another company',
      });
      expect(upserted.status).toBe(404);
      expect(await t.db.select().from(conversationEvents)).toHaveLength(before.length);
      const [ava] = await t.db.select().from(leads).where(eq(leads.pmsLeadId, AVA));
      expect(ava?.name).toBe('Ava Thompson');

      // A PMS id is the company's own: the same id under another key is another property.
      const theirs = await call<IntegrationProperty>(
        'PUT',
        integrationPaths.property(MAPLE),
        otherKey,
        {
          name: 'Harbor annex',
        },
      );
      expect(theirs.status).toBe(201);
      const maples = await t.db
        .select()
        .from(properties)
        .where(eq(properties.pmsPropertyId, MAPLE));
      expect(maples.map((row) => row.name).sort()).toEqual([
        'Harbor annex',
        'Maple Grove Apartments',
      ]);
    });
  });

  describe('upserts', () => {
    it('creates a property, then updates only what is sent', async () => {
      // A property's own number must be one its company owns.
      const registered = await call('POST', '/api/numbers', staffToken, { number: '+15125550777' });
      expect(registered.status).toBe(201);
      const url = integrationPaths.property('IT-PROP');
      const created = await call<IntegrationProperty>('PUT', url, key, {
        name: 'Cedar Point',
        address: '1 Cedar Rd, Austin, TX',
        smsNumber: '+15125550777',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        pmsPropertyId: 'IT-PROP',
        name: 'Cedar Point',
        address: '1 Cedar Rd, Austin, TX',
        smsNumber: '+15125550777',
      });
      const updated = await call<IntegrationProperty>('PUT', url, key, {
        name: 'Cedar Point Flats',
        address: null,
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toEqual({ ...created.body, name: 'Cedar Point Flats', address: null });

      // Staff see it among their properties.
      const listed = await call<{ _id: string; name: string }[]>(
        'GET',
        '/api/properties',
        staffToken,
      );
      expect(listed.body.map((property) => property.name)).toContain('Cedar Point Flats');
    });

    it("refuses a bad SMS number (400) and another property's number (409)", async () => {
      const url = integrationPaths.property('IT-PROP-SMS');
      const bad = await call<ApiError>('PUT', url, key, { name: 'X', smsNumber: '512-555' });
      expect(bad.status).toBe(400);
      expect(bad.body.error.details?.map((detail) => detail.path)).toEqual(['body.smsNumber']);
      const taken = await call<ApiError>('PUT', url, key, {
        name: 'X',
        smsNumber: '+15125550190', // The Summit's own number
      });
      expect(taken.status).toBe(409);
      expect(taken.body.error.message).toContain('smsNumber');
    });

    it('creates a lead with its phone in E.164, then updates it; staff can open it', async () => {
      await call('PUT', integrationPaths.property('IT-LEADS'), key, { name: 'Lead tests' });
      const url = integrationPaths.lead('IT-LEADS', 'PMS/42');
      const created = await call<IntegrationLead>('PUT', url, key, {
        name: 'Grace Hopper',
        phone: '(512) 555-0142',
        email: 'grace@example.com',
        phoneOptStatus: 'OPT_IN',
        preferredLanguage: 'es',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        pmsLeadId: 'PMS/42',
        pmsPropertyId: 'IT-LEADS',
        name: 'Grace Hopper',
        phone: '+15125550142',
        email: 'grace@example.com',
        phoneOptStatus: 'OPT_IN',
        emailOptStatus: 'NO_INDICATION',
        preferredLanguage: 'es',
        officeDecisionStatus: null,
      });

      const updated = await call<IntegrationLead>('PUT', url, key, {
        name: 'Grace B. Hopper',
        emailOptStatus: 'OPT_OUT',
        email: null,
      });
      expect(updated.status).toBe(200);
      expect(updated.body).toMatchObject({
        _id: created.body._id,
        name: 'Grace B. Hopper',
        phone: '+15125550142',
        email: null,
        emailOptStatus: 'OPT_OUT',
        phoneOptStatus: 'OPT_IN',
      });

      const pane = await call<Lead>(
        'GET',
        `/api/properties/${created.body.propertyID}/leads/${encodeURIComponent('PMS/42')}`,
        staffToken,
      );
      expect(pane.status).toBe(200);
      expect(pane.body.name).toBe('Grace B. Hopper');
    });

    it("takes the lead's source by name: matched in any case, a new name joins the list", async () => {
      const sourcesOf = async (companyId: string) =>
        (
          await t.db
            .select({ id: leadSources.id, name: leadSources.name })
            .from(leadSources)
            .where(eq(leadSources.companyId, companyId))
            .orderBy(asc(leadSources.createdAt))
        ).map((row) => row.name);
      const { pmsPropertyId, pmsLeadId, lead } = await freshLead({ source: '  zILLOW ' });
      expect(lead.source).toBe('Zillow');
      const row = await leadRow(lead._id);
      const before = await sourcesOf(row.companyId);
      expect(before.filter((name) => name.toLowerCase() === 'zillow')).toEqual(['Zillow']);

      const url = integrationPaths.lead(pmsPropertyId, pmsLeadId);
      const renamed = await call<IntegrationLead>('PUT', url, key, {
        name: lead.name,
        source: 'Rent.com',
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body.source).toBe('Rent.com');
      expect(await sourcesOf(row.companyId)).toEqual([...before, 'Rent.com']);
      const [added] = await t.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.action, 'lead_source.changed'), eq(auditLog.companyId, row.companyId)),
        );
      expect(added).toMatchObject({ actorType: 'api-key', after: { name: 'Rent.com' } });
      const read = await call<IntegrationLead>('GET', url, key);
      expect(read.body.source).toBe('Rent.com');
      const pane = await call<Lead>('GET', apiPaths.lead(lead.propertyID, pmsLeadId), staffToken);
      expect(pane.body.source).toMatchObject({ name: 'Rent.com' });

      // Left out keeps it; null clears it.
      expect((await call<IntegrationLead>('PUT', url, key, { name: lead.name })).body.source).toBe(
        'Rent.com',
      );
      expect(
        (await call<IntegrationLead>('PUT', url, key, { name: lead.name, source: null })).body
          .source,
      ).toBeNull();

      // Too long or empty: 400 naming it, and no source added.
      for (const source of ['', 'x'.repeat(61)]) {
        const bad = await call<ApiError>('PUT', url, key, { name: lead.name, source });
        expect(bad.status).toBe(400);
        expect(bad.body.error.details?.map((detail) => detail.path)).toEqual(['body.source']);
      }
      expect(await sourcesOf(row.companyId)).toHaveLength(before.length + 1);
    });

    it('answers 400 naming each bad field, and 404 for an unknown property', async () => {
      await call('PUT', integrationPaths.property('IT-LEADS-BAD'), key, { name: 'Bad leads' });
      const bad = await call<ApiError>('PUT', integrationPaths.lead('IT-LEADS-BAD', 'L1'), key, {
        name: '',
        phone: 'call me maybe',
        email: 'not-an-email',
        phoneOptStatus: 'MAYBE',
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.details?.map((detail) => detail.path).sort()).toEqual([
        'body.email',
        'body.name',
        'body.phoneOptStatus',
      ]);
      const badPhone = await call<ApiError>(
        'PUT',
        integrationPaths.lead('IT-LEADS-BAD', 'L1'),
        key,
        { name: 'Someone', phone: '12' },
      );
      expect(badPhone.status).toBe(400);
      expect(badPhone.body.error.details).toEqual([
        { path: 'body.phone', message: 'not a phone number' },
      ]);
      const rows = await t.db.select().from(leads).where(eq(leads.pmsLeadId, 'L1'));
      expect(rows).toEqual([]);

      const unknown = await call<ApiError>('PUT', integrationPaths.lead('NO-SUCH', 'L1'), key, {
        name: 'Someone',
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error.message).toBe('Property not found.');
    });
  });

  describe('events', () => {
    it('appends once per externalId: the same id again answers the first event and changes nothing', async () => {
      const where = await freshLead();
      const event = {
        externalId: 'call-7781',
        eventType: 'CALL',
        senderType: 'LEAD',
        senderName: where.lead.name,
        body: 'Inbound call, 2 min',
        data: {
          durationSeconds: 120,
          transcript: [
            { speaker: 'LEAD', text: 'Is parking included?' },
            { speaker: 'AGENT', text: 'One space is.' },
          ],
        },
      };
      const first = await append(where, event);
      expect(first.status).toBe(201);
      expect(first.body).toMatchObject({
        leadID: where.lead._id,
        eventType: 'CALL',
        date: '2026-11-20T15:00:00.000Z',
        senderType: 'LEAD',
        body: 'Inbound call, 2 min',
        data: { durationSeconds: 120, transcript: event.data.transcript },
      });
      const again = await append(where, { ...event, body: 'A different body' });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);
      expect(await eventsOf(where.lead._id)).toHaveLength(1);

      // The pane shows it, and the inbox columns follow (kept by the database).
      const row = await leadRow(where.lead._id);
      expect(row.lastMessageChannel).toBe('CALL');
      expect(row.lastMessageFromLead).toBe(true);

      const elsewhere = await freshLead();
      const conflict = await append(elsewhere, event);
      expect(conflict.status).toBe(409);
      expect(await eventsOf(elsewhere.lead._id)).toHaveLength(0);
    });

    it('stores one event when the same externalId arrives several times at once', async () => {
      const where = await freshLead();
      const externalId = `race-${counter}`;
      const answers = await Promise.all(
        Array.from({ length: 5 }, () =>
          append(where, { externalId, eventType: 'SMS', body: 'Hello' }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 201]);
      expect(new Set(answers.map((answer) => answer.body._id)).size).toBe(1);
      expect(await eventsOf(where.lead._id)).toHaveLength(1);
    });

    it('opens an office decision, even one staff completed', async () => {
      const where = await freshLead();
      await t.db
        .update(leads)
        .set({ officeDecisionStatus: 'COMPLETED', officeDecisionCompletedByUserName: 'Dana' })
        .where(eq(leads.id, where.lead._id));
      const raised = await append(where, {
        eventType: 'OFFICE_DECISION',
        senderType: 'ASSISTANT',
        senderName: 'Leasing Assistant',
        body: 'The assistant needs a decision: approve a second pet?',
      });
      expect(raised.status).toBe(201);
      const row = await leadRow(where.lead._id);
      expect(row.officeDecisionStatus).toBe('PENDING');
      expect(row.officeDecisionCompletedByUserName).toBeNull();
      expect(row.decisionOpen).toBe(true);
    });

    it('schedules a tour from tourDateUTC or from the strings on the company clock, and cancels it', async () => {
      const where = await freshLead();
      const byInstant = await append(where, {
        eventType: 'SCHEDULED_TOUR_APPOINTMENT',
        body: 'Tour scheduled',
        data: { tourTypeID: 'IN_PERSON', tourDateUTC: '2026-11-24T20:00:00Z' },
      });
      expect(byInstant.status).toBe(201);
      // The timeline shows the strings: filled in, on the company's clock (America/Chicago).
      expect(byInstant.body.data).toMatchObject({
        tourDateString: 'Nov 24, 2026',
        tourFromTimeString: '2:00 PM',
      });
      expect((await leadRow(where.lead._id)).tourDateUtc?.toISOString()).toBe(
        '2026-11-24T20:00:00.000Z',
      );

      const byStrings = await append(where, {
        eventType: 'SCHEDULED_TOUR_APPOINTMENT',
        body: 'Tour moved',
        data: { tourDateString: 'Nov 25, 2026', tourFromTimeString: '10:30 AM' },
      });
      expect(byStrings.status).toBe(201);
      expect(byStrings.body.data.tourDateUTC).toBe('2026-11-25T16:30:00.000Z');
      expect((await leadRow(where.lead._id)).tourDateUtc?.toISOString()).toBe(
        '2026-11-25T16:30:00.000Z',
      );

      const cancelled = await append(where, {
        eventType: 'CANCELED_TOUR_APPOINTMENT',
        body: 'Tour cancelled by the lead',
      });
      expect(cancelled.status).toBe(201);
      expect((await leadRow(where.lead._id)).tourDateUtc).toBeNull();
    });

    it("updates the lead's preferred language", async () => {
      const where = await freshLead({ preferredLanguage: 'en' });
      const updated = await append(where, {
        eventType: 'LANGUAGE_PREFERENCE_UPDATE',
        body: 'Preferred language changed to Spanish',
        data: { language: 'es' },
      });
      expect(updated.status).toBe(201);
      expect((await leadRow(where.lead._id)).preferredLanguage).toBe('es');
    });

    it('takes every event type of the timeline', async () => {
      const where = await freshLead();
      const types = [
        'SMS',
        'EMAIL',
        'ACTIVATION',
        'PAYMENT',
        'MOVED_TO_DEBT',
        'PHONEBOT_REMINDER_CALL',
        'PHONEBOT_IVR_CALL',
        'LEAD_INTENT_UPDATE',
      ];
      for (const eventType of types) {
        const appended = await append(where, { eventType, body: `A ${eventType} event` });
        expect(appended.status, eventType).toBe(201);
      }
      const stored = await eventsOf(where.lead._id);
      expect(stored.map((event) => event.eventType).sort()).toEqual([...types].sort());
      expect(stored.every((event) => event.senderType === 'SYSTEM')).toBe(true);
    });

    it('answers 400 naming the field and writes nothing', async () => {
      const where = await freshLead();
      // A valid event is written, and seen by the same read that must see no more after.
      const valid = await append(where, { eventType: 'SMS', body: 'A valid one' });
      expect(valid.status).toBe(201);
      expect(await eventsOf(where.lead._id)).toHaveLength(1);
      const cases: [Record<string, unknown>, string[]][] = [
        [{ eventType: 'FAX' }, ['body.eventType']],
        [{ eventType: 'SMS', date: 'yesterday' }, ['body.date']],
        [{ eventType: 'SMS', externalId: '' }, ['body.externalId']],
        [{ eventType: 'SCHEDULED_TOUR_APPOINTMENT', data: {} }, ['body.data.tourDateUTC']],
        [
          {
            eventType: 'SCHEDULED_TOUR_APPOINTMENT',
            data: { tourDateString: 'someday', tourFromTimeString: '25:00' },
          },
          ['body.data.tourDateString', 'body.data.tourFromTimeString'],
        ],
        [{ eventType: 'LANGUAGE_PREFERENCE_UPDATE', data: {} }, ['body.data.language']],
        [{ eventType: 'CALL', data: { durationSeconds: 'long' } }, ['body.data.durationSeconds']],
      ];
      for (const [event, paths] of cases) {
        const answer = await call<ApiError>(
          'POST',
          integrationPaths.events(where.pmsPropertyId, where.pmsLeadId),
          key,
          { externalId: `bad-${++counter}`, date: '2026-11-20T15:00:00Z', ...event },
        );
        expect(answer.status, JSON.stringify(event)).toBe(400);
        expect(answer.body.error.details?.map((detail) => detail.path).sort()).toEqual(paths);
        expect(answer.body.error.message).toContain(paths[0]);
      }
      const missing = await call<ApiError>(
        'POST',
        integrationPaths.events(where.pmsPropertyId, where.pmsLeadId),
        key,
        { body: 'no type, no date, no id' },
      );
      expect(missing.body.error.details?.map((detail) => detail.path).sort()).toEqual([
        'body.date',
        'body.eventType',
        'body.externalId',
      ]);
      expect(await eventsOf(where.lead._id)).toHaveLength(1);
      expect((await leadRow(where.lead._id)).tourDateUtc).toBeNull();
    });

    it('writes nothing when the change to the lead fails: the event and its effect are one', async () => {
      const where = await freshLead({ preferredLanguage: 'en' });
      // The database itself refuses this one change, after the event row was inserted.
      await t.app.database.sql.executeSql(`
        create function refuse_test_language() returns trigger language plpgsql as $$
        begin raise exception 'refused by test'; end $$;
        create trigger refuse_test_language before update on leads for each row
          when (new.preferred_language = 'xx-fail') execute function refuse_test_language();
      `);
      try {
        // A change the database takes writes its event and its effect, seen by the same reads.
        const changed = await append(where, {
          externalId: 'lang-ok',
          eventType: 'LANGUAGE_PREFERENCE_UPDATE',
          data: { language: 'fr' },
        });
        expect(changed.status).toBe(201);
        expect(await eventsOf(where.lead._id)).toHaveLength(1);
        expect((await leadRow(where.lead._id)).preferredLanguage).toBe('fr');

        const failed = await append(where, {
          externalId: 'lang-fail',
          eventType: 'LANGUAGE_PREFERENCE_UPDATE',
          data: { language: 'xx-fail' },
        });
        expect(failed.status).toBe(500);
        expect(await eventsOf(where.lead._id)).toHaveLength(1);
        expect((await leadRow(where.lead._id)).preferredLanguage).toBe('fr');
      } finally {
        await t.app.database.sql.executeSql(
          'drop trigger refuse_test_language on leads; drop function refuse_test_language();',
        );
      }
      // Nothing was kept of the failed attempt: the same externalId goes through now.
      const retried = await append(where, {
        externalId: 'lang-fail',
        eventType: 'LANGUAGE_PREFERENCE_UPDATE',
        data: { language: 'fr' },
      });
      expect(retried.status).toBe(201);
    });

    it('answers 404 for an unknown lead or property', async () => {
      const where = await freshLead();
      const unknownLead = await append(
        { pmsPropertyId: where.pmsPropertyId, pmsLeadId: 'NO-SUCH' },
        { eventType: 'SMS' },
      );
      expect(unknownLead.status).toBe(404);
      expect((unknownLead.body as unknown as ApiError).error.message).toBe('Lead not found.');
      const unknownProperty = await append(
        { pmsPropertyId: 'NO-SUCH', pmsLeadId: where.pmsLeadId },
        { eventType: 'SMS' },
      );
      expect(unknownProperty.status).toBe(404);
    });

    it("reaches the company's open consoles live, with the lead's new state", async () => {
      const where = await freshLead();
      const principal = await t.app.resolvePrincipal(staffToken);
      const socket = connect(t.url, {
        path: '/socket.io',
        auth: { token: staffToken },
        transports: ['websocket'],
        reconnection: false,
      });
      try {
        await new Promise<void>((resolve, reject) =>
          socket.on('connect', resolve).on('connect_error', reject),
        );
        const announced = until<NewConversationAnnouncement>(
          socket,
          socketEvents.newConversation(principal.companyId),
        );
        const raised = await append(where, {
          eventType: 'OFFICE_DECISION',
          senderType: 'ASSISTANT',
          body: 'The assistant needs a decision: early move-in?',
        });
        expect(await announced).toEqual({ eventID: raised.body._id, leadID: where.lead._id });

        const delivered = until<NewConversationDelivery>(
          socket,
          socketEvents.newConversationForUser(principal.id),
        );
        socket.emit(socketEvents.getNewConversation, {
          eventID: raised.body._id,
          userID: principal.id,
          time: Date.now(),
        });
        const delivery = newConversationDeliverySchema.parse(await delivered);
        expect(delivery.events.map((event) => event._id)).toEqual([raised.body._id]);
        expect(delivery.lead._id).toBe(where.lead._id);
      } finally {
        socket.close();
      }
    });
  });

  describe('access links', () => {
    it("mints a short-lived link that opens this one lead, for a staff member of the key's company", async () => {
      const where = await freshLead();
      const url = integrationPaths.accessLinks(where.pmsPropertyId, where.pmsLeadId);
      const minted = await call<{ url: string; token: string; expiresAt: string }>(
        'POST',
        url,
        key,
        { userEmail: STAFF_EMAIL, ttlSeconds: 600 },
      );
      expect(minted.status).toBe(201);
      expect(minted.headers['cache-control']).toBe('no-store');
      const link = new URL(minted.body.url);
      expect(link.pathname).toBe('/secure-access');
      expect(link.searchParams.get('access_token')).toBe(minted.body.token);
      const ttl = Date.parse(minted.body.expiresAt) - Date.now();
      expect(ttl).toBeGreaterThan(590_000);
      expect(ttl).toBeLessThanOrEqual(600_000);

      const opened = await call<{ leadID: string }>(
        'GET',
        apiPaths.secureAccessLead,
        minted.body.token,
      );
      expect(opened.status).toBe(200);
      expect(opened.body.leadID).toBe(where.lead._id);
      // Not an API key, and not a way around the key's company.
      expect(
        (await call('PUT', integrationPaths.property('X'), minted.body.token, { name: 'X' }))
          .status,
      ).toBe(401);
    });

    it('refuses another company, an unknown lead and a user who is not staff of the company', async () => {
      const where = await freshLead();
      const url = integrationPaths.accessLinks(where.pmsPropertyId, where.pmsLeadId);
      expect((await call('POST', url, otherKey, { userEmail: OTHER_EMAIL })).status).toBe(404);
      expect(
        (
          await call('POST', integrationPaths.accessLinks(where.pmsPropertyId, 'NO-SUCH'), key, {
            userEmail: STAFF_EMAIL,
          })
        ).status,
      ).toBe(404);
      for (const userEmail of [OTHER_EMAIL, 'nobody@leasing.test']) {
        const refused = await call<ApiError>('POST', url, key, { userEmail });
        expect(refused.status).toBe(400);
        expect(refused.body.error.message).toContain('userEmail');
      }
      const badTtl = await call<ApiError>('POST', url, key, {
        userEmail: STAFF_EMAIL,
        ttlSeconds: 10 * 24 * 3600,
      });
      expect(badTtl.status).toBe(400);
      expect(badTtl.body.error.details?.map((detail) => detail.path)).toEqual(['body.ttlSeconds']);
    });
  });

  describe('OpenAPI', () => {
    it('publishes a valid OpenAPI 3 document of the integration API', async () => {
      const answer = await call<Record<string, unknown>>('GET', '/api/docs/openapi.json', null);
      expect(answer.status).toBe(200);
      const document = answer.body as {
        openapi: string;
        paths: Record<string, Record<string, { security?: unknown; tags?: string[] }>>;
        components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
      };
      await SwaggerParser.validate(structuredClone(document) as never);
      expect(document.openapi).toMatch(/^3\./);
      expect(Object.keys(document.paths).sort()).toEqual(
        expect.arrayContaining([
          '/api/integrations/v1/properties/{pmsPropertyId}',
          '/api/integrations/v1/properties/{pmsPropertyId}/leads/{pmsLeadId}',
          '/api/integrations/v1/properties/{pmsPropertyId}/leads/{pmsLeadId}/events',
        ]),
      );
      expect(
        Object.keys(document.paths).every((path) => path.startsWith('/api/integrations/')),
      ).toBe(true);
      const append =
        document.paths['/api/integrations/v1/properties/{pmsPropertyId}/leads/{pmsLeadId}/events']!
          .post!;
      expect(append.security).toEqual([{ apiKey: [] }]);
      expect(append.tags).toEqual(['Events']);
      expect(document.components.securitySchemes.apiKey).toMatchObject({ scheme: 'bearer' });
      expect(Object.keys(document.components.schemas)).toEqual(
        expect.arrayContaining(['AppendEventRequest', 'ConversationEvent', 'Error']),
      );
      expect(JSON.stringify(document)).not.toMatch(/Input"/);
      // Integrators start from a realistic example, not from the timeline's internal fields.
      expect(document.components.schemas.AppendEventRequest).toMatchObject({
        example: { eventType: 'CALL', externalId: 'call-7781' },
      });
    });

    it('serves the reference page and its assets from this server, under its CSP', async () => {
      const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
      const scripts = [...page.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1]!);
      expect(scripts.length).toBeGreaterThan(0);
      for (const src of scripts) {
        const asset = await t.app.inject({
          method: 'GET',
          url: new URL(src, 'http://x/api/docs/').pathname,
        });
        expect(asset.statusCode, src).toBe(200);
      }
    });
  });

  it('keeps every lookup inside the key’s company even by database ids', async () => {
    // A lead of the other company with the same PMS ids as one of ours stays theirs.
    await call('PUT', integrationPaths.property('SHARED-P'), key, { name: 'Ours' });
    await call('PUT', integrationPaths.property('SHARED-P'), otherKey, { name: 'Theirs' });
    const ours = await call<IntegrationLead>(
      'PUT',
      integrationPaths.lead('SHARED-P', 'SHARED-L'),
      key,
      {
        name: 'Our lead',
      },
    );
    const theirs = await call<IntegrationLead>(
      'PUT',
      integrationPaths.lead('SHARED-P', 'SHARED-L'),
      otherKey,
      { name: 'Their lead' },
    );
    expect(theirs.status).toBe(201);
    expect(theirs.body._id).not.toBe(ours.body._id);
    await append(
      { pmsPropertyId: 'SHARED-P', pmsLeadId: 'SHARED-L' },
      { eventType: 'SMS', body: 'theirs' },
      otherKey,
    );
    const [ourEvents, theirEvents] = await Promise.all([
      eventsOf(ours.body._id),
      t.db
        .select()
        .from(conversationEvents)
        .where(
          and(
            eq(conversationEvents.leadId, theirs.body._id),
            eq(conversationEvents.body, 'theirs'),
          ),
        ),
    ]);
    expect(ourEvents).toHaveLength(0);
    expect(theirEvents).toHaveLength(1);
  });
});
