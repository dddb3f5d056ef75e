/**
 * The screen a test renders on, as CSS media queries: jsdom evaluates none, so a test names the
 * queries that match (`'(max-width: 62em)'` for a phone, `'(pointer: coarse)'` for touch). Every
 * other query does not match; each test starts with none.
 */
const matching = new Set<string>();

export function setMatchingMediaQueries(queries: string[]): void {
  matching.clear();
  for (const query of queries) matching.add(query);
}

export function mediaQueryMatches(query: string): boolean {
  return matching.has(query);
}
