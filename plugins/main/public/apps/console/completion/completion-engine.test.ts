import { Text } from '@codemirror/state';
import catalogueJson from '@catalogue/routes.json';
import type { RouteCatalogue, RouteEntry } from '@catalogue/types';
import { completeAt, type CompletionSet } from './completion-engine';
import { RouteIndex } from './route-index';

function route(
  method: RouteEntry['method'],
  path: string,
  extra: Partial<RouteEntry> = {},
): RouteEntry {
  const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    required: true,
    type: 'string' as const,
  }));
  return {
    method,
    path,
    pathParams,
    queryParams: [],
    responseContentTypes: ['application/json'],
    ...extra,
  };
}

const catalogue: RouteCatalogue = {
  generatedFrom: { title: 'test', version: '1' },
  routes: [
    route('GET', '/'),
    route('GET', '/agents', {
      tag: 'Agents',
      rbacActions: ['agent:read'],
      queryParams: [
        {
          name: 'limit',
          required: false,
          type: 'integer',
          default: 500,
          minimum: 1,
          maximum: 100000,
        },
        { name: 'pretty', required: false, type: 'boolean', default: false },
        { name: 'sort', required: false, type: 'string', format: 'sort' },
        {
          name: 'status',
          required: false,
          type: 'array',
          items: { type: 'string', enum: ['active', 'pending', 'never_connected', 'disconnected'] },
        },
      ],
    }),
    route('GET', '/agents/summary/status', { tag: 'Agents' }),
    route('GET', '/agents/{agent_id}/config/{component}/{configuration}', { tag: 'Agents' }),
    route('GET', '/agents/{agent_id}/key', { tag: 'Agents' }),
    route('PUT', '/agents/{agent_id}/group/{group_id}', { tag: 'Agents' }),
    route('PUT', '/agents/{agent_id}/restart', { tag: 'Agents' }),
    route('POST', '/agents', {
      body: {
        contentTypes: ['application/json'],
        required: true,
        type: 'object',
        fields: [
          { name: 'ip', required: false, type: 'string' },
          { name: 'name', required: true, type: 'string' },
        ],
      },
    }),
    route('POST', '/security/policies', {
      body: {
        contentTypes: ['application/json'],
        required: true,
        type: 'object',
        fields: [
          { name: 'name', required: true, type: 'string', maxLength: 64 },
          {
            name: 'policy',
            required: true,
            type: 'object',
            fields: [
              { name: 'actions', required: true, type: 'array', items: { type: 'string' } },
              { name: 'effect', required: true, type: 'string', enum: ['allow', 'deny'] },
              { name: 'resources', required: true, type: 'array', items: { type: 'string' } },
            ],
          },
          {
            name: 'rules',
            required: false,
            type: 'array',
            items: {
              type: 'object',
              fields: [{ name: 'rule_id', required: true, type: 'integer' }],
            },
          },
          { name: 'enabled', required: false, type: 'boolean', default: true },
        ],
      },
    }),
  ],
};

const index = RouteIndex.fromCatalogue(catalogue);

/** Completions at the `|` in `text`. */
function completeIn(
  text: string,
  explicit = false,
  on: RouteIndex = index,
): { set: CompletionSet | null; doc: string } {
  const pos = text.indexOf('|');
  const doc = text.slice(0, pos) + text.slice(pos + 1);
  return { set: completeAt(on, Text.of(doc.split('\n')), pos, { explicit }), doc };
}

function labels(text: string, explicit = false): string[] {
  return completeIn(text, explicit).set?.options.map((option) => option.label) ?? [];
}

/** The text after picking the option labelled `label` (snippet fields keep their placeholder text). */
function pick(text: string, label: string): string {
  const { set, doc } = completeIn(text);
  const option = set?.options.find((candidate) => candidate.label === label);
  if (!set || !option) throw new Error(`no option ${label} at ${text}`);
  const inserted = option.apply.replace(/\$\{([^}]*)\}/g, '$1').replace(/\\([{}])/g, '$1');
  return doc.slice(0, set.from) + inserted + doc.slice(set.to);
}

describe('completion engine: methods', () => {
  it('offers the methods matching what starts the line, with route counts', () => {
    expect(labels('P|')).toEqual(['POST', 'PUT', 'PATCH']);
    const put = completeIn('PU|').set!.options[0];
    expect(put).toMatchObject({ label: 'PUT', detail: '2 routes', apply: 'PUT ', reopen: true });
    expect(pick('g|', 'GET')).toBe('GET ');
  });

  it('replaces only the method when a path follows', () => {
    expect(pick('G| /agents', 'GET')).toBe('GET /agents');
  });

  it('lists every method on an empty line only when asked', () => {
    expect(labels('GET /agents\n\n|')).toEqual([]);
    expect(labels('GET /agents\n\n|', true)).toEqual(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);
  });

  it('offers nothing on comment lines', () => {
    expect(completeIn('# G|').set).toBeNull();
  });
});

describe('completion engine: paths', () => {
  it('offers every path of the method after the method', () => {
    expect(labels('GET |')).toEqual([
      '/',
      '/agents',
      '/agents/summary/status',
      '/agents/<agent_id>/config/<component>/<configuration>',
      '/agents/<agent_id>/key',
    ]);
    expect(labels('PUT /|')).toEqual([
      '/agents/<agent_id>/group/<group_id>',
      '/agents/<agent_id>/restart',
    ]);
  });

  it('matches the segment being typed as a prefix of literal segments, case-insensitively', () => {
    expect(labels('GET /agents/su|')).toEqual([
      '/agents/summary/status',
      '/agents/su/config/<component>/<configuration>',
      '/agents/su/key',
    ]);
    expect(labels('GET /AG|')[0]).toBe('/agents');
  });

  it('fills placeholders with the concrete segments typed', () => {
    expect(labels('GET /agents/001/|')).toEqual([
      '/agents/001/config/<component>/<configuration>',
      '/agents/001/key',
    ]);
    expect(labels('GET /agents/001/config/syscheck/|')).toEqual([
      '/agents/001/config/syscheck/<configuration>',
    ]);
    expect(labels('PUT /agents/001/group/web|')).toEqual(['/agents/001/group/web']);
  });

  it('leaves the unfilled placeholders as fields to type over', () => {
    const option = completeIn('PUT /agents/0|').set!.options.find(
      (candidate) => candidate.label === '/agents/0/group/<group_id>',
    )!;
    expect(option.apply).toBe('/agents/0/group/${<group_id>}');
    expect(pick('PUT /agents/0|', '/agents/0/restart')).toBe('PUT /agents/0/restart');
  });

  it('replaces the whole path but keeps the query string', () => {
    expect(pick('GET /ag|ents?limit=5', '/agents')).toBe('GET /agents?limit=5');
  });

  it('documents the route and its group', () => {
    const option = completeIn('GET /agents|').set!.options[0];
    expect(option.detail).toBe('Agents');
    expect(option.info).toContain('Permissions: agent:read');
    expect(option.info).toContain('Query parameters: 4');
  });

  it('offers nothing for unknown paths or after the path', () => {
    expect(labels('GET /nothing/|')).toEqual([]);
    expect(completeIn('GET /agents |').set).toBeNull();
    expect(completeIn('GET agents|').set).toBeNull();
  });
});

describe('completion engine: query parameters', () => {
  it('offers the parameters of the matched route after ?', () => {
    expect(labels('GET /agents?|')).toEqual(['limit', 'pretty', 'sort', 'status']);
    expect(pick('GET /agents?st|', 'status')).toBe('GET /agents?status=');
  });

  it('offers the rest after &, without those already written', () => {
    expect(labels('GET /agents?limit=5&|')).toEqual(['pretty', 'sort', 'status']);
    expect(labels('GET /agents?limit=5&s|&pretty=true')).toEqual(['sort', 'status']);
  });

  it('matches names by prefix first, then by what they contain', () => {
    expect(labels('GET /agents?s|')).toEqual(['sort', 'status']);
    expect(labels('GET /agents?r|')).toEqual(['pretty', 'sort']);
    expect(labels('GET /agents?tat|')).toEqual(['status']);
  });

  it('documents type, required and default, and reopens the list for parameters with values', () => {
    const [limit] = completeIn('GET /agents?li|').set!.options;
    expect(limit).toMatchObject({ detail: 'integer · optional · default 500', reopen: false });
    expect(limit.info).toContain('Value 1 to 100000');
    const [status] = completeIn('GET /agents?sta|').set!.options;
    expect(status.reopen).toBe(true);
    expect(status.info).toContain(
      'One of: active, pending, never_connected, disconnected (comma-separated)',
    );
  });

  it('offers enum values after =, and the remaining ones after a comma in a list', () => {
    expect(labels('GET /agents?status=|')).toEqual([
      'active',
      'pending',
      'never_connected',
      'disconnected',
    ]);
    expect(labels('GET /agents?status=n|')).toEqual(['never_connected', 'pending', 'disconnected']);
    expect(labels('GET /agents?status=active,|')).toEqual([
      'pending',
      'never_connected',
      'disconnected',
    ]);
    expect(pick('GET /agents?status=active,pe|&limit=1', 'pending')).toBe(
      'GET /agents?status=active,pending&limit=1',
    );
    expect(labels('GET /agents?pretty=|')).toEqual(['true', 'false']);
  });

  it('offers nothing for parameters without known values, or routes the catalogue does not have', () => {
    expect(labels('GET /agents?limit=|')).toEqual([]);
    expect(completeIn('GET /nothing?|').set).toBeNull();
  });

  it('keeps the value when the name is replaced', () => {
    expect(pick('GET /agents?li|=5', 'limit')).toBe('GET /agents?limit=5');
  });
});

describe('completion engine: body fields', () => {
  it('offers the top-level fields of the route, required ones first', () => {
    expect(labels('POST /agents\n{\n  "|"\n}')).toEqual(['name', 'ip']);
    expect(pick('POST /agents\n{\n  "n|"\n}', 'name')).toBe('POST /agents\n{\n  "name": ""\n}');
  });

  it('leaves out fields the object already has, above or below the cursor', () => {
    expect(labels('POST /agents\n{\n  "name": "a",\n  "|"\n}')).toEqual(['ip']);
    expect(labels('POST /agents\n{\n  "|"\n  "ip": "10.0.0.1"\n}')).toEqual(['name']);
  });

  it('follows nested objects and arrays of objects', () => {
    const text = 'POST /security/policies\n{\n  "policy": {\n    "|"\n  }\n}';
    expect(labels(text)).toEqual(['actions', 'effect', 'resources']);
    expect(labels('POST /security/policies\n{\n  "rules": [\n    { "|" }\n  ]\n}')).toEqual([
      'rule_id',
    ]);
    expect(
      labels('POST /security/policies\n{\n  "policy": { "effect": "allow" },\n  "|"\n}'),
    ).toEqual(['name', 'rules', 'enabled']);
  });

  it('writes the value shape of the field type', () => {
    expect(pick('POST /security/policies\n{\n  "po|"\n}', 'policy')).toBe(
      'POST /security/policies\n{\n  "policy": {\n    \n  }\n}',
    );
    expect(pick('POST /security/policies\n{ "policy": { "ac|" } }', 'actions')).toBe(
      'POST /security/policies\n{ "policy": { "actions": [] } }',
    );
    expect(pick('POST /security/policies\n{ "en|" }', 'enabled')).toBe(
      'POST /security/policies\n{ "enabled":  }',
    );
  });

  it('replaces only the key when a colon follows', () => {
    expect(pick('POST /agents\n{ "na|": "a" }', 'name')).toBe('POST /agents\n{ "name": "a" }');
  });

  it('documents type, required and default of a field and its nested fields', () => {
    const policy = completeIn('POST /security/policies\n{ "pol|" }').set!.options[0];
    expect(policy.detail).toBe('object · required');
    expect(policy.info).toContain(
      'Fields: actions (required), effect (required), resources (required)',
    );
    const enabled = completeIn('POST /security/policies\n{ "ena|" }').set!.options[0];
    expect(enabled.detail).toBe('boolean · optional · default true');
  });

  it('offers enum values of a body field', () => {
    expect(labels('POST /security/policies\n{ "policy": { "effect": "|" } }')).toEqual([
      'allow',
      'deny',
    ]);
    expect(pick('POST /security/policies\n{ "policy": { "effect": "d|" } }', 'deny')).toBe(
      'POST /security/policies\n{ "policy": { "effect": "deny" } }',
    );
  });

  it('reads bodies with comment lines, and offers nothing for routes without a body schema or methods without a body', () => {
    expect(labels('POST /agents\n{\n  # who\n  "|"\n}')).toEqual(['name', 'ip']);
    expect(completeIn('PUT /agents/001/restart\n{ "|" }').set).toBeNull();
    expect(completeIn('GET /agents\n{ "|" }').set).toBeNull();
  });

  it('finds the request a body belongs to among several', () => {
    expect(labels('GET /agents\n\nPOST /agents\n{ "|" }\n\nGET /')).toEqual(['name', 'ip']);
  });
});

describe('completion engine over the full catalogue', () => {
  const full = RouteIndex.fromCatalogue(catalogueJson as RouteCatalogue);
  const fullLabels = (text: string) =>
    completeIn(text, false, full).set?.options.map((option) => option.label) ?? [];

  it('offers every GET route of the catalogue after "GET /"', () => {
    const gets = (catalogueJson as RouteCatalogue).routes.filter((entry) => entry.method === 'GET');
    expect(fullLabels('GET /|')).toHaveLength(gets.length);
  });

  it('completes the requests the specification lists', () => {
    expect(fullLabels('GET /agents/summary/stat|').sort()).toEqual([
      '/agents/summary/stats/<component>',
      '/agents/summary/status',
    ]);
    expect(fullLabels('PUT /agents/001/re|')).toEqual(['/agents/001/restart']);
    expect(fullLabels('GET /sca/001/checks/|')).toEqual(['/sca/001/checks/<policy_id>']);
    expect(fullLabels('GET /agents?stat|')).toEqual(['status', 'group_config_status']);
    expect(fullLabels('POST /agents\n{ "|" }')).toEqual(['name', 'ip']);
  });
});
