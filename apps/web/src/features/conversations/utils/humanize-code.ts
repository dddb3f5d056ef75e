/** 'IN_PERSON' → 'In person', 'NOT_INTERESTED' → 'Not interested'. */
export function humanizeCode(code: string): string {
  const words = code.trim().replace(/[_-]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** 'es' → 'Spanish'; an unknown code is shown as given. */
export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en-US'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
