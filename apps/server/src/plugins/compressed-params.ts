import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import LZString from 'lz-string';
import { COMPRESSED_PARAMS_HEADER } from '@leasing/contract';
import { badRequest } from '../lib/errors.js';

const decompress = (name: string, value: string) => {
  const plain = LZString.decompressFromEncodedURIComponent(value);
  if (plain === null || (plain === '' && value !== '')) {
    throw badRequest(
      `querystring.${name}`,
      `not a compressed value (header ${COMPRESSED_PARAMS_HEADER} is set)`,
    );
  }
  return plain;
};

/**
 * Clients may send `x-compressed-params: true` with lz-string-compressed query values; they are
 * decompressed before validation, so routes never see the difference.
 */
export const compressedParamsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      if (request.headers[COMPRESSED_PARAMS_HEADER] !== 'true') return;
      const query = request.query as Record<string, string | string[] | undefined>;
      request.query = Object.fromEntries(
        Object.entries(query).map(([name, value]) => [
          name,
          Array.isArray(value)
            ? value.map((item) => decompress(name, item))
            : value === undefined
              ? value
              : decompress(name, value),
        ]),
      );
    });
  },
  { name: 'compressed-params' },
);
