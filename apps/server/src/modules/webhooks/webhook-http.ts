import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { isPublicAddress, publicOnlyLookup } from '../../lib/public-network.js';

/** What one POST to an endpoint came to: its status code, or why there was none. */
export type PostResult = { statusCode: number | null; error: string | null; durationMs: number };

export type PostOptions = {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  /** Off by default (WEBHOOK_ALLOW_PRIVATE_NETWORKS): the endpoint must resolve to public addresses only. */
  allowPrivateNetworks: boolean;
  now: () => Date;
};

class PrivateAddressError extends Error {
  override name = 'PrivateAddressError';
}
const lookupPublicOnly = publicOnlyLookup((message) => new PrivateAddressError(message));

/** Why a URL may not be called, when private networks are off and it names a private address. */
export const privateAddressProblem = (url: string, allowPrivateNetworks: boolean) => {
  if (allowPrivateNetworks) return null;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return `${host} is this machine`;
  return isIP(host) !== 0 && !isPublicAddress(host) ? `${host} is not a public address` : null;
};

/** At most this much of a receiver's answer is read before the connection is dropped. */
const MAX_ANSWER_BYTES = 64 * 1024;
const MAX_ERROR_CHARS = 500;

/**
 * Reads the receiver's answer to its end and throws it away: the delivery log keeps only the
 * status code and timing, because an answer can carry whatever the receiver (or a server the URL
 * was pointed at) says — internal pages, tokens, metadata.
 */
const drainAnswer = (response: IncomingMessage) =>
  new Promise<void>((resolve) => {
    let size = 0;
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_ANSWER_BYTES) response.destroy();
    });
    response.on('end', () => resolve());
    response.on('close', () => resolve());
    response.on('error', () => resolve());
  });

/**
 * POSTs a delivery. Never throws: a timeout, a refused connection, a private address or a non-2xx
 * answer come back as the result. Redirects are not followed (a 3xx is a failed attempt).
 */
export const postWebhook = ({
  url,
  body,
  headers,
  timeoutMs,
  allowPrivateNetworks,
  now,
}: PostOptions): Promise<PostResult> => {
  const started = now().getTime();
  const elapsed = () => Math.max(0, now().getTime() - started);
  return new Promise<PostResult>((resolve) => {
    let settled = false;
    const finish = (statusCode: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({
        statusCode,
        error: error?.slice(0, MAX_ERROR_CHARS) ?? null,
        durationMs: elapsed(),
      });
    };
    const refused = privateAddressProblem(url, allowPrivateNetworks);
    if (refused) {
      resolve({ statusCode: null, error: refused, durationMs: 0 });
      return;
    }
    const target = new URL(url);
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        ...(allowPrivateNetworks ? {} : { lookup: lookupPublicOnly }),
      },
      (response) => {
        void drainAnswer(response).then(() => {
          const code = response.statusCode ?? 0;
          finish(code, code >= 200 && code < 300 ? null : `HTTP ${code}`);
        });
      },
    );
    // The whole attempt, connecting and reading the answer included, must fit in the timeout.
    const timer = setTimeout(() => {
      finish(null, `Timed out after ${timeoutMs} ms`);
      request.destroy();
    }, timeoutMs);
    request.on('error', (error) => finish(null, error.message || error.name));
    request.end(body);
  });
};
