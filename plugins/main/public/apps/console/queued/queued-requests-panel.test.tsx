import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EuiProvider } from '@elastic/eui';
import type { QueuedRequestSummary } from '@main/common/queued-requests';
import { QueuedRequestsPanel, type QueuedRequestsHttp } from './queued-requests-panel';

configure({ testIdAttribute: 'data-test-subj', asyncUtilTimeout: 15_000 });
jest.setTimeout(60_000);

function queued(id: string, path: string): QueuedRequestSummary {
  return {
    id,
    host_id: 'alpha',
    method: 'PUT',
    path,
    owner: 'reader',
    queued_at: '2025-05-01T10:00:00.000Z',
    due_at: '2025-05-01T10:00:15.000Z',
  };
}

/** The dashboard's queued-request routes over a list held in memory. */
function fakeHttp(initial: QueuedRequestSummary[]) {
  let items = [...initial];
  const deleted: string[] = [];
  const http: QueuedRequestsHttp = {
    get: async <T,>() => ({ items, total: items.length }) as T,
    delete: async <T,>(path: string) => {
      const id = decodeURIComponent(path.split('/').pop() as string);
      deleted.push(id);
      items = items.filter((item) => item.id !== id);
      return { id, cancelled: true } as T;
    },
  };
  return {
    http,
    deleted,
    add(item: QueuedRequestSummary) {
      items = [...items, item];
    },
  };
}

function renderPanel(http: QueuedRequestsHttp, refreshKey = '') {
  return render(
    <EuiProvider>
      <QueuedRequestsPanel http={http} refreshKey={refreshKey} />
    </EuiProvider>,
  );
}

describe('QueuedRequestsPanel', () => {
  it('lists the waiting requests and cancels one', async () => {
    const server = fakeHttp([queued('a', '/agents/restart'), queued('b', '/manager/restart')]);
    renderPanel(server.http);
    expect(await screen.findAllByTestId('consoleQueuedRow')).toHaveLength(2);
    const first = screen.getAllByTestId('consoleQueuedRow')[0];
    expect(within(first).getByText('PUT /agents/restart')).toBeDefined();
    expect(within(first).getByText('reader')).toBeDefined();
    await userEvent.click(within(first).getByTestId('consoleQueuedCancel'));
    await waitFor(() => expect(screen.getAllByTestId('consoleQueuedRow')).toHaveLength(1));
    expect(server.deleted).toEqual(['a']);
    expect(screen.getByText('PUT /manager/restart')).toBeDefined();
  });

  it('shows a request queued since, when the console sent one', async () => {
    const server = fakeHttp([]);
    const view = renderPanel(server.http);
    expect(await screen.findByText('No request is waiting.')).toBeDefined();
    server.add(queued('c', '/cluster/restart'));
    view.rerender(
      <EuiProvider>
        <QueuedRequestsPanel http={server.http} refreshKey="2025-05-01T10:00:01.000Z" />
      </EuiProvider>,
    );
    expect(await screen.findByText('PUT /cluster/restart')).toBeDefined();
  });

  it('says why the list cannot be read', async () => {
    renderPanel({
      get: async () => {
        throw new Error('Not signed in');
      },
      delete: async () => undefined as never,
    });
    expect((await screen.findByTestId('consoleQueuedProblem')).textContent).toContain(
      'Not signed in',
    );
  });
});
