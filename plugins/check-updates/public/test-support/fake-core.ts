import type { HttpFetchOptions, HttpStart, MountPoint } from '@host/public/types';
import { ROUTES } from '../../common/constants';
import type { AvailableUpdates, UserPreferences } from '../../common/types';
import type { CheckUpdatesCoreServices } from '../services/core-services';
import { HttpFetchError } from '@host/public/testing';

export interface FakeServer {
  updates: AvailableUpdates | Error;
  preferences: UserPreferences | Error;
  /** Requests received, as `METHOD path?query` with their JSON body. */
  requests: Array<{
    method: string;
    path: string;
    query?: HttpFetchOptions['query'];
    body?: unknown;
  }>;
}

/** An error as the host's http client rejects it: the server's error body on `body`. */
/** A failed dashboard answer, as the shell's HTTP client rejects with it. */
export function httpError(statusCode: number, message: string, code?: string): Error {
  return new HttpFetchError(
    message,
    'HttpFetchError',
    // Only what the client reads of them: plain jsdom has no fetch classes.
    { url: 'http://localhost/' } as Request,
    { status: statusCode, ok: false } as Response,
    { statusCode, error: 'Error', message, ...(code ? { attributes: { code } } : {}) },
  );
}

export const availableUpdates: AvailableUpdates = {
  api_id: 'manager-1',
  current_version: '4.8.0',
  last_available_major: {
    version: '5.0.0',
    published_date: '2025-02-20T10:00:00Z',
    tag: 'v5.0.0',
    description: 'Major release',
    release_url: 'https://docs.example.org/5.0.0',
  },
  last_available_minor: {
    version: '4.9.1',
    published_date: '2025-02-01T10:00:00Z',
    tag: 'v4.9.1',
    description: 'Minor release',
    release_url: 'https://docs.example.org/4.9.1',
  },
  last_available_patch: {
    version: '4.8.2',
    published_date: '2025-01-10T10:00:00Z',
    tag: 'v4.8.2',
    description: 'Patch release',
    release_url: 'https://docs.example.org/4.8.2',
  },
  last_check_date: '2025-03-01T00:00:00.000Z',
};

/**
 * Browser core services backed by an in-memory stand-in of the plugin's routes, and a bottom-bar
 * slot element like the shell's.
 */
export function createFakeCore(initial: Partial<Omit<FakeServer, 'requests'>> = {}) {
  const server: FakeServer = {
    updates: availableUpdates,
    preferences: { dismissed_updates: {}, last_dismissed_date: null },
    requests: [],
    ...initial,
  };
  // A copy, as a real answer is (jsdom has no structuredClone).
  const answer = <T>(value: T | Error): T => {
    if (value instanceof Error) throw value;
    return JSON.parse(JSON.stringify(value)) as T;
  };
  const handle = async (
    method: string,
    path: string,
    options: HttpFetchOptions = {},
  ): Promise<unknown> => {
    const body = typeof options.body === 'string' ? JSON.parse(options.body) : undefined;
    server.requests.push({ method, path, query: options.query, body });
    await Promise.resolve();
    if (method === 'GET' && path === ROUTES.updates) return { data: answer(server.updates) };
    if (method === 'GET' && path === ROUTES.preferences)
      return { data: answer(server.preferences) };
    if (method === 'POST' && path === ROUTES.dismiss) {
      const preferences = answer(server.preferences);
      const date = '2025-03-02T00:00:00.000Z';
      preferences.dismissed_updates[body.version] = {
        update_type: body.update_type,
        dismissed_date: date,
      };
      server.preferences = { ...preferences, last_dismissed_date: date };
      return { success: true, message: 'dismissed' };
    }
    if (method === 'PUT' && path === ROUTES.preferences) {
      answer(server.preferences);
      server.preferences = { dismissed_updates: body.dismissed_updates, last_dismissed_date: null };
      return { data: answer(server.preferences) };
    }
    throw httpError(404, `Not Found: ${method} ${path}`);
  };
  const http = {
    get: (path: string, options?: HttpFetchOptions) => handle('GET', path, options),
    post: (path: string, options?: HttpFetchOptions) => handle('POST', path, options),
    put: (path: string, options?: HttpFetchOptions) => handle('PUT', path, options),
  } as unknown as HttpStart;

  const slot = document.createElement('div');
  slot.setAttribute('data-test-subj', 'bottomBarSlot');
  document.body.appendChild(slot);
  let unmount: (() => void) | undefined;
  const chrome = {
    setBottomBar(mount: MountPoint | undefined) {
      unmount?.();
      unmount = mount?.(slot);
      return () => {
        unmount?.();
        unmount = undefined;
      };
    },
  };
  const services: CheckUpdatesCoreServices = { http, chrome };
  return { server, services, slot, cleanup: () => slot.remove() };
}
