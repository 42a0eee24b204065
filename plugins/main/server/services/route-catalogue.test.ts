import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RouteCatalogue as CatalogueData } from '../../common/api-info/types';
import { RouteCatalogue, ROUTE_CATALOGUE_PATH } from './route-catalogue';

describe('RouteCatalogue', () => {
  it('serves the generated catalogue', async () => {
    const file = await new RouteCatalogue(ROUTE_CATALOGUE_PATH).get();
    const data = JSON.parse(file.body.toString('utf8')) as CatalogueData;
    expect(data.routes.some((route) => route.method === 'GET' && route.path === '/agents')).toBe(
      true,
    );
    expect(file.etag).toMatch(/^"[\w-]+"$/);
  });

  it('fails on a missing or broken file and tries again next time', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-catalogue-'));
    const path = join(dir, 'routes.json');
    const catalogue = new RouteCatalogue(path);
    await expect(catalogue.get()).rejects.toThrow(/ENOENT/);
    writeFileSync(path, '{broken');
    await expect(catalogue.get()).rejects.toThrow(SyntaxError);
    writeFileSync(path, '{"routes": []}');
    expect((await catalogue.get()).body.toString()).toBe('{"routes": []}');
    rmSync(dir, { recursive: true, force: true });
  });
});
