/**
 * The reference product's developer tools (`components/tools/devtools/lib/services/routes-service.ts`,
 * typed by `api-routes.types.ts`) read `GET /api/routes` as `[{method, endpoints: [{name, args,
 * query, body}]}]`; they get that shape with `?format=grouped`, and our console keeps its catalogue.
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

  it('serves the routes grouped by method with their args, query and body', async () => {
    const response = await env.user.get('/api/routes', { query: { format: 'grouped' } });
    expect(response.status).toBe(200);
    const groups = response.json<Array<{ method: string; endpoints: GroupedEndpoint[] }>>();
    expect(groups.map((group) => group.method)).toEqual(
      expect.arrayContaining(['GET', 'POST', 'PUT', 'DELETE']),
    );
    const get = groups.find((group) => group.method === 'GET')!;
    const agentConfig = get.endpoints.find(
      (item) => item.name === '/agents/{agent_id}/config/{component}/{configuration}',
    )!;
    expect(agentConfig.args.map((arg) => arg.name)).toEqual([
      'agent_id',
      'component',
      'configuration',
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
      query: { format: 'grouped' },
      headers: { 'if-none-match': etag },
    });
    expect(cached.status).toBe(304);
  });

  it("keeps our console's catalogue as the default, and names a bad format", async () => {
    const plain = await env.user.get('/api/routes');
    expect(plain.json<{ routes: unknown[] }>().routes.length).toBeGreaterThan(100);
    const bad = await env.user.get('/api/routes', { query: { format: 'yaml' } });
    expect(bad.status).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('format');
  });
});
