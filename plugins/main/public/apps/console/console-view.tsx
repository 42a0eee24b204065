/**
 * The API console: requests typed in the editor go to the chosen host through the dashboard's
 * proxy; the answer, the user's history and completion from the route catalogue sit around it.
 */
import {
  copyToClipboard,
  EuiButton,
  EuiButtonEmpty,
  EuiCallOut,
  EuiEmptyPrompt,
  EuiFlexGroup,
  EuiFlexItem,
  EuiLoadingSpinner,
  EuiPanel,
  EuiSpacer,
  EuiText,
} from '@elastic/eui';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { RouteCatalogue } from '@catalogue/types';
import type { ApiHost } from '../../../common/api-hosts';
import { SVC_ROUTES } from '../../../common/constants';
import { Page } from '../../components/page';
import { RequireHost } from '../../components/require-host';
import { useSelectedHost } from '../../components/selected-host';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import { RouteIndex } from './completion/route-index';
import { RequestEditor, type RequestEditorHandle } from './editor/request-editor';
import { HistoryPanel } from './history/history-panel';
import { QueuedRequestsPanel } from './queued/queued-requests-panel';
import {
  ConsoleHistory,
  entryRequest,
  historyEntry,
  type HistoryEntry,
} from './history/history-store';
import { toCurl } from './model/curl';
import { formatRequest, toSendable, type ConsoleRequest } from './model/request-parser';
import { ResponsePane, type RunResult } from './response/response-pane';
import { BufferStore } from './services/buffer-store';
import { sendConsoleRequest } from './services/console-request';

const WORKSPACE_HEIGHT = 'max(380px, calc(100vh - 420px))';

type NotSent = Extract<RunResult, { kind: 'not-sent' }>;

function notSent(request: ConsoleRequest | undefined): NotSent {
  if (!request)
    return {
      kind: 'not-sent',
      reason: 'the cursor is not on a request',
      problems: ['Put the cursor on a request line such as "GET /agents", or on its body.'],
    };
  return {
    kind: 'not-sent',
    reason: `${request.method} ${request.path} has problems`,
    problems: request.errors.map((error) => error.message),
  };
}

function CompletionStatus({
  catalogue,
  onRetry,
}: {
  catalogue: ReturnType<typeof useAsync<RouteCatalogue>>['state'];
  onRetry(): void;
}) {
  if (catalogue.status === 'loading')
    return <EuiLoadingSpinner size="s" aria-label="Loading the route catalogue" />;
  if (catalogue.status === 'error') {
    return (
      <EuiCallOut
        size="s"
        color="warning"
        iconType="warning"
        title="Completion is off: the route catalogue could not be loaded"
        data-test-subj="consoleCatalogueError"
      >
        <EuiButtonEmpty size="xs" onClick={onRetry}>
          Try again
        </EuiButtonEmpty>
      </EuiCallOut>
    );
  }
  const { generatedFrom, routes } = catalogue.data;
  return (
    <EuiText size="xs" color="subdued" data-test-subj="consoleCatalogueInfo">
      Completion from {routes.length} routes of {generatedFrom.title} {generatedFrom.version}
    </EuiText>
  );
}

function ConsoleWorkspace({ host, username }: { host: ApiHost; username: string }) {
  const { core, errors } = useSvcServices();
  const { hosts } = useSelectedHost();
  const stores = useMemo(
    () => ({
      history: new ConsoleHistory(window.localStorage, username),
      buffer: new BufferStore(window.localStorage, username),
    }),
    [username],
  );
  const [initialText] = useState(() => stores.buffer.load());
  const [entries, setEntries] = useState(() => stores.history.list());
  const [result, setResult] = useState<RunResult>();
  const [running, setRunning] = useState(false);
  const editor = useRef<RequestEditorHandle>(null);
  const saveFailed = useRef(false);
  const loadCatalogue = useCallback(
    (signal: AbortSignal) =>
      core.http.get<RouteCatalogue>(SVC_ROUTES.routes, { signal, query: { format: 'catalogue' } }),
    [core.http],
  );
  const { state: catalogue, reload: reloadCatalogue } = useAsync(
    loadCatalogue,
    'Loading the route catalogue for completion',
  );
  const routeIndex = useMemo(
    () => (catalogue.data ? RouteIndex.fromCatalogue(catalogue.data) : RouteIndex.empty()),
    [catalogue.data],
  );

  const run = useCallback(
    async (request: ConsoleRequest | undefined) => {
      const sendable = request && toSendable(request);
      if (!sendable) {
        setResult(notSent(request));
        return;
      }
      setRunning(true);
      const action = routeIndex.match(request.method, request.path)?.route.rbacActions?.join(', ');
      const response = await sendConsoleRequest(core.http, host.id, sendable, { action });
      setRunning(false);
      setResult({ kind: 'response', response });
      try {
        setEntries(stores.history.add(historyEntry(response)));
      } catch (error) {
        errors.report(error, 'Saving the request in the console history', { level: 'warning' });
      }
    },
    [core.http, errors, host.id, routeIndex, stores],
  );

  const saveText = useCallback(
    (text: string) => {
      try {
        stores.buffer.save(text);
      } catch (error) {
        // Reported once: the same failure would otherwise come back on every keystroke.
        if (!saveFailed.current)
          errors.report(error, 'Keeping the console text in this browser', { level: 'warning' });
        saveFailed.current = true;
      }
    },
    [errors, stores],
  );

  const copyAsCurl = () => {
    const request = editor.current?.requestUnderCursor();
    const sendable = request && toSendable(request);
    if (!sendable) {
      const { reason, problems } = notSent(request);
      core.notifications.toasts.addWarning({
        title: `Nothing copied: ${reason}`,
        text: problems.join(' '),
      });
      return;
    }
    if (copyToClipboard(toCurl(sendable, host))) {
      core.notifications.toasts.addSuccess({
        title: 'Copied as curl',
        text: `Aimed at ${host.url}:${host.port}. It holds no credentials: set TOKEN in your shell to a token of the managed API first.`,
      });
    } else core.notifications.toasts.addWarning({ title: 'The browser did not allow copying' });
  };

  const loadEntry = (entry: HistoryEntry) =>
    editor.current?.appendRequest(formatRequest(entryRequest(entry)));

  const clearHistory = async () => {
    const confirmed = await core.overlays.openConfirm(
      `Remove all ${entries.length} requests from your console history in this browser?`,
      {
        title: 'Clear the history',
        confirmButtonText: 'Clear all',
        buttonColor: 'danger',
      },
    );
    if (!confirmed) return;
    stores.history.clear();
    setEntries([]);
  };

  return (
    <div data-test-subj="consoleWorkspace">
      <EuiFlexGroup gutterSize="s" alignItems="center" responsive={false}>
        <EuiFlexItem grow={false}>
          <EuiButton
            size="s"
            fill
            iconType="play"
            onClick={() => void run(editor.current?.requestUnderCursor())}
            isLoading={running}
            data-test-subj="consoleRun"
          >
            Run
          </EuiButton>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiButton size="s" iconType="copy" onClick={copyAsCurl} data-test-subj="consoleCopyCurl">
            Copy as curl
          </EuiButton>
        </EuiFlexItem>
        <EuiFlexItem grow={true}>
          <EuiText size="xs" color="subdued">
            Runs the request under the cursor (Ctrl+Enter or Cmd+Enter) on{' '}
            <strong data-test-subj="consoleTargetHost">{host.id}</strong> ({host.url}:{host.port}).
          </EuiText>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <CompletionStatus catalogue={catalogue} onRetry={reloadCatalogue} />
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer size="s" />
      <EuiFlexGroup gutterSize="m" responsive={false} style={{ height: WORKSPACE_HEIGHT }}>
        <EuiFlexItem style={{ minWidth: 0 }}>
          <EuiPanel paddingSize="none" hasBorder style={{ height: '100%', overflow: 'hidden' }}>
            <RequestEditor
              ref={editor}
              initialText={initialText}
              routeIndex={routeIndex}
              onRun={(request) => void run(request)}
              onTextChange={saveText}
            />
          </EuiPanel>
        </EuiFlexItem>
        <EuiFlexItem style={{ minWidth: 0 }}>
          <ResponsePane result={result} running={running} hosts={hosts.data ?? []} />
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer size="m" />
      <EuiPanel hasBorder paddingSize="s">
        <HistoryPanel entries={entries} onLoad={loadEntry} onClear={() => void clearHistory()} />
      </EuiPanel>
      <EuiSpacer size="m" />
      <EuiPanel hasBorder paddingSize="s">
        <QueuedRequestsPanel http={core.http} refreshKey={entries[0]?.sentAt ?? ''} />
      </EuiPanel>
    </div>
  );
}

export function ConsoleView() {
  const { core } = useSvcServices();
  const loadUser = useCallback(() => core.security.getCurrentUser(), [core.security]);
  const { state: user } = useAsync(loadUser, 'Reading the current user');
  return (
    <Page
      title="API console"
      testSubj="svcConsole"
      description="Send requests to a managed API host with its stored credentials, as the dashboard user you are"
    >
      {user.data ? (
        <RequireHost>
          {(host) => <ConsoleWorkspace host={host} username={user.data!.username} />}
        </RequireHost>
      ) : user.status === 'error' ? (
        <EuiEmptyPrompt
          iconType="error"
          color="danger"
          title={<h2>The console needs to know who you are</h2>}
          body={<p>{user.error.detail}</p>}
        />
      ) : (
        <EuiEmptyPrompt icon={<EuiLoadingSpinner size="xl" />} title={<h2>Loading</h2>} />
      )}
    </Page>
  );
}
