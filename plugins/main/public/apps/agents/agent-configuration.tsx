/** The agent's active configuration, one component section at a time, as read-only JSON. */
import { EuiCodeBlock, EuiFormRow, EuiSelect, EuiSpacer } from '@elastic/eui';
import { useCallback } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { AGENT_CONFIGURATION_SECTIONS } from '../../../common/agent-configuration';
import { useAppUrlState } from '../../components/app-url-state';
import { ErrorPrompt } from '../../components/error-prompt';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import type { Agent } from '../../services/managed-api-types';

const sectionKey = (section: { component: string; configuration: string }) =>
  `${section.component}/${section.configuration}`;

export function AgentConfiguration({ host, agent }: { host: ApiHost; agent: Agent }) {
  const { api } = useSvcServices();
  const { params, setParams } = useAppUrlState();
  const section =
    AGENT_CONFIGURATION_SECTIONS.find((entry) => sectionKey(entry) === params.get('config')) ??
    AGENT_CONFIGURATION_SECTIONS[0];
  const sectionId = sectionKey(section);
  const load = useCallback(
    (signal: AbortSignal) =>
      api.data<Record<string, unknown>>({
        apiHostId: host.id,
        path: `/agents/${encodeURIComponent(agent.id)}/config/${sectionId}`,
        signal,
        action: 'agent:read',
      }),
    [api, host.id, agent.id, sectionId],
  );
  const { state, reload } = useAsync(
    load,
    `Loading the ${sectionId} configuration of agent ${agent.id}`,
    'agent:read',
  );
  return (
    <>
      <EuiFormRow label="Section">
        <EuiSelect
          options={AGENT_CONFIGURATION_SECTIONS.map((entry) => ({
            value: sectionKey(entry),
            text: `${entry.label} — ${sectionKey(entry)}`,
          }))}
          value={sectionId}
          onChange={(event) => setParams({ config: event.target.value }, { push: true })}
          data-test-subj="agentConfigSection"
        />
      </EuiFormRow>
      <EuiSpacer size="m" />
      {state.status === 'error' ? (
        <ErrorPrompt error={state.error} onRetry={reload} />
      ) : (
        <EuiCodeBlock
          language="json"
          isCopyable
          overflowHeight={480}
          paddingSize="m"
          data-test-subj="agentConfigJson"
        >
          {state.data === undefined ? 'Loading…' : JSON.stringify(state.data, null, 2)}
        </EuiCodeBlock>
      )}
    </>
  );
}
