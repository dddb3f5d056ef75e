import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatePaymentLinkResponse } from '@leasing/contract';
import type { LeadRow } from '../db/schema/index.js';
import { createLead, createOffice } from '../test/factories.js';
import { oneDatabase } from '../test/test-app.js';
import { useTestApp, type HttpMethod } from '../test/use-test-app.js';
import { PAYMENT_MODE_META } from './spa.js';

const PAY_HOST = 'pay.leasing.test';
const payHost = { host: `${PAY_HOST}:3000` };
const staffHost = { host: 'localhost:3000' };

/** The staff app's router is preloaded as the build writes it (apps/web/build-tools). */
const STAFF_PRELOAD = '<link rel="modulepreload" crossorigin href="/assets/router.js" data-staff>';
const STAFF_INDEX = `<html><head><title>Leasing</title>\n    ${STAFF_PRELOAD}\n  </head><body>staff</body></html>`;
const ASSET = 'console.log("spa");';

/** A built SPA of two files, so the payment host has its own pages and assets to serve. */
const webDist = mkdtempSync(join(tmpdir(), 'payment-host-spa-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), STAFF_INDEX);
writeFileSync(join(webDist, 'assets', 'app.js'), ASSET);
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

describe.each(oneDatabase())('payment host separation ($name)', (target) => {
  const t = useTestApp(target, {
    seed: 'none',
    env: { PAYMENT_HOST: PAY_HOST, WEB_DIST_DIR: webDist },
  });
  let staffToken: string;
  let staffEmail: string;
  let lead: LeadRow;
  let payToken: string;

  beforeAll(async () => {
    const office = await createOffice(t.db);
    lead = await createLead(t.db, office.property, { name: 'Ava Payer' });
    staffEmail = office.staff.credentials.email;
    staffToken = await t.signIn(office.staff.credentials);
    const created = await t.request<CreatePaymentLinkResponse>(
      'POST',
      `/api/leads/${lead.id}/payment-links`,
      {
        as: staffToken,
        headers: staffHost,
        payload: {
          amountCents: 5_000,
          description: 'Deposit',
          dueDate: tomorrow(),
          channel: 'SMS',
        },
      },
    );
    expect(created.status, created.text).toBe(201);
    payToken = new URL(created.body.link.url).searchParams.get('t') ?? '';
  });

  /** What the payment host may answer to a path it does not serve: a 404 or its own page. */
  const expectNoStaffAnswer = (response: { status: number; text: string }, label: string) => {
    expect(response.text, label).not.toContain(staffEmail);
    expect(response.text, label).not.toContain('"_id"');
    expect(response.text, label).not.toContain(STAFF_INDEX);
    expect(response.text, label).not.toContain('"keys"');
    if (response.status !== 404) {
      // The not-found page of the payment host is its own SPA in payment mode, nothing else.
      expect(response.status, label).toBe(200);
      expect(response.text, label).toContain(PAYMENT_MODE_META);
    }
  };

  const staffPaths = () => {
    const leadPath = `leads/${lead.id}/payment-links`;
    return [
      '/%61pi/me',
      '/%61%70%69/me',
      '/%61pi/properties',
      `/%61pi/${leadPath}`,
      `/api/%6Ceads/${lead.id}/payment-links`,
      '//api/me',
      '/api/../api/me',
      '/api/pay/../me',
      '/api/pay/%2E%2E/me',
      '/API/me',
      '/Api/Me',
      '/api%2Fme',
      '/%2Fapi/me',
      '/%2Ewell-known/jwks.json',
      '/.well-known/jwks.json',
      '/m%65dia/demo/living-room.png',
      '/media/demo/living-room.png',
      '/ind%65x.html',
      '/index.html',
      '/api/docs/json',
      '/%61pi/docs/json',
    ];
  };

  it('answers no staff route on the payment host, however the path is encoded', async () => {
    // Control: the same staff routes answer on the staff host, so a 404 below is the separation.
    const me = await t.request('GET', '/api/me', { as: staffToken, headers: staffHost });
    expect(me.status).toBe(200);
    expect(me.text).toContain(staffEmail);
    const encodedOnStaff = await t.request('GET', '/%61pi/me', {
      as: staffToken,
      headers: staffHost,
    });
    expect(encodedOnStaff.status, 'the router decodes %61 to a').toBe(200);

    for (const path of staffPaths()) {
      const response = await t.request('GET', path, { as: staffToken, headers: payHost });
      expectNoStaffAnswer(response, `GET ${path}`);
    }
  });

  it('changes nothing through an encoded staff route on the payment host', async () => {
    const list = async () =>
      (
        await t.request<{ links: unknown[] }>('GET', `/api/leads/${lead.id}/payment-links`, {
          as: staffToken,
          headers: staffHost,
        })
      ).body.links.length;
    const before = await list();
    const attempts: [HttpMethod, string][] = [
      ['POST', `/%61pi/leads/${lead.id}/payment-links`],
      ['POST', `/api/%6Ceads/${lead.id}/payment-links`],
      ['POST', `/api/pay/../leads/${lead.id}/payment-links`],
    ];
    for (const [method, path] of attempts) {
      const response = await t.request(method, path, {
        as: staffToken,
        headers: payHost,
        payload: { amountCents: 5_000, description: 'Forged', dueDate: tomorrow(), channel: 'SMS' },
      });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    expect(await list()).toBe(before);
  });

  it('answers the payment API on the payment host only, however the path is encoded', async () => {
    const payLink = `/api/pay/link?t=${encodeURIComponent(payToken)}`;
    // Control: the payer's route answers on the payment host, encoded or not.
    const onPayHost = await t.request('GET', payLink, { headers: payHost });
    expect(onPayHost.status, onPayHost.text).toBe(200);
    expect(onPayHost.text).toContain('Ava Payer');

    for (const path of [
      payLink,
      `/%61pi/pay/link?t=${encodeURIComponent(payToken)}`,
      `/api/p%61y/link?t=${encodeURIComponent(payToken)}`,
    ]) {
      const response = await t.request('GET', path, { headers: staffHost });
      expect(response.status, `GET ${path} on the staff host`).toBe(404);
      expect(response.text).not.toContain('Ava Payer');
    }
  });

  it('serves the payer its pages and the SPA assets on the payment host', async () => {
    const page = await t.request('GET', `/?t=${encodeURIComponent(payToken)}`, {
      headers: payHost,
    });
    expect(page.status).toBe(200);
    expect(page.text).toContain(PAYMENT_MODE_META);
    // Without the staff app's preloads: a payer's phone downloads none of it.
    expect(page.text).toContain('<body>staff</body>');
    expect(page.text).not.toContain(STAFF_PRELOAD);
    expect(page.text).not.toContain('data-staff');
    const checkout = await t.request('GET', '/checkout', { headers: payHost });
    expect(checkout.text).toContain(PAYMENT_MODE_META);
    const asset = await t.request('GET', '/assets/app.js', { headers: payHost });
    expect(asset.status).toBe(200);
    expect(asset.text).toBe(ASSET);
    // And the staff host keeps its own page and API.
    const staffPage = await t.request('GET', '/leads', { headers: staffHost });
    expect(staffPage.text).toBe(STAFF_INDEX);
  });
});
