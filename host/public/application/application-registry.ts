/**
 * Registered applications and the rules of `application.register` (OpenSearch Dashboards messages):
 * unique ids, unique routes, no base path in a route, registration only during setup.
 */
import { AppNavLinkStatus, type App } from '../types';

export interface RegisteredApp extends App {
  appRoute: string;
}

export class ApplicationRegistry {
  private readonly apps = new Map<string, RegisteredApp>();
  private open = true;

  constructor(private readonly basePath: string) {}

  register(app: App): void {
    if (!this.open) throw new Error('Applications cannot be registered after "setup"');
    if (this.apps.has(app.id))
      throw new Error(`An application is already registered with the id "${app.id}"`);
    const appRoute = app.appRoute ?? `/app/${app.id}`;
    if ([...this.apps.values()].some((other) => other.appRoute === appRoute)) {
      throw new Error(`An application is already registered with the appRoute "${appRoute}"`);
    }
    if (this.basePath && (appRoute === this.basePath || appRoute.startsWith(`${this.basePath}/`))) {
      throw new Error('Cannot register an application route that includes HTTP base path');
    }
    this.apps.set(app.id, { ...app, appRoute });
  }

  /** Called when every plugin's setup has run. */
  close(): void {
    this.open = false;
  }

  get(id: string): RegisteredApp | undefined {
    return this.apps.get(id);
  }

  /** The app whose route is the longest prefix of `path` (a path without the base path). */
  findByPath(path: string): RegisteredApp | undefined {
    return [...this.apps.values()]
      .filter((app) => path === app.appRoute || path.startsWith(`${app.appRoute}/`))
      .sort((a, b) => b.appRoute.length - a.appRoute.length)[0];
  }

  /** Apps shown in the header, by `order` (apps without one last), then title. */
  navLinks(): RegisteredApp[] {
    return [...this.apps.values()]
      .filter((app) => app.navLinkStatus !== AppNavLinkStatus.hidden)
      .sort(
        (a, b) =>
          (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER) ||
          a.title.localeCompare(b.title),
      );
  }
}
