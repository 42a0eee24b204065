/**
 * Pin an agent on a module page: a combo box searching the agents the user may see through the
 * managed API (`GET /agents?search=`), and the pinned one as a badge that links to its view.
 */
import { EuiButtonEmpty, EuiComboBox, EuiFlexGroup, EuiFlexItem } from '@elastic/eui';
import { useCallback, useState } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { AgentLink } from '../../components/agent-link';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import type { Agent } from '../../services/managed-api-types';

/** Agents offered per search: enough to pick from, few enough to list at once. */
const AGENTS_OFFERED = 50;

type ListedAgent = Pick<Agent, 'id' | 'name'>;

export function AgentPicker({
  host,
  agentId,
  onPin,
}: {
  host: ApiHost;
  agentId?: string;
  onPin(agentId: string | undefined): void;
}) {
  const { api } = useSvcServices();
  const [search, setSearch] = useState('');
  const load = useCallback(
    (signal: AbortSignal) =>
      api.list<ListedAgent>({
        apiHostId: host.id,
        path: '/agents',
        query: {
          search: search || undefined,
          limit: AGENTS_OFFERED,
          select: 'id,name',
          sort: '+id',
        },
        signal,
        action: 'agent:read',
      }),
    [api, host.id, search],
  );
  const { state } = useAsync(load, 'Listing agents to pin');
  const options = (state.data?.items ?? []).map((agent) => ({
    label: `${agent.id} ${agent.name}`,
    value: agent.id,
  }));

  if (agentId)
    return (
      <EuiFlexGroup
        gutterSize="xs"
        alignItems="center"
        responsive={false}
        data-test-subj="moduleAgentPinned"
      >
        <EuiFlexItem grow={false}>
          <AgentLink agentId={agentId} apiHostId={host.id}>
            Agent {agentId}
          </AgentLink>
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <EuiButtonEmpty
            size="xs"
            iconType="cross"
            onClick={() => onPin(undefined)}
            data-test-subj="moduleAgentUnpin"
          >
            Unpin
          </EuiButtonEmpty>
        </EuiFlexItem>
      </EuiFlexGroup>
    );
  return (
    <EuiComboBox
      aria-label="Pin an agent"
      placeholder="Pin an agent"
      singleSelection={{ asPlainText: true }}
      async
      isLoading={state.status === 'loading'}
      options={options}
      selectedOptions={[]}
      onSearchChange={setSearch}
      onChange={(selected) => onPin(selected[0]?.value)}
      style={{ minWidth: 240 }}
      data-test-subj="moduleAgentPicker"
    />
  );
}
