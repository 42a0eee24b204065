import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ReadableStream } from 'stream/web';
import { TextEncoder } from 'util';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import {
  createMockHttp,
  itemsEnvelope,
  type ManagedApiCallSeen,
} from '../../test-support/mock-http';
import {
  createTestServices,
  memoryHistory,
  renderWithServices,
} from '../../test-support/test-services';
import { AppRoot } from '../app-root';
import { AgentsView } from './index';
import { TEST_API_HOST as host } from '../../test-support/render-app';

jest.setTimeout(120_000);

function agent(id: string, status = 'active') {
  return {
    id,
    name: `web-${id}`,
    ip: `10.0.0.${Number(id)}`,
    status,
    version: 'Wazuh v4.14.7',
    group: ['default'],
    os: { name: 'Ubuntu', version: '22.04', platform: 'ubuntu' },
    lastKeepAlive: '2025-03-10T10:00:00Z',
  };
}

const agents = Array.from({ length: 45 }, (_, index) =>
  agent(String(index).padStart(3, '0'), index % 3 === 0 ? 'disconnected' : 'active'),
);

function managedApi(call: ManagedApiCallSeen) {
  if (call.method === 'GET' && call.path === '/agents') {
    const offset = Number(call.query.offset ?? 0);
    const limit = Number(call.query.limit ?? 500);
    return itemsEnvelope(agents.slice(offset, offset + limit), agents.length);
  }
  if (call.method === 'GET' && call.path === '/groups')
    return itemsEnvelope([{ name: 'default' }, { name: 'web' }]);
  if (call.method === 'POST' && call.path === '/agents')
    return { data: { id: '045', key: 'MDQ1IG5ldy1ob3N0IGFueSBhYmNk' }, error: 0 };
  if (call.method === 'PUT' || call.method === 'DELETE') return itemsEnvelope(['003']);
  throw new Error(`unexpected ${call.method} ${call.path}`);
}

/** `policies`: what `GET /security/users/me/policies` answers (unread by default: nothing is disabled). */
function setup(url = '/?host=prod', csvFetch?: typeof fetch, policies?: object) {
  const mock = createMockHttp(
    { 'GET /hosts/apis': () => [host], 'POST /utils/logs/ui': () => ({}) },
    (call) =>
      policies && call.method === 'GET' && call.path === '/security/users/me/policies'
        ? { data: policies, error: 0 }
        : managedApi(call),
  );
  const test = createTestServices(mock, { fetch: csvFetch });
  const history = memoryHistory(url);
  renderWithServices(
    <AppRoot services={test.services} history={history} title="Agents">
      <AgentsView />
    </AppRoot>,
    test.services,
  );
  const agentCalls = () =>
    mock.managedApiCalls.filter((call) => call.method === 'GET' && call.path === '/agents');
  return {
    ...test,
    mock,
    history,
    agentCalls,
    user: userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never }),
  };
}

/** jsdom's Blob has no text(). */
function blobText(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

async function rows() {
  await waitFor(() => expect(screen.getAllByTestId('agentsTableRow').length).toBeGreaterThan(0));
  return screen.getAllByTestId('agentsTableRow');
}

function rowOf(id: string) {
  return within(
    screen
      .getAllByTestId('agentsTableRow')
      .find((row) => row.getAttribute('data-agent-id') === id)!,
  );
}

describe('Agents table', () => {
  it('asks the API for one sorted page and shows it', async () => {
    const { agentCalls } = setup();
    expect(await rows()).toHaveLength(20);
    expect(agentCalls()[0].query).toEqual({
      offset: '0',
      limit: '20',
      sort: '+id',
      q: 'id!=000',
    });
    expect(screen.getByTestId('agentsTotal')).toHaveTextContent('45 agents');
    const row = rowOf('001');
    expect(row.getByText('web-001')).toBeInTheDocument();
    expect(row.getByText('10.0.0.1')).toBeInTheDocument();
    expect(row.getByText('Ubuntu 22.04')).toBeInTheDocument();
    expect(row.getByTestId('agentStatus-active')).toHaveTextContent('Active');
    expect(row.getByText('web-001').closest('a')).toHaveAttribute(
      'href',
      '/app/svc-agents/001?host=prod',
    );
  });

  it('filters with WQL through q, and keeps the filter in the URL', async () => {
    const { user, agentCalls, history } = setup();
    await rows();
    const bar = screen.getByTestId('agentsSearch');
    await user.click(bar);
    await user.paste('status=active and os.platform=ubuntu');
    await user.keyboard('{Escape}{Enter}');
    await waitFor(() =>
      expect(agentCalls().at(-1)?.query).toEqual({
        offset: '0',
        limit: '20',
        sort: '+id',
        q: '(status=active;os.platform=ubuntu);id!=000',
      }),
    );
    expect(new URLSearchParams(history.location.search).get('query')).toBe(
      'status=active and os.platform=ubuntu',
    );
  });

  it('filters by status and pages and sorts on the server', async () => {
    const { user, agentCalls, history } = setup();
    await rows();
    await user.click(screen.getByTestId('statusFilter-disconnected'));
    await waitFor(() => expect(agentCalls().at(-1)?.query.status).toBe('disconnected'));
    await user.click(screen.getByText('Name', { selector: 'button *' }).closest('button')!);
    await waitFor(() => expect(agentCalls().at(-1)?.query.sort).toBe('+name'));
    await user.click(screen.getByTestId('pagination-button-1'));
    await waitFor(() =>
      expect(agentCalls().at(-1)?.query).toMatchObject({
        offset: '20',
        sort: '+name',
        status: 'disconnected',
      }),
    );
    expect(Object.fromEntries(new URLSearchParams(history.location.search))).toEqual({
      host: 'prod',
      status: 'disconnected',
      sort: 'name',
      page: '1',
    });
  });

  it('opens the view a link describes', async () => {
    const { agentCalls } = setup(
      '/?host=prod&query=name~web&status=active&page=1&sort=-lastKeepAlive&size=10',
    );
    await rows();
    expect(agentCalls()[0].query).toEqual({
      offset: '10',
      limit: '10',
      sort: '-lastKeepAlive',
      status: 'active',
      q: '(name~web);id!=000',
    });
    expect(screen.getByTestId('agentsSearch')).toHaveValue('name~web');
  });

  it('restarts an agent after confirmation only', async () => {
    const { user, mock, confirm, toasts } = setup();
    await rows();
    confirm.mockResolvedValueOnce(false);
    await user.click(rowOf('004').getByTestId('restartAgent'));
    expect(mock.managedApiCalls.some((call) => call.method === 'PUT')).toBe(false);
    await user.click(rowOf('004').getByTestId('restartAgent'));
    await waitFor(() =>
      expect(
        mock.managedApiCalls.filter((call) => call.method === 'PUT').map((call) => call.path),
      ).toEqual(['/agents/004/restart']),
    );
    expect(confirm).toHaveBeenLastCalledWith(
      expect.stringContaining('web-004 (004) restarts'),
      expect.objectContaining({ title: 'Restart agent 004?' }),
    );
    expect(toasts).toContainEqual({
      color: 'success',
      toast: { title: 'Restart sent to agent 004', 'data-test-subj': 'agentActionDone' },
    });
  });

  it('deletes an agent whatever its status, after confirmation, and reloads', async () => {
    const { user, mock, agentCalls } = setup();
    await rows();
    const loadsBefore = agentCalls().length;
    await user.click(rowOf('003').getByTestId('deleteAgent'));
    await waitFor(() =>
      expect(mock.managedApiCalls.find((call) => call.method === 'DELETE')).toMatchObject({
        path: '/agents',
        query: { agents_list: '003', status: 'all', older_than: '0s' },
      }),
    );
    await waitFor(() => expect(agentCalls().length).toBe(loadsBefore + 1));
  });

  it("adds an agent by name, the deploy flow's advanced option, and shows its enrollment key", async () => {
    const { user, mock } = setup();
    await rows();
    await user.click(screen.getByTestId('deployAgentButton'));
    await user.click(await screen.findByTestId('deployAddByName'));
    const modal = within(await screen.findByTestId('addAgentModal'));
    await user.click(modal.getByTestId('addAgentSave'));
    expect(modal.getByText('Name is required')).toBeInTheDocument();
    fireEvent.change(modal.getByLabelText('Name'), { target: { value: 'new-host' } });
    fireEvent.change(modal.getByLabelText('IP address'), { target: { value: '10.0.0.99' } });
    await user.click(modal.getByTestId('addAgentSave'));
    expect(await modal.findByText('Agent 045 added')).toBeInTheDocument();
    expect(modal.getByTestId('addedAgentKey')).toHaveTextContent('MDQ1IG5ldy1ob3N0IGFueSBhYmNk');
    expect(mock.managedApiCalls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/agents',
      body: { name: 'new-host', ip: '10.0.0.99' },
    });
  });

  it('assigns an agent to a group once the group is chosen and confirmed', async () => {
    const { user, mock } = setup();
    await rows();
    await user.click(rowOf('003').getByTestId('assignGroup'));
    const modal = within(await screen.findByTestId('assignGroupModal'));
    expect(modal.getByTestId('assignGroupConfirm')).toBeDisabled();
    await user.click(modal.getByTestId('comboBoxSearchInput'));
    await user.click(await screen.findByTitle('web'));
    await user.click(modal.getByTestId('assignGroupConfirm'));
    await waitFor(() =>
      expect(mock.managedApiCalls.find((call) => call.method === 'PUT')?.path).toBe(
        '/agents/003/group/web',
      ),
    );
  });

  it("disables the bulk actions the user's policies deny, naming the missing permission", async () => {
    const { user, mock } = setup('/?host=prod', undefined, {
      'agent:restart': { 'agent:id:*': 'allow' },
      'agent:delete': { 'agent:id:*': 'allow', 'agent:id:003': 'deny' },
      rbac_mode: 'white',
    });
    await rows();
    await user.click(rowOf('001').getByTestId('checkboxSelectRow-001'));
    await user.click(screen.getByTestId('bulkActionsButton'));
    expect(await screen.findByTestId('bulkAction-restart')).toBeEnabled();
    for (const id of ['remove', 'upgrade', 'assignGroup'])
      expect(screen.getByTestId(`bulkAction-${id}`)).toBeDisabled();
    await user.hover(screen.getByTestId('bulkAction-remove'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'needs agent:delete on agent:id:*',
    );
    await user.click(screen.getByTestId('bulkAction-remove'));
    expect(screen.queryByTestId('bulkActionConfirm')).not.toBeInTheDocument();
    expect(mock.managedApiCalls.some((call) => call.method === 'DELETE')).toBe(false);
  });

  it("disables a row's actions the policies deny on that agent, allowing what its group grants", async () => {
    setup('/?host=prod', undefined, {
      'agent:restart': { 'agent:id:*': 'allow' },
      'agent:delete': { 'agent:id:*': 'allow', 'agent:id:003': 'deny' },
      'agent:modify_group': { 'agent:group:default': 'allow' },
      rbac_mode: 'white',
    });
    await rows();
    await waitFor(() => expect(rowOf('003').getByTestId('deleteAgent')).toBeDisabled());
    expect(rowOf('003').getByTestId('deleteAgent')).toHaveAttribute(
      'title',
      expect.stringContaining('needs agent:delete on agent:id:003'),
    );
    expect(rowOf('001').getByTestId('deleteAgent')).toBeEnabled();
    expect(rowOf('001').getByTestId('assignGroup')).toBeEnabled();
    expect(rowOf('001').getByTestId('restartAgent')).toBeEnabled();
  });

  it('exports the current filter as CSV with progress, saved under the server’s file name', async () => {
    const encoder = new TextEncoder();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const csvFetch = jest.fn(async () => {
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(encoder.encode('ID,Status,Name\n001,active,web-001\n'));
          await gate;
          controller.enqueue(encoder.encode('002,active,web-002'));
          controller.close();
        },
      });
      // jsdom has no Response: the parts of one the exporter reads.
      const headers: Record<string, string> = {
        'content-type': 'text/csv',
        'content-disposition':
          'attachment; filename="agents.csv"; filename*=UTF-8\'\'agents-prod-2025-03-10.csv',
      };
      return {
        ok: true,
        status: 200,
        statusText: 'OK',
        body,
        headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
      };
    }) as unknown as typeof fetch;
    const { user, saved, toasts } = setup('/?host=prod&status=active&query=name~web', csvFetch);
    await rows();
    await user.click(screen.getByTestId('csvExport'));
    expect(await screen.findByText('1 of 45 rows')).toBeInTheDocument();
    release();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0].filename).toBe('agents-prod-2025-03-10.csv');
    expect(await blobText(saved[0].blob)).toBe(
      'ID,Status,Name\n001,active,web-001\n002,active,web-002',
    );
    expect(toasts).toContainEqual({
      color: 'success',
      toast: {
        title: 'Exported agents',
        text: 'agents-prod-2025-03-10.csv: 2 rows',
        'data-test-subj': 'csvExportDone',
      },
    });
    const [url, init] = (csvFetch as jest.Mock).mock.calls[0];
    expect(url).toBe('/api/csv');
    expect(JSON.parse(init.body)).toEqual({
      id: 'prod',
      path: '/agents',
      filters: [
        { name: 'q', value: '(name~web);id!=000' },
        { name: 'status', value: 'active' },
        { name: 'sort', value: '+id' },
      ],
    });
  });
});
