/** Requests queued with `POST /api/request` `body.delay` belong to their user (list, cancel, caps, owner check). */
import { eventually } from '../../support/waiting';
import { HOST_ID, USER, type MainTestEnv } from '../main/support';
import { mainTestEnvPerFile } from './support';

jest.setTimeout(60_000);

interface Queued {
  data: { queued: true; id: string; due_at: string };
}
interface Listed {
  items: Array<{ id: string; owner: string; path: string }>;
  total: number;
}

/** Waits for a log line, as the queue job writes it once a second. */
function logLine(env: MainTestEnv, text: string): Promise<true> {
  return eventually(() => env.dashboard.logs().some((line) => line.includes(text)), 15_000);
}

describe('queued requests', () => {
  const env = mainTestEnvPerFile({ svc: { api: { maxQueuedRequestsPerUser: 2 } } });

  const queue = (client: MainTestEnv['user'], path: string, delay = 600_000) =>
    client.post('/api/request', { body: { id: HOST_ID, method: 'PUT', path, body: { delay } } });

  it("lists its own to a user, everyone's to an admin, and lets only owner or admin cancel", async () => {
    const mine = (await queue(env.user, '/agents/restart')).json<Queued>().data.id;
    const admins = (await queue(env.admin, '/manager/restart')).json<Queued>().data.id;

    const own = (await env.user.get('/api/queued-requests')).json<Listed>();
    expect(own.items.map((item) => [item.id, item.owner, item.path])).toEqual([
      [mine, USER.username, '/agents/restart'],
    ]);
    const all = (await env.admin.get('/api/queued-requests')).json<Listed>();
    expect(all.items.map((item) => item.id).sort()).toEqual([mine, admins].sort());

    expect((await env.user.delete(`/api/queued-requests/${admins}`)).status).toBe(404);
    expect((await env.admin.delete(`/api/queued-requests/${mine}`)).status).toBe(200);
    expect((await env.admin.delete(`/api/queued-requests/${admins}`)).status).toBe(200);
    expect((await env.admin.delete(`/api/queued-requests/${admins}`)).status).toBe(404);
  });

  it('answers 429 with Retry-After past the per-user cap', async () => {
    const first = await queue(env.user, '/agents/restart', 30_000);
    await queue(env.user, '/agents/restart', 40_000);
    const refused = await queue(env.user, '/agents/restart');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json<{ message: string }>().message).toContain('queued requests');
    for (const item of (await env.user.get('/api/queued-requests')).json<Listed>().items)
      await env.user.delete(`/api/queued-requests/${item.id}`);
    expect(first.status).toBe(200);
  });

  it('drops the request of a user removed before it is due, and logs it', async () => {
    await env.dashboard.addUser('leaver', 'leaver-password-1', ['user']);
    const leaver = await env.dashboard.login('leaver', 'leaver-password-1');
    expect((await queue(leaver, '/agents/restart', 1_500)).status).toBe(200);
    expect((await env.admin.delete('/api/v1/security/users/leaver')).status).toBe(200);
    await logLine(
      env,
      'Dropped queued request PUT /agents/restart on [sim] for [leaver]: the user was removed since it was queued.',
    );
  });
});
