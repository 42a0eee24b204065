/**
 * Static folders served under the base path with @fastify/static. Content-hashed files (bundler output)
 * never change under their name, so browsers keep them a year; everything else is revalidated by ETag.
 * A file with a `.br` or `.gz` sibling (written by the build) is sent in the encoding the client
 * accepts, brotli first, and as it is otherwise; each encoding has its own ETag.
 */
import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export interface StaticAssetsOptions {
  /** URL path under the base path, e.g. `/bundles`. */
  path: string;
  /** Absolute folder to serve. */
  dir: string;
  /** Whether a file (path relative to `dir`) is content-hashed; defaults to `isHashedFileName`. */
  isImmutable?: (relativePath: string) => boolean;
}

export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const REVALIDATE_CACHE_CONTROL = 'no-cache';
/** Siblings the build writes beside compressible files, by the encoding they hold. */
const PRECOMPRESSED_EXTENSION = /\.(br|gz)$/;

/** Vite/esbuild naming: `name-<8+ char hash>.ext`, the hash mixing letters and digits. */
function isHashedFileName(relativePath: string): boolean {
  const match = /[-.]([A-Za-z0-9_]{8,})\.[a-z0-9]+$/.exec(basename(relativePath));
  return match !== null && /[0-9]/.test(match[1]) && /[A-Za-z]/.test(match[1]);
}

export async function registerStaticAssets(
  fastify: FastifyInstance,
  basePath: string,
  options: StaticAssetsOptions,
  first: boolean,
): Promise<void> {
  const isImmutable = options.isImmutable ?? isHashedFileName;
  const urlPath = options.path.replace(/\/+$/, '');
  await fastify.register(fastifyStatic, {
    root: options.dir,
    prefix: `${basePath}${urlPath}/`,
    decorateReply: first,
    index: false,
    cacheControl: false,
    etag: true,
    lastModified: true,
    preCompressed: true,
    setHeaders(reply, filePath) {
      const sentPath = filePath.startsWith(options.dir)
        ? filePath.slice(options.dir.length + 1)
        : filePath;
      const relativePath = sentPath.replace(PRECOMPRESSED_EXTENSION, '');
      if (compressedSiblingsExist(filePath, sentPath !== relativePath))
        reply.setHeader('vary', 'Accept-Encoding');
      reply.setHeader(
        'cache-control',
        isImmutable(relativePath) ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL,
      );
    },
  });
}

/** Whether the file sent has compressed siblings, so the answer depends on `Accept-Encoding`. */
function compressedSiblingsExist(filePath: string, isCompressed: boolean): boolean {
  return isCompressed || existsSync(`${filePath}.br`) || existsSync(`${filePath}.gz`);
}
