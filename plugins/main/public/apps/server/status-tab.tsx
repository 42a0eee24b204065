import {
  EuiDescriptionList,
  EuiFlexGroup,
  EuiFlexItem,
  EuiHealth,
  EuiInMemoryTable,
  EuiPanel,
  EuiSkeletonText,
  EuiSpacer,
  EuiTitle,
} from '@elastic/eui';
import { Fragment, useCallback } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { ErrorPrompt } from '../../components/error-prompt';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import { serverAction, serverPath } from './server-api';

const DAEMON_COLORS: Record<string, string> = {
  running: 'success',
  stopped: 'subdued',
  failed: 'danger',
  restarting: 'warning',
  starting: 'warning',
};

interface ManagerInfo {
  version?: string;
  type?: string;
  path?: string;
  max_agents?: string;
  openssl_support?: string;
  tz_name?: string;
  tz_offset?: string;
}

/** The daemons and basic information of the manager, or of one node of a cluster. */
function NodeStatus({ host, node }: { host: ApiHost; node: string | undefined }) {
  const { api } = useSvcServices();
  const loadStatus = useCallback(
    (signal: AbortSignal) =>
      api.list<Record<string, string>>({
        apiHostId: host.id,
        path: serverPath(node, 'status'),
        signal,
        action: serverAction(node),
      }),
    [api, host.id, node],
  );
  const loadInfo = useCallback(
    (signal: AbortSignal) =>
      api.list<ManagerInfo>({
        apiHostId: host.id,
        path: serverPath(node, 'info'),
        signal,
        action: serverAction(node),
      }),
    [api, host.id, node],
  );
  const status = useAsync(loadStatus, 'Loading the manager status', serverAction(node));
  const info = useAsync(loadInfo, 'Loading the manager information', serverAction(node));
  const daemons = Object.entries(status.state.data?.items[0] ?? {}).map(([name, state]) => ({
    name,
    state,
  }));
  const details = info.state.data?.items[0];
  return (
    <EuiFlexGroup wrap>
      <EuiFlexItem style={{ minWidth: 320 }}>
        <EuiPanel hasBorder>
          <EuiTitle size="xs">
            <h3>{node === undefined ? 'Daemons' : `Daemons of ${node}`}</h3>
          </EuiTitle>
          {status.state.status === 'error' ? (
            <ErrorPrompt error={status.state.error} onRetry={status.reload} />
          ) : (
            <EuiInMemoryTable
              tableCaption={node === undefined ? 'Manager daemons' : `Daemons of ${node}`}
              items={daemons}
              loading={status.state.status === 'loading'}
              columns={[
                { field: 'name', name: 'Daemon', sortable: true },
                {
                  field: 'state',
                  name: 'State',
                  sortable: true,
                  render: (state: string) => (
                    <EuiHealth color={DAEMON_COLORS[state] ?? 'subdued'}>{state}</EuiHealth>
                  ),
                },
              ]}
              sorting={{ sort: { field: 'name', direction: 'asc' } }}
              noItemsMessage={
                status.state.status === 'loading'
                  ? 'Loading daemons…'
                  : 'The manager reported no daemons'
              }
              rowProps={(daemon) => ({ 'data-test-subj': `daemon-${daemon.name}` })}
              data-test-subj={node === undefined ? 'managerDaemons' : `nodeDaemons-${node}`}
            />
          )}
        </EuiPanel>
      </EuiFlexItem>
      <EuiFlexItem style={{ minWidth: 280 }}>
        <EuiPanel hasBorder>
          <EuiTitle size="xs">
            <h3>{node ?? 'Manager'}</h3>
          </EuiTitle>
          <EuiSpacer size="s" />
          {info.state.status === 'error' ? (
            <ErrorPrompt error={info.state.error} onRetry={info.reload} />
          ) : !details ? (
            <EuiSkeletonText lines={4} />
          ) : (
            <EuiDescriptionList
              compressed
              type="column"
              data-test-subj={node === undefined ? 'managerInfo' : `nodeInfo-${node}`}
              listItems={[
                { title: 'Version', description: details.version ?? '–' },
                { title: 'Type', description: details.type ?? '–' },
                { title: 'Path', description: details.path ?? '–' },
                { title: 'Maximum agents', description: details.max_agents ?? '–' },
                {
                  title: 'Time zone',
                  description:
                    [details.tz_name, details.tz_offset].filter(Boolean).join(' ') || '–',
                },
              ]}
            />
          )}
        </EuiPanel>
      </EuiFlexItem>
    </EuiFlexGroup>
  );
}

/**
 * The manager's status; on a cluster, that of the node chosen, or of every node one after the
 * other (`nodes`) when none is.
 */
export function StatusTab({
  host,
  nodes,
}: {
  host: ApiHost;
  nodes: ReadonlyArray<string | undefined>;
}) {
  return (
    <>
      {nodes.map((node, index) => (
        <Fragment key={node ?? 'manager'}>
          {index > 0 && <EuiSpacer />}
          <NodeStatus host={host} node={node} />
        </Fragment>
      ))}
    </>
  );
}
