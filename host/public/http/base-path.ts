import type { IBasePath } from '../types';

/** Adds and strips the dashboard's base path (`SVC_BASE_PATH`) on URLs of its own routes. */
export class BasePath implements IBasePath {
  constructor(readonly serverBasePath: string) {}

  get(): string {
    return this.serverBasePath;
  }

  prepend(path: string): string {
    if (!this.serverBasePath || !path.startsWith('/') || path.startsWith('//')) return path;
    return this.isPrefixed(path) ? path : `${this.serverBasePath}${path}`;
  }

  remove(path: string): string {
    if (!this.serverBasePath || !this.isPrefixed(path)) return path;
    return path.slice(this.serverBasePath.length) || '/';
  }

  private isPrefixed(path: string): boolean {
    const rest = path.slice(this.serverBasePath.length);
    return path.startsWith(this.serverBasePath) && (rest === '' || /^[/?#]/.test(rest));
  }
}
