/**
 * What every alert view shows when it cannot read the indexer (one callout naming the indexer and
 * the cause, or how to connect one when none is configured), and the note that a view includes
 * sample data.
 */
import { EuiButton, EuiCallOut, EuiCode, EuiText } from '@elastic/eui';
import type { IndexerStatus } from '../../../../common/alerts/api';
import { alertsFailureSource } from '../../../../common/alerts/errors';
import { toSvcError } from '../../../services/svc-error';

export type IndexerProblem =
  | { kind: 'not_configured' }
  | {
      kind: 'unavailable';
      title: string;
      cause: string;
      /** The route's error code (`indexer_unreachable`, `indexer_timeout`…), when it gave one. */
      code?: string;
      /**
       * False when the indexer is not to blame: the managed API would not say which manager the
       * host's alerts carry, or the user's agents are too many to filter on.
       */
      fromIndexer: boolean;
      status?: number;
      /** The indexer's node URLs, when the answer named them. */
      hosts?: string[];
    };

interface ErrorBody {
  message?: unknown;
  attributes?: { code?: unknown; hosts?: unknown; indexer?: unknown };
}

function bodyOf(error: unknown): ErrorBody {
  const body = (error as { body?: unknown } | undefined)?.body;
  return typeof body === 'object' && body !== null ? (body as ErrorBody) : {};
}

function hostsOf(attributes: ErrorBody['attributes']): string[] | undefined {
  const named = attributes?.hosts ?? attributes?.indexer;
  if (typeof named === 'string') return [named];
  if (Array.isArray(named) && named.every((entry) => typeof entry === 'string')) return named;
  return undefined;
}

/** The route's code: in the error body, or already read from it by the alerts client (`reason`). */
function routeCodeOf(error: unknown, attributes: ErrorBody['attributes']): string | undefined {
  if (typeof attributes?.code === 'string') return attributes.code;
  const reason = (error as { reason?: unknown } | undefined)?.reason;
  return typeof reason === 'string' ? reason : undefined;
}

/** Reads a failed alerts-route call (the dashboard's error body keeps the indexer's reason). */
export function indexerProblemOf(error: unknown): IndexerProblem {
  const { attributes } = bodyOf(error);
  const code = routeCodeOf(error, attributes);
  if (code === 'indexer_not_configured') return { kind: 'not_configured' };
  const svcError = toSvcError(error);
  return {
    kind: 'unavailable',
    title: svcError.title,
    cause: svcError.detail,
    code,
    fromIndexer: code === undefined || alertsFailureSource(code) === 'indexer',
    status: svcError.status,
    hosts: hostsOf(attributes),
  };
}

function NotConfigured() {
  return (
    <EuiCallOut
      title="No indexer is connected"
      color="primary"
      iconType="plugs"
      data-test-subj="indexerNotConfigured"
    >
      <EuiText size="s">
        <p>
          Alerts are read from the Wazuh indexer (an OpenSearch cluster). Point the dashboard at it
          and restart it, with the environment variables <EuiCode>SVC_INDEXER_URL</EuiCode> (one or
          more URLs, comma-separated), <EuiCode>SVC_INDEXER_USERNAME</EuiCode>,{' '}
          <EuiCode>SVC_INDEXER_PASSWORD</EuiCode> and <EuiCode>SVC_INDEXER_CA_FILE</EuiCode>, or
          with <EuiCode>svc.indexer.hosts</EuiCode>, <EuiCode>svc.indexer.username</EuiCode>,{' '}
          <EuiCode>svc.indexer.password</EuiCode> and{' '}
          <EuiCode>svc.indexer.ssl.certificateAuthorities</EuiCode> in{' '}
          <EuiCode>config/svc.yml</EuiCode>.
        </p>
      </EuiText>
    </EuiCallOut>
  );
}

/** "The Wazuh indexer at https://…", from the failed answer or else the indexer's status. */
function indexerName(problem: { hosts?: string[] }, status?: IndexerStatus): string {
  if (status?.demo) return 'The demo indexer';
  const hosts = problem.hosts?.length ? problem.hosts : status?.hosts;
  return hosts?.length ? `The Wazuh indexer at ${hosts.join(', ')}` : 'The Wazuh indexer';
}

/**
 * The indexer's trouble, once, in place of the alert figures; the rest of the view carries on.
 * `status` (`GET /api/alerts/status`), when the view has it, names the indexer's hosts.
 */
export function IndexerCallout({
  problem,
  status,
  onRetry,
}: {
  problem: IndexerProblem;
  status?: IndexerStatus;
  onRetry?: () => void;
}) {
  if (problem.kind === 'not_configured') return <NotConfigured />;
  return (
    <EuiCallOut
      title={
        problem.fromIndexer
          ? `${indexerName(problem, status)} cannot be read`
          : 'The alerts of this API host cannot be read'
      }
      color="danger"
      iconType="error"
      data-test-subj={problem.fromIndexer ? 'indexerUnavailable' : 'alertsUnreadable'}
    >
      <p data-test-subj="indexerUnavailableCause">
        {problem.title}: {problem.cause}
        {problem.code && <> ({problem.code})</>}
        {problem.status !== undefined && <> — HTTP {problem.status}</>}
      </p>
      {onRetry && (
        <EuiButton size="s" iconType="refresh" onClick={onRetry} data-test-subj="indexerRetry">
          Try again
        </EuiButton>
      )}
    </EuiCallOut>
  );
}

/** Said wherever a figure or list counts alerts from a sample-data index. */
export function SampleDataNotice() {
  return (
    <EuiCallOut
      size="s"
      color="warning"
      iconType="flask"
      title="This view includes sample data"
      data-test-subj="alertsSampleDataNotice"
    >
      <p>An administrator can remove it in Settings → Sample data.</p>
    </EuiCallOut>
  );
}
