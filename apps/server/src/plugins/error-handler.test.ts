import { apiErrorSchema, errorCodes } from '@leasing/contract';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from '../lib/errors.js';
import { errorHandlerPlugin, frameworkErrors } from './error-handler.js';

/** A bare app with the error handler: what Fastify and its parsers throw, answered as the contract says. */
const app = Fastify({ logger: false, bodyLimit: 100, frameworkErrors });

beforeAll(async () => {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post('/items', { schema: { body: z.object({ name: z.string().min(1) }) } }, () => ({}));
  typed.get('/items/:id', () => ({}));
  typed.get('/gone', () => {
    throw new HttpError('INVITATION_USED', 'This invitation has already been used.', {
      'x-why': 'used',
    });
  });
  typed.get('/broken', () => {
    throw new Error('database password is hunter2');
  });
  app.setNotFoundHandler((request) => {
    throw new HttpError('NOT_FOUND', `No route for ${request.method} ${request.url}`);
  });
  await app.ready();
});
afterAll(() => app.close());

/** The answer's code, checked to be the contract's with the contract's status. */
const codeOf = (response: { statusCode: number; body: string }) => {
  const { error } = apiErrorSchema.parse(JSON.parse(response.body));
  expect(response.statusCode, error.code).toBe(errorCodes[error.code].status);
  return error;
};

describe('the error handler', () => {
  it('answers an HttpError with its code, the contract’s status and its headers', async () => {
    const response = await app.inject({ method: 'GET', url: '/gone' });
    expect(response.statusCode).toBe(410);
    expect(response.headers['x-why']).toBe('used');
    expect(codeOf(response)).toEqual({
      code: 'INVITATION_USED',
      message: 'This invitation has already been used.',
    });
  });

  it('answers a schema validation error as VALIDATION naming the field', async () => {
    const response = await app.inject({ method: 'POST', url: '/items', payload: { name: '' } });
    expect(response.statusCode).toBe(400);
    const error = codeOf(response);
    expect(error.code).toBe('VALIDATION');
    expect(error.details?.[0]?.path).toBe('body.name');
  });

  it.each([
    ['a body over the limit', { payload: { name: 'x'.repeat(200) } }, 413, 'PAYLOAD_TOO_LARGE'],
    [
      'a body that is not JSON',
      { payload: '{"name":', headers: { 'content-type': 'application/json' } },
      400,
      'BAD_REQUEST',
    ],
    [
      'a Content-Type no route reads',
      { payload: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
  ] as const)('answers %s with a code of the contract', async (_, request, status, code) => {
    const response = await app.inject({ method: 'POST', url: '/items', ...request });
    expect(response.statusCode).toBe(status);
    expect(codeOf(response).code).toBe(code);
  });

  it('answers a URL Fastify cannot route in the same shape (frameworkErrors)', async () => {
    const response = await app.inject({ method: 'GET', url: '/items/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(codeOf(response).code).toBe('BAD_REQUEST');
  });

  it('answers an error thrown by the not-found handler', async () => {
    const response = await app.inject({ method: 'GET', url: '/nothing' });
    expect(response.statusCode).toBe(404);
    expect(codeOf(response)).toEqual({ code: 'NOT_FOUND', message: 'No route for GET /nothing' });
  });

  it('answers any other failure as INTERNAL, without its message', async () => {
    const response = await app.inject({ method: 'GET', url: '/broken' });
    expect(response.statusCode).toBe(500);
    const error = codeOf(response);
    expect(error.code).toBe('INTERNAL');
    expect(error.message).not.toContain('hunter2');
  });
});
