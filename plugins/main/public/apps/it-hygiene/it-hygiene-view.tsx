/**
 * IT Hygiene: a Dashboard over the whole fleet and one tab per kind of state (System, Software,
 * Processes, Network, Identity, Services), each view a states configuration of the alerts-view
 * engine: search bar, filter pills, KPIs and panels, a table sorted by the indexer, the document
 * flyout and CSV export, "current state" in place of a time picker. `?agent=<id>` pins an agent,
 * so an agent's inventory and the fleet's are one view.
 */
import { EuiButtonGroup, EuiSpacer, EuiTab, EuiTabs } from '@elastic/eui';
import { useMemo } from 'react';
import type { AlertsFilter } from '../../../common/alerts/api';
import type { ApiHost } from '../../../common/api-hosts';
import { datasetById } from '../../../common/alerts/datasets';
import {
  FLEET_KPIS,
  FLEET_PANELS,
  IT_HYGIENE_TABS,
  itHygieneTab,
  statesView,
  type StatesView,
} from '../../../common/states/it-hygiene';
import { alertsViewParams } from '../../components/alerts/state/alerts-view-state';
import { useAlertsView, type ChartGroup } from '../../components/alerts/state/use-alerts-view';
import { AlertsDashboard } from '../../components/alerts/view/alerts-dashboard';
import { AlertsViewEvents, AlertsViewPage } from '../../components/alerts/view/alerts-view-page';
import { useAppUrlState } from '../../components/app-url-state';
import { AgentPicker } from '../modules/agent-picker';
import { AGENT_URL_PARAM, readAgentParam } from '../modules/module-links';
import { itHygieneParams, TAB_PARAM, VIEW_PARAM } from './it-hygiene-links';

/** The main request counts every inventory index at once; each panel its own index. */
const FLEET_CHARTS = FLEET_KPIS.map((kpi) => kpi.chart);
const FLEET_GROUPS: ChartGroup[] = FLEET_PANELS.flatMap(({ panel, tab, view }) => {
  const counted = statesView(tab, view);
  return counted
    ? [{ dataset: counted.dataset, filters: counted.fixedFilters, charts: [panel.chart] }]
    : [];
});

function Pin({ host, agentId }: { host: ApiHost; agentId?: string }) {
  const { setParams } = useAppUrlState();
  return (
    <AgentPicker
      host={host}
      agentId={agentId}
      onPin={(id) => setParams({ [AGENT_URL_PARAM]: id }, { push: true })}
    />
  );
}

function FleetDashboard({ host, agentId }: { host: ApiHost; agentId?: string }) {
  const { setParams } = useAppUrlState();
  const view = useAlertsView({
    apiHostId: host.id,
    dataset: 'inventory',
    agentId,
    charts: FLEET_CHARTS,
    chartGroups: FLEET_GROUPS,
    searchable: false,
    context: 'Counting the fleet inventory',
  });
  // A click opens the view the panel counts, filtered on the value clicked.
  const open = (filters: AlertsFilter[]) => {
    const fleet = FLEET_PANELS.find(
      ({ panel }) => panel.chart.type === 'terms' && panel.chart.field === filters[0]?.field,
    );
    if (fleet)
      setParams(
        { ...itHygieneParams(fleet.tab, fleet.view), ...alertsViewParams({ filters }) },
        { push: true },
      );
  };
  return (
    <AlertsViewPage view={view} toolbar={<Pin host={host} agentId={agentId} />}>
      <div data-test-subj="itHygieneDashboard">
        <AlertsDashboard
          view={view}
          onFilters={open}
          kpis={FLEET_KPIS}
          panels={FLEET_PANELS.map(({ panel }) => panel)}
        />
      </div>
    </AlertsViewPage>
  );
}

function StatesTable({
  host,
  agentId,
  definition,
}: {
  host: ApiHost;
  agentId?: string;
  definition: StatesView;
}) {
  const charts = useMemo(
    () => [
      ...definition.kpis.map((kpi) => kpi.chart),
      ...definition.panels.map((panel) => panel.chart),
    ],
    [definition],
  );
  const view = useAlertsView({
    apiHostId: host.id,
    dataset: definition.dataset,
    fixedFilters: definition.fixedFilters,
    agentId,
    charts,
    events: true,
    context: `Reading the ${definition.title.toLowerCase()} inventory`,
  });
  return (
    <AlertsViewPage view={view} toolbar={<Pin host={host} agentId={agentId} />}>
      <AlertsDashboard view={view} kpis={definition.kpis} panels={definition.panels} />
      <EuiSpacer size="m" />
      <AlertsViewEvents
        view={view}
        columns={[...(datasetById(definition.dataset)?.defaultColumns ?? [])]}
        layoutKey={`svc:it-hygiene:${definition.id}:table`}
      />
    </AlertsViewPage>
  );
}

export function ItHygiene({ host }: { host: ApiHost }) {
  const { params, setParams } = useAppUrlState();
  const agentId = readAgentParam(params.get(AGENT_URL_PARAM));
  const tab = itHygieneTab(params.get(TAB_PARAM));
  const definition = tab.views.find((entry) => entry.id === params.get(VIEW_PARAM)) ?? tab.views[0];
  const go = (tabId: string, viewId?: string) =>
    setParams(itHygieneParams(tabId, viewId), { push: true });
  return (
    <div data-test-subj="itHygiene">
      <EuiTabs>
        {IT_HYGIENE_TABS.map((entry) => (
          <EuiTab
            key={entry.id}
            isSelected={entry.id === tab.id}
            onClick={() => go(entry.id)}
            data-test-subj={`itHygieneTab-${entry.id}`}
          >
            {entry.title}
          </EuiTab>
        ))}
      </EuiTabs>
      <EuiSpacer size="m" />
      {tab.views.length > 1 && definition && (
        <>
          <EuiButtonGroup
            legend={`${tab.title} views`}
            options={tab.views.map((entry) => ({
              id: entry.id,
              label: entry.title,
              'data-test-subj': `itHygieneView-${entry.id}`,
            }))}
            idSelected={definition.id}
            onChange={(id) => go(tab.id, id)}
            buttonSize="compressed"
          />
          <EuiSpacer size="m" />
        </>
      )}
      {definition ? (
        <StatesTable key={definition.id} host={host} agentId={agentId} definition={definition} />
      ) : (
        <FleetDashboard host={host} agentId={agentId} />
      )}
    </div>
  );
}
