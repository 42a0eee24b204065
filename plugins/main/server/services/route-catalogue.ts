/**
 * The managed-API route catalogue (`common/api-info/routes.json`, generated from the API's OpenAPI
 * document) as `GET /api/routes` serves it: read once, served as the same bytes with an ETag.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export const ROUTE_CATALOGUE_PATH = join(
  __dirname,
  '..',
  '..',
  'common',
  'api-info',
  'routes.json',
);

export interface RouteCatalogueFile {
  body: Buffer;
  etag: string;
}

export class RouteCatalogue {
  private loaded?: Promise<RouteCatalogueFile>;

  constructor(private readonly path: string = ROUTE_CATALOGUE_PATH) {}

  /** Rejects when the file is missing or not JSON; a later call tries again. */
  get(): Promise<RouteCatalogueFile> {
    this.loaded ??= this.load().catch((error: unknown) => {
      this.loaded = undefined;
      throw error;
    });
    return this.loaded;
  }

  private async load(): Promise<RouteCatalogueFile> {
    const body = await readFile(this.path);
    JSON.parse(body.toString('utf8'));
    return {
      body,
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    };
  }
}
