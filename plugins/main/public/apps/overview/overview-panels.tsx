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
import { useMemo, type ReactNode } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { StatusDonut } from '../../charts/status-donut';
import { AgentLink } from '../../components/agent-link';
import { ErrorPrompt } from '../../components/error-prompt';
import { formatDate } from '../../components/format';
import { useSvcServices } from '../../components/services-context';
import { useAsync, type AsyncResult, type AsyncState } from '../../hooks/use-async';
import {
  AGENT_STATUSES,
  AGENT_STATUS_LABELS,
  withoutManager,
  type Agent,
  type AgentsSummaryStatus,
  type ApiInfo,
  type AgentStatus,
} from '../../services/managed-api-types';
import type { SvcError } from '../../services/svc-error';
import { ModuleCards } from '../modules/module-cards';
import { LastAlertsPanel } from './last-alerts-panel';

const RECENT_AGENTS = 5;

type DaemonStates = Record<string, string>;
type RecentAgent = Pick<Agent, 'id' | 'name' | 'status' | 'dateAdd'>;

/** Failures are shown once above the panels (see OverviewErrors), so no toast repeats them. */
const SHOWN_ABOVE = { shownInPlace: true };

/** What the Overview reads from the host, each call on its own so the fast ones show first. */
function useOverviewData(host: ApiHost) {
  const { api } = useSvcServices();
  const apiHostId = host.id;
  const loaders = useMemo(
    () => ({
      summary: (signal: AbortSignal) =>
        api.data<AgentsSummaryStatus>({
          apiHostId,
          path: '/agents/summary/status',
          signal,
          action: 'agent:read',
        }),
      recentAgents: (signal: AbortSignal) =>
        api.list<RecentAgent>({
          apiHostId,
          path: '/agents',
          query: {
            q: withoutManager(),
            sort: '-dateAdd',
            limit: RECENT_AGENTS,
            select: 'id,name,status,dateAdd',
          },
          signal,
          action: 'agent:read',
        }),
      manager: (signal: AbortSignal) =>
        api.list<DaemonStates>({
          apiHostId,
          path: '/manager/status',
          signal,
          action: 'manager:read',
        }),
      apiInfo: (signal: AbortSignal) => api.data<ApiInfo>({ apiHostId, path: '/', signal }),
    }),
    [api, apiHostId],
  );
  const summary = useAsync(
    loaders.summary,
    'Loading the agents summary',
    'agent:read',
    SHOWN_ABOVE,
  );
  const recentAgents = useAsync(
    loaders.recentAgents,
    'Loading the last registered agents',
    'agent:read',
    SHOWN_ABOVE,
  );
  const manager = useAsync(
    loaders.manager,
    'Loading the manager status',
    'manager:read',
    SHOWN_ABOVE,
  );
  const apiInfo = useAsync(loaders.apiInfo, 'Reading the API version', undefined, SHOWN_ABOVE);
  return { summary, recentAgents, manager, apiInfo };
}

/** Errors that say the same thing (a host down fails every call alike) are one error to the user. */
function errorKey(error: SvcError): string {
  return [error.title, error.detail, error.code, error.status].join('\u0000');
}

/**
 * Every distinct failure of the Overview's calls, once, above the panels; "Try again" reloads the
 * calls that failed with it.
 */
function OverviewErrors({ results }: { results: Array<AsyncResult<unknown>> }) {
  const byError = new Map<string, { error: SvcError; reloads: Array<() => void> }>();
  for (const { state, reload } of results) {
    if (state.status !== 'error') continue;
    const key = errorKey(state.error);
    const entry = byError.get(key) ?? { error: state.error, reloads: [] };
    entry.reloads.push(reload);
    byError.set(key, entry);
  }
  if (byError.size === 0) return null;
  return (
    <>
      {[...byError].map(([key, { error, reloads }]) => (
        <ErrorPrompt
          key={key}
          error={error}
          onRetry={() => reloads.forEach((reload) => reload())}
        />
      ))}
      <EuiSpacer size="m" />
    </>
  );
}

/** A panel's body: the data once loaded, a skeleton meanwhile, a pointer to the error above when its call failed. */
function PanelBody<T>({
  state,
  lines,
  children,
}: {
  state: AsyncState<T>;
  lines: 3 | 4;
  children: (data: T) => ReactNode;
}) {
  if (state.status === 'error')
    return (
      <EuiText size="s" color="subdued" data-test-subj="overviewPanelUnavailable">
        <p>Not available: see the error above.</p>
      </EuiText>
    );
  return state.data === undefined ? <EuiSkeletonText lines={lines} /> : <>{children(state.data)}</>;
}

function OverviewPanel({
  title,
  testSubj,
  children,
}: {
  title: string;
  testSubj: string;
  children: ReactNode;
}) {
  return (
    <EuiPanel hasBorder data-test-subj={testSubj}>
      <EuiTitle size="s">
        <h2>{title}</h2>
      </EuiTitle>
      <EuiSpacer size="s" />
      {children}
    </EuiPanel>
  );
}

function AgentsSummary({ host, summary }: { host: ApiHost; summary: AgentsSummaryStatus }) {
  const { palette, core } = useSvcServices();
  const agentsUrl = (status?: AgentStatus) =>
    core.application.getUrlForApp('svc-agents', {
      path: `?host=${encodeURIComponent(host.id)}${status ? `&status=${status}` : ''}`,
    });
  if (summary.connection.total === 0)
    return (
      <EuiText size="s" color="subdued" data-test-subj="overviewNoAgents">
        <p>No agent has been registered with this host yet.</p>
      </EuiText>
    );
  return (
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
              description={
                <EuiLink href={agentsUrl(status)}>{AGENT_STATUS_LABELS[status]}</EuiLink>
              }
              titleSize="m"
              data-test-subj={`agentsCount-${status}`}
            />
          </EuiFlexItem>
        ))}
      </EuiFlexGrid>
      <StatusDonut
        id="agentsByStatus"
        title="Agents by status"
        unit="agents"
        slices={AGENT_STATUSES.map((status) => ({
          key: status,
          label: AGENT_STATUS_LABELS[status],
          value: summary.connection[status],
          color: palette.agentStatus[status],
        }))}
      />
      <EuiText size="xs" color="subdued">
        Configuration synced on {summary.configuration.synced} of {summary.configuration.total}{' '}
        agents.{' '}
        <EuiLink href={`${agentsUrl()}#statusHistory`} data-test-subj="overviewStatusHistory">
          Agents by status over time
        </EuiLink>
      </EuiText>
    </>
  );
}

/** The agents registered last, each a link to its own view. */
function RecentAgents({ host, agents }: { host: ApiHost; agents: RecentAgent[] }) {
  const { palette } = useSvcServices();
  return (
    <EuiDescriptionList
      compressed
      type="column"
      listItems={agents.map((agent) => ({
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
  );
}

function ManagerStatus({ host, daemonStates }: { host: ApiHost; daemonStates: DaemonStates }) {
  const { core } = useSvcServices();
  const daemons = Object.entries(daemonStates);
  const running = daemons.filter(([, daemonState]) => daemonState === 'running');
  const failing = daemons.filter(([, daemonState]) => daemonState === 'failed');
  return (
    <EuiText size="s">
      <EuiHealth color={failing.length > 0 ? 'danger' : 'success'} data-test-subj="managerHealth">
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
  );
}

function HostDescription({ host, apiInfo }: { host: ApiHost; apiInfo: AsyncState<ApiInfo> }) {
  const fromApi = (field: keyof ApiInfo) =>
    apiInfo.status === 'error' ? 'not available' : (apiInfo.data?.[field] ?? '…');
  return (
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
          description: <span data-test-subj="overviewApiVersion">{fromApi('api_version')}</span>,
        },
        { title: 'Manager', description: fromApi('hostname') },
      ]}
    />
  );
}

export function OverviewPanels({ host }: { host: ApiHost }) {
  const { updates } = useSvcServices();
  const { UpdatesNotification } = updates;
  const { summary, recentAgents, manager, apiInfo } = useOverviewData(host);
  return (
    <>
      <OverviewErrors results={[summary, recentAgents, manager, apiInfo]} />
      <LastAlertsPanel host={host} />
      <EuiSpacer size="m" />
      <EuiFlexGrid columns={3} gutterSize="m">
        <EuiFlexItem style={{ gridColumn: 'span 2' }}>
          <OverviewPanel title="Agents" testSubj="overviewAgents">
            <PanelBody state={summary.state} lines={4}>
              {(data) => <AgentsSummary host={host} summary={data} />}
            </PanelBody>
          </OverviewPanel>
          <EuiSpacer size="m" />
          <OverviewPanel title="Last registered agents" testSubj="overviewRecentAgents">
            <PanelBody state={recentAgents.state} lines={3}>
              {(data) => <RecentAgents host={host} agents={data.items} />}
            </PanelBody>
          </OverviewPanel>
        </EuiFlexItem>
        <EuiFlexItem>
          <OverviewPanel title="API host" testSubj="overviewHost">
            {/* What the dashboard knows of the host shows at once; the API fills in the rest. */}
            <HostDescription host={host} apiInfo={apiInfo.state} />
          </OverviewPanel>
          <EuiSpacer size="m" />
          <OverviewPanel title="Manager" testSubj="overviewManager">
            <PanelBody state={manager.state} lines={3}>
              {(data) => <ManagerStatus host={host} daemonStates={data.items[0] ?? {}} />}
            </PanelBody>
          </OverviewPanel>
        </EuiFlexItem>
      </EuiFlexGrid>
      <EuiSpacer size="m" />
      <ModuleCards host={host} indexerProblemShownAbove />
      <UpdatesNotification />
    </>
  );
}
