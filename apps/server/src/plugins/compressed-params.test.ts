import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import LZString from 'lz-string';
import { createOffice, createLead } from '../test/factories.js';
import { oneDatabase } from '../test/test-app.js';
import { useTestApp } from '../test/use-test-app.js';

type ErrorBody = { error: { code: string; details?: { path: string; message: string }[] } };

const compressed = { 'x-compressed-params': 'true' };

describe.each(oneDatabase())('compressed query params on $name', (target) => {
  const s = useTestApp(target, { seed: 'none' });

  it('decompresses a small value for a signed-in user (control)', async () => {
    const office = await createOffice(s.db);
    await createLead(s.db, office.property);
    await createLead(s.db, office.property);
    const token = await s.signIn(office.staff.credentials);
    const page = await s.request<{ items: unknown[] }>(
      'GET',
      `/api/properties/${office.property.id}/leads?limit=${LZString.compressToEncodedURIComponent('1')}`,
      { as: token, headers: compressed },
    );
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(1);
  });

  it('refuses, before anyone signs in, a small value that expands past 64 KB', async () => {
    // lz-string packs a run of one letter almost without cost: under 1 KB on the wire.
    const bomb = LZString.compressToEncodedURIComponent('a'.repeat(200_000));
    expect(bomb.length).toBeLessThan(1_024);
    const response = await s.request<ErrorBody>('GET', `/api/config?q=${bomb}`, {
      headers: compressed,
    });
    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual([
      { path: 'headers.x-compressed-params', message: expect.stringMatching(/64 KB/) },
    ]);
  });

  it('refuses a compressed query too long to be worth decompressing', async () => {
    // Random text hardly compresses: past the cap on the wire while still small once expanded.
    const long = LZString.compressToEncodedURIComponent(randomBytes(4_000).toString('hex'));
    expect(long.length).toBeGreaterThan(4_096);
    const response = await s.request<ErrorBody>('GET', `/api/config?q=${long}`, {
      headers: compressed,
    });
    expect(response.status).toBe(400);
    expect(response.body.error.details?.[0]?.path).toBe('headers.x-compressed-params');
  });

  it('counts every value of the query together', async () => {
    const part = LZString.compressToEncodedURIComponent('a'.repeat(40_000));
    const response = await s.request<ErrorBody>('GET', `/api/config?q=${part}&r=${part}`, {
      headers: compressed,
    });
    expect(response.status).toBe(400);
    expect(response.body.error.details?.[0]?.path).toBe('headers.x-compressed-params');
    const one = await s.request('GET', `/api/config?q=${part}`, { headers: compressed });
    expect(one.status).toBe(200);
  });
});
