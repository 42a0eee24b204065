/**
 * Dynamic answers over 1 KB are compressed when the client accepts it, at fast levels (the answer is
 * compressed on every request). Static files are not compressed here: the build writes their `.br`
 * and `.gz` siblings once. A route opts out with `options.compress: false` (the proxy, whose answers
 * cost more CPU to compress than they save on a LAN: see docs/performance.md).
 */
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

const COMPRESSION_THRESHOLD_BYTES = 1024;

export async function registerCompression(fastify: FastifyInstance): Promise<void> {
  await fastify.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 1 },
  });
}
