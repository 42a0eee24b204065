import { EuiComboBox, EuiFormRow, type EuiComboBoxOptionOption } from '@elastic/eui';
import { useCallback, useState } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import type { Agent } from '../../services/managed-api-types';

const MATCHES_SHOWN = 20;

/** Finds an agent by id or name as the user types. */
export function AgentPicker({
  host,
  agentId,
  onChange,
}: {
  host: ApiHost;
  agentId?: string;
  onChange(agentId: string | undefined): void;
}) {
  const { api } = useSvcServices();
  const [typed, setTyped] = useState('');
  const load = useCallback(
    (signal: AbortSignal) =>
      api.list<Pick<Agent, 'id' | 'name' | 'status'>>({
        apiHostId: host.id,
        path: '/agents',
        query: {
          select: 'id,name,status',
          limit: MATCHES_SHOWN,
          search: typed.trim() || undefined,
        },
        signal,
        action: 'agent:read',
      }),
    [api, host.id, typed],
  );
  const { state } = useAsync(load, 'Searching agents', 'agent:read');
  const options: Array<EuiComboBoxOptionOption<string>> = (state.data?.items ?? []).map(
    (agent) => ({ label: `${agent.id} · ${agent.name}`, value: agent.id }),
  );
  const selected = agentId
    ? [options.find((option) => option.value === agentId) ?? { label: agentId, value: agentId }]
    : [];
  return (
    <EuiFormRow label="Agent">
      <EuiComboBox<string>
        placeholder="Search an agent by ID or name"
        singleSelection={{ asPlainText: true }}
        async
        isLoading={state.status === 'loading'}
        options={options}
        selectedOptions={selected}
        onSearchChange={setTyped}
        onChange={(choice) => onChange(choice[0]?.value)}
        data-test-subj="scaAgentPicker"
        style={{ minWidth: 320 }}
      />
    </EuiFormRow>
  );
}
