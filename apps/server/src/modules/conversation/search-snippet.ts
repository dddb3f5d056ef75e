import type { EventData } from '@leasing/contract';

/** Characters of context kept before the first match; the rest of the room goes after it. */
const CONTEXT_BEFORE = 40;
const SNIPPET_LENGTH = 160;

type SearchableEvent = { body: string | null; subject: string | null; data: EventData };

/** The texts a search looks in, in the order a reader meets them. */
const searchableTexts = ({ body, subject, data }: SearchableEvent): string[] => [
  ...(subject ? [subject] : []),
  ...(body ? [body] : []),
  ...(data.translation?.body?.textInEnglish ? [data.translation.body.textInEnglish] : []),
  ...(Array.isArray(data.transcript) ? data.transcript.map((line) => line.text) : []),
];

/**
 * The first text that contains `words` (any case), on one line and cut around the match with an
 * ellipsis where it was cut; the event's first text when the match is not found here (the
 * database's case folding can differ from JavaScript's for a few letters).
 */
export const searchSnippet = (event: SearchableEvent, words: string): string => {
  const texts = searchableTexts(event).map((text) => text.replace(/\s+/g, ' ').trim());
  const needle = words.toLowerCase();
  for (const text of texts) {
    const at = text.toLowerCase().indexOf(needle);
    if (at === -1) continue;
    const start = Math.max(0, at - CONTEXT_BEFORE);
    const end = Math.min(text.length, start + SNIPPET_LENGTH);
    return `${start > 0 ? '…' : ''}${text.slice(start, end)}${end < text.length ? '…' : ''}`;
  }
  const first = texts[0] ?? '';
  return first.length > SNIPPET_LENGTH ? `${first.slice(0, SNIPPET_LENGTH)}…` : first;
};
