import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type {
  ApiHostCheck,
  ApiHostEntry,
  ManagedApiErrorCode,
} from '../../../common/api-host-check';
import { SELECTED_API_HOST_STORAGE_KEY } from '@check-updates/public';
import { createMockHttp, fail, type RecordedCall } from '../../test-support/mock-http';
import {
  createTestServices,
  memoryHistory,
  renderWithServices,
} from '../../test-support/test-services';
import { AppRoot } from '../app-root';
import { ApiHostsPanel } from './api-hosts-panel';

const checkedAt = '2025-03-10T10:00:00.000Z';
/** The server's background checks run every five minutes. */
const PERIOD_MS = 5 * 60_000;

function hostEntries(): ApiHostEntry[] {
  return [
    {
      id: 'demo',
      url: 'http://127.0.0.1',
      port: 55000,
      username: 'wazuh-wui',
      run_as: true,
      tls_verify: true,
      demo: true,
      version: 'v1',
      check_period_ms: PERIOD_MS,
      status: {
        id: 'demo',
        checked_at: checkedAt,
        reachable: true,
        authenticated: true,
        api_version: '4.14.7',
        run_as: 'enabled',
      },
    },
    {
      id: 'production',
      url: 'https://manager.example.org',
      port: 55000,
      username: 'dashboard',
      run_as: false,
      tls_verify: true,
      version: 'v7',
      status: {
        id: 'production',
        checked_at: checkedAt,
        reachable: false,
        authenticated: false,
        run_as: 'unknown',
        error: { code: 'host_unreachable', message: 'connect ECONNREFUSED 10.0.0.5:55000' },
      },
      check_period_ms: PERIOD_MS,
    },
    {
      id: 'lab',
      url: 'https://lab.example.org',
      port: 55001,
      username: 'lab',
      run_as: false,
      tls_verify: false,
      version: 'v2',
      check_period_ms: PERIOD_MS,
    },
  ];
}

const updates = {
  demo: {
    data: {
      api_id: 'demo',
      current_version: '4.14.7',
      last_available_major: {
        version: '5.0.0',
        published_date: '2025-02-20T10:00:00Z',
        tag: 'v5.0.0',
        description: '',
        release_url: 'https://example.org/releases/5.0.0',
      },
      last_available_minor: null,
      last_available_patch: null,
      last_check_date: checkedAt,
    },
  },
  production: null,
  lab: {
    data: {
      api_id: 'lab',
      current_version: '4.14.7',
      last_available_major: null,
      last_available_minor: null,
      last_available_patch: null,
      last_check_date: checkedAt,
    },
  },
};

type CheckOutcome = ApiHostCheck & { status: number };

/** A fresh check, as the server makes it now. */
function usable(id: string, apiVersion: string): CheckOutcome {
  return {
    id,
    checked_at: new Date().toISOString(),
    reachable: true,
    authenticated: true,
    api_version: apiVersion,
    run_as: 'enabled',
    status: 200,
  };
}

function failed(id: string, code: ManagedApiErrorCode, message: string): CheckOutcome {
  return {
    id,
    checked_at: new Date().toISOString(),
    reachable: code === 'login_failed' || code === 'upstream_error',
    authenticated: code === 'upstream_error',
    run_as: 'unknown',
    error: { code, message },
    status: code === 'timeout' ? 504 : 502,
  };
}

function setup({
  roles = ['admin'],
  url = '/?host=demo',
  checkOutcomes = {
    demo: (id: string) => usable(id, '4.14.7'),
    production: (id: string) =>
      failed(id, 'host_unreachable', 'connect ECONNREFUSED 10.0.0.5:55000'),
    lab: (id: string) => usable(id, '4.14.6'),
  },
  checkGate = Promise.resolve(),
  defaultHost = null,
}: {
  roles?: string[];
  url?: string;
  checkOutcomes?: Record<string, (id: string) => CheckOutcome>;
  /** Checks answer once this settles. */
  checkGate?: Promise<void>;
  defaultHost?: string | null;
} = {}) {
  let entries = hostEntries();
  let defaultId = defaultHost;
  const mock = createMockHttp({
    'GET /hosts/apis': () => entries,
    'GET /api/v1/svc-check-updates/updates': () => undefined,
    // As the route answers: the entry with its fresh status, or an error body carrying the failed check.
    'POST /api/check-stored-api': async (call: RecordedCall) => {
      const id = (call.body as { id: string }).id;
      await checkGate;
      const { status, ...check } = checkOutcomes[id](id);
      const entry = entries.find((candidate) => candidate.id === id)!;
      if (!check.error)
        return { statusCode: 200, data: { ...entry, status: check }, idChanged: null };
      return fail(status, {
        statusCode: status,
        error: 'Bad Gateway',
        message: check.error.message,
        attributes: { code: check.error.code, apiHostId: id, check },
      });
    },
    'GET /hosts/default-api': () => ({ data: { id: defaultId } }),
    'PUT /hosts/default-api': (call: RecordedCall) => {
      defaultId = (call.body as { id: string }).id;
      return { data: { id: defaultId } };
    },
    'PUT /hosts/apis/production': (call: RecordedCall) => {
      const changes = call.body as Partial<ApiHostEntry>;
      entries = entries.map((entry) =>
        entry.id === 'production' ? { ...entry, ...changes, version: 'v8' } : entry,
      );
      return entries[1];
    },
    'POST /hosts/apis': () =>
      fail(409, {
        statusCode: 409,
        error: 'Conflict',
        message: 'An API host with id [lab] already exists',
      }),
    'DELETE /hosts/apis/lab': () => {
      entries = entries.filter((entry) => entry.id !== 'lab');
      return { acknowledged: true };
    },
  });
  // Updates answer per host id, read from the query the panel sends.
  const get = mock.http.get;
  mock.http.get = ((path: string, options?: { query?: Record<string, unknown> }) => {
    if (path === '/api/v1/svc-check-updates/updates') {
      mock.calls.push({
        method: 'GET',
        path: `${path}?api_id=${options?.query?.api_id}&force=${options?.query?.force}`,
      });
      const answer = updates[options?.query?.api_id as keyof typeof updates];
      return answer
        ? Promise.resolve(answer)
        : Promise.reject(
            Object.assign(new Error('HTTP 502'), {
              name: 'HttpFetchError',
              request: {},
              response: { status: 502 },
              body: {
                statusCode: 502,
                error: 'Bad Gateway',
                message: 'The API host production could not be reached',
              },
            }),
          );
    }
    return get(path, options as never);
  }) as typeof mock.http.get;
  const test = createTestServices(mock, { roles });
  const history = memoryHistory(url);
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  renderWithServices(
    <AppRoot services={test.services} history={history} title="Settings">
      <ApiHostsPanel />
    </AppRoot>,
    test.services,
  );
  return { ...test, mock, history, user };
}

/** Replaces a field's text in one change (typing letter by letter re-renders the form each time). */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

async function row(id: string) {
  return within(await screen.findByTestId(`apiHostRow-${id}`));
}

beforeEach(() => window.localStorage.clear());

// EUI forms re-render a lot per keystroke; on a loaded machine that takes a while.
jest.setTimeout(120_000);

describe('API hosts table', () => {
  it('lists every host with its last status, version, available updates and marks while checking again', async () => {
    setup({ checkGate: new Promise(() => undefined) });
    const demo = await row('demo');
    expect(await demo.findByTestId('hostStatus-checking')).toHaveTextContent('Checking');
    expect(demo.getByTestId('demoHostBadge')).toHaveTextContent('demo');
    expect(demo.getByTestId('selectedHostBadge')).toHaveTextContent('in use');
    expect(demo.getByTestId('hostStatus-online')).toHaveTextContent('Online');
    expect(demo.getByText('4.14.7')).toBeInTheDocument();
    expect(await demo.findByTestId('hostUpdates-available')).toHaveTextContent(
      /major\s*5\.0\.0 available/,
    );
    expect(demo.getByText(/5\.0\.0 available/).closest('a')).toHaveAttribute(
      'href',
      'https://example.org/releases/5.0.0',
    );

    const production = await row('production');
    expect(production.getByTestId('hostStatus-host_unreachable')).toHaveTextContent('Unreachable');
    expect(production.getByTestId('hostStatusCause')).toHaveTextContent(
      'connect ECONNREFUSED 10.0.0.5:55000',
    );
    expect(await production.findByTestId('hostUpdates-error')).toHaveTextContent('Could not check');
    expect(production.queryByTestId('demoHostBadge')).not.toBeInTheDocument();

    const lab = await row('lab');
    expect(lab.getByTestId('hostStatus-unknown')).toHaveTextContent('Not checked yet');
    expect(await lab.findByTestId('hostUpdates-upToDate')).toHaveTextContent('Up to date');
    expect(lab.getByText('https://lab.example.org:55001')).toBeInTheDocument();
  });

  it("stars the user's default host on the server and works with it", async () => {
    const { user, history, mock } = setup({ defaultHost: 'demo' });
    expect(await (await row('demo')).findByTestId('defaultHostBadge')).toHaveTextContent(
      'your default',
    );
    const star = (await row('lab')).getByTestId('defaultHost');
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await user.click(star);
    expect(await (await row('lab')).findByTestId('defaultHostBadge')).toBeInTheDocument();
    expect(mock.calls).toContainEqual({
      method: 'PUT',
      path: '/hosts/default-api',
      body: { id: 'lab' },
    });
    expect((await row('lab')).getByTestId('defaultHost')).toHaveAttribute('aria-pressed', 'true');
    expect((await row('demo')).queryByTestId('defaultHostBadge')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(new URLSearchParams(history.location.search).get('host')).toBe('lab'),
    );
    expect((await row('lab')).getByTestId('selectedHostBadge')).toBeInTheDocument();
    expect(window.localStorage.getItem(SELECTED_API_HOST_STORAGE_KEY)).toBe('lab');
  });

  it("opens a new browser with the user's default host, else the first one", async () => {
    const { history } = setup({ url: '/', defaultHost: 'production' });
    await waitFor(() =>
      expect(new URLSearchParams(history.location.search).get('host')).toBe('production'),
    );
    expect(window.localStorage.getItem(SELECTED_API_HOST_STORAGE_KEY)).toBe('production');
  });

  it('records the first host as the one in use when neither the URL, the browser nor the user name one', async () => {
    const { history } = setup({ url: '/' });
    await waitFor(() =>
      expect(new URLSearchParams(history.location.search).get('host')).toBe('demo'),
    );
    expect(window.localStorage.getItem(SELECTED_API_HOST_STORAGE_KEY)).toBe('demo');
  });

  it('keeps the host this browser worked with over the default', async () => {
    window.localStorage.setItem(SELECTED_API_HOST_STORAGE_KEY, 'lab');
    const { history, mock } = setup({ url: '/', defaultHost: 'production' });
    await waitFor(() =>
      expect(new URLSearchParams(history.location.search).get('host')).toBe('lab'),
    );
    expect(mock.calls.filter((call) => call.path === '/hosts/default-api')).toHaveLength(1);
  });

  it('edits a host: checks the fields, sends the changes with the version read, and reloads', async () => {
    const { user, mock, toasts } = setup();
    await user.click((await row('production')).getByTestId('editHost'));
    const form = within(await screen.findByTestId('apiHostForm'));
    expect(form.getByLabelText('ID')).toBeDisabled();
    const port = form.getByLabelText('Port');
    await fill(user, port, '70000');
    await user.click(form.getByTestId('apiHostFormSave'));
    expect(form.getByText('Port must be an integer between 1 and 65535')).toBeInTheDocument();
    expect(mock.calls.some((call) => call.method === 'PUT')).toBe(false);

    await fill(user, port, '55443');
    await user.click(form.getByTestId('apiHostFormSave'));
    await waitFor(() => expect(screen.queryByTestId('apiHostForm')).not.toBeInTheDocument());
    const put = mock.calls.find((call) => call.method === 'PUT');
    expect(put).toEqual({
      method: 'PUT',
      path: '/hosts/apis/production',
      body: {
        url: 'https://manager.example.org',
        port: 55443,
        username: 'dashboard',
        run_as: false,
        tls_verify: true,
        version: 'v7',
      },
    });
    expect(
      await (await row('production')).findByText('https://manager.example.org:55443'),
    ).toBeInTheDocument();
    expect(toasts).toContainEqual({
      color: 'success',
      toast: { title: 'API host production saved' },
    });
  });

  it('shows the server refusing a new host in the form and as a toast', async () => {
    const { user, toasts } = setup();
    await user.click(await screen.findByTestId('addHost'));
    const form = within(await screen.findByTestId('apiHostForm'));
    await fill(user, form.getByLabelText('ID'), 'lab');
    await fill(user, form.getByLabelText('URL'), 'https://other.example.org');
    await fill(user, form.getByLabelText('Username'), 'someone');
    await user.click(form.getByTestId('apiHostFormSave'));
    expect(form.getByText('Password must not be empty')).toBeInTheDocument();
    await fill(user, form.getByLabelText('Password'), 'S3cret!pass');
    await user.click(form.getByTestId('apiHostFormSave'));
    expect(
      await form.findByText('Conflict: An API host with id [lab] already exists'),
    ).toBeInTheDocument();
    expect(toasts).toContainEqual({
      color: 'danger',
      toast: expect.objectContaining({
        title: 'Adding the API host: Conflict',
        text: 'An API host with id [lab] already exists',
      }),
    });
  });

  it('deletes a host only after confirmation', async () => {
    const { user, mock, confirm } = setup();
    confirm.mockResolvedValueOnce(false);
    await user.click((await row('lab')).getByTestId('deleteHost'));
    expect(confirm).toHaveBeenCalledWith(
      expect.stringContaining('forgets API host "lab"'),
      expect.objectContaining({ title: 'Delete API host lab?', buttonColor: 'danger' }),
    );
    expect(mock.calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click((await row('lab')).getByTestId('deleteHost'));
    await waitFor(() => expect(screen.queryByTestId('apiHostRow-lab')).not.toBeInTheDocument());
    expect(mock.calls.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: '/hosts/apis/lab', body: undefined },
    ]);
  });

  it('checks every host again when the page opens and shows the cause of each failure', async () => {
    const { mock, toasts } = setup({
      checkOutcomes: {
        demo: (id) =>
          failed(id, 'upstream_error', 'answered GET / with 500: Wazuh API internal error'),
        production: (id) => failed(id, 'tls_error', 'self-signed certificate in certificate chain'),
        lab: (id) => failed(id, 'login_failed', 'Invalid credentials'),
      },
    });
    const expectations: Array<[string, ManagedApiErrorCode, string, string]> = [
      ['demo', 'upstream_error', 'API error', 'answered GET / with 500: Wazuh API internal error'],
      ['production', 'tls_error', 'TLS error', 'self-signed certificate in certificate chain'],
      ['lab', 'login_failed', 'Wrong credentials', 'Invalid credentials'],
    ];
    for (const [id, code, label, cause] of expectations) {
      const hostRow = await row(id);
      expect(await hostRow.findByTestId(`hostStatus-${code}`)).toHaveTextContent(label);
      expect(hostRow.getByTestId('hostStatusCause')).toHaveTextContent(cause);
    }
    expect(
      mock.calls
        .filter((call) => call.path === '/api/check-stored-api')
        .map((call) => (call.body as { id: string }).id)
        .sort(),
    ).toEqual(['demo', 'lab', 'production']);
    // The causes are in the rows: no toast repeats them.
    expect(toasts).toEqual([]);
  });

  it('checks a host, or all of them, when asked, and shows its version or why it cannot be used', async () => {
    let demoChecks = 0;
    const { user, mock } = setup({
      checkOutcomes: {
        demo: (id) =>
          (demoChecks += 1) === 1
            ? usable(id, '4.14.7')
            : failed(id, 'timeout', 'The API host did not answer within 60 s'),
        production: (id) => usable(id, '4.13.0'),
        lab: (id) => usable(id, '4.14.6'),
      },
    });
    expect(await (await row('lab')).findByText('4.14.6')).toBeInTheDocument();
    expect(await (await row('demo')).findByTestId('hostStatus-online')).toBeInTheDocument();
    await user.click((await row('demo')).getByTestId('checkHost'));
    const demo = await row('demo');
    expect(await demo.findByTestId('hostStatus-timeout')).toHaveTextContent(
      'Unreachable: no answer in time',
    );
    expect(demo.getByTestId('hostStatusCause')).toHaveTextContent(
      'The API host did not answer within 60 s',
    );

    const checksBefore = mock.calls.filter((call) => call.path === '/api/check-stored-api').length;
    await user.click(screen.getByTestId('checkAllHosts'));
    await waitFor(() =>
      expect(mock.calls.filter((call) => call.path === '/api/check-stored-api')).toHaveLength(
        checksBefore + 3,
      ),
    );
    expect(await (await row('production')).findByText('4.13.0')).toBeInTheDocument();
  });

  describe('with a fake clock', () => {
    beforeEach(() => jest.useFakeTimers({ now: new Date(checkedAt) }));
    afterEach(() => jest.useRealTimers());

    it('says when each host was checked, and says so once a status is older than the check interval', async () => {
      setup();
      const user = userEvent.setup({
        advanceTimers: (ms) => jest.advanceTimersByTime(ms),
        pointerEventsCheck: PointerEventsCheckLevel.Never,
      });
      const rowOf = (id: string) => within(screen.getByTestId(`apiHostRow-${id}`));
      const checkedAt = (id: string) => rowOf(id).getByTestId('hostStatusCheckedAt');
      // The hosts load and are checked again without the clock moving: the check is made at the mount.
      await act(async () => {
        for (let hop = 0; hop < 50; hop += 1) await Promise.resolve();
      });
      expect(checkedAt('lab')).toHaveTextContent(/^checked 0 s ago/);
      expect(checkedAt('lab').querySelector('time')).toHaveAttribute(
        'dateTime',
        new Date(Date.now()).toISOString(),
      );

      act(() => jest.advanceTimersByTime(12_000));
      expect(checkedAt('lab')).toHaveTextContent(/^checked 12 s ago/);
      expect(screen.queryByTestId('hostStatusStale')).not.toBeInTheDocument();

      act(() => jest.advanceTimersByTime(PERIOD_MS));
      expect(checkedAt('lab')).toHaveTextContent(/^checked 5 min ago/);
      for (const id of ['demo', 'production', 'lab'])
        expect(rowOf(id).getByTestId('hostStatusStale')).toHaveTextContent(
          'Older than the 5 min check interval',
        );

      // Checking one host again (from the keyboard) makes its status fresh; the others stay stale.
      rowOf('lab').getByTestId('checkHost').focus();
      await user.keyboard('{Enter}');
      await waitFor(() => expect(checkedAt('lab')).toHaveTextContent(/^checked 0 s ago/));
      expect(rowOf('lab').queryByTestId('hostStatusStale')).not.toBeInTheDocument();
      expect(rowOf('demo').getByTestId('hostStatusStale')).toBeInTheDocument();

      screen.getByTestId('checkAllHosts').focus();
      await user.keyboard(' ');
      await waitFor(() => expect(screen.queryByTestId('hostStatusStale')).not.toBeInTheDocument());
    });
  });

  it('asks every host again for updates on "Check updates"', async () => {
    const { user, mock } = setup();
    await screen.findByTestId('hostUpdates-upToDate');
    await user.click(screen.getByTestId('checkUpdates'));
    await waitFor(() =>
      expect(mock.calls.map((call) => call.path)).toContain(
        '/api/v1/svc-check-updates/updates?api_id=lab&force=true',
      ),
    );
    expect(screen.getByTestId('dismissNotificationCheck')).toBeInTheDocument();
  });

  it('links each host to the API console', async () => {
    setup();
    expect((await row('production')).getByTestId('openConsole')).toHaveAttribute(
      'href',
      '/app/svc-console?host=production',
    );
  });

  it('lets users who are not administrators look but not change hosts', async () => {
    setup({ roles: ['user'] });
    await waitFor(() => expect(screen.getByTestId('addHost')).toBeDisabled());
    const lab = await row('lab');
    expect(lab.getByTestId('editHost')).toBeDisabled();
    expect(lab.getByTestId('deleteHost')).toBeDisabled();
    expect(lab.getByTestId('defaultHost')).toBeEnabled();
  });
});
