import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import LZString from 'lz-string';
import { COMPRESSED_PARAMS_HEADER } from '@leasing/contract';
import { badRequest } from '../lib/errors.js';

/** All compressed values of one query together; a browser's query is far smaller. */
export const MAX_COMPRESSED_QUERY_CHARS = 4_096;
/** All decompressed values of one query together. */
export const MAX_DECOMPRESSED_QUERY_CHARS = 64 * 1024;

/**
 * lz-string gives no way to stop half-way, and a run of one letter expands about a thousandfold:
 * capping the compressed length first bounds the work (a few MB at most) before the result is
 * measured. Both checks hold for callers who have not signed in, as the hook runs before routes.
 */
const tooLarge = (problem: string) => badRequest(`headers.${COMPRESSED_PARAMS_HEADER}`, problem);

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

const valuesOf = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * Clients may send `x-compressed-params: true` with lz-string-compressed query values; they are
 * decompressed before validation, so routes never see the difference.
 */
export const compressedParamsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      if (request.headers[COMPRESSED_PARAMS_HEADER] !== 'true') return;
      const query = Object.entries(request.query as Record<string, string | string[] | undefined>);
      const compressedChars = query
        .flatMap(([, value]) => valuesOf(value))
        .reduce((sum, value) => sum + value.length, 0);
      if (compressedChars > MAX_COMPRESSED_QUERY_CHARS) {
        throw tooLarge(
          `compressed query values may be at most ${MAX_COMPRESSED_QUERY_CHARS} characters`,
        );
      }
      let decompressedChars = 0;
      const expand = (name: string, value: string) => {
        const plain = decompress(name, value);
        decompressedChars += plain.length;
        if (decompressedChars > MAX_DECOMPRESSED_QUERY_CHARS) {
          throw tooLarge('compressed query values may expand to at most 64 KB');
        }
        return plain;
      };
      request.query = Object.fromEntries(
        query.map(([name, value]) => [
          name,
          Array.isArray(value)
            ? value.map((item) => expand(name, item))
            : value === undefined
              ? value
              : expand(name, value),
        ]),
      );
    });
  },
  { name: 'compressed-params' },
);
