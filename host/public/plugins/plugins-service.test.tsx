import type { InjectedUiPlugin } from '../../common/injected-metadata';
import type { CoreSetup, CoreStart, Plugin, PluginInitializerContext } from '../types';
import { PluginsService } from './plugins-service';

const env: PluginInitializerContext['env'] = {
  mode: { name: 'production', dev: false, prod: true },
  packageInfo: { version: '1.2.3' },
};
const coreSetup = { marker: 'core setup' } as unknown as Omit<CoreSetup, 'getStartServices'>;
const coreStart = { marker: 'core start' } as unknown as CoreStart;

const meta = (
  id: string,
  requiredPlugins: string[] = [],
  optionalPlugins: string[] = [],
): InjectedUiPlugin => ({
  id,
  requiredPlugins,
  optionalPlugins,
  config: { id },
  bundleUrl: `/bundles/plugin-${id}.js`,
});

function register(id: string, plugin: unknown): void {
  window.__osdBundles__ = { ...window.__osdBundles__, [`plugin/${id}/public`]: { plugin } };
}

afterEach(() => {
  delete window.__osdBundles__;
});

describe('browser plugin lifecycle', () => {
  it('loads every bundle, then runs setup and start in order with dependency contracts by id', async () => {
    const calls: string[] = [];
    const contexts: PluginInitializerContext[] = [];
    const seen: Record<string, unknown> = {};
    const define =
      (id: string) =>
      (context: PluginInitializerContext): Plugin => {
        contexts.push(context);
        return {
          setup: (core, deps) => {
            calls.push(`setup ${id}`);
            seen[`setup ${id}`] = deps;
            expect(core).toMatchObject({ marker: 'core setup' });
            return { setupOf: id };
          },
          start: (core, deps) => {
            calls.push(`start ${id}`);
            seen[`start ${id}`] = deps;
            expect(core).toBe(coreStart);
            return { startOf: id };
          },
        };
      };
    const loaded: string[] = [];
    const service = new PluginsService({
      plugins: [meta('svc', [], ['notifications']), meta('svcCheckUpdates', ['svc'])],
      env,
      loadBundle: async (url) => {
        loaded.push(url);
        register(
          url.includes('CheckUpdates') ? 'svcCheckUpdates' : 'svc',
          define(url.includes('CheckUpdates') ? 'svcCheckUpdates' : 'svc'),
        );
      },
    });
    await service.initialize();
    await service.setup(coreSetup);
    await service.start(coreStart);

    expect(loaded).toEqual(['/bundles/plugin-svc.js', '/bundles/plugin-svcCheckUpdates.js']);
    expect(calls).toEqual([
      'setup svc',
      'setup svcCheckUpdates',
      'start svc',
      'start svcCheckUpdates',
    ]);
    expect(seen).toEqual({
      'setup svc': {},
      'setup svcCheckUpdates': { svc: { setupOf: 'svc' } },
      'start svc': {},
      'start svcCheckUpdates': { svc: { startOf: 'svc' } },
    });
    expect(contexts.map((context) => context.config.get())).toEqual([
      { id: 'svc' },
      { id: 'svcCheckUpdates' },
    ]);
    expect(contexts[0].env.packageInfo.version).toBe('1.2.3');
  });

  it('resolves getStartServices with core start, dependency start contracts and its own start contract', async () => {
    let getStartServices!: CoreSetup['getStartServices'];
    register('a', () => ({ setup: () => ({}), start: () => ({ a: true }) }));
    register('b', () => ({
      setup: (core: CoreSetup) => {
        getStartServices = core.getStartServices;
        return {};
      },
      start: () => ({ b: true }),
    }));
    const service = new PluginsService({
      plugins: [meta('a'), meta('b', ['a'])],
      env,
      loadBundle: async () => undefined,
    });
    await service.initialize();
    await service.setup(coreSetup);
    const services = getStartServices();
    await service.start(coreStart);
    await expect(services).resolves.toEqual([coreStart, { a: { a: true } }, { b: true }]);
  });

  it('names a plugin whose bundle did not register it', async () => {
    const service = new PluginsService({
      plugins: [meta('missing')],
      env,
      loadBundle: () => Promise.reject(new Error('404')),
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(service.initialize()).rejects.toThrow(
      'Definition of plugin "missing" not found and may have failed to load.',
    );
  });

  it('refuses a definition that is not a function, and an instance without setup or start', async () => {
    register('notAFunction', { setup: () => ({}) });
    await expect(
      new PluginsService({
        plugins: [meta('notAFunction')],
        env,
        loadBundle: async () => undefined,
      }).initialize(),
    ).rejects.toThrow('Definition of plugin "notAFunction" should be a function.');
    register('noStart', () => ({ setup: () => ({}) }));
    await expect(
      new PluginsService({
        plugins: [meta('noStart')],
        env,
        loadBundle: async () => undefined,
      }).initialize(),
    ).rejects.toThrow('Instance of plugin "noStart" does not define "start" function.');
  });
});
