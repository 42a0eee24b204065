/** An agent's Security events over a mocked dashboard: two requests in all, and the MITRE link. */
import { screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { AlertsAggregateRequest } from '@main/common/alerts/api';
import { createMockHttp, type RecordedCall } from '../../../test-support/mock-http';
import { TEST_API_HOST } from '../../../test-support/render-app';
import {
  createTestServices,
  memoryHistory,
  renderWithServices,
} from '../../../test-support/test-services';
import { AppRoot } from '../../app-root';
import { SecurityEventsTab } from './security-events-tab';

const bucket = (key: string, count: number) => ({ key, label: key, count });

function setup() {
  const mock = createMockHttp({
    'GET /hosts/apis': () => [TEST_API_HOST],
    'POST /utils/logs/ui': () => ({}),
    'POST /api/alerts/aggregate': () => ({
      total: { value: 9, relation: 'eq' },
      includesSampleData: false,
      charts: {
        'agent-total': { type: 'count', count: 9 },
        'agent-tactics': { type: 'terms', buckets: [bucket('Credential Access', 6)] },
        'agent-pci_dss': { type: 'terms', buckets: [bucket('10.2.4', 4)] },
        'agent-gdpr': { type: 'terms', buckets: [bucket('IV_35.7.d', 2)] },
      },
    }),
    'POST /api/alerts/search': () => ({
      total: { value: 1, relation: 'eq' },
      includesSampleData: false,
      hits: [
        {
          _id: 'f1',
          _index: 'wazuh-alerts-x',
          _source: {
            timestamp: '2025-01-01T00:00:00Z',
            syscheck: { path: '/etc/hosts', event: 'modified' },
            rule: { description: 'Integrity checksum changed.', level: 7, id: '550' },
          },
        },
      ],
    }),
  });
  const test = createTestServices(mock);
  renderWithServices(
    <AppRoot
      services={test.services}
      history={memoryHistory('/001?host=prod&tab=security-events')}
      title="Agents"
    >
      <SecurityEventsTab host={TEST_API_HOST} agentId="001" />
    </AppRoot>,
    test.services,
  );
  const calls = () =>
    mock.calls.filter((call: RecordedCall) => call.path.startsWith('/api/alerts/'));
  return {
    calls,
    services: test.services,
    user: userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }),
  };
}

describe("an agent's Security events", () => {
  it('reads its charts and latest integrity events in two requests', async () => {
    const { calls } = setup();
    await screen.findByText('/etc/hosts');
    await waitFor(() => expect(screen.getByTestId('alertsKpi-agent-total')).toHaveTextContent('9'));
    expect(calls().map((call) => call.path)).toEqual([
      '/api/alerts/aggregate',
      '/api/alerts/search',
    ]);
    expect((calls()[0].body as AlertsAggregateRequest).agentId).toBe('001');
    expect(calls()[1].body).toMatchObject({
      agentId: '001',
      size: 5,
      filters: [{ type: 'is', field: 'rule.groups', value: 'syscheck' }],
    });
  });

  it('switches the compliance standard without another request', async () => {
    const { calls, user } = setup();
    await screen.findByTestId('agentComplianceChartLegend-10.2.4');
    await user.selectOptions(screen.getByTestId('agentComplianceStandard'), 'gdpr');
    await screen.findByTestId('agentComplianceChartLegend-IV_35.7.d');
    expect(calls()).toHaveLength(2);
  });

  it('opens MITRE ATT&CK with the agent pinned on a tactic', async () => {
    const { services, user } = setup();
    await user.click(await screen.findByTestId('agentTacticsLegend-Credential Access'));
    expect(services.core.application.navigateToApp).toHaveBeenCalledWith('svc-modules', {
      path: expect.stringMatching(/^\/mitre-attack\?host=prod&agent=001&filters=/),
    });
  });
});
