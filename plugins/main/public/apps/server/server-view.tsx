import { EuiCallOut, EuiSkeletonText, EuiSpacer } from '@elastic/eui';
import type { ApiHost } from '../../../common/api-hosts';
import { ErrorPrompt } from '../../components/error-prompt';
import { useUrlTabs } from '../../components/url-tabs';
import { ClusterTab } from './cluster-tab';
import { ConfigurationTab } from './configuration-tab';
import { LogsTab } from './logs-tab';
import { NodeSelector, useSelectedNode } from './node-selector';
import { StatisticsTab } from './statistics-tab';
import { StatusTab } from './status-tab';
import { useServerShape } from './use-cluster';

const TABS = [
  { id: 'status', name: 'Status' },
  { id: 'cluster', name: 'Cluster' },
  { id: 'logs', name: 'Logs' },
  { id: 'statistics', name: 'Statistics' },
  { id: 'configuration', name: 'Configuration' },
] as const;

/** Tabs whose view can read one node of a cluster, or all of them. */
const NODE_TABS = new Set<string>(['status', 'logs', 'statistics', 'configuration']);

export function ServerTabs({ host }: { host: ApiHost }) {
  const { tab, tabBar } = useUrlTabs(TABS, 'serverTab');
  const shape = useServerShape(host);
  const data = shape.state.data;
  const clusterNodes = data?.clustered ? data.nodes : [];
  const selected = useSelectedNode(clusterNodes);
  if (shape.state.status === 'error')
    return <ErrorPrompt error={shape.state.error} onRetry={shape.reload} />;
  if (!data) return <EuiSkeletonText lines={6} />;
  // A single manager is read under /manager (no node); a cluster's nodes under /cluster/{node}.
  const nodes: Array<string | undefined> = !data.clustered
    ? [undefined]
    : selected
      ? [selected]
      : clusterNodes.map((node) => node.name);
  return (
    <>
      {tabBar}
      {data.clustered && NODE_TABS.has(tab) && (
        <>
          <NodeSelector nodes={clusterNodes} extraParams={{ page: undefined }} />
          <EuiSpacer />
        </>
      )}
      {tab === 'status' && <StatusTab host={host} nodes={nodes} />}
      {tab === 'cluster' &&
        (data.clustered ? (
          <ClusterTab host={host} />
        ) : (
          <EuiCallOut
            title="This manager runs alone: its cluster is disabled"
            iconType="info"
            data-test-subj="clusterDisabled"
          />
        ))}
      {tab === 'logs' && <LogsTab host={host} nodes={nodes} />}
      {tab === 'statistics' && <StatisticsTab host={host} node={selected} />}
      {tab === 'configuration' && (
        // One node's file at a time: the master's when "All nodes" is chosen.
        <ConfigurationTab
          host={host}
          node={data.clustered ? (selected ?? clusterNodes[0]?.name) : undefined}
          clustered={data.clustered}
        />
      )}
    </>
  );
}
