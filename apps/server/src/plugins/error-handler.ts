import type { ErrorCode } from '@leasing/contract';
import { statusOfErrorCode } from '@leasing/contract';
import type {
  FastifyBaseLogger,
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyServerOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/errors.js';

/**
 * The contract's code for a 4xx that Fastify or a plugin threw (not an `HttpError`), by its status:
 * an unreadable body (400), a body over the limit (413), a Content-Type no route reads (415), a
 * non-multipart upload (406), a static file's failed precondition or range (412, 416)…
 */
const codeOfForeignStatus: Readonly<Record<number, ErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  406: 'NOT_ACCEPTABLE',
  409: 'CONFLICT',
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  429: 'RATE_LIMITED',
};

/** What an error is answered with: the status its code has in the contract, and the body. */
export type ErrorAnswer = {
  status: number;
  headers: Record<string, string>;
  body: { error: { code: ErrorCode; message: string } & Record<string, unknown> };
};

const errorAnswer = (
  code: ErrorCode,
  message: string,
  more: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): ErrorAnswer => ({
  status: statusOfErrorCode(code),
  headers,
  body: { error: { code, message, ...more } },
});

/**
 * The one way an error becomes an answer: 4xx say what is wrong, 5xx are logged and answered
 * without internals. Every code answered is one of the contract's `errorCodes`.
 */
export const errorAnswerOf = (error: FastifyError, log: FastifyBaseLogger): ErrorAnswer => {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((issue) => ({
      path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
      message: issue.message,
    }));
    return errorAnswer(
      'VALIDATION',
      details.map((detail) => `${detail.path}: ${detail.message}`).join('; '),
      { details },
    );
  }
  if (error instanceof HttpError) {
    return errorAnswer(
      error.code,
      error.message,
      {
        ...(error.details.length > 0 ? { details: error.details } : {}),
        ...error.extra,
      },
      error.headers,
    );
  }
  const status = error.statusCode ?? 500;
  if (status < 500) {
    const code = codeOfForeignStatus[status];
    if (code) return errorAnswer(code, error.message);
    // A status no code of the contract has: still the client's fault, answered as a plain 400.
    log.warn({ err: error }, 'client error with a status the contract has no code for');
    return errorAnswer('BAD_REQUEST', error.message);
  }
  log.error({ err: error }, 'request failed');
  return errorAnswer('INTERNAL', 'Something went wrong on our side. Please try again.');
};

/**
 * Fastify's `frameworkErrors`: a URL it cannot route (bad percent-encoding, a parameter over its
 * length) is answered like every other error instead of in Fastify's own shape.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  request,
  reply,
) => {
  const { status, headers, body } = errorAnswerOf(error, request.log);
  // Fastify types the reply by the route's schema; here there is no route yet.
  void (reply as FastifyReply).status(status).headers(headers).send(body);
};

/** One error handler for every route, answering `errorAnswerOf`. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const { status, headers, body } = errorAnswerOf(error, request.log);
      return reply.status(status).headers(headers).send(body);
    });
  },
  { name: 'error-handler' },
);
