import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseSerializerCompiler } from './response-serializer.js';

const compile = (schema: z.ZodType, verify: boolean) =>
  createResponseSerializerCompiler({ verify })({
    schema,
    method: 'GET',
    url: '/test',
    httpStatus: '200',
  } as Parameters<ReturnType<typeof createResponseSerializerCompiler>>[0]);

const person = z.object({
  name: z.string(),
  nickname: z.string().nullable(),
  role: z.enum(['agent', 'admin']),
  tags: z.array(z.string()),
  age: z.number().optional(),
});

describe('response serializer', () => {
  it('writes what zod writes, without fields outside the schema', () => {
    const data = { name: 'Ava "A" Lee', nickname: null, role: 'agent', tags: ['a'], secret: 'x' };
    const fast = compile(person, false);
    expect(JSON.parse(fast(data))).toEqual({
      name: 'Ava "A" Lee',
      nickname: null,
      role: 'agent',
      tags: ['a'],
    });
    expect(JSON.parse(compile(person, true)(data))).toEqual(JSON.parse(fast(data)));
  });

  it('checks every answer against the contract when verifying, and not in production', () => {
    const wrong = { name: 'Ava', nickname: null, role: 'owner', tags: [] };
    expect(() => compile(person, true)(wrong)).toThrow();
    // Production trusts the handler: the fast path writes it as it is.
    expect(JSON.parse(compile(person, false)(wrong))).toMatchObject({ role: 'owner' });
  });

  it('falls back to zod for a schema JSON Schema cannot say', () => {
    const dated = z.object({ at: z.date() });
    const serialize = compile(dated, false);
    expect(() => serialize({ at: 'not a date' })).toThrow();
  });
});
