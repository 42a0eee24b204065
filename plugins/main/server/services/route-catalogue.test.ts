import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RouteCatalogue as CatalogueData } from '@catalogue/types';
import { groupedByMethod, RouteCatalogue, ROUTE_CATALOGUE_PATH } from './route-catalogue';

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

describe('groupedByMethod', () => {
  it('groups routes by method with path args, query and body as the reference console reads them', () => {
    const grouped = groupedByMethod({
      generatedFrom: { title: 't', version: '1' },
      routes: [
        {
          method: 'GET',
          path: '/agents/{agent_id}',
          tag: 'Agents',
          pathParams: [{ name: 'agent_id', required: true, type: 'string', format: 'numbers' }],
          queryParams: [{ name: 'pretty', required: false, type: 'boolean' }],
          responseContentTypes: ['application/json'],
        },
        {
          method: 'POST',
          path: '/agents',
          pathParams: [],
          queryParams: [],
          body: {
            contentTypes: ['application/json'],
            required: true,
            type: 'object',
            fields: [
              { name: 'ip', required: false, type: 'string' },
              { name: 'name', required: true, type: 'string' },
            ],
          },
          responseContentTypes: ['application/json'],
        },
        {
          method: 'GET',
          path: '/rules',
          pathParams: [],
          queryParams: [],
          responseContentTypes: ['application/json'],
        },
      ],
    });
    expect(grouped).toEqual([
      {
        method: 'GET',
        endpoints: [
          {
            name: '/agents/:agent_id',
            tags: ['Agents'],
            args: [
              { name: ':agent_id', required: true, schema: { type: 'string', format: 'numbers' } },
            ],
            query: [{ name: 'pretty', required: false, schema: { type: 'boolean' } }],
            body: [],
          },
          { name: '/rules', tags: [], args: [], query: [], body: [] },
        ],
      },
      {
        method: 'POST',
        endpoints: [
          {
            name: '/agents',
            tags: [],
            args: [],
            query: [],
            body: [
              {
                type: 'object',
                properties: { ip: { type: 'string' }, name: { type: 'string' } },
                required: ['name'],
              },
            ],
          },
        ],
      },
    ]);
  });
});
