/** How many characters of one value a row shows; the CSV keeps all of it. */
const MAX_VALUE_LENGTH = 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** 'expiresAt' → 'expires at' */
const labelOf = (key: string) => key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();

function valueText(value: unknown, formatInstant: (iso: string) => string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.map((item) => valueText(item, formatInstant)).join(', ');
  if (typeof value === 'string') {
    const text = ISO_INSTANT.test(value) ? formatInstant(value) : value;
    return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
  }
  if (typeof value === 'object') return valueText(JSON.stringify(value), formatInstant);
  return String(value as number | boolean);
}

export type ChangeLine = { label: string; before: string | null; after: string };

/**
 * One line per field an entry recorded: `before → after` where it kept the old value, the new
 * value alone otherwise.
 */
export function describeChange(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  formatInstant: (iso: string) => string,
): ChangeLine[] {
  // An id means nothing to a reader (the CSV keeps it).
  const isId = (value: unknown) => typeof value === 'string' && UUID.test(value);
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].filter(
    (key) => !isId(before?.[key]) && !isId(after?.[key]),
  );
  return keys.map((key) => ({
    label: labelOf(key),
    before: before && key in before ? valueText(before[key], formatInstant) : null,
    after: valueText(after?.[key], formatInstant),
  }));
}
