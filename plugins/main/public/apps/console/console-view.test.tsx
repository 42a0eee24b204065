import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ApiHost } from '../../../common/api-hosts';
import type { RouteCatalogue } from '@catalogue/types';
import {
  createMockHttp,
  fail,
  itemsEnvelope,
  permissionDenied,
  type ManagedApiCallSeen,
} from '../../test-support/mock-http';
import {
  createTestServices,
  memoryHistory,
  renderWithServices,
} from '../../test-support/test-services';
import { AppRoot } from '../app-root';
import { ConsoleView } from './console-view';
import { historyStorageKey } from './history/history-store';
import { bufferStorageKey } from './services/buffer-store';
import { withAsResponse } from './test-support/as-response-http';

const hosts: ApiHost[] = [
  {
    id: 'alpha',
    url: 'https://alpha.example.org',
    port: 55000,
    username: 'wazuh-wui',
    run_as: true,
    tls_verify: true,
  },
  {
    id: 'beta',
    url: 'https://beta.example.org',
    port: 55001,
    username: 'wazuh-wui',
    run_as: true,
    tls_verify: false,
  },
];

const catalogue: RouteCatalogue = {
  generatedFrom: { title: 'Test API', version: '1.0.0' },
  routes: [
    {
      method: 'GET',
      path: '/agents',
      pathParams: [],
      queryParams: [{ name: 'limit', required: false, type: 'integer' }],
      responseContentTypes: ['application/json'],
    },
    {
      method: 'PUT',
      path: '/agents/{agent_id}/restart',
      rbacActions: ['agent:restart'],
      pathParams: [{ name: 'agent_id', required: true, type: 'string' }],
      queryParams: [],
      responseContentTypes: ['application/json'],
    },
  ],
};

// CodeMirror measures text with ranges, which jsdom does not lay out.
beforeAll(() => {
  Range.prototype.getClientRects = () =>
    ({
      length: 0,
      item: () => null,
      [Symbol.iterator]: [][Symbol.iterator],
    }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
});

beforeEach(() => window.localStorage.clear());

// The machine is shared: EUI and CodeMirror renders can take seconds.
configure({ asyncUtilTimeout: 15_000 });
jest.setTimeout(120_000);

function setup({
  url = '/?host=beta',
  buffer = 'GET /agents?limit=1',
  answer,
}: { url?: string; buffer?: string; answer?: (call: ManagedApiCallSeen) => unknown } = {}) {
  window.localStorage.setItem(bufferStorageKey('tester'), buffer);
  const mock = createMockHttp(
    {
      'GET /hosts/apis': () => hosts,
      'GET /api/routes': () => catalogue,
      'POST /utils/logs/ui': () => ({}),
    },
    answer ?? ((call) => itemsEnvelope([{ id: '001', name: `agent on ${call.apiHostId}` }])),
  );
  mock.http = withAsResponse(mock.http);
  const test = createTestServices(mock);
  const history = memoryHistory(url);
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  renderWithServices(
    <AppRoot services={test.services} history={history} title="API console">
      <ConsoleView />
    </AppRoot>,
    test.services,
  );
  return { ...test, mock, history, user };
}

function editorText(): string {
  return screen.getByTestId('consoleRequestEditor').querySelector('.cm-content')!.textContent ?? '';
}

async function runAndWait(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByTestId('consoleRun'));
  return screen.findByTestId('consoleResponseStatus');
}

/** The console's own calls, without the permissions read every app makes when it opens. */
function consoleCalls(mock: {
  managedApiCalls: Array<{ path: string; apiHostId: string; method: string; query: unknown }>;
}) {
  return mock.managedApiCalls.filter((call) => call.path !== '/security/users/me/policies');
}

describe('API console host selector', () => {
  it('lists the stored hosts and preselects the one named in the URL', async () => {
    setup({ url: '/?host=beta' });
    const selector = await screen.findByTestId('svcHostSelector');
    expect(
      within(selector)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['alpha (https://alpha.example.org:55000)', 'beta (https://beta.example.org:55001)']);
    expect(selector).toHaveValue('beta');
    expect(await screen.findByTestId('consoleTargetHost')).toHaveTextContent('beta');
  });

  it('sends to the selected host and shows it next to the response; a switch takes effect for the next request', async () => {
    const { user, mock } = setup({ url: '/?host=beta' });
    await screen.findByTestId('consoleCatalogueInfo');
    expect(await runAndWait(user)).toHaveTextContent('200');
    expect(
      consoleCalls(mock).map((call) => [call.apiHostId, call.method, call.path, call.query]),
    ).toEqual([['beta', 'GET', '/agents', { limit: '1' }]]);
    expect(screen.getByTestId('consoleResponseHost')).toHaveTextContent('beta');

    await user.selectOptions(screen.getByTestId('svcHostSelector'), 'alpha');
    await waitFor(() => expect(screen.getByTestId('consoleTargetHost')).toHaveTextContent('alpha'));
    await user.click(screen.getByTestId('consoleRun'));
    await waitFor(() =>
      expect(screen.getByTestId('consoleResponseHost')).toHaveTextContent('alpha'),
    );
    expect(consoleCalls(mock).map((call) => call.apiHostId)).toEqual(['beta', 'alpha']);
    expect(screen.getAllByTestId('consoleHistoryHost').map((cell) => cell.textContent)).toEqual([
      'alpha',
      'beta',
    ]);
  });

  it('uses the first stored host when the URL names none', async () => {
    const { history } = setup({ url: '/' });
    expect(await screen.findByTestId('consoleTargetHost')).toHaveTextContent('alpha');
    await waitFor(() => expect(history.location.search).toBe('?host=alpha'));
  });
});

describe('API console requests and responses', () => {
  it('shows the formatted envelope, the status and the time taken', async () => {
    const { user } = setup();
    await runAndWait(user);
    expect(screen.getByTestId('consoleResponseTime')).toHaveTextContent(/^\d+ ms$/);
    const body = screen
      .getByTestId('consoleResponseBody')
      .querySelector('.cm-content')!.textContent;
    expect(body).toContain('"affected_items": [');
    expect(body).toContain('"name": "agent on beta"');
  });

  it('shows the managed API error envelope as sent, with its title, detail and code', async () => {
    const { user } = setup({
      buffer: 'PUT /agents/001/restart',
      answer: () => permissionDenied('agent:id'),
    });
    await screen.findByTestId('consoleCatalogueInfo');
    expect(await runAndWait(user)).toHaveTextContent('403');
    const callout = screen.getByTestId('consoleApiError');
    expect(callout).toHaveTextContent('The managed API refused the request: Permission Denied');
    expect(callout).toHaveTextContent('Permission denied: Resource type: agent:id (error 4000)');
    // The permission comes from the route catalogue, the resource from the managed API's detail.
    expect(callout).toHaveTextContent('Missing permission: agent:restart on agent:id.');
    expect(screen.getByTestId('consoleResponseBody')).toHaveTextContent('"error": 4000');
  });

  it('shows a failure on the dashboard side with its message', async () => {
    const { user } = setup({
      answer: () =>
        fail(502, {
          statusCode: 502,
          error: 'Bad Gateway',
          message: 'API host [beta] is not reachable: connect ECONNREFUSED 10.0.0.5:55001',
        }),
    });
    expect(await runAndWait(user)).toHaveTextContent('502');
    expect(screen.getByTestId('consoleDashboardError')).toHaveTextContent(
      'The dashboard could not complete the requestAPI host [beta] is not reachable: connect ECONNREFUSED 10.0.0.5:55001 — HTTP 502',
    );
    expect(screen.queryByTestId('consoleApiError')).not.toBeInTheDocument();
  });

  it('marks the items that failed in a successful answer', async () => {
    const { user } = setup({
      buffer: 'PUT /agents/001/restart',
      answer: () =>
        itemsEnvelope([], 0, [
          { code: 1707, message: 'Cannot send request, agent is not active', ids: ['001'] },
        ]),
    });
    expect(await runAndWait(user)).toHaveTextContent('200');
    expect(screen.getByTestId('consoleFailedItems')).toHaveTextContent(
      'Cannot send request, agent is not active (error 1707): 001',
    );
  });

  it('sends nothing for a request with problems and lists them', async () => {
    const { user, mock } = setup({ buffer: 'POST /agents\n{ "name": }' });
    await user.click(await screen.findByTestId('consoleRun'));
    expect(await screen.findByTestId('consoleNotSent')).toHaveTextContent(
      /Not sent: POST \/agents has problems.*Invalid JSON body/,
    );
    expect(consoleCalls(mock)).toEqual([]);
  });
});

describe('API console history and editor text', () => {
  it('records each sent request for the current user and loads a picked one into the editor', async () => {
    const { user } = setup({ buffer: 'GET /agents?limit=1' });
    await runAndWait(user);
    const stored = JSON.parse(window.localStorage.getItem(historyStorageKey('tester'))!);
    expect(stored).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/agents?limit=1',
        apiHostId: 'beta',
        status: 200,
      }),
    ]);

    await user.click(screen.getByTestId('consoleHistoryEntry'));
    expect(editorText()).toBe('GET /agents?limit=1GET /agents?limit=1');
    expect(window.localStorage.getItem(bufferStorageKey('tester'))).toBe(
      'GET /agents?limit=1\n\nGET /agents?limit=1\n',
    );
  });

  it('clears the history after confirmation', async () => {
    const { user, confirm } = setup();
    await runAndWait(user);
    await user.click(screen.getByTestId('consoleHistoryClear'));
    expect(confirm).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryAllByTestId('consoleHistoryRow')).toHaveLength(0));
    expect(window.localStorage.getItem(historyStorageKey('tester'))).toBeNull();
  });

  it('starts from the text kept for the user', async () => {
    setup({ buffer: '# mine\nGET /rules' });
    await screen.findByTestId('consoleRequestEditor');
    expect(editorText()).toBe('# mineGET /rules');
  });

  it('copies the request under the cursor as curl, aimed at the host, without credentials', async () => {
    // The browser's clipboard copy of the selected text, recorded.
    const copied: string[] = [];
    const execCommand = document.execCommand;
    document.execCommand = ((command: string) => {
      if (command === 'copy') copied.push(document.getSelection()?.toString() ?? '');
      return true;
    }) as typeof document.execCommand;
    const { user, toasts } = setup();
    try {
      await user.click(await screen.findByTestId('consoleCopyCurl'));
      await act(async () => undefined);
    } finally {
      document.execCommand = execCommand;
    }
    expect(toasts.map((toast) => toast.toast.title)).toContain('Copied as curl');
    expect(copied.join('')).toContain(
      "curl -X GET 'https://beta.example.org:55001/agents?limit=1'",
    );
    expect(copied.join('')).toContain('--insecure');
  });
});
