import Mustache from 'mustache';
import { templateFields, type TemplateField } from '@leasing/contract';

/** A merge field's value for one lead, or why it has none ("no tour is scheduled"). */
export type FieldValue = { value: string } | { missing: string };
export type FieldValues = Record<TemplateField, FieldValue>;

const isKnownField = (name: string): name is TemplateField =>
  (templateFields as string[]).includes(name);

/** Mustache token types we accept: text, `{{name}}`, `{{{name}}}` / `{{& name}}`, comments. */
const VARIABLE_TOKENS = new Set(['name', '&']);
const ALLOWED_TOKENS = new Set(['text', '!', ...VARIABLE_TOKENS]);

export type FieldsOf = { fields: TemplateField[] } | { problem: string };

/**
 * The merge fields a template text uses, in order of first use, or what is wrong with it: a tag
 * left open, a section or partial (templates stay logic-less), a field we do not know.
 */
export const fieldsOf = (text: string): FieldsOf => {
  let tokens: unknown[][];
  try {
    tokens = Mustache.parse(text) as unknown[][];
  } catch (error) {
    return { problem: `cannot be read as a template (${(error as Error).message})` };
  }
  const fields: TemplateField[] = [];
  for (const [type, value] of tokens as [string, string][]) {
    if (!ALLOWED_TOKENS.has(type)) {
      return {
        problem: `only merge fields such as {{lead.firstName}} are allowed, not {{${type}}}`,
      };
    }
    if (!VARIABLE_TOKENS.has(type)) continue;
    if (!isKnownField(value)) return { problem: `unknown merge field {{${value}}}` };
    if (!fields.includes(value)) fields.push(value);
  }
  return { fields };
};

/** Every merge field the texts use (a text that cannot be read adds none). */
export const fieldsUsedIn = (texts: string[]): Set<TemplateField> =>
  new Set(
    texts.flatMap((text) => {
      const parsed = fieldsOf(text);
      return 'fields' in parsed ? parsed.fields : [];
    }),
  );

/** The view mustache reads dotted names from: `lead.firstName` → `{ lead: { firstName } }`. */
const viewOf = (values: Record<string, string>) => {
  const view: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(values)) {
    const parts = path.split('.');
    let node = view;
    for (const part of parts.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts.at(-1)!] = value;
  }
  return view;
};

export type MissingField = { field: TemplateField; reason: string };
export type Rendered = { text: string } | { missing: MissingField[] };

/** A stored text's fields (stored texts were checked at save: a problem now is a bug). */
const storedFieldsOf = (text: string): TemplateField[] => {
  const parsed = fieldsOf(text);
  if ('problem' in parsed) throw new Error(`stored template is invalid: ${parsed.problem}`);
  return parsed.fields;
};

/** Each field the texts use that has no value, once, in order of first use, with why. */
export const missingFieldsIn = (texts: string[], values: Partial<FieldValues>): MissingField[] =>
  [...new Set(texts.flatMap(storedFieldsOf))].flatMap((field) => {
    const value = values[field];
    if (!value) return [{ field, reason: 'it was not looked up' }];
    return 'missing' in value ? [{ field, reason: value.missing }] : [];
  });

/**
 * Fills a template text. Every field it uses must have a value: otherwise nothing is rendered and
 * each empty field is named with why. Nothing is HTML-escaped: texts and email bodies are stored
 * as plain text (the email sender escapes when it builds the HTML part).
 */
export const renderText = (text: string, values: Partial<FieldValues>): Rendered => {
  const missing = missingFieldsIn([text], values);
  if (missing.length > 0) return { missing };
  const filled = Object.fromEntries(
    storedFieldsOf(text).map((field) => [field, (values[field] as { value: string }).value]),
  );
  return { text: Mustache.render(text, viewOf(filled), {}, { escape: (value: string) => value }) };
};

/**
 * A template text with the values it has for one lead: each field with a value filled, each one
 * without left as written (`{{tour.date}}`), so a person sees both what the lead would read and
 * what is missing. For a preview only: a message is sent from `renderText` alone.
 */
export const previewText = (text: string, values: Partial<FieldValues>): string => {
  const shown = Object.fromEntries(
    storedFieldsOf(text).map((field) => {
      const value = values[field];
      return [field, value && 'value' in value ? value.value : `{{${field}}}`];
    }),
  );
  return Mustache.render(text, viewOf(shown), {}, { escape: (value: string) => value });
};
