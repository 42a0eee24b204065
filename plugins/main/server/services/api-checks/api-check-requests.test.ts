import type { AuthenticatedUser } from '@host/server/types';
import type { ApiHostCheck } from '../../../common/api-host-check';
import type { StoredApiHost } from '../api-hosts/api-host-store';
import { ApiHostNotFoundError } from '../managed-api/errors';
import type { ManagedApiResponse } from '../../types';
import { RequestFieldError } from '../request-field-error';
import { RoleRequiredError } from '../service-errors';
import { ApiCheckRequests } from './api-check-requests';
import type { UnsavedApiHost } from './api-host-checker';

const admin: AuthenticatedUser = { username: 'ada', roles: ['admin'] };
const reader: AuthenticatedUser = { username: 'rob', roles: ['user'] };
const STORED_PASSWORD = 'stored-secret';

const stored: StoredApiHost = {
  id: 'prod',
  url: 'https://manager.example.org',
  port: 55000,
  username: 'wazuh-wui',
  run_as: true,
  tls_verify: true,
  version: 'v1',
};

const check: ApiHostCheck = {
  id: 'prod',
  checked_at: '2026-01-01T00:00:00.000Z',
  reachable: true,
  authenticated: true,
  hostname: 'wazuh-manager',
  run_as: 'enabled',
};

function reply<T>(data: unknown): ManagedApiResponse<T> {
  return { status: 200, headers: {}, data: data as T };
}

function setup(cluster: boolean) {
  const unsaved: UnsavedApiHost[] = [];
  const refreshed: string[] = [];
  const answers: Record<string, unknown> = {
    '/manager/info': { data: { affected_items: [{ uuid: 'uuid-1' }] } },
    '/cluster/status': { data: { enabled: cluster ? 'yes' : 'no', running: 'yes' } },
    '/cluster/local/info': {
      data: { affected_items: [{ node: 'master-node', cluster: 'wazuh' }] },
    },
  };
  const requests = new ApiCheckRequests({
    hosts: {
      get: async (id) => (id === 'prod' ? stored : undefined),
      resolve: async (id) =>
        id === 'prod' ? { ...stored, readPassword: () => STORED_PASSWORD } : undefined,
    },
    hostChecks: {
      refresh: async (id) => {
        refreshed.push(id);
        return id === 'prod' ? { check } : undefined;
      },
    },
    checker: {
      checkUnsaved: async (host) => {
        unsaved.push(host);
        return { check: { ...check, id: undefined, hostname: 'elsewhere' } };
      },
    },
    api: {
      asInternalUser: {
        request: async <T>(_method: string, path: string) => reply<T>(answers[path]),
      },
    },
    caFileMaxBytes: 1024,
  });
  return { requests, unsaved, refreshed };
}

describe('ApiCheckRequests', () => {
  it('answers check-stored-api with the entry (no password), cluster_info and idChanged', async () => {
    const { requests } = setup(true);
    const { body } = await requests.checkStored('prod', 'prod');
    expect(body).toEqual({
      statusCode: 200,
      data: {
        id: 'prod',
        url: 'https://manager.example.org',
        port: 55000,
        username: 'wazuh-wui',
        run_as: true,
        tls_verify: true,
        version: 'v1',
        status: check,
        cluster_info: {
          manager: 'wazuh-manager',
          node: 'master-node',
          status: 'enabled',
          cluster: 'wazuh',
        },
      },
      idChanged: 'prod',
    });
    expect(JSON.stringify(body)).not.toContain(STORED_PASSWORD);
  });

  it('lets any user check the stored host with its /hosts/apis entry as it is', async () => {
    const { requests, refreshed, unsaved } = setup(false);
    const { body } = await requests.check(reader, {
      id: 'prod',
      url: 'https://manager.example.org/',
      port: 55000,
      username: 'wazuh-wui',
      run_as: true,
    });
    expect(refreshed).toEqual(['prod']);
    expect(unsaved).toEqual([]);
    expect(body).toEqual({
      data: check,
      manager: 'wazuh-manager',
      node: null,
      status: 'disabled',
      cluster: 'Disabled',
      allow_run_as: 3,
      uuid: 'uuid-1',
    });
  });

  it.each([[{ url: 'https://attacker.example.org' }], [{ port: 443 }]])(
    'never sends the stored password to another address (%j): the caller must type it',
    async (moved) => {
      const { requests, unsaved } = setup(false);
      const refused = requests.check(admin, { id: 'prod', ...moved });
      await expect(refused).rejects.toBeInstanceOf(RequestFieldError);
      await expect(refused).rejects.toMatchObject({ field: 'password' });
      expect(unsaved).toEqual([]);
      await requests.check(admin, { id: 'prod', ...moved, password: 'typed-password' });
      expect(unsaved).toEqual([expect.objectContaining({ ...moved, password: 'typed-password' })]);
    },
  );

  it('reuses the stored password at the stored address with other settings', async () => {
    const { requests, unsaved } = setup(false);
    const { body } = await requests.check(admin, { id: 'prod', username: 'other-user' });
    expect(unsaved).toEqual([
      expect.objectContaining({
        url: 'https://manager.example.org',
        port: 55000,
        username: 'other-user',
        password: STORED_PASSWORD,
      }),
    ]);
    expect(body).toMatchObject({ manager: 'elsewhere', status: 'disabled', allow_run_as: 3 });
    expect(body).not.toHaveProperty('uuid');
  });

  it('keeps settings that are not stored for administrators', async () => {
    const { requests } = setup(false);
    await expect(requests.check(reader, { id: 'prod', port: 1 })).rejects.toBeInstanceOf(
      RoleRequiredError,
    );
    await expect(
      requests.check(reader, {
        url: 'https://x.example.org',
        port: 1,
        username: 'u',
        password: 'p',
      }),
    ).rejects.toBeInstanceOf(RoleRequiredError);
  });

  it('names what is missing or unknown', async () => {
    const { requests } = setup(false);
    await expect(requests.check(admin, {})).rejects.toMatchObject({ field: 'id' });
    await expect(requests.check(admin, { url: 'https://x.example.org' })).rejects.toMatchObject({
      field: 'port',
    });
    await expect(requests.check(reader, { id: 'gone' })).rejects.toBeInstanceOf(
      ApiHostNotFoundError,
    );
  });

  it('refuses a device as CA file before anything is sent', async () => {
    const { requests, unsaved } = setup(false);
    await expect(requests.check(admin, { id: 'prod', ca_file: '/dev/zero' })).rejects.toMatchObject(
      { field: 'ca_file' },
    );
    expect(unsaved).toEqual([]);
  });
});
