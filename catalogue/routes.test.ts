import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generateCatalogue } from '../scripts/generate-route-catalogue';
import catalogueJson from './routes.json';
import type { RouteCatalogue, RouteEntry } from './types';

const catalogue = catalogueJson as RouteCatalogue;
const SPEC = resolve(__dirname, '../../shared/reference/managed-api-spec-4.14.yaml');

function route(method: string, path: string): RouteEntry {
  const found = catalogue.routes.find((entry) => entry.method === method && entry.path === path);
  if (!found) throw new Error(`${method} ${path} missing from the catalogue`);
  return found;
}

describe('managed-API route catalogue', () => {
  it('carries the RBAC catalogue: resource types and the types each action applies to', () => {
    expect(catalogue.rbac?.resources).toEqual(
      expect.arrayContaining(['*:*', 'agent:id', 'user:id']),
    );
    expect(catalogue.rbac?.actions['agent:delete']).toEqual({
      resources: ['agent:id', 'agent:group'],
    });
    expect(catalogue.rbac?.actions['security:create']).toEqual({ resources: ['*:*'] });
  });

  it('names the document it was generated from', () => {
    expect(catalogue.generatedFrom).toEqual({ title: 'Wazuh API REST', version: '4.14.7' });
  });

  it('describes GET /agents query parameters with their constraints', () => {
    const params = Object.fromEntries(
      route('GET', '/agents').queryParams.map((param) => [param.name, param]),
    );
    expect(Object.keys(params)).toEqual(
      expect.arrayContaining([
        'limit',
        'offset',
        'sort',
        'q',
        'select',
        'status',
        'agents_list',
        'search',
        'distinct',
      ]),
    );
    expect(params.limit).toMatchObject({
      type: 'integer',
      default: 500,
      minimum: 1,
      maximum: 100000,
      required: false,
    });
    expect(params.offset).toMatchObject({ type: 'integer', default: 0, minimum: 0 });
    expect(params.status).toMatchObject({
      type: 'array',
      items: { type: 'string', enum: ['active', 'pending', 'never_connected', 'disconnected'] },
    });
    expect(params.select).toMatchObject({
      type: 'array',
      items: { type: 'string', format: 'names' },
    });
    expect(params.agents_list).toMatchObject({
      type: 'array',
      items: { type: 'string', format: 'numbers', minLength: 3 },
    });
    expect(params.q).toMatchObject({ type: 'string', required: false });
  });

  it('describes path parameters and bodies', () => {
    expect(route('PUT', '/agents/{agent_id}/restart').pathParams).toEqual([
      { name: 'agent_id', required: true, type: 'string', format: 'numbers', minLength: 3 },
    ]);
    expect(route('POST', '/agents').body).toMatchObject({
      contentTypes: ['application/json'],
      type: 'object',
      fields: [
        { name: 'ip', required: false, type: 'string' },
        { name: 'name', required: true, type: 'string' },
      ],
    });
    const policy = route('POST', '/security/policies').body?.fields?.find(
      (field) => field.name === 'policy',
    );
    expect(policy?.fields?.map((field) => [field.name, field.required])).toEqual([
      ['actions', true],
      ['effect', true],
      ['resources', true],
    ]);
  });

  it('marks the Basic-auth login operations and the RBAC actions', () => {
    expect(route('POST', '/security/user/authenticate').basicAuth).toBe(true);
    expect(route('GET', '/security/user/authenticate').deprecated).toBe(true);
    expect(route('GET', '/agents').rbacActions).toEqual(['agent:read']);
  });

  it('is sorted by path, then method', () => {
    const order = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'];
    const keys = catalogue.routes.map(
      (entry) => [entry.path, order.indexOf(entry.method)] as const,
    );
    const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? a[1] - b[1] : a[0] < b[0] ? -1 : 1));
    expect(keys).toEqual(sorted);
  });

  it('carries no description text from the document', () => {
    const text = readFileSync(join(__dirname, 'routes.json'), 'utf8');
    expect(text).not.toMatch(/"(description|summary|example|examples)"\s*:/);
    expect(text).not.toContain('Return information about all available agents');
    expect(text).not.toContain('Maximum number of elements to return');
  });

  const withSpec = existsSync(SPEC) ? it : it.skip;
  if (!existsSync(SPEC))
    console.log(`route catalogue regeneration check skipped: ${SPEC} is not present`);
  withSpec(
    'is what the generator produces from the OpenAPI document (committed file up to date)',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'catalogue-'));
      try {
        const out = join(dir, 'routes.json');
        generateCatalogue(SPEC, out);
        expect(readFileSync(out, 'utf8')).toBe(
          readFileSync(join(__dirname, 'routes.json'), 'utf8'),
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
