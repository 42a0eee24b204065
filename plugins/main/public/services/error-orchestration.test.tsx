import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { AppRoot } from '../apps/app-root';
import { AgentsView } from '../apps/agents';
import {
  createMockHttp,
  fail,
  itemsEnvelope,
  permissionDenied,
  type ManagedApiHandler,
} from '../test-support/mock-http';
import {
  createTestServices,
  memoryHistory,
  renderWithServices,
} from '../test-support/test-services';
import { ErrorOrchestrator } from './error-orchestrator';
import { TEST_API_HOST as host } from '../test-support/render-app';

jest.setTimeout(120_000);

const agent = {
  id: '003',
  name: 'web-03',
  ip: '10.0.0.3',
  status: 'active',
  version: 'Wazuh v4.14.7',
  group: ['default'],
  os: { name: 'Ubuntu', version: '22.04' },
  lastKeepAlive: '2025-03-10T10:00:00Z',
};

function httpFailure(status: number | undefined, body?: unknown): Error {
  return Object.assign(new Error(status ? `HTTP ${status}` : 'Failed to fetch'), {
    name: 'HttpFetchError',
    request: { url: '/api/request' },
    ...(status ? { response: { status, statusText: '' }, body } : {}),
  });
}

function orchestrator(logAnswer: () => unknown = () => ({ statusCode: 200 })) {
  const mock = createMockHttp({ 'POST /utils/logs/ui': logAnswer });
  const { services, toasts } = createTestServices(mock);
  const errors = new ErrorOrchestrator({
    toasts: services.core.notifications.toasts,
    http: mock.http,
    location: () => 'svc-agents: /app/svc-agents',
  });
  return {
    errors,
    toasts,
    logs: () =>
      mock.calls.filter((call) => call.path === '/utils/logs/ui').map((call) => call.body),
  };
}

describe('error orchestration', () => {
  it('toasts the managed API problem with its detail, code and remediation, and logs it', async () => {
    const { errors, toasts, logs } = orchestrator();
    const reported = errors.report(
      httpFailure(404, {
        title: 'Resource Not Found',
        detail: 'The group does not exist',
        remediation: 'Please, use `GET /agents/groups` to find all available groups',
        error: 1710,
      }),
      'Assigning agent 003 to group web',
    );
    expect(reported).toMatchObject({
      title: 'Resource Not Found',
      detail: 'The group does not exist',
      code: 1710,
      status: 404,
      source: 'managed-api',
    });
    expect(toasts).toEqual([
      {
        color: 'danger',
        toast: {
          title: 'Assigning agent 003 to group web: Resource Not Found',
          text: 'The group does not exist (error 1710) Please, use `GET /agents/groups` to find all available groups',
          'data-test-subj': 'svcErrorToast',
        },
      },
    ]);
    await waitFor(() =>
      expect(logs()).toEqual([
        {
          level: 'error',
          message:
            'Assigning agent 003 to group web: Resource Not Found: The group does not exist (error 1710) Please, use `GET /agents/groups` to find all available groups [HTTP 404]',
          location: 'svc-agents: /app/svc-agents',
        },
      ]),
    );
  });

  it('reads the specification’s envelope shape too ({data: {title, detail}, error})', () => {
    const { errors, toasts } = orchestrator();
    errors.report(
      httpFailure(500, {
        data: { title: 'Wazuh Internal Error', detail: 'Error in CTI service request' },
        message: 'Error',
        error: 2100,
      }),
      'Checking updates',
    );
    expect(toasts[0].toast).toMatchObject({
      title: 'Checking updates: Wazuh Internal Error',
      text: 'Error in CTI service request (error 2100)',
    });
  });

  it('shows the dashboard’s own error body', () => {
    const { errors, toasts } = orchestrator();
    errors.report(
      httpFailure(504, {
        statusCode: 504,
        error: 'Gateway Timeout',
        message: 'The API host prod did not answer within 60 s',
      }),
      'Loading agents',
    );
    expect(toasts[0].toast).toMatchObject({
      title: 'Loading agents: Gateway Timeout',
      text: 'The API host prod did not answer within 60 s',
    });
  });

  it('names a dashboard that cannot be reached, and warns at warning level', async () => {
    const { errors, toasts, logs } = orchestrator();
    errors.report(httpFailure(undefined), 'Loading rules', { level: 'warning' });
    expect(toasts[0]).toEqual({
      color: 'warning',
      toast: expect.objectContaining({
        title: 'Loading rules: Dashboard unreachable',
        text: 'Failed to fetch',
      }),
    });
    await waitFor(() => expect(logs()[0]).toMatchObject({ level: 'warning' }));
  });

  it('ignores aborted requests', () => {
    const { errors, toasts, logs } = orchestrator();
    expect(
      errors.report(Object.assign(new Error('aborted'), { name: 'AbortError' }), 'Loading agents'),
    ).toBeUndefined();
    expect(toasts).toEqual([]);
    expect(logs()).toEqual([]);
  });

  it('does not toast again when the log itself fails', async () => {
    const { errors, toasts, logs } = orchestrator(() =>
      fail(429, { statusCode: 429, error: 'Too Many Requests', message: 'Slow down' }),
    );
    errors.report(new Error('boom'), 'Rendering');
    await waitFor(() => expect(logs()).toHaveLength(1));
    expect(toasts).toHaveLength(1);
  });
});

describe('error orchestration in the apps', () => {
  function renderAgents(managedApi: ManagedApiHandler) {
    const mock = createMockHttp(
      {
        'GET /hosts/apis': () => [host],
        'POST /utils/logs/ui': () => ({ statusCode: 200 }),
        // The agents' status history above the table: nothing stored yet.
        'POST /api/alerts/aggregate': () => ({
          total: { value: 0, relation: 'eq' },
          charts: { statuses: { type: 'date_histogram', buckets: [] } },
          includesSampleData: false,
        }),
      },
      managedApi,
    );
    const test = createTestServices(mock);
    renderWithServices(
      <AppRoot services={test.services} history={memoryHistory('/?host=prod')} title="Agents">
        <AgentsView />
      </AppRoot>,
      test.services,
    );
    const logs = () =>
      mock.calls
        .filter((call) => call.path === '/utils/logs/ui')
        .map((call) => call.body as { message: string });
    return {
      ...test,
      logs,
      user: userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }),
    };
  }

  it('shows which permission is missing when the API answers 4000, as a toast, in place and in the log', async () => {
    const { toasts, logs } = renderAgents(() => permissionDenied('agent:id'));
    const prompt = await screen.findByTestId('svcPermissionDenied');
    expect(within(prompt).getByText('Permission denied')).toBeInTheDocument();
    expect(
      within(prompt).getByText('Missing permission: agent:read on agent:id.'),
    ).toBeInTheDocument();
    expect(
      within(prompt).getByText('Permission denied: Resource type: agent:id'),
    ).toBeInTheDocument();
    expect(toasts[0].toast).toMatchObject({
      title: 'Loading agents: Permission Denied',
      text: expect.stringContaining('Missing permission: agent:read on agent:id. (error 4000)'),
    });
    await waitFor(() =>
      expect(logs()[0].message).toContain(
        'Loading agents: Permission Denied: Permission denied: Resource type: agent:id',
      ),
    );
  });

  it('turns item failures of a 200 answer into an error naming each agent', async () => {
    const { toasts, user, confirm } = renderAgents((call) => {
      if (call.method === 'GET' && call.path === '/agents') return itemsEnvelope([agent]);
      if (call.method === 'PUT' && call.path === '/agents/003/restart') {
        return {
          ...itemsEnvelope([], 0, [
            { code: 1707, message: 'Cannot send request, agent is not active', ids: ['003'] },
          ]),
          message: 'Restart command was not sent to any agent',
        };
      }
      throw new Error(`unexpected ${call.method} ${call.path}`);
    });
    await user.click(await screen.findByTestId('restartAgent'));
    expect(confirm).toHaveBeenCalled();
    await waitFor(() =>
      expect(toasts).toContainEqual({
        color: 'danger',
        toast: expect.objectContaining({
          title: 'Restarting agent 003: Restart command was not sent to any agent',
          text: 'Cannot send request, agent is not active (error 1707): 003',
        }),
      }),
    );
  });

  it('keeps a crashing view from blanking the page and reports it', async () => {
    const { toasts, logs, user } = renderAgents((call) => {
      // An agent without a status label or OS crashes nothing; a null item does.
      if (call.path === '/agents') return itemsEnvelope([null as unknown as typeof agent]);
      return itemsEnvelope([]);
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await screen.findByTestId('svcAppCrashed')).toHaveTextContent('Agents stopped working');
    expect(toasts[0].toast.title).toBe('Agents stopped working: TypeError');
    await waitFor(() =>
      expect(
        logs().some((entry) => entry.message.startsWith('Agents render failure: TypeError')),
      ).toBe(true),
    );
    expect(screen.getByRole('button', { name: 'Reload the view' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload the view' }));
  });
});
