import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { startTestSavedObjects, type TestSavedObjects } from '@host/server/saved-objects/testing';
import { API_HOST_SAVED_OBJECT_TYPE } from '../../../common/api-hosts';
import { StoredCredentialsError } from '../managed-api/errors';
import { ApiHostStore, type ApiHostAttributes, type ApiHostChange } from './api-host-store';
import { ApiHostConflictError } from './errors';
import { ApiHostNotFoundError } from '../managed-api/errors';
import { RequestFieldError } from '../request-field-error';
import { SecretCipher } from '../secrets/secret-cipher';
import { apiHostSavedObjectType } from './saved-object-type';

const PASSWORD = 'Sup3r-secret-password';
const input = {
  id: 'prod',
  url: 'https://Manager.example.org/',
  port: 55000,
  username: 'wazuh-wui',
  password: PASSWORD,
  run_as: true,
};

describe('ApiHostStore', () => {
  let savedObjects: TestSavedObjects;
  let store: ApiHostStore;
  let changes: ApiHostChange[];
  const key = randomBytes(32);

  beforeEach(async () => {
    savedObjects = await startTestSavedObjects((setup) =>
      setup.registerType(apiHostSavedObjectType),
    );
    store = new ApiHostStore(
      savedObjects.start.createInternalRepository([API_HOST_SAVED_OBJECT_TYPE]),
      new SecretCipher(key),
    );
    changes = [];
    store.onChange((change) => changes.push(change));
  });
  afterEach(() => savedObjects.cleanup());

  it('stores a host with its password encrypted and never returns the password', async () => {
    const created = await store.create(input);
    expect(created).toEqual({
      id: 'prod',
      url: 'https://manager.example.org',
      port: 55000,
      username: 'wazuh-wui',
      run_as: true,
      tls_verify: true,
      version: expect.any(String),
    });
    const raw = await savedObjects.start
      .createInternalRepository([API_HOST_SAVED_OBJECT_TYPE])
      .get<ApiHostAttributes>(API_HOST_SAVED_OBJECT_TYPE, 'prod');
    expect(JSON.stringify(raw)).not.toContain(PASSWORD);
    expect(JSON.stringify(await store.list())).not.toContain(PASSWORD);
    expect((await store.resolve('prod'))?.readPassword()).toBe(PASSWORD);
    expect(changes).toEqual([{ kind: 'created', id: 'prod' }]);
  });

  it('refuses a duplicate id', async () => {
    await store.create(input);
    await expect(store.create({ ...input, password: 'other' })).rejects.toBeInstanceOf(
      ApiHostConflictError,
    );
  });

  it.each([
    [{ id: '../x' }, 'id'],
    [{ url: 'ftp://manager' }, 'url'],
    [{ url: 'https://manager:55000' }, 'url'],
    [{ port: 70000 }, 'port'],
    [{ username: '' }, 'username'],
    [{ password: '' }, 'password'],
    [{ ca_file: 'relative.pem' }, 'ca_file'],
    [{ ca_file: '/nonexistent/ca.pem' }, 'ca_file'],
  ])('names the field at fault: %j', async (override, field) => {
    await expect(store.create({ ...input, ...override })).rejects.toMatchObject({
      constructor: RequestFieldError,
      field,
    });
    expect(await store.list()).toEqual([]);
  });

  it('accepts a PEM CA file and refuses a file that is not one', async () => {
    const { cert } = await generate([{ name: 'commonName', value: 'ca' }], {
      keyType: 'ec',
      curve: 'P-256',
    });
    const caFile = join(savedObjects.dataDir, 'ca.pem');
    writeFileSync(caFile, cert);
    expect((await store.create({ ...input, ca_file: caFile })).ca_file).toBe(caFile);
    const notPem = join(savedObjects.dataDir, 'secret.txt');
    writeFileSync(notPem, 'top secret content');
    const failure = (await store
      .update('prod', { ca_file: notPem })
      .catch((error: unknown) => error)) as RequestFieldError;
    expect(failure).toMatchObject({ field: 'ca_file', reason: 'is not a PEM certificate' });
    expect(failure.message).not.toContain('top secret');
  });

  it('keeps the password when an edit does not change it, and encrypts a new one', async () => {
    const created = await store.create(input);
    const edited = await store.update(
      'prod',
      { port: 55001, run_as: false },
      { version: created.version },
    );
    expect(edited).toMatchObject({ port: 55001, run_as: false });
    expect(edited.version).not.toBe(created.version);
    expect((await store.resolve('prod'))?.readPassword()).toBe(PASSWORD);
    await store.update('prod', { password: 'new-password' });
    expect((await store.resolve('prod'))?.readPassword()).toBe('new-password');
    expect(changes.map((change) => change.kind)).toEqual(['created', 'updated', 'updated']);
  });

  it('removes the CA file with null', async () => {
    const { cert } = await generate([{ name: 'commonName', value: 'ca' }], {
      keyType: 'ec',
      curve: 'P-256',
    });
    const caFile = join(savedObjects.dataDir, 'ca.pem');
    writeFileSync(caFile, cert);
    await store.create({ ...input, ca_file: caFile });
    expect((await store.update('prod', { ca_file: null })).ca_file).toBeUndefined();
  });

  it('lets exactly one of two edits made from the same version win', async () => {
    const created = await store.create(input);
    const results = await Promise.allSettled([
      store.update('prod', { port: 1111 }, { version: created.version }),
      store.update('prod', { port: 2222 }, { version: created.version }),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find(
      (result) => result.status === 'rejected',
    ) as PromiseRejectedResult;
    expect(rejected.reason).toBeInstanceOf(ApiHostConflictError);
    const winner = (
      results.find((result) => result.status === 'fulfilled') as PromiseFulfilledResult<{
        port: number;
      }>
    ).value;
    expect((await store.get('prod'))?.port).toBe(winner.port);
  });

  it('applies unversioned concurrent edits one after the other without losing either', async () => {
    await store.create(input);
    await Promise.all([
      store.update('prod', { port: 1111 }),
      store.update('prod', { username: 'other-user' }),
      store.update('prod', { run_as: false }),
    ]);
    expect(await store.get('prod')).toMatchObject({
      port: 1111,
      username: 'other-user',
      run_as: false,
    });
  });

  it('refuses a stale version', async () => {
    const created = await store.create(input);
    await store.update('prod', { port: 1 });
    await expect(
      store.update('prod', { port: 2 }, { version: created.version }),
    ).rejects.toBeInstanceOf(ApiHostConflictError);
  });

  it('reports unknown hosts', async () => {
    await expect(store.update('nope', { port: 1 })).rejects.toBeInstanceOf(ApiHostNotFoundError);
    await expect(store.delete('nope')).rejects.toBeInstanceOf(ApiHostNotFoundError);
    expect(await store.get('nope')).toBeUndefined();
    expect(await store.resolve('nope')).toBeUndefined();
  });

  it('deletes hosts', async () => {
    await store.create(input);
    await store.delete('prod');
    expect(await store.list()).toEqual([]);
    expect(changes.map((change) => change.kind)).toEqual(['created', 'deleted']);
  });

  it('lists hosts in id order', async () => {
    for (const id of ['b', 'a', 'c']) await store.create({ ...input, id });
    expect((await store.list()).map((host) => host.id)).toEqual(['a', 'b', 'c']);
  });

  it('says clearly when the encryption key changed', async () => {
    await store.create(input);
    const otherKey = new ApiHostStore(
      savedObjects.start.createInternalRepository([API_HOST_SAVED_OBJECT_TYPE]),
      new SecretCipher(randomBytes(32)),
    );
    const host = await otherKey.resolve('prod');
    expect(() => host?.readPassword()).toThrow(StoredCredentialsError);
  });
});
