/** The agent view's Stats tab over a mocked managed API: its counters, and an agent that is not active. */
import { screen, within } from '@testing-library/react';
import { createMockHttp, fail, itemsEnvelope, type MockHttp } from '../../test-support/mock-http';
import { TEST_API_HOST } from '../../test-support/render-app';
import {
  createTestServices,
  memoryHistory,
  renderWithServices,
} from '../../test-support/test-services';
import type { Agent } from '../../services/managed-api-types';
import { AppRoot } from '../app-root';
import { AgentStats } from './agent-stats';

const files = (events: number) => [
  { location: '/var/log/syslog', events, bytes: events * 120 },
  { location: 'journald', events: 3, bytes: 300 },
];

const connection = {
  status: 'connected',
  last_keepalive: '2025-03-10T10:00:00Z',
  last_ack: '2025-03-10T10:00:08Z',
  msg_count: 4321,
  msg_sent: 4300,
  msg_buffer: 0,
  buffered_msgs: 0,
  buffer_enabled: true,
};

function setup(status: Agent['status'], answer: (component: string) => unknown) {
  const mock = createMockHttp(
    { 'GET /hosts/apis': () => [TEST_API_HOST], 'POST /utils/logs/ui': () => ({}) },
    (call) => {
      const match = /^\/agents\/001\/stats\/(agent|logcollector)$/.exec(call.path);
      if (!match) throw new Error(`unexpected ${call.method} ${call.path}`);
      return answer(match[1]);
    },
  );
  const test = createTestServices(mock);
  const agent: Agent = { id: '001', name: 'web-001', status } as Agent;
  renderWithServices(
    <AppRoot
      services={test.services}
      history={memoryHistory('/001?host=prod&tab=stats')}
      title="Agents"
    >
      <AgentStats host={TEST_API_HOST} agent={agent} />
    </AppRoot>,
    test.services,
  );
  return { mock, toasts: test.toasts };
}

const statsCalls = (mock: MockHttp) =>
  mock.managedApiCalls.map((call) => call.path).filter((path) => path.includes('/stats/'));

const notActive = fail(400, {
  title: 'Bad Request',
  detail: 'Action only available for active agents',
  error: 1740,
});

describe("an agent's Stats tab", () => {
  it('shows the connection and the events and bytes per location of an active agent', async () => {
    const { mock } = setup('active', (component) =>
      component === 'agent'
        ? itemsEnvelope([connection])
        : itemsEnvelope([
            {
              global: {
                start: '2025-03-10T09:00:00Z',
                end: '2025-03-10T10:00:00Z',
                files: files(1500),
              },
              interval: {
                start: '2025-03-10T09:59:00Z',
                end: '2025-03-10T10:00:00Z',
                files: files(25),
              },
            },
          ]),
    );
    const global = await screen.findByTestId('agentStatsGlobal');
    expect(within(global).getByText('/var/log/syslog').closest('tr')).toHaveTextContent(
      /1,500.*180,000/,
    );
    expect(
      within(screen.getByTestId('agentStatsInterval')).getByText('/var/log/syslog').closest('tr'),
    ).toHaveTextContent(/25.*3,000/);
    const panel = screen.getByTestId('agentStatsConnection');
    expect(panel).toHaveTextContent('connected');
    expect(panel).toHaveTextContent('Enabled');
    expect(panel).toHaveTextContent('4,300');
    expect(statsCalls(mock).sort()).toEqual([
      '/agents/001/stats/agent',
      '/agents/001/stats/logcollector',
    ]);
  });

  it('says the agent is not active when the managed API refuses, without an error toast', async () => {
    const { toasts } = setup('active', () => notActive);
    expect(await screen.findByTestId('agentStatsNotActive')).toHaveTextContent(
      'The agent is not active',
    );
    expect(toasts).toEqual([]);
  });

  it('does not ask a disconnected agent', async () => {
    const { mock } = setup('disconnected', () => notActive);
    expect(await screen.findByTestId('agentStatsNotActive')).toBeInTheDocument();
    expect(statsCalls(mock)).toEqual([]);
  });

  it('shows any other failure with its detail', async () => {
    setup('active', () =>
      fail(403, {
        title: 'Permission Denied',
        detail: 'Permission denied: Resource type: agent:id',
        error: 4000,
      }),
    );
    expect(await screen.findByText(/Resource type: agent:id/)).toBeInTheDocument();
  });
});
