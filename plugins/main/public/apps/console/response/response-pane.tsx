/**
 * The answer to the last request: HTTP status, time taken, the host it went to, and the body as it
 * came, formatted. A failure says who failed (the managed API, the dashboard, the network) with the
 * title, detail and code it gave, above the body itself.
 */
import {
  EuiBadge,
  EuiButtonIcon,
  EuiCallOut,
  EuiCode,
  EuiCopy,
  EuiFlexGroup,
  EuiFlexItem,
  EuiLoadingSpinner,
  EuiSpacer,
  EuiText,
  EuiToolTip,
} from '@elastic/eui';
import type { ApiHost } from '@main/common/api-hosts';
import type { ItemsEnvelope } from '../../../services/managed-api-types';
import { permissionSentence } from '../../../services/error-orchestrator';
import { failedItemsError } from '../../../services/svc-error';
import { JsonViewer } from '../editor/json-viewer';
import type { ConsoleResponse } from '../services/console-request';

export type RunResult =
  | { kind: 'response'; response: ConsoleResponse }
  | { kind: 'not-sent'; reason: string; problems: string[] };

function responseText(body: unknown): string {
  if (body === undefined) return '';
  return typeof body === 'string' ? body : JSON.stringify(body, null, 2);
}

function isFailedItemsEnvelope(body: unknown): body is ItemsEnvelope<unknown> {
  const envelope = body as Partial<ItemsEnvelope<unknown>> | undefined;
  return (
    typeof envelope?.error === 'number' &&
    envelope.error !== 0 &&
    Array.isArray(envelope.data?.failed_items) &&
    envelope.data.failed_items.length > 0
  );
}

function statusColor(response: ConsoleResponse): string {
  if (response.outcome !== 'success') return 'danger';
  return isFailedItemsEnvelope(response.body) ? 'warning' : 'success';
}

function FailureCallout({ response }: { response: ConsoleResponse }) {
  const { error, status } = response;
  if (response.outcome === 'success') {
    if (!isFailedItemsEnvelope(response.body)) return null;
    const failure = failedItemsError(response.body.message, response.body.data.failed_items);
    return (
      <EuiCallOut
        size="s"
        color="warning"
        iconType="warning"
        title={failure.title}
        data-test-subj="consoleFailedItems"
      >
        <p>{failure.detail}</p>
      </EuiCallOut>
    );
  }
  if (!error) return null;
  if (response.outcome === 'managed-api-error') {
    return (
      <EuiCallOut
        size="s"
        color="danger"
        iconType="error"
        title={`The managed API refused the request: ${error.title}`}
        data-test-subj="consoleApiError"
      >
        <p>
          {error.detail}
          {error.code !== undefined && <> (error {error.code})</>} — HTTP {status}
        </p>
        {error.isPermissionDenied && (
          <p>
            {permissionSentence(error)} The request runs with the permissions this dashboard user
            has on the host.
          </p>
        )}
        {error.remediation && <p>{error.remediation}</p>}
      </EuiCallOut>
    );
  }
  const title =
    response.outcome === 'network-error'
      ? 'No answer from the dashboard server'
      : 'The dashboard could not complete the request';
  return (
    <EuiCallOut
      size="s"
      color="danger"
      iconType="error"
      title={title}
      data-test-subj="consoleDashboardError"
    >
      <p>
        {error.detail}
        {status !== undefined && <> — HTTP {status}</>}
      </p>
    </EuiCallOut>
  );
}

function ResponseHeader({ response, host }: { response: ConsoleResponse; host?: ApiHost }) {
  const text = responseText(response.body);
  return (
    <EuiFlexGroup gutterSize="s" alignItems="center" responsive={false} wrap>
      <EuiFlexItem grow={false}>
        <EuiBadge color={statusColor(response)} data-test-subj="consoleResponseStatus">
          {response.status ?? 'no answer'}
        </EuiBadge>
      </EuiFlexItem>
      <EuiFlexItem grow={false}>
        <EuiBadge color="hollow" data-test-subj="consoleResponseTime">
          {Math.max(0, Math.round(response.durationMs))} ms
        </EuiBadge>
      </EuiFlexItem>
      <EuiFlexItem grow={false}>
        <EuiToolTip content={host ? `${host.url}:${host.port}` : 'This host is no longer stored'}>
          <EuiBadge color="default" iconType="compute" data-test-subj="consoleResponseHost">
            {response.apiHostId}
          </EuiBadge>
        </EuiToolTip>
      </EuiFlexItem>
      <EuiFlexItem grow={true} style={{ minWidth: 0 }}>
        <EuiText size="xs" className="eui-textTruncate">
          <EuiCode data-test-subj="consoleResponseRequest">
            {response.request.method} {response.request.path}
          </EuiCode>
        </EuiText>
      </EuiFlexItem>
      <EuiFlexItem grow={false}>
        <EuiCopy textToCopy={text} afterMessage="Response copied">
          {(copy) => (
            <EuiButtonIcon
              iconType="copy"
              aria-label="Copy the response"
              onClick={copy}
              isDisabled={text === ''}
              data-test-subj="consoleCopyResponse"
            />
          )}
        </EuiCopy>
      </EuiFlexItem>
    </EuiFlexGroup>
  );
}

export function ResponsePane({
  result,
  running,
  hosts,
}: {
  result?: RunResult;
  running: boolean;
  hosts: ApiHost[];
}) {
  const response = result?.kind === 'response' ? result.response : undefined;
  return (
    <EuiFlexGroup
      direction="column"
      gutterSize="s"
      style={{ height: '100%' }}
      responsive={false}
      data-test-subj="consoleResponse"
    >
      <EuiFlexItem grow={false}>
        {running && (
          <EuiBadge color="hollow" data-test-subj="consoleRequestInProgress">
            <EuiLoadingSpinner size="s" /> Request in progress
          </EuiBadge>
        )}
        {!running && !result && (
          <EuiText size="s" color="subdued">
            <p>Run a request to see the answer here.</p>
          </EuiText>
        )}
        {!running && response && (
          <ResponseHeader
            response={response}
            host={hosts.find((host) => host.id === response.apiHostId)}
          />
        )}
        {!running && result?.kind === 'not-sent' && (
          <EuiCallOut
            size="s"
            color="warning"
            iconType="warning"
            title={`Not sent: ${result.reason}`}
            data-test-subj="consoleNotSent"
          >
            {result.problems.length > 0 && (
              <ul>
                {result.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            )}
          </EuiCallOut>
        )}
      </EuiFlexItem>
      {!running && response && (
        <EuiFlexItem grow={false}>
          <FailureCallout response={response} />
          <EuiSpacer size="xs" />
        </EuiFlexItem>
      )}
      <EuiFlexItem grow={true} style={{ minHeight: 0, border: '1px solid #d3dae6' }}>
        <JsonViewer
          text={response ? responseText(response.body) : ''}
          testSubj="consoleResponseBody"
        />
      </EuiFlexItem>
    </EuiFlexGroup>
  );
}
