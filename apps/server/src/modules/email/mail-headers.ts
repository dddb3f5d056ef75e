import { parseAddressHeader } from 'mailparser';

/** One raw header as mailparser keeps it: lower-case name and the whole folded line. */
export type HeaderLine = { key: string; line: string };

const unfold = (value: string) => value.replace(/\r?\n[ \t]+/g, ' ').trim();

/** Every value of one header (its name in lower case), unfolded, in the order they appear. */
export const headerValues = (lines: ReadonlyArray<HeaderLine>, name: string): string[] =>
  lines
    .filter((line) => line.key === name)
    .map((line) => unfold(line.line.slice(line.line.indexOf(':') + 1)));

/**
 * A block of `Name: value` fields (a header section, a delivery-status group) as a map of
 * lower-case names to their first value, continuation lines joined.
 */
export const parseFieldBlock = (block: string): Map<string, string> => {
  const fields = new Map<string, string>();
  for (const field of block.replace(/\r\n/g, '\n').split(/\n(?![ \t])/)) {
    const colon = field.indexOf(':');
    if (colon <= 0) continue;
    const name = field.slice(0, colon).trim().toLowerCase();
    if (!fields.has(name)) fields.set(name, unfold(field.slice(colon + 1)));
  }
  return fields;
};

/** The `<id>` tokens of Message-ID, In-Reply-To and References values; bare ids get brackets. */
export const messageIdsIn = (values: string[]): string[] => {
  const ids: string[] = [];
  for (const value of values) {
    const bracketed = value.match(/<[^<>\s]+>/g);
    if (bracketed) ids.push(...bracketed);
    else if (/^[^<>\s@]+@[^<>\s@]+$/.test(value.trim())) ids.push(`<${value.trim()}>`);
  }
  return [...new Set(ids)];
};

/** The plain addresses of address headers (groups flattened), lower-cased. */
export const addressesIn = (values: string[]): string[] =>
  values.flatMap((value) =>
    parseAddressHeader(value, { flatten: true })
      .value.map((entry) => entry.address?.trim().toLowerCase())
      .filter((address): address is string => Boolean(address)),
  );
