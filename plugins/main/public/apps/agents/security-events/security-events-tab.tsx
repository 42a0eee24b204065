/**
 * An agent's Security events tab: its alerts over time, its top MITRE ATT&CK tactics (a click opens
 * MITRE ATT&CK with the agent pinned), a compliance donut with a standard selector and its 5 latest
 * integrity events, over the tab's time range, from two indexer requests in all (one aggregate for
 * every chart, one search for the events); links to the agent's modules, and Generate report.
 */
import {
  EuiBasicTable,
  EuiFlexGrid,
  EuiFlexGroup,
  EuiFlexItem,
  EuiLink,
  EuiPanel,
  EuiSelect,
  EuiSpacer,
  EuiTitle,
  type EuiBasicTableColumn,
} from '@elastic/eui';
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import type { AlertHit, AlertsSelection } from '@main/common/alerts/api';
import type { ApiHost } from '@main/common/api-hosts';
import { dashboardCharts, kpiValue, MODULES } from '@main/common/modules';
import { agentSecurityEvents, COMPLIANCE_STANDARDS } from '@main/common/modules/security-events';
import { fieldValue, formatFieldValue } from '../../../components/alerts/alert-fields';
import { AlertsProblem } from '../../../components/alerts/alerts-problem';
import { AlertsTimePicker } from '../../../components/alerts/alerts-time-picker';
import {
  alertsViewParams,
  readAlertsViewState,
} from '../../../components/alerts/alerts-view-state';
import { chartBuckets } from '../../../components/alerts/dashboard-panels';
import { GenerateReportButton } from '../../../components/alerts/generate-report-button';
import { KpiRow } from '../../../components/alerts/kpi-row';
import { TimeBarsChart } from '../../../components/alerts/time-bars-chart';
import { TopValuesChart } from '../../../components/alerts/top-values-chart';
import { useAlertsClient } from '../../../components/alerts/use-alerts-client';
import { useAppUrlState } from '../../../components/app-url-state';
import { useSvcServices } from '../../../components/services-context';
import { useAsync } from '../../../hooks/use-async';
import { MODULES_APP_ID, modulePath, moduleUrl } from '../../modules/module-links';

const LATEST_EVENTS = 5;
const SHOWN_IN_PLACE = { shownInPlace: true };
const CHARTS = dashboardCharts(agentSecurityEvents, true);
const STANDARD_PARAM = 'standard';

type StandardId = (typeof COMPLIANCE_STANDARDS)[number]['id'];

const EVENT_COLUMNS: Array<[field: string, name: string]> = [
  ['timestamp', 'Time'],
  ['syscheck.path', 'Path'],
  ['syscheck.event', 'Action'],
  ['rule.description', 'Rule description'],
  ['rule.level', 'Rule level'],
  ['rule.id', 'Rule id'],
];

function Panel({
  title,
  testSubj,
  children,
}: {
  title: string;
  testSubj: string;
  children: ReactNode;
}) {
  return (
    <EuiPanel hasBorder paddingSize="m" data-test-subj={testSubj}>
      <EuiTitle size="xxs">
        <h3>{title}</h3>
      </EuiTitle>
      <EuiSpacer size="s" />
      {children}
    </EuiPanel>
  );
}

export function SecurityEventsTab({ host, agentId }: { host: ApiHost; agentId: string }) {
  const alerts = useAlertsClient();
  const { core, palette } = useSvcServices();
  const { params, setParams } = useAppUrlState();
  const { timeRange, refreshSeconds } = readAlertsViewState(params);
  const [refreshKey, setRefreshKey] = useState(0);
  const requested = params.get(STANDARD_PARAM);
  const standard =
    COMPLIANCE_STANDARDS.find((entry) => entry.id === requested) ?? COMPLIANCE_STANDARDS[0];

  const selectionKey = JSON.stringify([host.id, timeRange, agentId]);
  const selection = useMemo<AlertsSelection>(() => {
    const [apiHostId, range, agent] = JSON.parse(selectionKey) as [
      string,
      AlertsSelection['timeRange'],
      string,
    ];
    return { apiHostId, timeRange: range, agentId: agent };
  }, [selectionKey]);

  const loadCharts = useCallback(
    (signal: AbortSignal) => alerts.aggregate({ ...selection, charts: CHARTS }, signal),
    // refreshKey asks for the same charts again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [alerts, selection, refreshKey],
  );
  const charts = useAsync(
    loadCharts,
    `Counting the alerts of agent ${agentId}`,
    undefined,
    SHOWN_IN_PLACE,
  );
  const loadEvents = useCallback(
    (signal: AbortSignal) =>
      alerts.search(
        {
          ...selection,
          filters: [{ type: 'is', field: 'rule.groups', value: 'syscheck' }],
          sort: [{ field: 'timestamp', direction: 'desc' }],
          size: LATEST_EVENTS,
          fields: EVENT_COLUMNS.map(([field]) => field),
        },
        signal,
      ),
    // refreshKey asks for the same events again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [alerts, selection, refreshKey],
  );
  const events = useAsync(
    loadEvents,
    `Reading the integrity events of agent ${agentId}`,
    undefined,
    SHOWN_IN_PLACE,
  );

  const answer = charts.state.data;
  const openModule = (
    moduleId: string,
    filters: Array<{ field: string; value: string | number }>,
  ) =>
    void core.application.navigateToApp(MODULES_APP_ID, {
      path: modulePath({
        moduleId,
        apiHostId: host.id,
        agentId,
        timeRange,
        filters: filters.map(({ field, value }) => ({ type: 'is', field, value })),
      }),
    });

  const eventColumns: Array<EuiBasicTableColumn<AlertHit>> = EVENT_COLUMNS.map(([field, name]) => ({
    name,
    render: (hit: AlertHit) => formatFieldValue(field, fieldValue(hit._source, field)),
  }));
  const error = charts.state.error ?? events.state.error;
  const retry = () => {
    charts.reload();
    events.reload();
  };

  return (
    <div data-test-subj="agentSecurityEvents">
      <EuiFlexGroup justifyContent="spaceBetween" alignItems="center" wrap>
        <EuiFlexItem grow={false}>
          <GenerateReportButton request={{ agentId, selection }} />
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <AlertsTimePicker
            timeRange={timeRange}
            refreshSeconds={refreshSeconds}
            isLoading={charts.state.status === 'loading'}
            onTimeChange={(range) =>
              setParams(alertsViewParams({ timeRange: range }), { push: true })
            }
            onRefreshChange={(seconds) => setParams(alertsViewParams({ refreshSeconds: seconds }))}
            onRefresh={() => setRefreshKey((key) => key + 1)}
          />
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer size="m" />
      {error && (
        <>
          <AlertsProblem error={error} onRetry={retry} />
          <EuiSpacer size="m" />
        </>
      )}
      <KpiRow
        kpis={agentSecurityEvents.dashboard.kpis.map((kpi) => ({
          id: kpi.chart.id,
          label: 'Alerts',
          value: answer ? kpiValue(answer.charts[kpi.chart.id]) : undefined,
          color: 'primary',
        }))}
        isLoading={charts.state.status === 'loading'}
      />
      <EuiSpacer size="m" />
      <EuiFlexGrid columns={3} gutterSize="m">
        <EuiFlexItem style={{ gridColumn: 'span 2' }}>
          <Panel title="Alerts count evolution" testSubj="agentAlertsEvolution">
            <TimeBarsChart
              id="agentAlertsOverTime"
              title="Alerts count evolution"
              buckets={chartBuckets(answer, 'agent-over-time')}
              colors={palette.series}
            />
          </Panel>
        </EuiFlexItem>
        <EuiFlexItem>
          <Panel title="MITRE ATT&CK top tactics" testSubj="agentMitreTactics">
            <TopValuesChart
              id="agentTactics"
              title="MITRE ATT&CK top tactics"
              buckets={chartBuckets(answer, 'agent-tactics')}
              colors={palette.series}
              onValueClick={(bucket) =>
                openModule('mitre-attack', [{ field: 'rule.mitre.tactic', value: bucket.key }])
              }
            />
          </Panel>
        </EuiFlexItem>
        <EuiFlexItem>
          <Panel title="Compliance" testSubj="agentCompliance">
            <EuiSelect
              compressed
              aria-label="Compliance standard"
              data-test-subj="agentComplianceStandard"
              value={standard.id}
              options={COMPLIANCE_STANDARDS.map((entry) => ({
                value: entry.id,
                text: entry.title,
              }))}
              onChange={(event) =>
                setParams({ [STANDARD_PARAM]: event.target.value as StandardId })
              }
            />
            <EuiSpacer size="s" />
            <TopValuesChart
              id="agentComplianceChart"
              title={`${standard.title} requirements`}
              buckets={chartBuckets(answer, `agent-${standard.id}`)}
              colors={palette.series}
              onValueClick={
                standard.moduleId
                  ? (bucket) =>
                      openModule(standard.moduleId!, [{ field: standard.field, value: bucket.key }])
                  : undefined
              }
            />
          </Panel>
        </EuiFlexItem>
        <EuiFlexItem style={{ gridColumn: 'span 2' }}>
          <Panel title="Integrity monitoring: latest events" testSubj="agentFimEvents">
            <EuiBasicTable
              items={events.state.data?.hits ?? []}
              columns={eventColumns}
              loading={events.state.status === 'loading'}
              noItemsMessage="No integrity event in this range."
              rowProps={() => ({ 'data-test-subj': 'agentFimEvent' })}
              tableLayout="auto"
            />
          </Panel>
        </EuiFlexItem>
      </EuiFlexGrid>
      <EuiSpacer size="m" />
      <Panel title="This agent in the modules" testSubj="agentModules">
        <EuiFlexGroup gutterSize="m" wrap responsive={false}>
          {MODULES.filter((module) => module.id !== 'threat-hunting').map((module) => (
            <EuiFlexItem grow={false} key={module.id}>
              <EuiLink
                href={moduleUrl(core.application, {
                  moduleId: module.id,
                  apiHostId: host.id,
                  agentId,
                  timeRange,
                })}
                data-test-subj={`agentModuleLink-${module.id}`}
              >
                {module.title}
              </EuiLink>
            </EuiFlexItem>
          ))}
        </EuiFlexGroup>
      </Panel>
    </div>
  );
}
