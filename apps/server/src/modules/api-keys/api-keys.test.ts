import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ApiKey, CreatedApiKey } from '@leasing/contract';
import { apiKeys } from '../../db/schema/index.js';
import { createOffice, type Office } from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { useTestApp, type HttpMethod } from '../../test/use-test-app.js';
import { hashApiKey } from './api-key-secret.js';
import { resolveApiKey } from './api-keys.service.js';

describe.each(oneDatabase())('API keys on $name', (target) => {
  const s = useTestApp(target, { seed: 'none' });
  let office: Office;
  let token: string;
  let otherToken: string;

  const call = <T>(
    method: HttpMethod,
    url: string,
    as: string,
    payload?: Record<string, unknown>,
  ) => s.request<T>(method, url, { as, payload });
  const create = (name: string, as = token) =>
    call<CreatedApiKey>('POST', '/api/api-keys', as, { name, scopes: ['events:write'] });

  beforeAll(async () => {
    office = await createOffice(s.db);
    token = await s.signIn(office.staff.credentials);
    otherToken = await s.signIn((await createOffice(s.db)).staff.credentials);
  });

  it('creates a key, answers it once, and keeps only its hash and prefix', async () => {
    const created = await create('  Yardi sync  ');
    expect(created.status).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const { key, apiKey } = created.body;
    expect(key).toMatch(/^lk_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({
      name: 'Yardi sync',
      prefix: key.slice(0, 10),
      createdByUserName: office.staff.user.name,
      lastUsedAt: null,
      revokedAt: null,
    });

    const [row] = await s.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey._id));
    expect(row?.keyHash).toBe(hashApiKey(key));
    expect(row?.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(key);

    const list = await call<ApiKey[]>('GET', '/api/api-keys', token);
    expect(list.status).toBe(200);
    expect(list.body.map((listed) => listed._id)).toContain(apiKey._id);
    expect(JSON.stringify(list.body)).not.toContain(key);
  });

  it('lists and revokes only within the company: 404 for another company’s key', async () => {
    const mine = (await create('PMS')).body.apiKey;
    const theirs = (await create('Their PMS', otherToken)).body.apiKey;

    // Their key is listed for them, and the same list for us leaves it out.
    const theirList = (await call<ApiKey[]>('GET', '/api/api-keys', otherToken)).body;
    expect(theirList.map((key) => key._id)).toContain(theirs._id);
    const listed = (await call<ApiKey[]>('GET', '/api/api-keys', token)).body;
    expect(listed.map((key) => key._id)).toContain(mine._id);
    expect(listed.map((key) => key._id)).not.toContain(theirs._id);

    const refused = await call<{ error: { code: string } }>(
      'DELETE',
      `/api/api-keys/${theirs._id}`,
      token,
    );
    expect(refused.status).toBe(404);
    const revocationOf = async (id: string) =>
      (await s.db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0]?.revokedAt;

    const revoked = await call<ApiKey>('DELETE', `/api/api-keys/${mine._id}`, token);
    expect(revoked.status).toBe(200);
    expect(revoked.body.revokedAt).not.toBeNull();
    // The row shows a revocation that happens, and none for the key that was refused.
    expect(await revocationOf(mine._id)).not.toBeNull();
    expect(await revocationOf(theirs._id)).toBeNull();
    // Revoking again keeps the first moment.
    const again = await call<ApiKey>('DELETE', `/api/api-keys/${mine._id}`, token);
    expect(again.body.revokedAt).toBe(revoked.body.revokedAt);
  });

  it('refuses a nameless key, and staff routes without a staff token', async () => {
    const nameless = await call<{ error: { message: string } }>('POST', '/api/api-keys', token, {
      name: '   ',
      scopes: ['events:write'],
    });
    expect(nameless.status).toBe(400);
    expect(nameless.body.error.message).toContain('body.name');

    const { key } = (await create('Not a staff token')).body;
    expect((await call('GET', '/api/api-keys', key)).status).toBe(401);
    expect((await s.request('GET', '/api/api-keys')).status).toBe(401);
  });

  it('resolves a live key to its company, records use at most once a minute, and not revoked ones', async () => {
    const { key, apiKey } = (await create('Assistant')).body;
    const { db } = s;
    const lastUsed = async () =>
      (await db.select().from(apiKeys).where(eq(apiKeys.id, apiKey._id)))[0]?.lastUsedAt;

    const start = new Date('2030-01-01T12:00:00Z');
    expect(await resolveApiKey(db, key, start)).toEqual({
      status: 'live',
      key: { apiKeyId: apiKey._id, companyId: office.company.id, scopes: ['events:write'] },
    });
    expect(await lastUsed()).toEqual(start);
    await resolveApiKey(db, key, new Date(start.getTime() + 30_000));
    expect(await lastUsed()).toEqual(start);
    const later = new Date(start.getTime() + 61_000);
    await resolveApiKey(db, key, later);
    expect(await lastUsed()).toEqual(later);

    expect(await resolveApiKey(db, `${key}x`)).toBeNull();
    expect(await resolveApiKey(db, token)).toBeNull();
    await call('DELETE', `/api/api-keys/${apiKey._id}`, token);
    expect(await resolveApiKey(db, key)).toBeNull();
  });
});
