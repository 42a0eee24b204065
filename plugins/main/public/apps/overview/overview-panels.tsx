import {
  EuiFlexGrid,
  EuiFlexItem,
  EuiHealth,
  EuiLink,
  EuiPanel,
  EuiSkeletonText,
  EuiStat,
  EuiText,
  EuiTitle,
  EuiSpacer,
  EuiDescriptionList,
  EuiBadge,
} from '@elastic/eui';
import { lazy, Suspense, useCallback } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { AgentLink } from '../../components/agent-link';
import { ErrorPrompt } from '../../components/error-prompt';
import { formatDate } from '../../components/format';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import {
  AGENT_STATUSES,
  type Agent,
  type AgentsSummaryStatus,
  type ApiInfo,
  type AgentStatus,
} from '../../services/managed-api-types';

const StatusDonut = lazy(async () => ({
  default: (await import('../../charts/status-donut')).StatusDonut,
}));

const STATUS_LABELS: Record<AgentStatus, string> = {
  active: 'Active',
  disconnected: 'Disconnected',
  pending: 'Pending',
  never_connected: 'Never connected',
};

type DaemonStates = Record<string, string>;

function AgentsSummaryPanel({ host }: { host: ApiHost }) {
  const { api, palette, core } = useSvcServices();
  const load = useCallback(
    (signal: AbortSignal) =>
      api.data<AgentsSummaryStatus>({
        apiHostId: host.id,
        path: '/agents/summary/status',
        signal,
        action: 'agent:read',
      }),
    [api, host.id],
  );
  const { state, reload } = useAsync(load, 'Loading the agents summary', 'agent:read');
  const summary = state.data;
  const agentsUrl = (status?: AgentStatus) =>
    core.application.getUrlForApp('svc-agents', {
      path: `?host=${encodeURIComponent(host.id)}${status ? `&status=${status}` : ''}`,
    });
  return (
    <EuiPanel hasBorder data-test-subj="overviewAgents">
      <EuiTitle size="s">
        <h2>Agents</h2>
      </EuiTitle>
      <EuiSpacer size="s" />
      {state.status === 'error' ? (
        <ErrorPrompt error={state.error} onRetry={reload} />
      ) : !summary ? (
        <EuiSkeletonText lines={4} />
      ) : summary.connection.total === 0 ? (
        <EuiText size="s" color="subdued" data-test-subj="overviewNoAgents">
          <p>No agent has been registered with this host yet.</p>
        </EuiText>
      ) : (
        <>
          <EuiFlexGrid columns={3} gutterSize="s">
            <EuiFlexItem>
              <EuiStat
                title={summary.connection.total}
                description={<EuiLink href={agentsUrl()}>Total</EuiLink>}
                titleSize="m"
                data-test-subj="agentsCount-total"
              />
            </EuiFlexItem>
            {AGENT_STATUSES.map((status) => (
              <EuiFlexItem key={status}>
                <EuiStat
                  title={summary.connection[status]}
                  titleColor={palette.agentStatus[status]}
                  description={<EuiLink href={agentsUrl(status)}>{STATUS_LABELS[status]}</EuiLink>}
                  titleSize="m"
                  data-test-subj={`agentsCount-${status}`}
                />
              </EuiFlexItem>
            ))}
          </EuiFlexGrid>
          <Suspense fallback={<EuiSkeletonText lines={3} />}>
            <StatusDonut
              id="agentsByStatus"
              slices={AGENT_STATUSES.map((status) => ({
                key: status,
                label: STATUS_LABELS[status],
                value: summary.connection[status],
                color: palette.agentStatus[status],
              }))}
            />
          </Suspense>
          <EuiText size="xs" color="subdued">
            Configuration synced on {summary.configuration.synced} of {summary.configuration.total}{' '}
            agents.
          </EuiText>
        </>
      )}
    </EuiPanel>
  );
}

const RECENT_AGENTS = 5;

/** The agents registered last, each a link to its own view. */
function RecentAgentsPanel({ host }: { host: ApiHost }) {
  const { api, palette } = useSvcServices();
  const load = useCallback(
    (signal: AbortSignal) =>
      api.list<Pick<Agent, 'id' | 'name' | 'status' | 'dateAdd'>>({
        apiHostId: host.id,
        path: '/agents',
        query: {
          q: 'id!=000',
          sort: '-dateAdd',
          limit: RECENT_AGENTS,
          select: 'id,name,status,dateAdd',
        },
        signal,
        action: 'agent:read',
      }),
    [api, host.id],
  );
  const { state, reload } = useAsync(load, 'Loading the last registered agents', 'agent:read');
  return (
    <EuiPanel hasBorder data-test-subj="overviewRecentAgents">
      <EuiTitle size="s">
        <h2>Last registered agents</h2>
      </EuiTitle>
      <EuiSpacer size="s" />
      {state.status === 'error' ? (
        <ErrorPrompt error={state.error} onRetry={reload} />
      ) : !state.data ? (
        <EuiSkeletonText lines={3} />
      ) : (
        <EuiDescriptionList
          compressed
          type="column"
          listItems={state.data.items.map((agent) => ({
            title: (
              <AgentLink agentId={agent.id} apiHostId={host.id}>
                {agent.id} · {agent.name}
              </AgentLink>
            ),
            description: (
              <EuiHealth color={palette.agentStatus[agent.status] ?? 'subdued'}>
                {formatDate(agent.dateAdd)}
              </EuiHealth>
            ),
          }))}
        />
      )}
    </EuiPanel>
  );
}

function ManagerPanel({ host }: { host: ApiHost }) {
  const { api, core } = useSvcServices();
  const load = useCallback(
    (signal: AbortSignal) =>
      api.list<DaemonStates>({
        apiHostId: host.id,
        path: '/manager/status',
        signal,
        action: 'manager:read',
      }),
    [api, host.id],
  );
  const { state, reload } = useAsync(load, 'Loading the manager status', 'manager:read');
  const daemons = Object.entries(state.data?.items[0] ?? {});
  const running = daemons.filter(([, daemonState]) => daemonState === 'running');
  const failing = daemons.filter(([, daemonState]) => daemonState === 'failed');
  return (
    <EuiPanel hasBorder data-test-subj="overviewManager">
      <EuiTitle size="s">
        <h2>Manager</h2>
      </EuiTitle>
      <EuiSpacer size="s" />
      {state.status === 'error' ? (
        <ErrorPrompt error={state.error} onRetry={reload} />
      ) : !state.data ? (
        <EuiSkeletonText lines={3} />
      ) : (
        <EuiText size="s">
          <EuiHealth
            color={failing.length > 0 ? 'danger' : 'success'}
            data-test-subj="managerHealth"
          >
            {running.length} of {daemons.length} daemons running
          </EuiHealth>
          {failing.length > 0 && <p>Failed: {failing.map(([name]) => name).join(', ')}</p>}
          <p>
            <EuiLink
              href={core.application.getUrlForApp('svc-server', {
                path: `?host=${encodeURIComponent(host.id)}`,
              })}
            >
              Daemons, configuration and logs
            </EuiLink>
          </p>
        </EuiText>
      )}
    </EuiPanel>
  );
}

function HostPanel({ host }: { host: ApiHost }) {
  const { api } = useSvcServices();
  const load = useCallback(
    (signal: AbortSignal) => api.data<ApiInfo>({ apiHostId: host.id, path: '/', signal }),
    [api, host.id],
  );
  const { state, reload } = useAsync(load, 'Reading the API version');
  return (
    <EuiPanel hasBorder data-test-subj="overviewHost">
      <EuiTitle size="s">
        <h2>API host</h2>
      </EuiTitle>
      <EuiSpacer size="s" />
      {state.status === 'error' ? (
        <ErrorPrompt error={state.error} onRetry={reload} />
      ) : (
        <EuiDescriptionList
          compressed
          type="column"
          listItems={[
            {
              title: 'ID',
              description: (
                <>
                  {host.id} {host.demo && <EuiBadge color="accent">demo</EuiBadge>}
                </>
              ),
            },
            { title: 'Address', description: `${host.url}:${host.port}` },
            {
              title: 'Version',
              description: (
                <span data-test-subj="overviewApiVersion">{state.data?.api_version ?? '…'}</span>
              ),
            },
            { title: 'Manager', description: state.data?.hostname ?? '…' },
          ]}
        />
      )}
    </EuiPanel>
  );
}

export function OverviewPanels({ host }: { host: ApiHost }) {
  const { updates } = useSvcServices();
  const { UpdatesNotification } = updates;
  return (
    <>
      <EuiFlexGrid columns={3} gutterSize="m">
        <EuiFlexItem style={{ gridColumn: 'span 2' }}>
          <AgentsSummaryPanel host={host} />
          <EuiSpacer size="m" />
          <RecentAgentsPanel host={host} />
        </EuiFlexItem>
        <EuiFlexItem>
          <HostPanel host={host} />
          <EuiSpacer size="m" />
          <ManagerPanel host={host} />
        </EuiFlexItem>
      </EuiFlexGrid>
      <UpdatesNotification />
    </>
  );
}
