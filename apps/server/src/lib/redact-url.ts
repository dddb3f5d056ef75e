/**
 * Query parameters that carry a credential: a secure link's `access_token`, a payment link's `t`,
 * and anything named like a token. Their values never reach a log line.
 */
const isSecretParam = (name: string) => name === 't' || /token$/i.test(name);

const nameOf = (pair: string) => {
  const raw = pair.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
};

/** The URL as a log may show it: path and other parameters kept, credentials `[REDACTED]`. */
export const redactUrl = (url: string): string => {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => (isSecretParam(nameOf(pair)) ? `${pair.split('=', 1)[0]}=[REDACTED]` : pair))
    .join('&');
  return `${url.slice(0, start)}?${query}`;
};
