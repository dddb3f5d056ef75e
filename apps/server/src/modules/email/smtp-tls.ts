import { generateKeyPair, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';

export type SmtpTls = { cert: string; key: string };

/**
 * A self-signed RSA certificate for `hostname` (also its subjectAltName), valid from yesterday for
 * ten years. The key comes from node:crypto (native, fast); node-forge writes the X.509 (the
 * packages built on `@peculiar/x509` clash with the ASN.1 library our DKIM checker pins).
 */
export const selfSignedCertificate = async (hostname: string, now = new Date()) => {
  const { privateKey } = await promisify(generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey;
  const certificate = forge.pki.createCertificate();
  certificate.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  // A positive serial: forge writes the hex as given, and a leading 1 bit would make it negative.
  certificate.serialNumber = `01${randomBytes(15).toString('hex')}`;
  certificate.validity.notBefore = new Date(now.getTime() - 24 * 3_600_000);
  certificate.validity.notAfter = new Date(now.getTime() + 10 * 365 * 24 * 3_600_000);
  const name = [{ name: 'commonName', value: hostname }];
  certificate.setSubject(name);
  certificate.setIssuer(name);
  certificate.setExtensions([{ name: 'subjectAltName', altNames: [{ type: 2, value: hostname }] }]);
  certificate.sign(key, forge.md.sha256.create());
  // forge ends PEM lines with CRLF; keep the file and its comparisons to plain LF like node's.
  return { cert: forge.pki.certificateToPem(certificate).replace(/\r\n/g, '\n'), key: privateKey };
};

const PEM_BLOCK = /-----BEGIN ([A-Z ]+)-----[\s\S]+?-----END \1-----\r?\n?/g;

/** The certificate and the key of one PEM file that holds both. */
const splitPem = (text: string): SmtpTls | undefined => {
  const blocks = [...text.matchAll(PEM_BLOCK)];
  const cert = blocks.find((block) => block[1] === 'CERTIFICATE')?.[0];
  const key = blocks.find((block) => block[1]!.endsWith('PRIVATE KEY'))?.[0];
  return cert && key ? { cert, key } : undefined;
};

const readPem = (path: string) =>
  readFile(path, 'utf8').then(splitPem, (error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });

/**
 * STARTTLS's certificate when none is configured: a self-signed one, which sending servers take
 * for opportunistic TLS (they do not check it), so mail is still not read on the wire. Made once
 * and kept in `dataDir` (key and certificate in one file written whole, so two processes starting
 * at once never pair one's key with the other's certificate).
 */
export const selfSignedSmtpTls = async (dataDir: string, hostname: string): Promise<SmtpTls> => {
  const path = join(dataDir, 'inbound-smtp-tls.pem');
  const kept = await readPem(path);
  if (kept) return kept;
  const made = await selfSignedCertificate(hostname);
  await mkdir(dataDir, { recursive: true });
  const partial = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(partial, `${made.key}${made.cert}`, { mode: 0o600 });
  await rename(partial, path);
  return made;
};
