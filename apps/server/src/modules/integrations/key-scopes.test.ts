import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import pg from 'pg';
import {
  API_KEY_SCOPES_REQUIRED,
  integrationPaths,
  type ApiError,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@leasing/contract';
import { buildApp } from '../../app.js';
import type { Database } from '../../db/client.js';
import { apiKeys, auditLog, properties } from '../../db/schema/index.js';
import { migrationsFolder } from '../../lib/paths.js';
import { createLead, createOffice, createUser, type Office } from '../../test/factories.js';
import { bearer, everyDatabase, openEmptyDatabase, testConfig } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

const IN_A_YEAR = () => new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString();

describe.each(everyDatabase())('API key scopes and expiry on $name', (target) => {
  const s = useTestApp(target, { seed: 'none' });
  let office: Office;
  let admin: string;
  let counter = 0;

  const createKey = (payload: Record<string, unknown>) =>
    s.request<CreatedApiKey>('POST', '/api/api-keys', { as: admin, payload });
  const keyWith = async (scopes: ApiKeyScope[], name = `Key ${scopes.join('+')}`) => {
    const created = await createKey({ name, scopes });
    expect(created.status).toBe(201);
    return created.body;
  };
  const upsertProperty = (key: string, pmsPropertyId: string) =>
    s.request<ApiError>('PUT', integrationPaths.property(pmsPropertyId), {
      as: key,
      payload: { name: 'Scoped Court' },
    });
  const propertyExists = async (pmsPropertyId: string) =>
    (
      await s.db
        .select({ id: properties.id })
        .from(properties)
        .where(
          and(
            eq(properties.companyId, office.company.id),
            eq(properties.pmsPropertyId, pmsPropertyId),
          ),
        )
    ).length > 0;
  const accessLinkRows = (apiKeyId: string) =>
    s.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'access_link.created'), eq(auditLog.actorApiKeyId, apiKeyId)));

  beforeAll(async () => {
    office = await createOffice(s.db);
    admin = await s.signIn(office.staff.credentials);
  });

  it('shows a key’s scopes and expiry, and refuses a key with no scope or an expiry in the past', async () => {
    const expiresAt = IN_A_YEAR();
    const created = await createKey({ name: 'PMS', scopes: ['events:write'], expiresAt });
    expect(created.status).toBe(201);
    expect(created.body.apiKey).toMatchObject({ scopes: ['events:write'] });
    expect(Date.parse(created.body.apiKey.expiresAt ?? '')).toBe(Date.parse(expiresAt));
    // The audit trail keeps what the key may do, and until when.
    const [audited] = await s.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'api_key.created'), eq(auditLog.targetId, created.body.apiKey._id)),
      );
    expect(audited?.after).toEqual({
      name: 'PMS',
      scopes: ['events:write'],
      expiresAt: created.body.apiKey.expiresAt,
    });

    const listed = await s.request<CreatedApiKey['apiKey'][]>('GET', '/api/api-keys', {
      as: admin,
    });
    expect(listed.body.find((key) => key._id === created.body.apiKey._id)).toMatchObject({
      scopes: ['events:write'],
    });

    for (const payload of [{ name: 'No scopes', scopes: [] }, { name: 'Scopes left out' }]) {
      const refused = await s.request<ApiError>('POST', '/api/api-keys', { as: admin, payload });
      expect(refused.status).toBe(400);
      expect(refused.body.error.details?.map((detail) => detail.path)).toEqual(['body.scopes']);
    }
    const empty = await s.request<ApiError>('POST', '/api/api-keys', {
      as: admin,
      payload: { name: 'No scopes', scopes: [] },
    });
    expect(empty.body.error.details?.[0]?.message).toBe(API_KEY_SCOPES_REQUIRED);

    const past = await s.request<ApiError>('POST', '/api/api-keys', {
      as: admin,
      payload: {
        name: 'Already over',
        scopes: ['events:write'],
        expiresAt: '2020-01-01T00:00:00Z',
      },
    });
    expect(past.status).toBe(400);
    expect(past.body.error.details?.map((detail) => detail.path)).toEqual(['body.expiresAt']);
    const unknown = await s.request<ApiError>('POST', '/api/api-keys', {
      as: admin,
      payload: { name: 'Root', scopes: ['admin:all'] },
    });
    expect(unknown.status).toBe(400);
  });

  it('lets only a key with events:write upsert; one with leads:read alone is told what it lacks', async () => {
    const writer = await keyWith(['events:write']);
    expect((await upsertProperty(writer.key, 'SCOPE-W')).status).toBe(201);
    expect(await propertyExists('SCOPE-W')).toBe(true);

    const reader = await keyWith(['leads:read']);
    const refused = await upsertProperty(reader.key, 'SCOPE-R');
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('events:write');
    expect(await propertyExists('SCOPE-R')).toBe(false);

    // Every write route asks for it, not only the property upsert.
    const { pmsPropertyId } = office.property;
    const lead = await s.request<ApiError>('PUT', integrationPaths.lead(pmsPropertyId, 'L-1'), {
      as: reader.key,
      payload: { name: 'Read Only' },
    });
    expect(lead.status).toBe(403);
    expect(lead.body.error.message).toContain('events:write');
    const event = await s.request<ApiError>('POST', integrationPaths.events(pmsPropertyId, 'L-1'), {
      as: reader.key,
      payload: { externalId: 'x-1', eventType: 'CALL', date: new Date().toISOString() },
    });
    expect(event.status).toBe(403);
  });

  it('mints a link only with links:create and act-as, audited as the key acting as the colleague', async () => {
    counter += 1;
    const lead = await createLead(s.db, office.property, { pmsLeadId: `LINK-${counter}` });
    const colleague = await createUser(s.db, office.company.id, { role: 'agent' });
    const url = integrationPaths.accessLinks(office.property.pmsPropertyId, lead.pmsLeadId);
    const mint = (key: string) =>
      s.request<ApiError & { url: string }>('POST', url, {
        as: key,
        payload: { userEmail: colleague.user.email },
      });

    const both = await keyWith(['links:create', 'act-as'], 'Portal');
    const minted = await mint(both.key);
    expect(minted.status).toBe(201);
    expect(minted.body.url).toContain('/secure-access');
    expect(await accessLinkRows(both.apiKey._id)).toEqual([
      expect.objectContaining({
        actorType: 'api-key',
        actorApiKeyId: both.apiKey._id,
        actorName: 'Portal',
        actingAsUserId: colleague.user.id,
        leadId: lead.id,
      }),
    ]);

    const linksOnly = await keyWith(['links:create']);
    const refused = await mint(linksOnly.key);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain('act-as');
    expect(refused.body.error.message).not.toContain('links:create');
    expect(await accessLinkRows(linksOnly.apiKey._id)).toEqual([]);

    const actAsOnly = await keyWith(['act-as']);
    const alsoRefused = await mint(actAsOnly.key);
    expect(alsoRefused.status).toBe(403);
    expect(alsoRefused.body.error.message).toContain('links:create');
    expect(await accessLinkRows(actAsOnly.apiKey._id)).toEqual([]);
  });

  it('refuses a key past its expiry with 401, saying it expired', async () => {
    const { key, apiKey } = (
      await createKey({ name: 'Short lived', scopes: ['events:write'], expiresAt: IN_A_YEAR() })
    ).body;
    expect((await upsertProperty(key, 'EXP-1')).status).toBe(201);

    await s.db
      .update(apiKeys)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(apiKeys.id, apiKey._id));
    const refused = await upsertProperty(key, 'EXP-2');
    expect(refused.status).toBe(401);
    expect(refused.body.error.message).toMatch(/expired/i);
    expect(await propertyExists('EXP-2')).toBe(false);
  });

  it('says in the API reference which scope each operation needs', async () => {
    const docs = await s.request<{
      info: { description: string };
      paths: Record<string, Record<string, { description: string }>>;
    }>('GET', '/api/docs/openapi.json');
    expect(docs.status).toBe(200);
    const operation = (path: string, method: string) =>
      docs.body.paths[path]?.[method]?.description;
    const base = '/api/integrations/v1/properties/{pmsPropertyId}';
    expect(operation(base, 'put')).toContain('`events:write`');
    expect(operation(`${base}/leads/{pmsLeadId}`, 'put')).toContain('`events:write`');
    expect(operation(`${base}/leads/{pmsLeadId}/events`, 'post')).toContain('`events:write`');
    const link = operation(`${base}/leads/{pmsLeadId}/access-links`, 'post');
    expect(link).toContain('`links:create`');
    expect(link).toContain('`act-as`');
    expect(docs.body.info.description).toMatch(
      /`messages:send`[^.]*defined for\s+operations to come: no\s+operation sends messages/,
    );
  });
});

/** The stored form of a key: what an old row holds (see api-key-secret.ts). */
const newKeySecret = () => {
  const key = `lk_${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, 10), keyHash: createHash('sha256').update(key).digest('hex') };
};

/** Migrations up to (not including) `tag`, in a folder of their own. */
const migrationsBefore = (tag: string) => {
  const folder = mkdtempSync(join(tmpdir(), 'migrations-before-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
  return folder;
};

const migrateWith = async (database: Database, folder: string) => {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  const client = new pg.Client({ connectionString: database.connectionString });
  await client.connect();
  try {
    await migratePg(drizzlePg({ client }), { migrationsFolder: folder });
  } finally {
    await client.end();
  }
};

describe.each(everyDatabase())('keys made before scopes on $name', (target) => {
  const folder = migrationsBefore('0011_api_key_scopes');
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('keep every power after the migration: writes, events and links acting as a colleague', async () => {
    const database = await openEmptyDatabase(target);
    try {
      await migrateWith(database, folder);
      // The rows as they were, in the columns of that day (today's factories name later columns):
      // a company, and its key with no scopes column and no expiry.
      const companyId = randomUUID();
      const old = newKeySecret();
      await database.db.execute(
        sql`insert into companies (id, name) values (${companyId}, ${`Old company ${companyId}`})`,
      );
      await database.db.execute(
        sql`insert into api_keys (company_id, name, prefix, key_hash)
            values (${companyId}, 'Old PMS', ${old.prefix}, ${old.keyHash})`,
      );

      const app = await buildApp({ config: testConfig(), database });
      try {
        const colleague = await createUser(database.db, companyId, { role: 'agent' });
        const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.name, 'Old PMS'));
        // Every scope there was then; a scope added since (reports:read) is not given to old keys.
        expect(row?.scopes).toEqual([
          'leads:read',
          'events:write',
          'messages:send',
          'links:create',
          'act-as',
        ]);
        expect(row?.expiresAt).toBeNull();

        const call = async (method: 'PUT' | 'POST', url: string, payload: object) =>
          (await app.inject({ method, url, headers: bearer(old.key), payload })).statusCode;
        expect(await call('PUT', integrationPaths.property('OLD-P'), { name: 'Old Court' })).toBe(
          201,
        );
        expect(await call('PUT', integrationPaths.lead('OLD-P', 'OLD-L'), { name: 'Old' })).toBe(
          201,
        );
        expect(
          await call('POST', integrationPaths.events('OLD-P', 'OLD-L'), {
            externalId: 'old-1',
            eventType: 'CALL',
            date: new Date().toISOString(),
          }),
        ).toBe(201);
        expect(
          await call('POST', integrationPaths.accessLinks('OLD-P', 'OLD-L'), {
            userEmail: colleague.user.email,
          }),
        ).toBe(201);

        // A key made after the migration gets only what it names: the default is no scope.
        const fresh = newKeySecret();
        await database.db.insert(apiKeys).values({
          companyId,
          name: 'New without scopes',
          prefix: fresh.prefix,
          keyHash: fresh.keyHash,
        });
        const refused = await app.inject({
          method: 'PUT',
          url: integrationPaths.property('NEW-P'),
          headers: bearer(fresh.key),
          payload: { name: 'New Court' },
        });
        expect(refused.statusCode).toBe(403);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  });
});
