import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/errors.js';

/** One error handler: 4xx say what is wrong, 5xx are logged and answered without internals. */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const details = error.validation.map((issue) => ({
          path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join(
            '.',
          ),
          message: issue.message,
        }));
        return reply.status(400).send({
          error: {
            code: 'VALIDATION',
            message: details.map((detail) => `${detail.path}: ${detail.message}`).join('; '),
            details,
          },
        });
      }
      if (error instanceof HttpError) {
        return reply
          .status(error.statusCode)
          .headers(error.headers)
          .send({
            error: {
              code: error.code,
              message: error.message,
              ...(error.details.length > 0 ? { details: error.details } : {}),
              ...error.extra,
            },
          });
      }
      const status = error.statusCode ?? 500;
      if (status < 500) {
        return reply
          .status(status)
          .send({ error: { code: error.code ?? 'BAD_REQUEST', message: error.message } });
      }
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({
        error: {
          code: 'INTERNAL',
          message: 'Something went wrong on our side. Please try again.',
        },
      });
    });
  },
  { name: 'error-handler' },
);
