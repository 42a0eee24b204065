import { createMemoryHistory } from 'history';
import type { App, AppMountParameters, CoreSetup, CoreStart } from '../../../host/public/types';
import { getSvcServices } from './services/svc-services';
import { TELEMETRY_SETTING } from './services/telemetry';
import { plugin } from './index';

function fakeCore(settings: Record<string, unknown> = {}) {
  const apps: App[] = [];
  const setSecurityWarningsVisible = jest.fn();
  const start = {
    application: { currentAppId: () => 'svc-agents', getUrlForApp: (id: string) => `/app/${id}` },
    chrome: {
      setSecurityWarningsVisible,
      docTitle: { change: jest.fn(), reset: jest.fn() },
      setBreadcrumbs: jest.fn(),
    },
    http: {
      basePath: { prepend: (path: string) => path, remove: (path: string) => path },
      post: jest.fn(async () => ({})),
      get: jest.fn(async () => []),
    },
    notifications: {
      toasts: { addDanger: jest.fn(), addWarning: jest.fn(), addSuccess: jest.fn() },
    },
    uiSettings: {
      isDeclared: (key: string) => key in settings,
      get: (key: string, fallback?: unknown) => (key in settings ? settings[key] : fallback),
    },
    rendering: { render: jest.fn(() => () => undefined) },
  } as unknown as CoreStart;
  const setup = {
    application: { register: (app: App) => apps.push(app) },
    getStartServices: async () => [start, {}, {}],
  } as unknown as CoreSetup;
  return { setup, start, apps, setSecurityWarningsVisible };
}

describe('svc browser plugin', () => {
  it('registers the fifteen apps and the API console, each in its navigation group', () => {
    const { setup, apps } = fakeCore();
    expect(plugin().setup(setup)).toEqual({});
    expect(apps.map((app) => [app.id, app.title, app.category?.label])).toEqual([
      ['svc-overview', 'Overview', 'Home'],
      ['svc-threat-hunting', 'Threat Hunting', 'Threat intelligence'],
      ['svc-it-hygiene', 'IT Hygiene', 'Security operations'],
      ['svc-modules', 'Modules', 'Home'],
      ['svc-agents', 'Agents', 'Agents management'],
      ['svc-rules', 'Rules', 'Server management'],
      ['svc-decoders', 'Decoders', 'Server management'],
      ['svc-lists', 'CDB lists', 'Server management'],
      ['svc-groups', 'Groups', 'Agents management'],
      ['svc-sca', 'SCA', 'Endpoint security'],
      ['svc-server', 'Server', 'Server management'],
      ['svc-security', 'Security', 'Server management'],
      ['svc-settings', 'Settings', 'Dashboard management'],
      ['svc-app-settings', 'App settings', 'Dashboard management'],
      ['svc-health-check', 'Health check', 'Dashboard management'],
      ['svc-console', 'API console', 'Server management'],
    ]);
    // Overview opens first (`/app` goes to the first app by order).
    expect(Math.min(...apps.map((app) => app.order ?? Infinity))).toBe(
      apps.find((app) => app.id === 'svc-overview')?.order,
    );
  });

  it('lists each module under its category and the Server pages under the Server app', () => {
    const { setup, apps } = fakeCore();
    plugin().setup(setup);
    const modules = apps.find((app) => app.id === 'svc-modules')?.deepLinks ?? [];
    const categoryOf = (id: string) => modules.find((link) => link.id === id)?.category?.label;
    expect(categoryOf('file-integrity-monitoring')).toBe('Endpoint security');
    expect(categoryOf('mitre-attack')).toBe('Threat intelligence');
    expect(categoryOf('pci-dss')).toBe('Security operations');
    expect(categoryOf('amazon-web-services')).toBe('Cloud security');
    // Threat Hunting is its own app, not a second entry.
    expect(modules.map((link) => link.id)).not.toContain('threat-hunting');
    expect(modules.find((link) => link.id === 'pci-dss')?.path).toBe('/pci-dss');

    const server = apps.find((app) => app.id === 'svc-server')?.deepLinks ?? [];
    expect(server.map((link) => [link.title, link.path, link.category])).toEqual([
      ['Status', '?tab=status', undefined],
      ['Cluster', '?tab=cluster', undefined],
      ['Logs', '?tab=logs', undefined],
      ['Configuration', '?tab=configuration', undefined],
    ]);
  });

  it('at start holds the services, hides the security warnings, keeps telemetry off and returns nothing', async () => {
    const { setup, start, setSecurityWarningsVisible } = fakeCore();
    const instance = plugin();
    instance.setup(setup);
    expect(instance.start(start)).toEqual({});
    expect(setSecurityWarningsVisible).toHaveBeenCalledWith(false);
    const services = getSvcServices();
    expect(services.telemetry.enabled).toBe(false);
    expect((await services.queryLanguages.load('wql')).translate('status=active', [])).toEqual({
      ok: true,
      query: { q: 'status=active' },
    });
    expect(services.queryLanguages.list().map((language) => language.id)).toEqual([
      'wql',
      'dql',
      'lucene',
    ]);
  });

  it('counts usage locally only when the setting is on', () => {
    const { setup, start } = fakeCore({ [TELEMETRY_SETTING]: true });
    const instance = plugin();
    instance.setup(setup);
    instance.start(start);
    window.localStorage.clear();
    getSvcServices().telemetry.appOpened('svc-agents');
    expect(getSvcServices().telemetry.counts()).toMatchObject({
      apps: { 'svc-agents': 1 },
      errors: 0,
    });
    expect(start.http.post).not.toHaveBeenCalled();
  });

  it('loads an app’s code when the shell mounts it, and renders it into the element', async () => {
    const { setup, start, apps } = fakeCore();
    const instance = plugin();
    instance.setup(setup);
    instance.start(start);
    const element = document.createElement('div');
    const params = {
      element,
      history: createMemoryHistory(),
      appBasePath: '/app/svc-rules',
      onAppLeave: jest.fn(),
      setHeaderActionMenu: jest.fn(),
    } as AppMountParameters;
    const unmount = await apps.find((app) => app.id === 'svc-rules')!.mount(params);
    expect(start.rendering.render).toHaveBeenCalledWith(expect.anything(), element);
    expect(start.chrome.docTitle.change).toHaveBeenCalledWith(['Rules', 'Security']);
    expect(start.chrome.setBreadcrumbs).toHaveBeenCalledWith([
      { text: 'Server management' },
      { text: 'Rules' },
    ]);
    unmount();
    expect(start.chrome.docTitle.reset).toHaveBeenCalled();
  });
});
