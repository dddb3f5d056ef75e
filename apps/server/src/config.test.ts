import { spawnSync } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';
import { selfSignedCertificate } from './modules/email/index.js';
import { nodeArgsToRun } from './test/server-bundle.js';

describe('configuration', () => {
  it('names the variable and what it expects when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL: a postgres:\/\/ connection URL/,
    );
    expect(() => loadConfig({ AUTH_ISSUER: 'https://id.example' })).toThrow(/AUTH_JWKS_URL/);
  });

  it('uses the embedded defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
    });
    expect(config.dataDir).toMatch(/\.data$/);
  });

  it('seeds the demo by default only into the embedded database; PostgreSQL only with SEED_DEMO=true', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    const postgres = 'postgres://postgres@127.0.0.1:5432/prod';
    expect(loadConfig({ DATABASE_URL: postgres }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: postgres, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(() => loadConfig({ SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO/);
  });

  it('takes a metrics token of at least 16 characters and a metrics port', () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, port: undefined });
    expect(loadConfig({ METRICS_TOKEN: 'sixteen-chars-ok', METRICS_PORT: '9464' }).metrics).toEqual(
      { token: 'sixteen-chars-ok', port: 9464 },
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'too-short' })).toThrow(
      /METRICS_TOKEN: a bearer token of at least 16 characters/,
    );
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT: a port number/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT: a port number/);
  });

  it.each(['development', 'test', 'production', undefined])(
    'refuses webhook URLs on private networks by default with NODE_ENV=%s',
    (nodeEnv) => {
      expect(loadConfig({ NODE_ENV: nodeEnv }).webhooks.allowPrivateNetworks).toBe(false);
    },
  );

  it('lets webhooks reach private networks only when WEBHOOK_ALLOW_PRIVATE_NETWORKS=true', () => {
    expect(
      loadConfig({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true' }).webhooks.allowPrivateNetworks,
    ).toBe(true);
    expect(
      loadConfig({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' }).webhooks.allowPrivateNetworks,
    ).toBe(false);
  });

  it('takes the owner of the shared number as a company id', () => {
    const id = '4f9d3c2e-8b1a-4c5d-9e6f-0a1b2c3d4e5f';
    expect(loadConfig({ TWILIO_FROM_COMPANY: id }).messaging.smsFromCompanyId).toBe(id);
    expect(loadConfig({}).messaging.smsFromCompanyId).toBeUndefined();
    expect(() => loadConfig({ TWILIO_FROM_COMPANY: 'Demo Leasing' })).toThrow(
      /TWILIO_FROM_COMPANY/,
    );
  });

  it('pays on pay.localhost in the local demo, on PAYMENT_HOST when set, and keeps the hosts apart', () => {
    expect(loadConfig({}).payments).toMatchObject({
      host: 'pay.localhost',
      baseUrl: 'http://pay.localhost:3000',
      stripe: undefined,
    });
    expect(loadConfig({ PUBLIC_URL: 'https://console.example.com' }).payments).toBeUndefined();
    expect(
      loadConfig({ PUBLIC_URL: 'https://console.example.com', PAYMENT_HOST: 'Pay.Example.com' })
        .payments,
    ).toMatchObject({ host: 'pay.example.com', baseUrl: 'https://pay.example.com' });
    expect(() =>
      loadConfig({
        PUBLIC_URL: 'https://console.example.com',
        PAYMENT_HOST: 'console.example.com',
      }),
    ).toThrow(/PAYMENT_HOST: must differ/);
    expect(() => loadConfig({ PAYMENT_HOST: 'https://pay.example.com' })).toThrow(/PAYMENT_HOST/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('keeps media on the local disk unless MEDIA_S3_BUCKET names a bucket', () => {
    expect(loadConfig({}).mediaS3).toBeUndefined();
    expect(loadConfig({ MEDIA_S3_BUCKET: 'leasing-media' }).mediaS3).toEqual({
      bucket: 'leasing-media',
      region: 'us-east-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
      prefix: '',
    });
    expect(
      loadConfig({
        MEDIA_S3_BUCKET: 'leasing-media',
        MEDIA_S3_REGION: 'eu-central-1',
        MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000',
        MEDIA_S3_FORCE_PATH_STYLE: 'true',
        MEDIA_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        MEDIA_S3_SECRET_ACCESS_KEY: 'secret',
        MEDIA_S3_PREFIX: '/prod/media/',
      }).mediaS3,
    ).toEqual({
      bucket: 'leasing-media',
      region: 'eu-central-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret' },
      prefix: 'prod/media',
    });
  });

  it('names the MEDIA_S3_ variable that is wrong', () => {
    const bucket = { MEDIA_S3_BUCKET: 'leasing-media' };
    expect(() => loadConfig({ MEDIA_S3_BUCKET: 'Leasing_Media' })).toThrow(
      /MEDIA_S3_BUCKET: a bucket name/,
    );
    expect(() => loadConfig({ ...bucket, MEDIA_S3_ENDPOINT: 'minio:9000' })).toThrow(
      /MEDIA_S3_ENDPOINT: the http\(s\) URL/,
    );
    expect(() => loadConfig({ ...bucket, MEDIA_S3_FORCE_PATH_STYLE: 'yes' })).toThrow(
      /MEDIA_S3_FORCE_PATH_STYLE: true or false/,
    );
    expect(() => loadConfig({ ...bucket, MEDIA_S3_REGION: 'eu central' })).toThrow(
      /MEDIA_S3_REGION/,
    );
    for (const prefix of ['media//x', 'media/../etc', 'media files']) {
      expect(() => loadConfig({ ...bucket, MEDIA_S3_PREFIX: prefix })).toThrow(
        /MEDIA_S3_PREFIX: a key prefix/,
      );
    }
    expect(() => loadConfig({ ...bucket, MEDIA_S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toThrow(
      /MEDIA_S3_ACCESS_KEY_ID and MEDIA_S3_SECRET_ACCESS_KEY: set both/,
    );
    expect(() => loadConfig({ MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /MEDIA_S3_BUCKET: needed .*MEDIA_S3_ENDPOINT/,
    );
  });

  it('limits inbound SMTP sessions per IP and in time by default, and reads a STARTTLS pair', async () => {
    expect(loadConfig({}).inbound).toMatchObject({
      smtpMaxConnectionsPerIp: 5,
      smtpIdleTimeoutMs: 60_000,
      smtpSessionTimeoutMs: 600_000,
      smtpTls: undefined,
    });
    const one = await selfSignedCertificate('mx.lakeside.test');
    const other = await selfSignedCertificate('mx.lakeside.test');
    const keyFile = join(await mkdtemp(join(tmpdir(), 'smtp-tls-')), 'key.pem');
    await writeFile(keyFile, one.key);
    expect(
      loadConfig({ INBOUND_SMTP_TLS_CERT: one.cert, INBOUND_SMTP_TLS_KEY: keyFile }).inbound
        .smtpTls,
    ).toEqual({ cert: one.cert.trim(), key: one.key });
    expect(() => loadConfig({ INBOUND_SMTP_TLS_CERT: one.cert })).toThrow(
      /INBOUND_SMTP_TLS_CERT and INBOUND_SMTP_TLS_KEY: set both/,
    );
    expect(() =>
      loadConfig({ INBOUND_SMTP_TLS_CERT: one.cert, INBOUND_SMTP_TLS_KEY: other.key }),
    ).toThrow(/INBOUND_SMTP_TLS_KEY: is not the private key of INBOUND_SMTP_TLS_CERT/);
    expect(() =>
      loadConfig({ INBOUND_SMTP_TLS_CERT: '/nonexistent/cert.pem', INBOUND_SMTP_TLS_KEY: keyFile }),
    ).toThrow(/INBOUND_SMTP_TLS_CERT: PEM text, or the path of a PEM file/);
  });

  it(
    'stops start-up with the message when the server is started with a bad value',
    { timeout: 120_000 },
    () => {
      const server = fileURLToPath(new URL('./server.ts', import.meta.url));
      const result = spawnSync(process.execPath, nodeArgsToRun(server), {
        env: { ...process.env, PORT: 'eighty', DATABASE_URL: '' },
        encoding: 'utf8',
        timeout: 110_000,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('PORT');
    },
  );
});
