import {
  startSecurityTestServer,
  TEST_ADMIN_PASSWORD,
  type SecurityTestServer,
} from '../security/test-server';

describe('advanced settings routes', () => {
  let server: SecurityTestServer;
  let admin: string;
  let reader: string;

  beforeAll(async () => {
    server = await startSecurityTestServer();
    admin = await server.login('admin', TEST_ADMIN_PASSWORD);
    await server.security.users.add({
      username: 'reader',
      password: 'reader-password',
      roles: ['user'],
    });
    reader = await server.login('reader', 'reader-password');
  });
  afterAll(() => server.stop());

  it('lists every setting with its default for any logged-in user', async () => {
    const reply = await server.request('GET', '/api/opensearch-dashboards/settings', {
      cookie: reader,
    });
    expect(reply.status).toBe(200);
    const settings = reply.body.settings as Record<string, Record<string, unknown>>;
    expect(settings['discover:sampleSize']).toMatchObject({ value: 500, type: 'number' });
    expect(Object.keys(settings)).toEqual(
      expect.arrayContaining(['notifications:lifetime:error', 'notifications:lifetime:info']),
    );
    await expect(
      server.request('GET', '/api/opensearch-dashboards/settings'),
    ).resolves.toMatchObject({ status: 401 });
  });

  it('lets admins change and reset settings', async () => {
    const changed = await server.request('POST', '/api/opensearch-dashboards/settings', {
      cookie: admin,
      body: { changes: { 'discover:sampleSize': 200, 'notifications:lifetime:info': 9000 } },
    });
    expect(changed.status).toBe(200);
    expect(
      (changed.body.settings as Record<string, { userValue?: unknown }>)['discover:sampleSize']
        .userValue,
    ).toBe(200);
    const one = await server.request(
      'POST',
      '/api/opensearch-dashboards/settings/discover:sampleSize',
      { cookie: admin, body: { value: 300 } },
    );
    expect(
      (one.body.settings as Record<string, { userValue?: unknown }>)['discover:sampleSize']
        .userValue,
    ).toBe(300);
    const reset = await server.request(
      'DELETE',
      '/api/opensearch-dashboards/settings/discover:sampleSize',
      { cookie: admin },
    );
    expect(
      (reset.body.settings as Record<string, { userValue?: unknown }>)['discover:sampleSize'],
    ).not.toHaveProperty('userValue');
    const removedByNull = await server.request('POST', '/api/opensearch-dashboards/settings', {
      cookie: admin,
      body: { changes: { 'notifications:lifetime:info': null } },
    });
    expect(
      (removedByNull.body.settings as Record<string, { userValue?: unknown }>)[
        'notifications:lifetime:info'
      ],
    ).not.toHaveProperty('userValue');
  });

  it('answers 400 naming the setting for unknown keys and invalid values', async () => {
    await expect(
      server.request('POST', '/api/opensearch-dashboards/settings', {
        cookie: admin,
        body: { changes: { 'discover:sampleSize': 0 } },
      }),
    ).resolves.toMatchObject({
      status: 400,
      body: {
        message: '[discover:sampleSize]: Value must be equal to or greater than [1].',
        attributes: { key: 'discover:sampleSize' },
      },
    });
    await expect(
      server.request('POST', '/api/opensearch-dashboards/settings', {
        cookie: admin,
        body: { changes: { 'no:such': 1 } },
      }),
    ).resolves.toMatchObject({
      status: 400,
      body: { message: '[no:such]: unknown setting' },
    });
    await expect(
      server.request('POST', '/api/opensearch-dashboards/settings', { cookie: admin, body: {} }),
    ).resolves.toMatchObject({
      status: 400,
      body: {
        message: '[request body.changes]: expected value of type [object] but got [undefined]',
      },
    });
  });

  it('refuses changes by non-admins with 403', async () => {
    await expect(
      server.request('POST', '/api/opensearch-dashboards/settings', {
        cookie: reader,
        body: { changes: { 'discover:sampleSize': 10 } },
      }),
    ).resolves.toMatchObject({
      status: 403,
      body: { attributes: { code: 'role_required', requiredRole: 'admin' } },
    });
    await expect(
      server.request('DELETE', '/api/opensearch-dashboards/settings/discover:sampleSize', {
        cookie: reader,
      }),
    ).resolves.toMatchObject({
      status: 403,
    });
  });
});
