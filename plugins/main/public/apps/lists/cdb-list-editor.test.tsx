import { screen, waitFor } from '@testing-library/react';
import { ReadableStream } from 'stream/web';
import { itemsEnvelope, type ManagedApiCallSeen } from '../../test-support/mock-http';
import { renderApp } from '../../test-support/render-app';
import { UNSAVED_EXPORT_REASON } from './cdb-list-editor';
import { ListsView } from './index';

jest.setTimeout(60_000);

/** `policies`: what `GET /security/users/me/policies` answers (unread by default: all allowed). */
function setup(policies?: object) {
  let stored = 'alpha:1\nbeta:2\n';
  const managedApi = (call: ManagedApiCallSeen) => {
    if (policies && call.method === 'GET' && call.path === '/security/users/me/policies')
      return { data: policies, error: 0 };
    if (call.method === 'GET' && call.path === '/lists/files/keys') return stored;
    if (call.method === 'PUT' && call.path === '/lists/files/keys') {
      stored = (call.body as { body: string }).body;
      return itemsEnvelope(['etc/lists/keys']);
    }
    throw new Error(`unexpected ${call.method} ${call.path}`);
  };
  const csvFetch = jest.fn(async () => ({
    ok: true,
    status: 200,
    statusText: 'OK',
    body: new ReadableStream<Uint8Array>({ start: (controller) => controller.close() }),
    headers: { get: () => null },
  })) as unknown as typeof fetch;
  const { user } = renderApp(<ListsView />, {
    title: 'CDB lists',
    url: '/?host=prod&list=keys',
    managedApi,
    fetch: csvFetch,
  });
  return { csvFetch, stored: () => stored, user };
}

describe('CDB list CSV export', () => {
  it('exports the stored list with its key and value columns, and waits while rows are unsaved', async () => {
    const { user, csvFetch, stored } = setup();
    await screen.findByText('beta');
    const exportButton = () => screen.getByTestId('csvExport');
    expect(exportButton()).toBeEnabled();

    await user.click(screen.getByTestId('cdbAddRow'));
    await user.type(screen.getByTestId('cdbRowKey'), 'gamma');
    await user.type(screen.getByTestId('cdbRowValue'), '3{Enter}');
    await screen.findByText('gamma');
    expect(exportButton()).toBeDisabled();
    expect(exportButton()).toHaveAttribute('title', UNSAVED_EXPORT_REASON);

    await user.click(screen.getByTestId('cdbListSave'));
    await waitFor(() => expect(exportButton()).toBeEnabled());
    expect(stored()).toBe('alpha:1\nbeta:2\ngamma:3\n');
    await user.click(exportButton());
    await waitFor(() => expect(csvFetch).toHaveBeenCalledTimes(1));
    const [url, init] = (csvFetch as jest.Mock).mock.calls[0];
    expect(url).toBe('/api/csv');
    expect(JSON.parse(init.body)).toEqual({
      id: 'prod',
      path: '/lists',
      filters: [{ name: 'filename', value: 'keys', _isCDBList: true }],
    });
  });
});

describe("CDB list editing, as the API's policies allow", () => {
  const reading = { 'lists:read': { 'list:file:*': 'allow' } };
  const writing = {
    ...reading,
    'lists:update': { '*:*:*': 'allow' },
    'lists:delete': { 'list:file:*': 'allow' },
    'manager:read': { '*:*:*': 'allow' },
  };

  it('is read-only, saying which permission is missing, for a user who may only read', async () => {
    setup(reading);
    await screen.findByText('beta');
    expect(await screen.findByTestId('readOnlyReason')).toHaveTextContent('lists:update');
    expect(screen.queryByTestId('cdbAddRow')).not.toBeInTheDocument();
  });

  it('saves, then offers a restart only to a user the API lets restart the manager', async () => {
    const { user } = setup(writing);
    await screen.findByText('beta');
    await waitFor(() => expect(screen.getByTestId('cdbAddRow')).toBeEnabled());
    await user.click(screen.getByTestId('cdbAddRow'));
    await user.type(screen.getByTestId('cdbRowKey'), 'gamma');
    await user.type(screen.getByTestId('cdbRowValue'), '3{Enter}');
    await user.click(screen.getByTestId('cdbListSave'));
    await screen.findByTestId('applyChanges');
    expect(screen.getByTestId('validateConfiguration')).toBeEnabled();
    expect(screen.getByTestId('restartManager')).toBeDisabled();
    await waitFor(() =>
      expect(screen.getByTestId('restartManager-why')).toHaveAttribute(
        'aria-label',
        expect.stringContaining('manager:restart'),
      ),
    );
  });
});
