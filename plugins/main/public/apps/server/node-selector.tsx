import { EuiFormRow, EuiSelect } from '@elastic/eui';
import { useAppUrlState } from '../../components/app-url-state';
import type { ClusterNode } from './server-api';

const ALL = '';

/**
 * The node a view reads (`node` in the URL): one of the cluster's nodes, or undefined for all of
 * them. A name the cluster does not have reads as all nodes.
 */
export function useSelectedNode(nodes: readonly ClusterNode[]): string | undefined {
  const { params } = useAppUrlState();
  const node = params.get('node') ?? undefined;
  return nodes.some((entry) => entry.name === node) ? node : undefined;
}

export function NodeSelector({
  nodes,
  extraParams = {},
}: {
  nodes: readonly ClusterNode[];
  /** Parameters reset along with the node (the table's page). */
  extraParams?: Record<string, undefined>;
}) {
  const { setParams } = useAppUrlState();
  const selected = useSelectedNode(nodes) ?? ALL;
  return (
    <EuiFormRow label="Node">
      <EuiSelect
        value={selected}
        options={[
          { value: ALL, text: 'All nodes' },
          ...nodes.map((node) => ({ value: node.name, text: `${node.name} (${node.type})` })),
        ]}
        onChange={(event) =>
          setParams({ ...extraParams, node: event.target.value || undefined }, { push: true })
        }
        data-test-subj="serverNode"
      />
    </EuiFormRow>
  );
}
