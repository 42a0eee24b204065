import { createMemoryHistory, type MemoryHistory } from 'history';
import { BasePath } from '../http/base-path';
import { AppNavLinkStatus, type App, type AppMountParameters } from '../types';
import { ApplicationRegistry } from './application-registry';
import { AppRouter } from './app-router';

const app = (id: string, extra: Partial<App> = {}): App => ({
  id,
  title: id.toUpperCase(),
  mount: () => () => undefined,
  ...extra,
});

describe('application registry', () => {
  it('refuses a second app with the same id or route', () => {
    const registry = new ApplicationRegistry('');
    registry.register(app('agents'));
    expect(() => registry.register(app('agents'))).toThrow(
      'An application is already registered with the id "agents"',
    );
    expect(() => registry.register(app('other', { appRoute: '/app/agents' }))).toThrow(
      'An application is already registered with the appRoute "/app/agents"',
    );
  });

  it('refuses a route that includes the base path', () => {
    const registry = new ApplicationRegistry('/svc');
    expect(() => registry.register(app('agents', { appRoute: '/svc/app/agents' }))).toThrow(
      'Cannot register an application route that includes HTTP base path',
    );
  });

  it('refuses registrations after setup', () => {
    const registry = new ApplicationRegistry('');
    registry.close();
    expect(() => registry.register(app('late'))).toThrow(
      'Applications cannot be registered after "setup"',
    );
  });

  it('lists nav links by order then title, without hidden apps', () => {
    const registry = new ApplicationRegistry('');
    registry.register(app('settings', { order: 9 }));
    registry.register(app('zeta'));
    registry.register(app('overview', { order: 1 }));
    registry.register(app('alpha'));
    registry.register(app('console', { order: 2, navLinkStatus: AppNavLinkStatus.hidden }));
    expect(registry.navLinks().map(({ id }) => id)).toEqual([
      'overview',
      'settings',
      'alpha',
      'zeta',
    ]);
  });

  it('finds the app of a path by its longest route', () => {
    const registry = new ApplicationRegistry('');
    registry.register(app('svc', { appRoute: '/app/svc' }));
    registry.register(app('svcConsole', { appRoute: '/app/svc/console' }));
    expect(registry.findByPath('/app/svc/console/x')?.id).toBe('svcConsole');
    expect(registry.findByPath('/app/svc/agents')?.id).toBe('svc');
    expect(registry.findByPath('/app/svcx')).toBeUndefined();
  });
});

describe('app router', () => {
  let history: MemoryHistory;
  let registry: ApplicationRegistry;
  let router: AppRouter;
  let container: HTMLElement;
  let confirm: jest.Mock<Promise<boolean>, [string, string | undefined]>;
  const mounted: Array<{ id: string; params: AppMountParameters }> = [];
  const unmounted: string[] = [];

  /** An app that draws its scoped path and records its mount and unmount. */
  const recordingApp = (id: string, extra: Partial<App> = {}): App =>
    app(id, {
      mount: (params) => {
        mounted.push({ id, params });
        params.element.textContent = `${id}:${params.history.location.pathname}`;
        return () => unmounted.push(id);
      },
      ...extra,
    });

  function start(path: string, apps: App[], basePath = '/svc'): void {
    history = createMemoryHistory({ initialEntries: [path] });
    registry = new ApplicationRegistry(basePath);
    apps.forEach((each) => registry.register(each));
    registry.close();
    confirm = jest.fn();
    router = new AppRouter({
      registry,
      history,
      basePath: new BasePath(basePath),
      confirm,
      onAppChange: jest.fn(),
      onError: jest.fn(),
    });
    container = document.createElement('div');
    router.attach(container);
  }

  /** Resolves once the router is done with the URL: an app mounted or failed, or none found. */
  function settled(): Promise<void> {
    const done = () => !['idle', 'mounting'].includes(router.view.get().status);
    return new Promise((resolve) => {
      if (done()) return resolve();
      const stop = router.view.subscribe(() => {
        if (!done()) return;
        stop();
        resolve();
      });
    });
  }

  beforeEach(() => {
    mounted.length = 0;
    unmounted.length = 0;
  });
  afterEach(() => router.detach());

  it('mounts the app the URL names with a history rooted at the app', async () => {
    start('/svc/app/agents/007', [recordingApp('overview'), recordingApp('agents')]);
    await settled();
    expect(container.textContent).toBe('agents:/007');
    expect(mounted[0].params.appBasePath).toBe('/svc/app/agents');
    mounted[0].params.history.push('/008?tab=sca');
    expect(history.location.pathname).toBe('/svc/app/agents/008');
    expect(history.location.search).toBe('?tab=sca');
    expect(mounted[0].params.history.createHref('/x')).toBe('/svc/app/agents/x');
  });

  it('switches apps on navigation and back/forward, unmounting the one left', async () => {
    start('/svc/app/overview', [
      recordingApp('overview', { order: 1 }),
      recordingApp('agents', { order: 2 }),
    ]);
    await settled();
    await router.navigateToApp('agents', { path: '/001' });
    await settled();
    expect(history.location.pathname).toBe('/svc/app/agents/001');
    expect(unmounted).toEqual(['overview']);
    expect(container.textContent).toBe('agents:/001');

    history.back();
    await settled();
    expect(router.currentAppId()).toBe('overview');
    expect(container.textContent).toBe('overview:/');
    history.forward();
    await settled();
    expect(router.currentAppId()).toBe('agents');
    expect(unmounted).toEqual(['overview', 'agents', 'overview']);
  });

  it('sends /app to the first app in the navigation', async () => {
    start('/svc/app', [
      recordingApp('settings', { order: 9 }),
      recordingApp('overview', { order: 1 }),
    ]);
    await settled();
    expect(history.location.pathname).toBe('/svc/app/overview');
    expect(history.index).toBe(0);
    expect(router.currentAppId()).toBe('overview');
  });

  it('shows "not found" for a URL no app answers', async () => {
    start('/svc/app/nothing', [recordingApp('overview')]);
    await settled();
    expect(router.view.get()).toEqual({ status: 'not-found', path: '/app/nothing' });
  });

  it('reports an app whose mount fails', async () => {
    start('/svc/app/broken', [
      app('broken', { mount: () => Promise.reject(new Error('chunk failed to load')) }),
    ]);
    await settled();
    expect(router.view.get()).toMatchObject({
      status: 'error',
      error: { message: 'chunk failed to load' },
    });
  });

  it('asks before leaving an app that wants confirmation, and stays when the user says no', async () => {
    start('/svc/app/console', [recordingApp('console'), recordingApp('overview')]);
    await settled();
    mounted[0].params.onAppLeave((actions) =>
      actions.confirm('Unsaved requests will be lost.', 'Leave the console?'),
    );
    confirm.mockResolvedValueOnce(false);
    await router.navigateToApp('overview');
    expect(confirm).toHaveBeenCalledWith('Unsaved requests will be lost.', 'Leave the console?');
    expect(router.currentAppId()).toBe('console');
    confirm.mockResolvedValueOnce(true);
    await router.navigateToApp('overview');
    await settled();
    expect(router.currentAppId()).toBe('overview');
  });

  it('builds app URLs under the base path', async () => {
    start('/svc/app/overview', [
      recordingApp('overview'),
      recordingApp('agents', { defaultPath: '/list' }),
    ]);
    expect(router.getUrlForApp('agents', { path: 'x?y=1' })).toBe('/svc/app/agents/x?y=1');
    expect(router.getUrlForApp('agents', { absolute: true })).toBe(
      `${window.location.origin}/svc/app/agents`,
    );
    await router.navigateToApp('agents');
    expect(history.location.pathname).toBe('/svc/app/agents/list');
  });
});
