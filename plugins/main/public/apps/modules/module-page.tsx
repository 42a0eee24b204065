/**
 * One module page, drawn from its definition: the search bar, time picker and filter pills (the
 * module's own filters and the pinned agent as locked pills), the agent picker, Generate report,
 * and its tabs (Dashboard, Events, and Framework or Controls where the definition has them).
 */
import {
  EuiFlexGroup,
  EuiFlexItem,
  EuiLink,
  EuiSpacer,
  EuiTab,
  EuiTabs,
  EuiText,
} from '@elastic/eui';
import { useMemo } from 'react';
import type { AlertsDatasetId } from '../../../common/alerts/datasets';
import type { ApiHost } from '../../../common/api-hosts';
import { dashboardCharts, dashboardPanels } from '../../../common/modules';
import type { ModuleDefinition, ModuleTab, ModuleTabId } from '../../../common/modules/types';
import { GenerateReportButton } from '../../components/alerts/reports/generate-report-button';
import { alertsViewParams } from '../../components/alerts/state/alerts-view-state';
import { useAlertsView } from '../../components/alerts/state/use-alerts-view';
import { AlertsDashboard } from '../../components/alerts/view/alerts-dashboard';
import { AlertsViewEvents, AlertsViewPage } from '../../components/alerts/view/alerts-view-page';
import { useAppUrlState } from '../../components/app-url-state';
import { useSvcServices } from '../../components/services-context';
import { AgentPicker } from './agent-picker';
import { ComplianceControls } from './compliance-controls';
import { FimInventory } from './fim-inventory';
import { MitreFramework } from './mitre-framework';
import { VulnerabilityInventory } from './vulnerability-inventory';
import { AGENT_URL_PARAM, readAgentParam, TAB_URL_PARAM } from './module-links';

/** The SCA app shows an agent's configuration assessment results (the module's inventory). */
const SCA_APP_ID = 'svc-sca';

/** Modules whose Inventory tab this page draws. */
const INVENTORIES = new Set([
  'configuration-assessment',
  'file-integrity-monitoring',
  'vulnerability-detection',
]);

/** The vulnerability inventory: one row per agent, package and vulnerability, now. */
const VULNERABILITY_INVENTORY = 'vulnerability-detection';

/** What a tab reads: its dashboard's source, the vulnerability states, or the module's alerts. */
function tabDataset(module: ModuleDefinition, tab: ModuleTabId): AlertsDatasetId {
  if (tab === 'dashboard') return module.dashboard.source;
  if (tab === 'inventory' && module.id === VULNERABILITY_INVENTORY) return 'vulnerabilities';
  return 'alerts';
}

/** Tabs this page can draw for a module: Inventory only where its data has a view. */
function shownTabs(module: ModuleDefinition): ModuleTab[] {
  return module.tabs.filter((tab) => tab.id !== 'inventory' || INVENTORIES.has(module.id));
}

export function ModulePage({ host, module }: { host: ApiHost; module: ModuleDefinition }) {
  const { core } = useSvcServices();
  const { params, setParams } = useAppUrlState();
  const agentId = readAgentParam(params.get(AGENT_URL_PARAM));
  const tabs = shownTabs(module);
  const tab: ModuleTabId =
    tabs.find((entry) => entry.id === params.get(TAB_URL_PARAM))?.id ?? tabs[0].id;
  const pinned = agentId !== undefined;
  const dataset = tabDataset(module, tab);
  const showsDashboard = tab === 'dashboard';
  const charts = useMemo(
    () => (showsDashboard ? dashboardCharts(module, pinned) : undefined),
    [showsDashboard, module, pinned],
  );
  const view = useAlertsView({
    apiHostId: host.id,
    dataset,
    serverView: { id: module.id, filters: module.fixedFilters },
    agentId,
    charts,
    events: tab === 'events' || tab === 'inventory',
    context: `Reading the ${module.title} alerts`,
  });
  const { selection } = view;
  const change = (changes: Record<string, string | undefined>) =>
    setParams(changes, { push: true });
  // Another dataset has other fields: the query and filters of the previous one stay behind.
  const openTab = (next: ModuleTabId) =>
    change({
      [TAB_URL_PARAM]: next === tabs[0].id ? undefined : next,
      ...(tabDataset(module, next) !== dataset &&
        alertsViewParams({ query: { language: 'kuery', query: '' }, filters: [] })),
    });

  const toolbar = (
    <EuiFlexGroup gutterSize="s" alignItems="center" responsive={false} wrap>
      <EuiFlexItem grow={false}>
        <AgentPicker
          host={host}
          agentId={agentId}
          onPin={(id) => change({ [AGENT_URL_PARAM]: id })}
        />
      </EuiFlexItem>
      {tab === 'dashboard' && (
        <EuiFlexItem grow={false}>
          <GenerateReportButton
            request={{
              moduleId: module.id,
              ...(agentId && { agentId }),
              // The server adds the module's own filters to a report's selection.
              selection,
            }}
          />
        </EuiFlexItem>
      )}
    </EuiFlexGroup>
  );

  return (
    <div data-test-subj={`module-${module.id}`}>
      <AlertsViewPage view={view} toolbar={toolbar}>
        <EuiTabs>
          {tabs.map((entry) => (
            <EuiTab
              key={entry.id}
              isSelected={tab === entry.id}
              onClick={() => openTab(entry.id)}
              data-test-subj={`moduleTab-${entry.id}`}
            >
              {entry.title}
            </EuiTab>
          ))}
        </EuiTabs>
        <EuiSpacer size="m" />
        {tab === 'dashboard' && (
          <div data-test-subj="moduleDashboard">
            <AlertsDashboard
              view={view}
              kpis={module.dashboard.kpis}
              panels={dashboardPanels(module, pinned)}
            />
          </div>
        )}
        {tab === 'events' && (
          <AlertsViewEvents
            view={view}
            columns={module.columns}
            layoutKey={`svc:modules:${module.id}:table`}
          />
        )}
        {tab === 'framework' && module.framework && (
          <MitreFramework
            module={module}
            selection={selection}
            fields={view.fields}
            onFilter={view.filterOn}
            onExists={view.filterExists}
          />
        )}
        {tab === 'controls' && module.controls && (
          <ComplianceControls module={module} selection={selection} onFilters={view.addFilters} />
        )}
        {tab === 'inventory' && module.id === VULNERABILITY_INVENTORY && (
          <VulnerabilityInventory view={view} />
        )}
        {tab === 'inventory' && module.id === 'file-integrity-monitoring' && (
          <FimInventory host={host} agentId={agentId} />
        )}
        {tab === 'inventory' && module.id === 'configuration-assessment' && (
          <EuiText size="s" data-test-subj="moduleInventory">
            <p>
              Each agent&apos;s policies and checks are in{' '}
              <EuiLink
                href={core.application.getUrlForApp(SCA_APP_ID, {
                  path: `?host=${encodeURIComponent(host.id)}${agentId ? `&agent=${agentId}` : ''}`,
                })}
              >
                SCA
              </EuiLink>
              .
            </p>
          </EuiText>
        )}
      </AlertsViewPage>
    </div>
  );
}
