/** The server base path (`SVC_BASE_PATH`): every route and asset is served under it. */
import type { IBasePath } from '../types';

/** `'/svc/'` → `'/svc'`, `'/'` → `''`; anything not starting with `/` is a configuration error. */
export function normalizeBasePath(basePath: string): string {
  if (basePath === '' || basePath === '/') return '';
  if (!basePath.startsWith('/'))
    throw new Error(`The base path [${basePath}] must start with "/".`);
  if (/[?#\s]/.test(basePath))
    throw new Error(`The base path [${basePath}] must not contain "?", "#" or spaces.`);
  return basePath.replace(/\/+$/, '');
}

export function createBasePath(serverBasePath: string): IBasePath {
  return {
    serverBasePath,
    get: () => serverBasePath,
    prepend(path) {
      if (serverBasePath === '' || !path.startsWith('/') || path.startsWith('//')) return path;
      return `${serverBasePath}${path}`;
    },
    remove(path) {
      if (serverBasePath === '') return path;
      if (path === serverBasePath) return '/';
      return path.startsWith(`${serverBasePath}/`) ? path.slice(serverBasePath.length) : path;
    },
  };
}
