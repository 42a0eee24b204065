import { randomBytes } from 'node:crypto';
import { startTestSavedObjects, type TestSavedObjects } from '@host/server/saved-objects/testing';
import { API_HOST_SAVED_OBJECT_TYPE } from '../../../common/api-hosts';
import { ApiHostStore } from './api-host-store';
import { SecretCipher } from '../secrets/secret-cipher';
import { apiHostSavedObjectType } from './saved-object-type';
import { seedApiHosts } from './seed-hosts';

const seed = {
  id: 'prod',
  url: 'https://manager.example.org',
  port: 55000,
  username: 'wazuh-wui',
  password: 'first',
  run_as: true,
  tls_verify: true,
  demo: false,
};

describe('seedApiHosts', () => {
  let savedObjects: TestSavedObjects;
  let store: ApiHostStore;

  beforeEach(async () => {
    savedObjects = await startTestSavedObjects((setup) =>
      setup.registerType(apiHostSavedObjectType),
    );
    store = new ApiHostStore(
      savedObjects.start.createInternalRepository([API_HOST_SAVED_OBJECT_TYPE]),
      new SecretCipher(randomBytes(32)),
    );
  });
  afterEach(() => savedObjects.cleanup());

  it('stores missing hosts and keeps the stored copy of existing ones', async () => {
    await seedApiHosts(store, [seed], savedObjects.logger);
    await store.update('prod', { port: 1234 });
    await seedApiHosts(store, [{ ...seed, password: 'second' }], savedObjects.logger);
    expect(await store.get('prod')).toMatchObject({ port: 1234 });
    expect((await store.resolve('prod'))?.readPassword()).toBe('first');
  });

  it('moves the demo host to the simulator of this start', async () => {
    await seedApiHosts(store, [{ ...seed, id: 'demo', demo: true }], savedObjects.logger);
    expect(await store.get('demo')).toMatchObject({ demo: true, port: 55000 });
    await seedApiHosts(
      store,
      [{ ...seed, id: 'demo', demo: true, port: 41000, password: 'new' }],
      savedObjects.logger,
    );
    expect(await store.get('demo')).toMatchObject({ demo: true, port: 41000 });
    expect((await store.resolve('demo'))?.readPassword()).toBe('new');
  });

  it('refuses an invalid seed with the field named', async () => {
    await expect(
      seedApiHosts(store, [{ ...seed, url: 'ftp://x' }], savedObjects.logger),
    ).rejects.toThrow('[url]: must use the http or https scheme');
  });
});
