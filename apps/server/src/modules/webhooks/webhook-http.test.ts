import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWebhook, privateAddressProblem } from './webhook-http.js';

describe('posting a webhook', () => {
  let url: string;
  let hits = 0;
  const server = createServer((request, response) => {
    hits += 1;
    request.resume();
    if (request.url === '/redirect') {
      response.writeHead(302, { location: '/ok' }).end();
    } else if (request.url === '/fail') {
      response.writeHead(500).end('stack trace: token=s3cr3t');
    } else response.writeHead(200).end('ok');
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const post = (target: string, allowPrivateNetworks: boolean) =>
    postWebhook({
      url: target,
      body: '{}',
      headers: { 'content-type': 'application/json' },
      timeoutMs: 2000,
      allowPrivateNetworks,
      now: () => new Date(),
    });

  it('reaches loopback only while private networks are allowed, by address or by name', async () => {
    // Positive control: allowed, the same URL answers 200.
    expect(await post(`${url}/ok`, true)).toMatchObject({ statusCode: 200, error: null });
    const before = hits;
    const byAddress = await post(`${url}/ok`, false);
    expect(byAddress).toMatchObject({
      statusCode: null,
      error: '127.0.0.1 is not a public address',
    });
    const byName = await post(url.replace('127.0.0.1', 'localhost'), false);
    expect(byName.statusCode).toBeNull();
    expect(byName.error).toMatch(/localhost/);
    expect(hits).toBe(before);
  });

  it('counts a redirect as a failed attempt instead of following it', async () => {
    const before = hits;
    expect(await post(`${url}/redirect`, true)).toMatchObject({ statusCode: 302 });
    expect(hits).toBe(before + 1);
  });

  it("keeps only the status code and timing of a failed answer, never the receiver's words", async () => {
    const failed = await post(`${url}/fail`, true);
    expect(failed).toEqual({ statusCode: 500, error: 'HTTP 500', durationMs: expect.any(Number) });
  });

  it('names what is private and what is not', () => {
    expect(privateAddressProblem('http://10.0.0.5/x', false)).toMatch(/not a public address/);
    expect(privateAddressProblem('http://169.254.169.254/x', false)).toMatch(/not a public/);
    expect(privateAddressProblem('http://app.localhost/x', false)).toMatch(/this machine/);
    expect(privateAddressProblem('https://93.184.216.34/x', false)).toBeNull();
    expect(privateAddressProblem('https://hooks.example.com/x', false)).toBeNull();
    expect(privateAddressProblem('http://10.0.0.5/x', true)).toBeNull();
  });
});
