/**
 * Mounts the app the URL names into the app area and unmounts the previous one. Listens to the
 * browser history, so links, `navigateToApp` and back/forward all go through the same path.
 */
import type { History, Location } from 'history';
import type { BasePath } from '../http/base-path';
import type {
  AppLeaveAction,
  AppMountParameters,
  ApplicationStart,
  MountPoint,
  UnmountCallback,
} from '../types';
import { createStore } from '../utils/store';
import type { ApplicationRegistry, RegisteredApp } from './application-registry';
import { createScopedHistory } from './scoped-history';

export type AppView =
  | { status: 'idle' }
  | { status: 'mounting' | 'mounted'; app: RegisteredApp }
  | { status: 'error'; app: RegisteredApp; error: Error }
  | { status: 'not-found'; path: string };

interface MountedApp {
  app: RegisteredApp;
  element: HTMLElement;
  unmount?: UnmountCallback;
  leaveHandler?: Parameters<AppMountParameters['onAppLeave']>[0];
}

export interface AppRouterDeps {
  registry: ApplicationRegistry;
  history: History;
  basePath: BasePath;
  confirm(text: string, title?: string): Promise<boolean>;
  /** Each time another app is about to mount (the chrome resets title and breadcrumbs). */
  onAppChange(app: RegisteredApp): void;
  /** Reports an app's unmount failure without stopping the navigation. */
  onError(error: Error): void;
}

const leaveActions = {
  default: (): AppLeaveAction => ({ type: 'default' }),
  confirm: (text: string, title?: string): AppLeaveAction => ({ type: 'confirm', text, title }),
};

export class AppRouter {
  readonly view = createStore<AppView>({ status: 'idle' });
  readonly headerActionMenu = createStore<MountPoint | undefined>(undefined);
  /** The page's path (without the base path) and query, for the navigation's highlight. */
  readonly location = createStore<{ pathname: string; search: string }>({
    pathname: '',
    search: '',
  });
  private current?: MountedApp;
  private container?: HTMLElement;
  private stopListening?: () => void;

  constructor(private readonly deps: AppRouterDeps) {}

  /** Starts routing into `container`: mounts the app of the current URL and follows every change. */
  attach(container: HTMLElement): void {
    this.container = container;
    this.stopListening = this.deps.history.listen(({ location }) => this.route(location));
    window.addEventListener('beforeunload', this.onBeforeUnload);
    this.route(this.deps.history.location);
  }

  detach(): void {
    this.stopListening?.();
    window.removeEventListener('beforeunload', this.onBeforeUnload);
    this.unmountCurrent();
  }

  currentAppId(): string | undefined {
    return this.current?.app.id;
  }

  contract(): ApplicationStart {
    return {
      navigateToApp: (appId, options) => this.navigateToApp(appId, options),
      navigateToUrl: (url) => this.navigateToUrl(url),
      getUrlForApp: (appId, options) => this.getUrlForApp(appId, options),
      currentAppId: () => this.currentAppId(),
    };
  }

  async navigateToApp(
    appId: string,
    { path, replace, state }: { path?: string; replace?: boolean; state?: unknown } = {},
  ): Promise<void> {
    if (appId !== this.current?.app.id && !(await this.mayLeave())) return;
    const url = this.deps.basePath.prepend(
      appPath(this.routeOf(appId), path ?? this.deps.registry.get(appId)?.defaultPath),
    );
    if (replace) this.deps.history.replace(url, state);
    else this.deps.history.push(url, state);
  }

  async navigateToUrl(url: string): Promise<void> {
    const target = new URL(url, window.location.href);
    const { basePath, registry } = this.deps;
    const isDashboardUrl =
      target.origin === window.location.origin &&
      (basePath.get() === '' || basePath.remove(target.pathname) !== target.pathname);
    const app = isDashboardUrl ? registry.findByPath(basePath.remove(target.pathname)) : undefined;
    if (!app) {
      window.location.assign(target.href);
      return;
    }
    if (app.id !== this.current?.app.id && !(await this.mayLeave())) return;
    this.deps.history.push(`${target.pathname}${target.search}${target.hash}`);
  }

  getUrlForApp(
    appId: string,
    { path, absolute }: { path?: string; absolute?: boolean } = {},
  ): string {
    const url = this.deps.basePath.prepend(appPath(this.routeOf(appId), path));
    return absolute ? new URL(url, window.location.origin).href : url;
  }

  /** The href of a dashboard path such as `/app/svc-server?tab=logs` (the base path prepended). */
  hrefOf(path: string): string {
    return this.deps.basePath.prepend(path);
  }

  private routeOf(appId: string): string {
    return this.deps.registry.get(appId)?.appRoute ?? `/app/${appId}`;
  }

  private route(location: Location): void {
    const path = this.deps.basePath.remove(location.pathname);
    this.location.set({ pathname: path, search: location.search });
    if (path === '/app' || path === '/app/') {
      this.openDefaultApp(path);
      return;
    }
    const app = this.deps.registry.findByPath(path);
    if (app && app.id === this.current?.app.id) return;
    this.unmountCurrent();
    if (app) void this.mount(app);
    else this.view.set({ status: 'not-found', path });
  }

  private openDefaultApp(path: string): void {
    const first = this.deps.registry.navLinks()[0];
    if (first) void this.navigateToApp(first.id, { replace: true });
    else this.view.set({ status: 'not-found', path });
  }

  private async mount(app: RegisteredApp): Promise<void> {
    if (!this.container) return;
    const element = document.createElement('div');
    element.className = 'shellAppMount';
    element.dataset.appId = app.id;
    this.container.appendChild(element);
    const mounted: MountedApp = { app, element };
    this.current = mounted;
    this.deps.onAppChange(app);
    this.view.set({ status: 'mounting', app });
    const appBasePath = this.deps.basePath.prepend(app.appRoute);
    try {
      const unmount = await app.mount({
        element,
        history: createScopedHistory(this.deps.history, appBasePath),
        appBasePath,
        onAppLeave: (handler) => {
          mounted.leaveHandler = handler;
        },
        setHeaderActionMenu: (menuMount) => {
          if (this.current === mounted) this.headerActionMenu.set(menuMount);
        },
      });
      if (this.current !== mounted) {
        // The user left while the app was still loading.
        this.callUnmount(unmount);
        return;
      }
      mounted.unmount = unmount;
      this.view.set({ status: 'mounted', app });
    } catch (error) {
      if (this.current === mounted) this.view.set({ status: 'error', app, error: error as Error });
    }
  }

  private unmountCurrent(): void {
    const mounted = this.current;
    this.current = undefined;
    this.headerActionMenu.set(undefined);
    if (!mounted) return;
    if (mounted.unmount) this.callUnmount(mounted.unmount);
    mounted.element.remove();
  }

  private callUnmount(unmount: UnmountCallback): void {
    try {
      unmount();
    } catch (error) {
      this.deps.onError(error as Error);
    }
  }

  /** Asks the current app's leave handler; a `confirm` action asks the user. */
  private async mayLeave(): Promise<boolean> {
    const action = this.current?.leaveHandler?.(leaveActions);
    if (!action || action.type === 'default') return true;
    return this.deps.confirm(action.text, action.title);
  }

  private readonly onBeforeUnload = (event: BeforeUnloadEvent): void => {
    const action = this.current?.leaveHandler?.(leaveActions);
    if (action?.type === 'confirm') {
      event.preventDefault();
      event.returnValue = action.text;
    }
  };
}

/** `/app/<id>` joined with an app-relative path (`/agents`, `agents`, `?q=1`, `#x`). */
export function appPath(route: string, path?: string): string {
  if (!path) return route;
  if (/^[?#]/.test(path)) return `${route}${path}`;
  return `${route}${path.startsWith('/') ? '' : '/'}${path}`;
}
