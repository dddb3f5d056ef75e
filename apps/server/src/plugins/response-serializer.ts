import { isDeepStrictEqual } from 'node:util';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<FastifySerializerCompiler<unknown>>[0];

/**
 * The JSON Schema of a route's zod response schema, as the wire has it (the encoded side), for
 * fast-json-stringify. Undefined when the schema is not zod or cannot be said in JSON Schema.
 */
const jsonSchemaOf = (schema: unknown): object | undefined => {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw', target: 'draft-7' });
  } catch {
    return undefined;
  }
};

/**
 * Response serialization. The contract's zod schema stays the one definition of each answer:
 * compiled once per route to JSON Schema and to a fast-json-stringify function, which writes a
 * response without re-validating it (fields outside the schema are still left out). Re-validating
 * 50 timeline events with zod on every request was most of a page's cost over its query.
 *
 * With `verify` (tests, development) every answer is also validated and encoded with zod, as
 * before, and the two outputs must be the same JSON: the whole test suite checks the fast path
 * against the contract. A schema fast-json-stringify cannot take falls back to zod.
 */
export const createResponseSerializerCompiler =
  ({ verify }: { verify: boolean }): FastifySerializerCompiler<unknown> =>
  (routeSchema: RouteSchema) => {
    const zodSerialize = zodSerializerCompiler(
      routeSchema as Parameters<typeof zodSerializerCompiler>[0],
    );
    const json = jsonSchemaOf(routeSchema.schema);
    let fast: ((data: unknown) => string) | undefined;
    try {
      fast = json ? (fastJson(json) as (data: unknown) => string) : undefined;
    } catch {
      fast = undefined;
    }
    if (!fast) return zodSerialize;
    if (!verify) return fast;
    const fastSerialize = fast;
    return (data: unknown) => {
      const checked = zodSerialize(data);
      const written = fastSerialize(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(checked))) {
        throw new Error(
          `fast response serializer differs from the contract for ${routeSchema.method} ${routeSchema.url}: ${written} ≠ ${checked}`,
        );
      }
      return checked;
    };
  };
