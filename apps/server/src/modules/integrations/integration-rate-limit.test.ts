import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createApiKey } from '../api-keys/index.js';
import { createCompany } from '../../test/factories.js';
import { oneDatabase } from '../../test/test-app.js';
import { useTestApp } from '../../test/use-test-app.js';

describe.each(oneDatabase())('integration API limit per key on $name', (target) => {
  const s = useTestApp(target, { seed: 'none', env: { INTEGRATION_LIMIT_PER_MINUTE: '3' } });

  const newKey = async () => {
    const company = await createCompany(s.db);
    return (
      await createApiKey(s.db, {
        companyId: company.id,
        name: 'PMS',
        createdByUserId: null,
        scopes: ['events:write'],
      })
    ).key;
  };
  const upsertProperty = (key: string) =>
    s.request<{ error: { code: string } }>(
      'PUT',
      `/api/integrations/v1/properties/pms-${randomUUID()}`,
      { headers: { authorization: `Bearer ${key}` }, payload: { name: 'Maple Court' } },
    );

  it('answers 429 with Retry-After once a key exceeds its requests a minute', async () => {
    const key = await newKey();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await upsertProperty(key)).status);
    expect(statuses).toEqual([201, 201, 201]);
    const limited = await upsertProperty(key);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
  });

  it('counts each key on its own, from the same address (control)', async () => {
    const busy = await newKey();
    for (let i = 0; i < 4; i += 1) await upsertProperty(busy);
    expect((await upsertProperty(busy)).status).toBe(429);
    expect((await upsertProperty(await newKey())).status).toBe(201);
  });
});
