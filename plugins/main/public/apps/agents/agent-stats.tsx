/**
 * The agent's own counters, as the agent reports them to the managed API: its connection (status,
 * buffer, keep-alive, acknowledgements, messages) and logcollector's events and bytes per location,
 * since the agent started and over the last interval. Only an active agent answers.
 */
import {
  EuiBasicTable,
  EuiDescriptionList,
  EuiEmptyPrompt,
  EuiFlexGroup,
  EuiFlexItem,
  EuiPanel,
  EuiSpacer,
  EuiTitle,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { useCallback } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { ErrorPrompt } from '../../components/error-prompt';
import { formatDate } from '../../components/format';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import type { Agent } from '../../services/managed-api-types';
import { SvcError } from '../../services/svc-error';

/** The managed API's answer for an agent that is not connected. */
const AGENT_NOT_ACTIVE_CODE = 1740;

interface AgentConnectionStats {
  status: string;
  last_keepalive?: string;
  last_ack?: string;
  msg_count: number;
  msg_sent: number;
  msg_buffer: number;
  buffered_msgs: number;
  buffer_enabled: boolean;
}

interface LogcollectorFile {
  location: string;
  events: number;
  bytes: number;
}

interface LogcollectorPeriod {
  start: string;
  end: string;
  files: LogcollectorFile[];
}

interface LogcollectorStats {
  global: LogcollectorPeriod;
  interval: LogcollectorPeriod;
}

type AgentStatsData =
  | { active: true; agent?: AgentConnectionStats; logcollector?: LogcollectorStats }
  | { active: false };

const count = (value: number) => value.toLocaleString('en-US');

const FILE_COLUMNS: Array<EuiBasicTableColumn<LogcollectorFile>> = [
  { field: 'location', name: 'Location', truncateText: true },
  { field: 'events', name: 'Events', align: 'right', render: count, width: '120px' },
  { field: 'bytes', name: 'Bytes', align: 'right', render: count, width: '140px' },
];

export function AgentStats({ host, agent }: { host: ApiHost; agent: Agent }) {
  const { api } = useSvcServices();
  const active = agent.status === 'active';
  const load = useCallback(
    async (signal: AbortSignal): Promise<AgentStatsData> => {
      if (!active) return { active: false };
      const read = <T,>(component: string) =>
        api.list<T>({
          apiHostId: host.id,
          path: `/agents/${encodeURIComponent(agent.id)}/stats/${component}`,
          signal,
          action: 'agent:read',
        });
      try {
        const [connection, logcollector] = await Promise.all([
          read<AgentConnectionStats>('agent'),
          read<LogcollectorStats>('logcollector'),
        ]);
        return { active: true, agent: connection.items[0], logcollector: logcollector.items[0] };
      } catch (error) {
        // The agent went down after the view read its status.
        if (error instanceof SvcError && error.code === AGENT_NOT_ACTIVE_CODE)
          return { active: false };
        throw error;
      }
    },
    [api, host.id, agent.id, active],
  );
  const { state, reload } = useAsync(load, `Loading the stats of agent ${agent.id}`, 'agent:read');
  if (state.status === 'error') return <ErrorPrompt error={state.error} onRetry={reload} />;
  if (!state.data) return <p>Loading…</p>;
  if (!state.data.active)
    return (
      <EuiEmptyPrompt
        iconType="plugs"
        title={<h2>The agent is not active</h2>}
        body={
          <p>Only a connected agent reports its statistics; they show here once it connects.</p>
        }
        data-test-subj="agentStatsNotActive"
      />
    );
  return (
    <>
      {state.data.agent && <ConnectionPanel stats={state.data.agent} />}
      <EuiSpacer />
      {state.data.logcollector && (
        <EuiFlexGroup wrap>
          <EuiFlexItem>
            <FilesPanel
              title="Logcollector since the agent started"
              period={state.data.logcollector.global}
              testSubj="agentStatsGlobal"
            />
          </EuiFlexItem>
          <EuiFlexItem>
            <FilesPanel
              title="Logcollector, last interval"
              period={state.data.logcollector.interval}
              testSubj="agentStatsInterval"
            />
          </EuiFlexItem>
        </EuiFlexGroup>
      )}
    </>
  );
}

function ConnectionPanel({ stats }: { stats: AgentConnectionStats }) {
  return (
    <EuiPanel hasBorder data-test-subj="agentStatsConnection">
      <EuiTitle size="xs">
        <h3>Agent</h3>
      </EuiTitle>
      <EuiSpacer size="s" />
      <EuiDescriptionList
        type="responsiveColumn"
        compressed
        columnWidths={[1, 2]}
        listItems={[
          { title: 'Status', description: stats.status },
          { title: 'Buffer', description: stats.buffer_enabled ? 'Enabled' : 'Disabled' },
          { title: 'Messages in the buffer', description: count(stats.buffered_msgs) },
          { title: 'Buffer usage', description: `${count(stats.msg_buffer)} %` },
          { title: 'Messages generated', description: count(stats.msg_count) },
          { title: 'Messages sent', description: count(stats.msg_sent) },
          { title: 'Last keep-alive', description: formatDate(stats.last_keepalive) },
          { title: 'Last acknowledgement', description: formatDate(stats.last_ack) },
        ]}
      />
    </EuiPanel>
  );
}

function FilesPanel(props: { title: string; period: LogcollectorPeriod; testSubj: string }) {
  return (
    <EuiPanel hasBorder data-test-subj={props.testSubj}>
      <EuiTitle size="xs">
        <h3>{props.title}</h3>
      </EuiTitle>
      <p>
        {formatDate(props.period.start)} – {formatDate(props.period.end)}
      </p>
      <EuiSpacer size="s" />
      <EuiBasicTable
        items={props.period.files}
        columns={FILE_COLUMNS}
        tableCaption={props.title}
        noItemsMessage="No log file read"
      />
    </EuiPanel>
  );
}
