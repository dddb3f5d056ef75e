/** Two letters for an avatar: the first and last names' initials ("Alex Kim" → "AK", "Cher" → "C"). */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]!, parts[parts.length - 1]!] : parts;
  return letters.map((part) => part[0]!.toUpperCase()).join('');
}
