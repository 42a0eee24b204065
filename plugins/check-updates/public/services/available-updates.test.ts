/**
 * @jest-environment jsdom
 */
import { setSelectedApiHostId } from '../../common/selected-api-host';
import { availableUpdates, createFakeCore, httpError } from '../test-support/fake-core';
import { getAvailableUpdates } from './available-updates';
import { setCoreServices } from './core-services';

function start(initial: Parameters<typeof createFakeCore>[0] = {}) {
  const core = createFakeCore(initial);
  setCoreServices(core.services);
  return core;
}

const updateRequests = (core: ReturnType<typeof createFakeCore>) =>
  core.server.requests.filter((request) => request.path === '/api/v1/svc-check-updates/updates');

beforeEach(() => {
  window.sessionStorage.clear();
  setSelectedApiHostId('manager-1');
});

describe('getAvailableUpdates', () => {
  it('asks the server for the selected host once per browser session', async () => {
    const core = start();
    expect(await getAvailableUpdates()).toEqual(availableUpdates);
    expect(await getAvailableUpdates()).toEqual(availableUpdates);
    expect(updateRequests(core).map((request) => request.query)).toEqual([
      { api_id: 'manager-1', force: false },
    ]);
  });

  it('shares one request between parallel callers', async () => {
    const core = start();
    await Promise.all([getAvailableUpdates(), getAvailableUpdates(), getAvailableUpdates(true)]);
    expect(updateRequests(core)).toHaveLength(1);
  });

  it('keeps a cache per host', async () => {
    const core = start();
    await getAvailableUpdates();
    setSelectedApiHostId('manager-2');
    await getAvailableUpdates();
    expect(updateRequests(core).map((request) => request.query?.api_id)).toEqual([
      'manager-1',
      'manager-2',
    ]);
  });

  it('bypasses the cache and makes the server ask the host when forced', async () => {
    const core = start();
    await getAvailableUpdates();
    core.server.updates = { ...availableUpdates, last_available_patch: null };
    expect((await getAvailableUpdates(false, true)).last_available_patch).toBeNull();
    expect(updateRequests(core).map((request) => request.query?.force)).toEqual([false, true]);
    expect((await getAvailableUpdates()).last_available_patch).toBeNull();
  });

  it('answers without release descriptions when only checking', async () => {
    start();
    const checked = await getAvailableUpdates(true);
    expect(checked.last_available_major).toEqual({
      ...availableUpdates.last_available_major,
      description: '',
    });
    expect(checked.last_available_patch?.version).toBe('4.8.2');
    expect((await getAvailableUpdates()).last_available_major?.description).toBe('Major release');
  });

  it('does not cache a failure', async () => {
    const core = start({
      updates: httpError(502, 'API host [manager-1] failed to check for updates'),
    });
    await expect(getAvailableUpdates()).rejects.toThrow(
      'API host [manager-1] failed to check for updates',
    );
    core.server.updates = availableUpdates;
    await expect(getAvailableUpdates()).resolves.toEqual(availableUpdates);
  });

  it('rejects with a clear message when no host is selected', async () => {
    start();
    setSelectedApiHostId(undefined);
    await expect(getAvailableUpdates()).rejects.toThrow('No API host is selected');
  });
});
