/**
 * A returnUrl is followed only when it stays on this site: a path starting with one '/' (not '//'
 * and no backslash, which browsers read as '/').
 */
export function getSafeReturnUrl(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  if (value.includes('\\') || [...value].some((char) => char.charCodeAt(0) < 0x20)) return null;
  return value;
}
