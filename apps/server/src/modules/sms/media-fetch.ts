import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { publicOnlyLookup } from '../../lib/public-network.js';

/**
 * Downloads one MMS file from Twilio, and from nowhere else: a webhook names the URL, so an
 * unchecked fetch would let anyone holding a signed request (or Twilio's account) make this server
 * read its own network. Only Twilio's media hosts over https (or the configured TWILIO_API_URL's
 * exact origin, a test double on loopback) are asked; redirects are followed by hand and each
 * target is checked again; a name that resolves to a private, loopback or link-local address is
 * refused at connect time (so DNS cannot change its answer between the check and the connection);
 * the body is read up to a hard cap and the connection dropped past it.
 */

/** A download that must not be tried again: the message keeps it as not downloaded, with why. */
export class MediaRefusedError extends Error {
  override name = 'MediaRefusedError';
}

/** Twilio's media URLs are on its API; it redirects to the file on its CDN. */
const TWILIO_MEDIA_HOSTS = ['api.twilio.com', 'media.twiliocdn.com'];
const TWILIO_MEDIA_DOMAIN = '.twiliocdn.com';
const MAX_REDIRECTS = 5;

/** DNS as usual, but an answer with a private address fails the connection. */
const lookupPublicOnly = publicOnlyLookup((message) => new MediaRefusedError(message));

export type MediaFetchOptions = {
  /** TWILIO_API_URL: its origin is trusted as configured (a loopback test double included). */
  apiUrl: string;
  /** Sent to the configured API's origin only, never to its CDN or anywhere else. */
  authorization: string | undefined;
  maxBytes: number;
  timeoutMs: number;
};

type Target = { url: URL; trusted: boolean };

/** The URL if it may be asked for media, and whether it is the configured API itself. */
const checkTarget = (raw: string, base: URL | undefined, apiOrigin: string): Target => {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new MediaRefusedError('The media URL is not a valid URL.');
  }
  if (url.origin === apiOrigin) return { url, trusted: true };
  const host = url.hostname.toLowerCase();
  const isTwilioHost =
    TWILIO_MEDIA_HOSTS.includes(host) || (host.endsWith(TWILIO_MEDIA_DOMAIN) && isIP(host) === 0);
  if (url.protocol !== 'https:' || url.port !== '' || url.username || !isTwilioHost) {
    throw new MediaRefusedError(`Media from ${url.origin} is not allowed: Twilio's hosts only.`);
  }
  return { url, trusted: false };
};

const get = (target: Target, headers: Record<string, string>, signal: AbortSignal) =>
  new Promise<IncomingMessage>((resolve, reject) => {
    const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(target.url, {
      method: 'GET',
      headers,
      signal,
      // The configured API is the operator's choice; anything else must be on the internet.
      ...(target.trusted ? {} : { lookup: lookupPublicOnly }),
    });
    request.once('response', resolve);
    request.once('error', reject);
    request.end();
  });

/** Reads the body, dropping the connection the moment it passes `maxBytes`. */
const readCapped = async (response: IncomingMessage, maxBytes: number) => {
  const declared = Number(response.headers['content-length'] ?? 0);
  const tooLarge = () =>
    new MediaRefusedError(`The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
  if (declared > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      response.destroy();
      throw tooLarge();
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size);
};

/**
 * The file at a media URL a webhook named. Throws `MediaRefusedError` for what no retry can
 * change (a host or redirect not allowed, a file too large); other errors may pass with a retry.
 */
export const fetchTwilioMedia = async (
  mediaUrl: string,
  options: MediaFetchOptions,
): Promise<{ bytes: Buffer; contentType: string | null }> => {
  const apiOrigin = new URL(options.apiUrl).origin;
  const signal = AbortSignal.timeout(options.timeoutMs);
  let target = checkTarget(mediaUrl, undefined, apiOrigin);
  for (let redirects = 0; ; redirects += 1) {
    const headers: Record<string, string> =
      target.trusted && options.authorization ? { authorization: options.authorization } : {};
    const response = await get(target, headers, signal);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (redirects >= MAX_REDIRECTS) throw new MediaRefusedError('Too many media redirects.');
      try {
        target = checkTarget(response.headers.location, target.url, apiOrigin);
      } catch (error) {
        throw new MediaRefusedError(`A media redirect was refused: ${(error as Error).message}`);
      }
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new Error(`Twilio answered ${status} for the media`);
    }
    const bytes = await readCapped(response, options.maxBytes);
    return { bytes, contentType: response.headers['content-type'] ?? null };
  }
};
