import type { ZodType } from 'zod';
import { secretValues } from '@leasing/contract';

const REDACTED = '[REDACTED]';

/**
 * Query parameters that carry a credential: a secure link's `access_token`, a payment link's `t`,
 * and anything named like a token. Their values never reach a log line.
 */
const isSecretParam = (name: string) => name === 't' || /token$/i.test(name);

/**
 * On a path no route matched, no schema says which segment is a credential: one this long may be
 * a token (an invitation link with a typo, a removed route), so it is hidden. Real static segments
 * of this server are shorter; ids on a 404 are a small loss.
 */
const MAX_PLAIN_SEGMENT_CHARS = 16;

/** The route a request matched, as the log needs it: its pattern and its params schema. */
export type RouteForLog = { pattern: string | undefined; paramsSchema?: unknown };

const nameOf = (pair: string) => {
  const raw = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
};

const redactQuery = (query: string) =>
  query
    .split('&')
    .map((pair) => (isSecretParam(nameOf(pair)) ? `${pair.split('=', 1)[0]}=${REDACTED}` : pair))
    .join('&');

const secretNamesBySchema = new WeakMap<object, ReadonlySet<string>>();

/** The path parameters a route's params schema declares secret (`secretParam` in the contract). */
const secretNamesOf = (paramsSchema: unknown): ReadonlySet<string> => {
  if (typeof paramsSchema !== 'object' || paramsSchema === null) return new Set();
  const known = secretNamesBySchema.get(paramsSchema);
  if (known) return known;
  const shape = (paramsSchema as { shape?: Record<string, ZodType> }).shape ?? {};
  const names = new Set(
    Object.entries(shape)
      .filter(([, field]) => secretValues.has(field))
      .map(([name]) => name),
  );
  secretNamesBySchema.set(paramsSchema, names);
  return names;
};

const redactUnmatchedPath = (path: string) =>
  path
    .split('/')
    .map((segment) => (segment.length >= MAX_PLAIN_SEGMENT_CHARS ? REDACTED : segment))
    .join('/');

const redactPath = (path: string, route: RouteForLog) => {
  if (route.pattern === undefined) return redactUnmatchedPath(path);
  const secrets = secretNamesOf(route.paramsSchema);
  if (secrets.size === 0) return path;
  const patternSegments = route.pattern.split('/');
  const segments = path.split('/');
  // A wildcard makes segments and pattern differ in number: hide what cannot be lined up.
  if (patternSegments.length !== segments.length) return redactUnmatchedPath(path);
  return segments
    .map((segment, index) => {
      const param = /^:([A-Za-z0-9_]+)$/.exec(patternSegments[index] ?? '')?.[1];
      return param !== undefined && secrets.has(param) ? REDACTED : segment;
    })
    .join('/');
};

/**
 * The URL as a log may show it: credentials `[REDACTED]` wherever they are — path parameters
 * the matched route declares secret, long segments of a path no route matched, and query
 * parameters named like a token — and everything else as it came.
 */
export const redactUrl = (url: string, route: RouteForLog = { pattern: undefined }): string => {
  const start = url.indexOf('?');
  const path = redactPath(start === -1 ? url : url.slice(0, start), route);
  return start === -1 ? path : `${path}?${redactQuery(url.slice(start + 1))}`;
};
