/** The PMS's tour type code as people say it: 'IN_PERSON' → 'In person'. */
export function tourTypeLabel(code: string | null): string | null {
  if (!code) return null;
  const words = code
    .toLowerCase()
    .split(/[_\s]+/)
    .filter(Boolean)
    .join(' ');
  return words ? words[0]!.toUpperCase() + words.slice(1) : null;
}
