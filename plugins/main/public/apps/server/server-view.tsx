import {
  EuiCodeBlock,
  EuiDescriptionList,
  EuiFlexGroup,
  EuiFlexItem,
  EuiFormRow,
  EuiHealth,
  EuiInMemoryTable,
  EuiPanel,
  EuiSelect,
  EuiSkeletonText,
  EuiSpacer,
  EuiTitle,
} from '@elastic/eui';
import { useCallback } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import { useAppUrlState } from '../../components/app-url-state';
import { ErrorPrompt } from '../../components/error-prompt';
import { useUrlTabs } from '../../components/url-tabs';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';

/** Sections of the manager configuration the managed API can return one at a time. */
const CONFIGURATION_SECTIONS = [
  'active-response',
  'agentless',
  'alerts',
  'auth',
  'client',
  'client_buffer',
  'cluster',
  'command',
  'email_alerts',
  'global',
  'integration',
  'labels',
  'localfile',
  'logging',
  'remote',
  'reports',
  'rootcheck',
  'ruleset',
  'sca',
  'socket',
  'syscheck',
  'syslog_output',
  'vulnerability-detection',
  'indexer',
  'aws-s3',
  'azure-logs',
  'cis-cat',
  'docker-listener',
  'open-scap',
  'osquery',
  'syscollector',
];

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

interface LogCounts {
  tag: string;
  all: number;
  info: number;
  error: number;
  critical: number;
  warning: number;
  debug: number;
}

function StatusTab({ host }: { host: ApiHost }) {
  const { api } = useSvcServices();
  const loadStatus = useCallback(
    (signal: AbortSignal) =>
      api.list<Record<string, string>>({
        apiHostId: host.id,
        path: '/manager/status',
        signal,
        action: 'manager:read',
      }),
    [api, host.id],
  );
  const loadInfo = useCallback(
    (signal: AbortSignal) =>
      api.list<ManagerInfo>({
        apiHostId: host.id,
        path: '/manager/info',
        signal,
        action: 'manager:read',
      }),
    [api, host.id],
  );
  const status = useAsync(loadStatus, 'Loading the manager status', 'manager:read');
  const info = useAsync(loadInfo, 'Loading the manager information', 'manager:read');
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
            <h3>Daemons</h3>
          </EuiTitle>
          {status.state.status === 'error' ? (
            <ErrorPrompt error={status.state.error} onRetry={status.reload} />
          ) : (
            <EuiInMemoryTable
              tableCaption="Manager daemons"
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
              data-test-subj="managerDaemons"
            />
          )}
        </EuiPanel>
      </EuiFlexItem>
      <EuiFlexItem style={{ minWidth: 280 }}>
        <EuiPanel hasBorder>
          <EuiTitle size="xs">
            <h3>Manager</h3>
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
              data-test-subj="managerInfo"
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

function ConfigurationTab({ host }: { host: ApiHost }) {
  const { api } = useSvcServices();
  const { params, setParams } = useAppUrlState();
  const section = params.get('section') ?? '';
  const load = useCallback(
    (signal: AbortSignal) =>
      api.list<Record<string, unknown>>({
        apiHostId: host.id,
        path: '/manager/configuration',
        query: { section: section || undefined },
        signal,
        action: 'manager:read',
      }),
    [api, host.id, section],
  );
  const { state, reload } = useAsync(load, 'Loading the manager configuration', 'manager:read');
  return (
    <>
      <EuiFormRow label="Section">
        <EuiSelect
          value={section}
          options={[
            { value: '', text: 'Whole configuration' },
            ...CONFIGURATION_SECTIONS.map((name) => ({ value: name, text: name })),
          ]}
          onChange={(event) =>
            setParams({ section: event.target.value || undefined }, { push: true })
          }
          data-test-subj="configurationSection"
        />
      </EuiFormRow>
      <EuiSpacer />
      {state.status === 'error' ? (
        <ErrorPrompt error={state.error} onRetry={reload} />
      ) : !state.data ? (
        <EuiSkeletonText lines={8} />
      ) : (
        <EuiCodeBlock
          language="json"
          isCopyable
          overflowHeight={600}
          data-test-subj="managerConfiguration"
        >
          {JSON.stringify(state.data.items[0] ?? {}, null, 2)}
        </EuiCodeBlock>
      )}
    </>
  );
}

function LogsSummaryTab({ host }: { host: ApiHost }) {
  const { api } = useSvcServices();
  const load = useCallback(
    (signal: AbortSignal) =>
      api.list<Record<string, Omit<LogCounts, 'tag'>>>({
        apiHostId: host.id,
        path: '/manager/logs/summary',
        signal,
        action: 'manager:read',
      }),
    [api, host.id],
  );
  const { state, reload } = useAsync(load, 'Loading the logs summary', 'manager:read');
  const rows: LogCounts[] = (state.data?.items ?? []).flatMap((item) =>
    Object.entries(item).map(([tag, counts]) => ({ tag, ...counts })),
  );
  if (state.status === 'error') return <ErrorPrompt error={state.error} onRetry={reload} />;
  const count = (field: keyof LogCounts, name: string) => ({
    field,
    name,
    sortable: true,
    dataType: 'number' as const,
    width: '100px',
  });
  return (
    <EuiInMemoryTable
      tableCaption="Logs summary"
      items={rows}
      loading={state.status === 'loading'}
      columns={[
        { field: 'tag', name: 'Source', sortable: true },
        count('all', 'All'),
        count('critical', 'Critical'),
        count('error', 'Errors'),
        count('warning', 'Warnings'),
        count('info', 'Info'),
        count('debug', 'Debug'),
      ]}
      sorting={{ sort: { field: 'error', direction: 'desc' } }}
      search={{ box: { incremental: true, placeholder: 'Filter sources' } }}
      pagination={{ initialPageSize: 20, pageSizeOptions: [20, 50, 100] }}
      noItemsMessage={
        state.status === 'loading'
          ? 'Loading the logs summary…'
          : 'The manager log has no lines yet'
      }
      data-test-subj="logsSummary"
    />
  );
}

const TABS = [
  { id: 'status', name: 'Status' },
  { id: 'configuration', name: 'Configuration' },
  { id: 'logs', name: 'Logs summary' },
] as const;

export function ServerTabs({ host }: { host: ApiHost }) {
  const { tab, tabBar } = useUrlTabs(TABS, 'serverTab');
  return (
    <>
      {tabBar}
      {tab === 'status' && <StatusTab host={host} />}
      {tab === 'configuration' && <ConfigurationTab host={host} />}
      {tab === 'logs' && <LogsSummaryTab host={host} />}
    </>
  );
}
