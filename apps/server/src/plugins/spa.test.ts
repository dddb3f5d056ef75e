import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@leasing/contract';
import { oneDatabase } from '../test/test-app.js';
import { useTestApp } from '../test/use-test-app.js';
import { IMMUTABLE_CACHE } from './spa.js';

/** A built SPA as Vite writes it: index.html, a hashed script with its two compressed copies. */
const dist = mkdtempSync(join(tmpdir(), 'leasing-spa-'));
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(2_000))};\n`;
mkdirSync(join(dist, 'assets'));
writeFileSync(
  join(dist, 'index.html'),
  '<!doctype html><html><head><title>Leasing console</title></head><body><div id="root"></div></body></html>',
);
writeFileSync(
  join(dist, 'book.html'),
  '<!doctype html><html><head><title>Book a tour</title></head><body><div id="root"></div></body></html>',
);
writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
writeFileSync(join(dist, 'assets/index-B4f9xQ2a.js'), SCRIPT);
writeFileSync(join(dist, 'assets/index-B4f9xQ2a.js.br'), brotliCompressSync(SCRIPT));
writeFileSync(join(dist, 'assets/index-B4f9xQ2a.js.gz'), gzipSync(SCRIPT));

describe.each(oneDatabase())('the built SPA and compressed answers on $name', (target) => {
  const t = useTestApp(target, { seed: 'none', env: { WEB_DIST_DIR: dist } });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it("sends a hashed script's brotli or gzip copy, kept for a year, and the plain one to others", async () => {
    const brotli = await get('/assets/index-B4f9xQ2a.js', { 'accept-encoding': 'gzip, br' });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe(IMMUTABLE_CACHE);
    expect(String(brotli.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);
    expect(brotli.rawPayload.length).toBeLessThan(SCRIPT.length / 10);

    const gzip = await get('/assets/index-B4f9xQ2a.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-B4f9xQ2a.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE_CACHE);
  });

  it("serves the tour booking page's own small page under /book/, and the console elsewhere", async () => {
    const booking = await get(`/book/${crypto.randomUUID()}?t=abc`);
    expect(booking.statusCode).toBe(200);
    expect(booking.body).toContain('<title>Book a tour</title>');
    expect(booking.headers['cache-control']).toBe('no-cache');
    const consolePage = await get('/book');
    expect(consolePage.body).toContain('<title>Leasing console</title>');
  });

  it('asks again for what is not hashed: the page itself and the favicon', async () => {
    const page = await get('/main/dashboard', { 'accept-encoding': 'br' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(page.headers['cache-control']).toBe('no-cache');
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('compresses an API answer for a client that accepts it, and not a small one', async () => {
    const spec = await get('/api/docs/openapi.json', { 'accept-encoding': 'br, gzip' });
    expect(spec.statusCode).toBe(200);
    expect(spec.headers['content-encoding']).toBe('br');
    const text = brotliDecompressSync(spec.rawPayload).toString();
    expect(JSON.parse(text)).toMatchObject({ openapi: expect.any(String) });
    const uncompressed = await get('/api/docs/openapi.json');
    expect(uncompressed.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(uncompressed.body)).toEqual(JSON.parse(text));
    const small = await get('/healthz', { 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('never unpacks a compressed request body', async () => {
    const body = JSON.stringify({ email: 'nobody@example.test', password: 'not-the-password' });
    const plain = await t.app.inject({
      method: 'POST',
      url: apiPaths.login,
      headers: { 'content-type': 'application/json' },
      payload: body,
    });
    // The positive control: the same body, sent plainly, is read (and the sign-in refused).
    expect(plain.statusCode).toBe(401);
    const packed = await t.app.inject({
      method: 'POST',
      url: apiPaths.login,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(body),
    });
    expect([400, 415]).toContain(packed.statusCode);
  });
});

/**
 * `apps/web/dist` is a link the next build switches (scripts/web-build.mjs): a running server
 * keeps serving the build it started with, whose files stay on disk.
 */
const web = mkdtempSync(join(tmpdir(), 'leasing-web-'));
const writeBuild = (name: string, hash: string) => {
  mkdirSync(join(web, 'builds', name, 'assets'), { recursive: true });
  writeFileSync(join(web, 'builds', name, 'assets', `index-${hash}.js`), `// ${hash}\n`);
  writeFileSync(
    join(web, 'builds', name, 'index.html'),
    `<!doctype html><script type="module" src="/assets/index-${hash}.js"></script>`,
  );
};
writeBuild('first', 'Aaaaaaaa1');
symlinkSync(join('builds', 'first'), join(web, 'dist'));

describe.each(oneDatabase())('a server while the next build is switched in ($name)', (target) => {
  const t = useTestApp(target, { seed: 'none', env: { WEB_DIST_DIR: join(web, 'dist') } });
  afterAll(() => rmSync(web, { recursive: true, force: true }));

  it('serves its own index.html and scripts after dist points to a new build', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/' });
    expect(before.body).toContain('index-Aaaaaaaa1.js');

    writeBuild('second', 'Bbbbbbbb2');
    symlinkSync(join('builds', 'second'), join(web, '.dist-next'));
    renameSync(join(web, '.dist-next'), join(web, 'dist'));
    expect(readFileSync(join(web, 'dist', 'index.html'), 'utf8')).toContain('Bbbbbbbb2');

    const page = await t.app.inject({ method: 'GET', url: '/leads' });
    expect(page.body).toContain('index-Aaaaaaaa1.js');
    const script = await t.app.inject({ method: 'GET', url: '/assets/index-Aaaaaaaa1.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toBe('// Aaaaaaaa1\n');
  });
});
