import { createMockHttp, itemsEnvelope } from '../test-support/mock-http';
import { agentCount, runBulkAction } from './agent-bulk-actions';
import { ManagedApi } from './managed-api';

const AGENTS = [
  { id: '000', name: 'manager', status: 'active' },
  { id: '001', name: 'web-001', status: 'active' },
  { id: '002', name: 'db-002', status: 'disconnected' },
  { id: '003', name: 'app-003', status: 'never_connected' },
  { id: '004', name: 'app-004', status: 'active' },
] as const;

describe('bulk actions on agents', () => {
  it('restarts the connected agents of a filter, skipping the others and listing refusals', async () => {
    const mock = createMockHttp({}, (call) => {
      if (call.path === '/agents') {
        const offset = Number(call.query.offset);
        return itemsEnvelope(AGENTS.slice(offset, offset + 1000), AGENTS.length);
      }
      return itemsEnvelope(['001'], 1, [
        { code: 1707, message: 'Cannot send request, agent is not active', ids: ['004'] },
      ]);
    });
    const outcome = await runBulkAction(new ManagedApi(mock.http), 'h', 'restart', {
      kind: 'filter',
      filter: { q: 'os.platform=ubuntu', status: 'active,disconnected' },
      total: 5,
    });
    expect(mock.managedApiCalls[0].query).toMatchObject({
      q: 'os.platform=ubuntu',
      status: 'active,disconnected',
    });
    expect(mock.managedApiCalls[1]).toMatchObject({
      method: 'PUT',
      path: '/agents/restart',
      query: { agents_list: '001,004' },
    });
    expect(outcome).toEqual({
      action: 'restart',
      done: ['001'],
      failed: [{ id: '004', message: 'Cannot send request, agent is not active' }],
      skipped: [
        { id: '002', reason: 'not connected (disconnected)' },
        { id: '003', reason: 'not connected (never connected)' },
      ],
    });
  });

  it('removes the agents of a filter with one filtered call, never the manager', async () => {
    const mock = createMockHttp({}, () => itemsEnvelope(['001', '002']));
    const outcome = await runBulkAction(new ManagedApi(mock.http), 'h', 'remove', {
      kind: 'filter',
      filter: { q: 'group=web' },
      total: 2,
    });
    expect(mock.managedApiCalls).toEqual([
      expect.objectContaining({
        method: 'DELETE',
        path: '/agents',
        query: { agents_list: 'all', status: 'all', older_than: '0s', q: '(group=web);id!=000' },
      }),
    ]);
    expect(outcome.done).toEqual(['001', '002']);
  });

  it('sends chosen agents to a group in calls of at most 200 ids', async () => {
    const agents = Array.from({ length: 450 }, (_, index) => ({
      id: String(index + 1).padStart(3, '0'),
      name: `host-${index}`,
      status: 'active' as const,
    }));
    const mock = createMockHttp({}, (call) => itemsEnvelope(call.query.agents_list.split(',')));
    const outcome = await runBulkAction(
      new ManagedApi(mock.http),
      'h',
      'assignGroup',
      { kind: 'agents', agents },
      { group: 'pci' },
    );
    expect(mock.managedApiCalls.map((call) => call.query.agents_list.split(',').length)).toEqual([
      200, 200, 50,
    ]);
    expect(mock.managedApiCalls[0].query.group_id).toBe('pci');
    expect(outcome.done).toHaveLength(450);
  });

  it('counts agents in words', () => {
    expect([agentCount(1), agentCount(0), agentCount(3)]).toEqual([
      '1 agent',
      '0 agents',
      '3 agents',
    ]);
  });
});
