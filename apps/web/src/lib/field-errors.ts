import { ApiRequestError } from './api-client';

/** What is wrong with each field, by the field's name in the request. */
export type ServerFieldErrors = Record<string, string>;

/**
 * The request parts a form's fields live in. A header (`headers.idempotency-key`) is no field a
 * person typed, so it keeps its part and matches no form field.
 */
const FIELD_PARTS = ['body', 'querystring', 'params'];

/** 'body.card.expYear' → 'card.expYear'; 'headers.idempotency-key' stays as it is. */
export function fieldNameOf(path: string): string {
  const [part, ...rest] = path.split('.');
  return part !== undefined && FIELD_PARTS.includes(part) && rest.length > 0
    ? rest.join('.')
    : path;
}

/**
 * The one way to read a 400's field errors: every 400 names each wrong field in
 * `error.details` (`{ path, message }`), so nothing reads field names out of messages. The first
 * message for a field wins, as a form shows one per field. Anything else than an API error has none.
 */
export function toServerFieldErrors(error: unknown): ServerFieldErrors {
  const errors: ServerFieldErrors = {};
  if (!(error instanceof ApiRequestError)) return errors;
  for (const { path, message } of error.details) errors[fieldNameOf(path)] ??= message;
  return errors;
}
