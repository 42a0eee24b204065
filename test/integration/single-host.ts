/**
 * A real dashboard whose only managed-API host is a test upstream, and raw calls to it as the admin
 * for tests that read answers as they stream (the harness's client reads every answer whole).
 */
import { startTestUpstream, type TestUpstream } from '../support/test-upstream';
import {
  startTestDashboard,
  stopIfNextFails,
  TEST_ADMIN_PASSWORD,
  type TestDashboard,
} from './harness';

export interface SingleHostDashboard {
  upstream: TestUpstream;
  dashboard: TestDashboard;
  /** The admin's session cookie, for `fetch` calls of the test's own. */
  cookie: string;
}

export async function startSingleHostDashboard(options: {
  apiHostId: string;
  /** The upstream's password, which the dashboard's host entry uses too. */
  password: string;
  /** `svc.api` settings. */
  api?: Record<string, unknown>;
}): Promise<SingleHostDashboard> {
  const upstream = await startTestUpstream({ password: options.password });
  return stopIfNextFails(upstream, async () => {
    const dashboard = await startTestDashboard({
      config: {
        svc: {
          hosts: [
            {
              id: options.apiHostId,
              url: upstream.url,
              port: upstream.port,
              username: 'wazuh-wui',
              password: options.password,
              run_as: false,
            },
          ],
          ...(options.api && { api: options.api }),
        },
      },
    });
    return stopIfNextFails(dashboard, async () => {
      const login = await fetch(`${dashboard.url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'osd-xsrf': 'test' },
        body: JSON.stringify({ username: 'admin', password: TEST_ADMIN_PASSWORD }),
      });
      const cookie = login.headers
        .getSetCookie()
        .map((value) => value.split(';')[0])
        .join('; ');
      return { upstream, dashboard, cookie };
    });
  });
}

/** `POST`s `body` as JSON with the session cookie; the answer is left unread for the test to stream. */
export function postAsSession(
  { dashboard, cookie }: Pick<SingleHostDashboard, 'dashboard' | 'cookie'>,
  route: string,
  body: unknown,
  { headers = {}, signal }: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<Response> {
  return fetch(`${dashboard.url}${route}`, {
    method: 'POST',
    headers: { cookie, 'osd-xsrf': 'test', 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal,
  });
}
