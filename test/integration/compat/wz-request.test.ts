/**
 * The reference product's `react-services/wz-request.ts` (`WzRequest.apiReq`) and the editors that
 * save files through it (`resources-handler.ts`, `wz-fetch.js`, `groups-handler.js`): what they send
 * to `POST /api/request`, and what they read back.
 */
import { sendJson, startTestUpstream, type TestUpstream } from '../../support/test-upstream';
import {
  HOST_ID,
  leakedSecrets,
  OTHER_PASSWORD,
  startMainTestEnv,
  type MainTestEnv,
} from '../main/support';

jest.setTimeout(60_000);

const RECORDER_ID = 'recorder';

describe('wz-request.ts against POST /api/request', () => {
  let env: MainTestEnv;
  let upstream: TestUpstream;

  beforeAll(async () => {
    env = await startMainTestEnv();
    upstream = await startTestUpstream({ username: 'recorder-user', password: OTHER_PASSWORD });
    for (const path of ['/rules/files/local_rules.xml', '/lists/files/bad-ips', '/agents/group'])
      upstream.route('PUT', path, (_request, response) =>
        sendJson(response, 200, {
          data: { affected_items: [], total_affected_items: 1 },
          error: 0,
        }),
      );
    const added = await env.admin.post('/hosts/apis', {
      body: {
        id: RECORDER_ID,
        url: 'http://127.0.0.1',
        port: upstream.port,
        username: 'recorder-user',
        password: OTHER_PASSWORD,
      },
    });
    expect(added.status).toBe(200);
  });
  afterAll(async () => {
    expect(leakedSecrets(env)).toEqual([]);
    await env.stop();
    await upstream.stop();
  });

  /** What `WzRequest.apiReq(method, path, body)` posts: `{method, path, body, id}`. */
  const apiReq = (method: string, path: string, body: unknown, id = HOST_ID) =>
    env.user.post('/api/request', { body: { method, path, body, id } });

  const lastUpstreamRequest = () => upstream.requests[upstream.requests.length - 1];

  it('reads response.data.data of a list, with body.params as the query', async () => {
    const response = await apiReq('GET', '/agents', { params: { limit: 2, select: 'id,name' } });
    expect(response.status).toBe(200);
    const body = response.json<{
      data: { affected_items: Array<{ id: string }> };
      error: number;
    }>();
    expect(body.error).toBe(0);
    expect(body.data.affected_items.map((agent) => agent.id)).toEqual(['000', '001']);
  });

  it.each([
    ['raw', 'application/octet-stream', '/lists/files/bad-ips', '1.2.3.4:bad\n5.6.7.8:worse\n'],
    [
      'xmleditor',
      'application/xml',
      '/rules/files/local_rules.xml',
      '<group name="local,"><rule id="100001" level="5"/></group>',
    ],
    ['json', 'application/json', '/agents/group', '{"group_id":"web"}'],
  ])(
    'sends a file saved with origin %s verbatim as %s (resources-handler.ts updateFile)',
    async (origin, mediaType, path, content) => {
      const response = await apiReq(
        'PUT',
        path,
        { params: { overwrite: true }, body: content, origin },
        RECORDER_ID,
      );
      expect(response.status).toBe(200);
      const sent = lastUpstreamRequest();
      expect(sent.method).toBe('PUT');
      expect(sent.url).toBe(`${path}?overwrite=true`);
      expect(sent.headers['content-type']).toBe(mediaType);
      expect(sent.body).toBe(content);
    },
  );

  it('adds body.headers to the request, never over the dashboard own', async () => {
    const response = await apiReq(
      'PUT',
      '/agents/group',
      { body: { group_id: 'web' }, headers: { 'x-request-source': 'automation' } },
      RECORDER_ID,
    );
    expect(response.status).toBe(200);
    expect(lastUpstreamRequest().headers['x-request-source']).toBe('automation');
    expect(JSON.parse(lastUpstreamRequest().body)).toEqual({ group_id: 'web' });
    const refused = await apiReq(
      'PUT',
      '/agents/group',
      { headers: { Authorization: 'Bearer forged' } },
      RECORDER_ID,
    );
    expect(refused.status).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain('body.headers.Authorization');
  });

  it("reads a failure's text from error.response.data.message, the managed API's fields beside it", async () => {
    const response = await apiReq('GET', '/agents', { params: { limit: 100001 } });
    expect(response.status).toBe(400);
    const body = response.json<{ message: string; title: string; detail: string }>();
    expect(body.message).toContain('100001 is greater than the maximum of 100000');
    expect(body.detail).toBe(body.message);
    expect(body.title).toBe('Bad Request');
  });

  it('answers a request with a delay with {error: 0} and the queued id (status-handler.js restart)', async () => {
    const response = await apiReq('PUT', '/cluster/restart', { delay: 15000 });
    expect(response.status).toBe(200);
    const body = response.json<{
      error: number;
      data: { queued: boolean; id: string; due_at: string };
    }>();
    expect(body.error).toBe(0);
    expect(body.data).toEqual({ queued: true, id: expect.any(String), due_at: expect.any(String) });
    const cancelled = await env.user.delete(`/api/queued-requests/${body.data.id}`);
    expect(cancelled.status).toBe(200);
  });
});
