import { startBuiltInManagedApi } from './built-in-managed-api';

describe('startBuiltInManagedApi', () => {
  it('serves the managed API on loopback, accepts its run_as user offers updates to the version check and runs a cluster of three nodes', async () => {
    const api = await startBuiltInManagedApi();
    try {
      expect(api.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const { username, password } = api.credentials;
      const login = await fetch(`${api.url}/security/user/authenticate`, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
        },
      });
      expect(login.status).toBe(200);
      const { data } = (await login.json()) as { data: { token: string } };
      const check = await fetch(`${api.url}/manager/version/check`, {
        headers: { authorization: `Bearer ${data.token}` },
      });
      expect(check.status).toBe(200);
      const body = (await check.json()) as {
        data: { update_check: boolean; last_available_patch: { tag?: string } };
      };
      expect(body.data.update_check).toBe(true);
      expect(body.data.last_available_patch.tag).toMatch(/^v\d+\.\d+\.\d+$/);
      const nodes = await fetch(`${api.url}/cluster/nodes`, {
        headers: { authorization: `Bearer ${data.token}` },
      });
      const listed = (await nodes.json()) as { data: { affected_items: Array<{ type: string }> } };
      expect(listed.data.affected_items.map((node) => node.type)).toEqual([
        'master',
        'worker',
        'worker',
      ]);
    } finally {
      await api.stop();
    }
  });

  it('picks a different port for each simulator, so two never collide', async () => {
    const [one, two] = await Promise.all([startBuiltInManagedApi(), startBuiltInManagedApi()]);
    try {
      expect(one.url).not.toBe(two.url);
    } finally {
      await Promise.all([one.stop(), two.stop()]);
    }
  });
});
