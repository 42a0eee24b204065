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
import type { ReactNode } from 'react';
import type { AlertHit } from '@main/common/alerts/api';
import type { ApiHost } from '@main/common/api-hosts';
import { dashboardCharts, kpiValue, MODULES } from '@main/common/modules';
import { agentSecurityEvents, COMPLIANCE_STANDARDS } from '@main/common/modules/security-events';
import { fieldValue, formatFieldValue } from '../../../components/alerts/table/alert-fields';
import { AlertsProblem } from '../../../components/alerts/notices/alerts-problem';
import { chartBuckets } from '../../../components/alerts/charts/dashboard-panels';
import { GenerateReportButton } from '../../../components/alerts/reports/generate-report-button';
import { KpiRow } from '../../../components/alerts/charts/kpi-row';
import { TimeBarsChart } from '../../../components/alerts/charts/time-bars-chart';
import { TopValuesChart } from '../../../components/alerts/charts/top-values-chart';
import {
  useAlertsView,
  type FixedEventsPage,
} from '../../../components/alerts/state/use-alerts-view';
import { AlertsViewPage } from '../../../components/alerts/view/alerts-view-page';
import { useAppUrlState } from '../../../components/app-url-state';
import { useSvcServices } from '../../../components/services-context';
import { MODULES_APP_ID, modulePath, moduleUrl } from '../../modules/module-links';

const LATEST_EVENTS = 5;
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
/** The agent's latest integrity events, whatever the URL's table settings. */
const LATEST_INTEGRITY_EVENTS: FixedEventsPage = {
  filters: [{ type: 'is', field: 'rule.groups', value: 'syscheck' }],
  sort: [{ field: 'timestamp', direction: 'desc' }],
  size: LATEST_EVENTS,
  fields: EVENT_COLUMNS.map(([field]) => field),
};

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
  const { core } = useSvcServices();
  const { params, setParams } = useAppUrlState();
  const requested = params.get(STANDARD_PARAM);
  const standard =
    COMPLIANCE_STANDARDS.find((entry) => entry.id === requested) ?? COMPLIANCE_STANDARDS[0];
  const view = useAlertsView({
    apiHostId: host.id,
    agentId,
    charts: CHARTS,
    events: LATEST_INTEGRITY_EVENTS,
    searchable: false,
    context: `Counting the alerts of agent ${agentId}`,
  });
  const { selection } = view;
  const { timeRange } = view.state;
  const events = view.page;

  const answer = view.charts.data;
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

  return (
    <div data-test-subj="agentSecurityEvents">
      <AlertsViewPage
        view={view}
        toolbar={<GenerateReportButton request={{ agentId, selection }} />}
      >
        {events.state.error && (
          <>
            <AlertsProblem error={events.state.error} onRetry={view.refresh} />
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
          isLoading={view.charts.status === 'loading'}
        />
        <EuiSpacer size="m" />
        <EuiFlexGrid columns={3} gutterSize="m">
          <EuiFlexItem style={{ gridColumn: 'span 2' }}>
            <Panel title="Alerts count evolution" testSubj="agentAlertsEvolution">
              <TimeBarsChart
                id="agentAlertsOverTime"
                title="Alerts count evolution"
                buckets={chartBuckets(answer, 'agent-over-time')}
              />
            </Panel>
          </EuiFlexItem>
          <EuiFlexItem>
            <Panel title="MITRE ATT&CK top tactics" testSubj="agentMitreTactics">
              <TopValuesChart
                id="agentTactics"
                title="MITRE ATT&CK top tactics"
                buckets={chartBuckets(answer, 'agent-tactics')}
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
                onValueClick={
                  standard.moduleId
                    ? (bucket) =>
                        openModule(standard.moduleId!, [
                          { field: standard.field, value: bucket.key },
                        ])
                    : undefined
                }
              />
            </Panel>
          </EuiFlexItem>
          <EuiFlexItem style={{ gridColumn: 'span 2' }}>
            <Panel title="Integrity monitoring: latest events" testSubj="agentFimEvents">
              <EuiBasicTable
                items={events.answer?.hits ?? []}
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
      </AlertsViewPage>
    </div>
  );
}
