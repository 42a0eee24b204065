/**
 * The reference product's developer tools (`components/tools/devtools/lib/services/routes-service.ts`,
 * typed by `api-routes.types.ts`) read `GET /api/routes` as `[{method, endpoints: [{name, args,
 * query, body}]}]` with `:name` path placeholders; they get that shape with no query (or
 * `?format=grouped`), and our console asks for its catalogue with `?format=catalogue`.
 */
import { mainTestEnvPerFile } from './support';

jest.setTimeout(60_000);

interface GroupedEndpoint {
  name: string;
  tags: string[];
  args: Array<{ name: string; required: boolean; schema: { type?: string } }>;
  query: Array<{ name: string; required: boolean; schema: { type?: string } }>;
  body: Array<{ type: string; properties: Record<string, { type?: string }>; required: string[] }>;
}

describe('api-routes.types.ts against GET /api/routes', () => {
  const env = mainTestEnvPerFile();

  it.each([
    ['with no query', {}],
    ['with format=grouped', { format: 'grouped' }],
  ])(
    'serves the routes grouped by method with their args, query and body %s',
    async (_label, query) => {
      const response = await env.user.get('/api/routes', { query });
      expect(response.status).toBe(200);
      const groups = response.json<Array<{ method: string; endpoints: GroupedEndpoint[] }>>();
      expect(groups.map((group) => group.method)).toEqual(
        expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']),
      );
      const get = groups.find((group) => group.method === 'GET')!;
      const agentConfig = get.endpoints.find(
        (item) => item.name === '/agents/:agent_id/config/:component/:configuration',
      )!;
      expect(agentConfig.args.map((arg) => arg.name)).toEqual([
        ':agent_id',
        ':component',
        ':configuration',
      ]);
      expect(agentConfig.args.every((arg) => arg.required)).toBe(true);
      const agents = get.endpoints.find((item) => item.name === '/agents')!;
      expect(agents.query.find((param) => param.name === 'limit')?.schema.type).toBe('integer');
      const post = groups.find((group) => group.method === 'POST')!;
      const addAgent = post.endpoints.find((item) => item.name === '/agents')!;
      expect(addAgent.body[0].type).toBe('object');
      expect(addAgent.body[0].properties.name.type).toBe('string');
      expect(addAgent.body[0].required).toContain('name');
      const etag = response.headers.etag;
      const cached = await env.user.get('/api/routes', {
        query,
        headers: { 'if-none-match': etag },
      });
      expect(cached.status).toBe(304);
    },
  );

  it("serves our console's catalogue when asked for it, and names a bad format", async () => {
    const catalogue = await env.user.get('/api/routes', { query: { format: 'catalogue' } });
    expect(catalogue.json<{ routes: unknown[] }>().routes.length).toBeGreaterThan(100);
    // The two shapes are told apart by their ETags, so a cached one is never answered for the other.
    const grouped = await env.user.get('/api/routes', {
      headers: { 'if-none-match': catalogue.headers.etag },
    });
    expect(grouped.status).toBe(200);
    expect(Array.isArray(grouped.json())).toBe(true);
    const bad = await env.user.get('/api/routes', { query: { format: 'yaml' } });
    expect(bad.status).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('format');
  });
});
