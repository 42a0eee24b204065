import { configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EuiProvider } from '@elastic/eui';
import { HistoryPanel } from './history-panel';
import type { HistoryEntry } from './history-store';

// EUI components take `data-test-subj`; the machine is shared, so renders may be slow.
configure({ testIdAttribute: 'data-test-subj', asyncUtilTimeout: 15_000 });
jest.setTimeout(60_000);

const entries: HistoryEntry[] = [
  {
    method: 'PUT',
    path: '/agents/001/restart',
    apiHostId: 'beta',
    sentAt: '2025-05-01T10:02:00.000Z',
    status: 403,
    durationMs: 31,
  },
  {
    method: 'POST',
    path: '/agents',
    body: { name: 'web-01' },
    apiHostId: 'alpha',
    sentAt: '2025-05-01T10:01:00.000Z',
    status: 200,
    durationMs: 12,
  },
  {
    method: 'GET',
    path: '/agents?limit=5',
    apiHostId: 'alpha',
    sentAt: '2025-05-01T10:00:00.000Z',
    durationMs: 60000,
  },
];

function renderPanel(list: HistoryEntry[] = entries) {
  const onLoad = jest.fn();
  const onClear = jest.fn();
  render(
    <EuiProvider colorMode="light">
      <HistoryPanel entries={list} onLoad={onLoad} onClear={onClear} />
    </EuiProvider>,
  );
  return { onLoad, onClear };
}

describe('console history panel', () => {
  it('lists each sent request with its method, path, body mark, host, status and time taken, newest first', () => {
    renderPanel();
    const rows = screen.getAllByTestId('consoleHistoryRow');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('PUT /agents/001/restart');
    expect(within(rows[0]).getByTestId('consoleHistoryHost')).toHaveTextContent('beta');
    expect(rows[0]).toHaveTextContent('403');
    expect(rows[0]).toHaveTextContent('31 ms');
    expect(rows[1]).toHaveTextContent('POST /agents');
    expect(rows[1]).toHaveTextContent('body');
    expect(rows[2]).toHaveTextContent('no answer');
    expect(rows[2]).toHaveTextContent(new Date(entries[2].sentAt).toLocaleString());
  });

  it('loads the clicked entry', async () => {
    const { onLoad } = renderPanel();
    await userEvent.click(screen.getAllByTestId('consoleHistoryEntry')[1]);
    expect(onLoad).toHaveBeenCalledWith(entries[1]);
  });

  it('asks to clear all entries', async () => {
    const { onClear } = renderPanel();
    await userEvent.click(screen.getByTestId('consoleHistoryClear'));
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('says when nothing was sent yet', () => {
    renderPanel([]);
    expect(screen.getByText('No request sent yet.')).toBeInTheDocument();
    expect(screen.getByTestId('consoleHistoryClear')).toBeDisabled();
  });
});
