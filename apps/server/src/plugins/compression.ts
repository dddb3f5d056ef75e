import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyCompress from '@fastify/compress';

/** Below this many bytes an answer goes as it is: compressing it would save less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Answers are compressed (brotli, else gzip) for clients that accept it: JSON, CSV, and built files
 * with no precompressed copy. Brotli at a quality meant for answers made per request (the build
 * precompresses the SPA's files at the highest). Request bodies are never decompressed: a body
 * says what it is, at the size it is sent (no compressed body can grow past the body limits).
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      encodings: ['br', 'gzip'],
      threshold: COMPRESS_THRESHOLD_BYTES,
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
    });
  },
  { name: 'compression' },
);
