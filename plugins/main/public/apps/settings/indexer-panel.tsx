/**
 * Settings → Indexer: whether the dashboard can read the Wazuh indexer, each node's state, and each
 * API host's alerts. What went wrong in detail (addresses, the client's words) comes for admins only.
 */
import {
  EuiBadge,
  EuiBasicTable,
  EuiButton,
  EuiCode,
  EuiDescriptionList,
  EuiFlexGroup,
  EuiFlexItem,
  EuiHealth,
  EuiSkeletonText,
  EuiSpacer,
  EuiText,
  EuiTitle,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { useCallback } from 'react';
import { ALERTS_ROUTES, type IndexerStatus } from '../../../common/alerts/api';
import { IndexerCallout } from '../../components/alerts/notices/indexer-callout';
import { ErrorPrompt } from '../../components/error-prompt';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';

type ApiHostAlerts = NonNullable<IndexerStatus['apiHosts']>[number];
type IndexerNode = NonNullable<IndexerStatus['nodes']>[number];

const HEALTH_COLOR = { green: 'success', yellow: 'warning', red: 'danger' } as const;

function Reachability({ status }: { status: IndexerStatus }) {
  if (status.reachable)
    return (
      <EuiHealth color="success" data-test-subj="indexerReachable">
        Reachable
      </EuiHealth>
    );
  return (
    <div data-test-subj="indexerNotReachable">
      <EuiHealth color="danger">Not reachable</EuiHealth>
      {status.error && (
        <EuiText size="s">
          <p>
            {status.error.message} <EuiCode>{status.error.code}</EuiCode>
          </p>
          {status.error.detail && (
            <p data-test-subj="indexerErrorDetail">
              <EuiCode>{status.error.detail}</EuiCode>
            </p>
          )}
        </EuiText>
      )}
    </div>
  );
}

function IndexerFacts({ status }: { status: IndexerStatus }) {
  return (
    <EuiDescriptionList
      type="column"
      compressed
      data-test-subj="indexerFacts"
      listItems={[
        {
          title: 'State',
          description: (
            <>
              <Reachability status={status} />
              {status.demo && (
                <EuiBadge color="accent" data-test-subj="indexerDemo">
                  demo: the built-in stand-in with sample alerts
                </EuiBadge>
              )}
            </>
          ),
        },
        { title: 'Version', description: status.version ?? 'not known' },
        {
          title: 'Cluster health',
          description: status.clusterHealth ? (
            <EuiHealth color={HEALTH_COLOR[status.clusterHealth]}>{status.clusterHealth}</EuiHealth>
          ) : (
            'not known'
          ),
        },
        { title: 'Hosts', description: status.hosts.join(', ') || 'none' },
        {
          title: 'Alerts index pattern',
          description: <EuiCode>{status.alertsIndexPattern}</EuiCode>,
        },
      ]}
    />
  );
}

const NODE_COLUMNS: Array<EuiBasicTableColumn<IndexerNode>> = [
  { field: 'url', name: 'Node' },
  {
    name: 'State',
    render: ({ state }: IndexerNode) =>
      state === 'alive' ? (
        <EuiHealth color="success">alive</EuiHealth>
      ) : (
        <EuiHealth color="danger">dead: skipped until tried again</EuiHealth>
      ),
  },
  { field: 'since', name: 'Since', render: (since: string) => new Date(since).toLocaleString() },
  {
    name: 'Last failure',
    render: ({ lastError }: IndexerNode) => (lastError ? <EuiCode>{lastError}</EuiCode> : '—'),
  },
];

function IndexerNodes({ nodes }: { nodes: IndexerNode[] }) {
  return (
    <>
      <EuiTitle size="xs">
        <h3>Nodes</h3>
      </EuiTitle>
      <EuiBasicTable
        data-test-subj="indexerNodes"
        items={nodes}
        columns={NODE_COLUMNS}
        rowProps={(row) => ({ 'data-test-subj': `indexerNode-${row.state}` })}
        noItemsMessage="No node is known."
      />
    </>
  );
}

type JobRun = NonNullable<IndexerStatus['jobs']>[number];

const JOB_TITLES: Record<JobRun['job'], string> = {
  statistics: 'Statistics (wazuh-statistics-*)',
  monitoring: 'Agents status (wazuh-monitoring-*)',
};

const JOB_COLUMNS: Array<EuiBasicTableColumn<JobRun>> = [
  { name: 'Job', render: ({ job }: JobRun) => JOB_TITLES[job] },
  { field: 'finishedAt', name: 'Last run', render: (at: string) => new Date(at).toLocaleString() },
  { field: 'documents', name: 'Documents written' },
  {
    name: 'Last error',
    render: ({ errors }: JobRun) =>
      errors.length > 0 ? <EuiHealth color="danger">{errors.join('; ')}</EuiHealth> : '—',
  },
];

/** The last run of each job writing to the indexer, as every instance recorded it. */
function IndexerJobs({ runs }: { runs: JobRun[] }) {
  return (
    <>
      <EuiTitle size="xs">
        <h3>Jobs writing to the indexer</h3>
      </EuiTitle>
      <EuiBasicTable
        data-test-subj="indexerJobs"
        items={runs}
        columns={JOB_COLUMNS}
        rowProps={(row) => ({ 'data-test-subj': `indexerJob-${row.job}` })}
        noItemsMessage="No job has run yet."
      />
      <EuiSpacer />
    </>
  );
}

const API_HOST_COLUMNS: Array<EuiBasicTableColumn<ApiHostAlerts>> = [
  { field: 'apiHostId', name: 'API host' },
  {
    name: 'Alerts of',
    render: ({ pin }: ApiHostAlerts) =>
      pin ? (
        <EuiCode>
          {pin.field}: {pin.value}
        </EuiCode>
      ) : (
        'not known'
      ),
  },
  {
    name: 'Last 24 hours',
    render: ({ last24hAlerts, error }: ApiHostAlerts) =>
      error ? (
        <EuiHealth color="danger">{error}</EuiHealth>
      ) : (
        (last24hAlerts?.toLocaleString() ?? 'not known')
      ),
  },
];

function ApiHostsAlerts({ apiHosts }: { apiHosts: ApiHostAlerts[] }) {
  return (
    <>
      <EuiTitle size="xs">
        <h3>Alerts per API host</h3>
      </EuiTitle>
      <EuiText size="s" color="subdued">
        <p>
          Every alert view reads only the alerts of the selected host&apos;s manager (its cluster
          name when it runs a cluster, else its manager name).
        </p>
      </EuiText>
      <EuiBasicTable
        data-test-subj="indexerApiHosts"
        items={apiHosts}
        columns={API_HOST_COLUMNS}
        rowProps={(row) => ({ 'data-test-subj': `indexerApiHost-${row.apiHostId}` })}
        noItemsMessage="No API host is stored."
      />
    </>
  );
}

export function IndexerPanel() {
  const { core } = useSvcServices();
  const load = useCallback(
    (signal: AbortSignal) => core.http.get<IndexerStatus>(ALERTS_ROUTES.status, { signal }),
    [core],
  );
  const { state, reload } = useAsync(load, 'Reading the indexer state', undefined, {
    shownInPlace: true,
  });
  const status = state.data;
  return (
    <div data-test-subj="settingsIndexer">
      <EuiFlexGroup justifyContent="flexEnd" gutterSize="s">
        <EuiFlexItem grow={false}>
          <EuiButton
            size="s"
            iconType="refresh"
            onClick={reload}
            isLoading={state.status === 'loading'}
            data-test-subj="indexerRefresh"
          >
            Check again
          </EuiButton>
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer size="s" />
      {state.status === 'error' ? (
        <ErrorPrompt error={state.error} onRetry={reload} />
      ) : !status ? (
        <EuiSkeletonText lines={5} />
      ) : !status.configured && !status.demo ? (
        <IndexerCallout problem={{ kind: 'not_configured' }} />
      ) : (
        <>
          <IndexerFacts status={status} />
          <EuiSpacer />
          {status.nodes && status.nodes.length > 0 && (
            <>
              <IndexerNodes nodes={status.nodes} />
              <EuiSpacer />
            </>
          )}
          {status.jobs && <IndexerJobs runs={status.jobs} />}
          <ApiHostsAlerts apiHosts={status.apiHosts ?? []} />
        </>
      )}
    </div>
  );
}
