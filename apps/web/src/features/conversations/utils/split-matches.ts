/** A piece of a text: `match` when it is one of the searched words. */
export type TextPart = { text: string; match: boolean };

/**
 * The text cut into the stretches that contain `words` (any case, taken literally) and the rest,
 * in order; one unmatched part when there are no words or no match.
 */
export function splitMatches(text: string, words: string | null): TextPart[] {
  const needle = words?.trim().toLowerCase() ?? '';
  if (!needle) return [{ text, match: false }];
  const haystack = text.toLowerCase();
  const parts: TextPart[] = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts.length > 0 ? parts : [{ text, match: false }];
}
