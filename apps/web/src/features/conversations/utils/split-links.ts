import { find } from 'linkifyjs';

/** A piece of a message: a web address (`href` to open) or plain text. */
export type LinkPart = { text: string; href?: string };

const WEB_PROTOCOLS = new Set(['http:', 'https:']);

/** The address to open for what linkify found; null for anything but the web (mailto, javascript…). */
function webHref(href: string): string | null {
  try {
    const url = new URL(href);
    return WEB_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The text cut into the web addresses in it (`https://…`, `www.…`, `example.com/…`, opened over
 * http(s)) and the text between, in order. Only ever text: the caller renders each part itself, so a
 * message can never bring its own HTML.
 */
export function splitLinks(text: string): LinkPart[] {
  const parts: LinkPart[] = [];
  let from = 0;
  for (const found of find(text, 'url')) {
    const href = webHref(found.href);
    if (href === null) continue;
    if (found.start > from) parts.push({ text: text.slice(from, found.start) });
    parts.push({ text: text.slice(found.start, found.end), href });
    from = found.end;
  }
  if (from < text.length || parts.length === 0) parts.push({ text: text.slice(from) });
  return parts;
}
