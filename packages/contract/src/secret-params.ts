import { z } from 'zod';

/**
 * Schemas whose value is a credential (an invitation or unsubscribe token, a media key): a route
 * declares such a path parameter with `secretParam(...)`, and the server's request log shows
 * `[REDACTED]` in its place. A registry of its own, so nothing of it reaches the OpenAPI document.
 */
export const secretValues = z.registry<{ secret: true }>();

/** Marks a schema as holding a credential (see `secretValues`); returns the same schema. */
export const secretParam = <T extends z.ZodType>(schema: T): T => {
  secretValues.add(schema, { secret: true });
  return schema;
};
