import {
  EuiBasicTable,
  EuiButton,
  EuiCallOut,
  EuiFlexGroup,
  EuiFlexItem,
  EuiHealth,
  EuiSpacer,
  EuiToolTip,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { useCallback } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { ErrorPrompt } from '../../components/error-prompt';
import { formatDate } from '../../components/format';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import { toSvcError } from '../../services/svc-error';
import { type NodeHealth, clusterDate, serverPath } from './server-api';

export interface NodeRow {
  name: string;
  type: string;
  version: string;
  ip: string;
  agents: number;
  lastKeepAlive?: string;
  lastIntegritySync?: string;
  /** Why the node did not answer its own status request; undefined when it answered. */
  silence?: string;
}

/**
 * The cluster's nodes from the health check, each asked for its own status: a node that does not
 * answer (the master cannot reach it) is shown as such, with the API's reason.
 */
export function ClusterTab({ host }: { host: ApiHost }) {
  const { api } = useSvcServices();
  const load = useCallback(
    async (signal: AbortSignal): Promise<NodeRow[]> => {
      const health = await api.list<NodeHealth>({
        apiHostId: host.id,
        path: '/cluster/healthcheck',
        signal,
        action: 'cluster:read',
      });
      const answers = await Promise.allSettled(
        health.items.map(({ info }) =>
          api.list({
            apiHostId: host.id,
            path: serverPath(info.name, 'status'),
            signal,
            action: 'cluster:read',
          }),
        ),
      );
      return health.items.map(({ info, status }, index) => {
        const answer = answers[index];
        return {
          name: info.name,
          type: info.type,
          version: info.version,
          ip: info.ip,
          agents: info.n_active_agents,
          lastKeepAlive: clusterDate(status?.last_keep_alive),
          lastIntegritySync: clusterDate(status?.last_sync_integrity?.date_end_master),
          silence: answer.status === 'rejected' ? toSvcError(answer.reason).detail : undefined,
        };
      });
    },
    [api, host.id],
  );
  const { state, reload } = useAsync(load, 'Reading the cluster health check', 'cluster:read');
  if (state.status === 'error') return <ErrorPrompt error={state.error} onRetry={reload} />;
  const rows = state.data ?? [];
  const silent = rows.filter((row) => row.silence !== undefined);
  const columns: Array<EuiBasicTableColumn<NodeRow>> = [
    { field: 'name', name: 'Node' },
    { field: 'type', name: 'Type', width: '90px' },
    { field: 'version', name: 'Version', width: '90px' },
    { field: 'ip', name: 'Address' },
    { field: 'agents', name: 'Agents connected', dataType: 'number', width: '140px' },
    {
      field: 'lastKeepAlive',
      name: 'Last keep-alive',
      render: (value?: string) => (value ? formatDate(value) : '–'),
    },
    {
      field: 'lastIntegritySync',
      name: 'Last integrity sync',
      render: (value?: string) => (value ? formatDate(value) : '–'),
    },
    {
      field: 'silence',
      name: 'State',
      render: (silence: string | undefined) =>
        silence === undefined ? (
          <EuiHealth color="success">Answering</EuiHealth>
        ) : (
          <EuiToolTip content={silence}>
            <EuiHealth color="danger">Not answering</EuiHealth>
          </EuiToolTip>
        ),
    },
  ];
  return (
    <>
      <EuiFlexGroup justifyContent="flexEnd">
        <EuiFlexItem grow={false}>
          <EuiButton
            size="s"
            iconType="refresh"
            onClick={reload}
            isLoading={state.status === 'loading'}
            data-test-subj="clusterRefresh"
          >
            Refresh
          </EuiButton>
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer size="s" />
      {silent.length > 0 && (
        <>
          <EuiCallOut
            color="danger"
            iconType="alert"
            title={`${silent.map((row) => row.name).join(', ')} did not answer the master`}
            data-test-subj="clusterSilentNodes"
          >
            Its agents may not be reporting and its last keep-alive shows when the master last heard
            from it.
          </EuiCallOut>
          <EuiSpacer size="s" />
        </>
      )}
      <EuiBasicTable
        tableCaption="Cluster nodes"
        items={rows}
        columns={columns}
        loading={state.status === 'loading'}
        noItemsMessage={
          state.status === 'loading' ? 'Reading the cluster…' : 'The cluster reported no nodes'
        }
        rowProps={(row) => ({ 'data-test-subj': `clusterNode-${row.name}` })}
        data-test-subj="clusterNodes"
      />
    </>
  );
}
