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
import { useCallback, useMemo, useState } from 'react';
import type { AlertsFilter } from '../../../common/alerts/api';
import type { ApiHost } from '../../../common/api-hosts';
import type { ModuleDefinition, ModuleTab, ModuleTabId } from '../../../common/modules/types';
import { addFilter, existsFilter, valueFilter } from '../../components/alerts/alert-filters';
import { AlertsEvents } from '../../components/alerts/alerts-events';
import { AlertsSearchBar } from '../../components/alerts/alerts-search-bar';
import { AlertsTimePicker } from '../../components/alerts/alerts-time-picker';
import { alertsViewParams } from '../../components/alerts/alerts-view-state';
import { FilterPills } from '../../components/alerts/filter-pills';
import { GenerateReportButton } from '../../components/alerts/generate-report-button';
import { useAlertsClient } from '../../components/alerts/use-alerts-client';
import { useAppUrlState } from '../../components/app-url-state';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import { AgentPicker } from './agent-picker';
import { ComplianceControls } from './compliance-controls';
import { FimInventory } from './fim-inventory';
import { MitreFramework } from './mitre-framework';
import { ModuleDashboard } from './module-dashboard';
import { AGENT_URL_PARAM, TAB_URL_PARAM } from './module-links';
import { useModuleSelection } from './module-selection';

/** The SCA app shows an agent's configuration assessment results (the module's inventory). */
const SCA_APP_ID = 'svc-sca';

/** Modules whose Inventory tab this page draws (vulnerabilities' reads the states index: not yet). */
const INVENTORIES = new Set(['configuration-assessment', 'file-integrity-monitoring']);

/** Tabs this page can draw for a module: Inventory only where its data has a view. */
function shownTabs(module: ModuleDefinition): ModuleTab[] {
  return module.tabs.filter((tab) => tab.id !== 'inventory' || INVENTORIES.has(module.id));
}

export function ModulePage({ host, module }: { host: ApiHost; module: ModuleDefinition }) {
  const alerts = useAlertsClient();
  const { core } = useSvcServices();
  const { params, setParams } = useAppUrlState();
  const { state, agentId, selection } = useModuleSelection(host.id, module);
  const [refreshKey, setRefreshKey] = useState(0);
  const tabs = shownTabs(module);
  const tab: ModuleTabId =
    tabs.find((entry) => entry.id === params.get(TAB_URL_PARAM))?.id ?? tabs[0].id;

  const loadFields = useCallback((signal: AbortSignal) => alerts.fields(signal), [alerts]);
  const { state: fields } = useAsync(loadFields, 'Reading the alerts fields', undefined, {
    shownInPlace: true,
  });
  const fieldList = useMemo(() => fields.data ?? [], [fields.data]);
  const fieldNames = useMemo(() => fieldList.map((field) => field.name), [fieldList]);

  const change = (changes: Record<string, string | undefined>) =>
    setParams(changes, { push: true });
  const setFilters = (filters: AlertsFilter[]) => change(alertsViewParams({ filters }));
  const addFilters = (added: AlertsFilter[]) =>
    setFilters(added.reduce((filters, filter) => addFilter(filters, filter), state.filters));
  const onFilter = useCallback(
    (field: string, value: string | number | boolean, negate: boolean) =>
      setParams(
        alertsViewParams({ filters: addFilter(state.filters, valueFilter(field, value, negate)) }),
        { push: true },
      ),
    [setParams, state.filters],
  );
  const onExists = useCallback(
    (field: string) =>
      setParams(alertsViewParams({ filters: addFilter(state.filters, existsFilter(field)) }), {
        push: true,
      }),
    [setParams, state.filters],
  );
  const locked: AlertsFilter[] = [
    ...module.fixedFilters,
    ...(agentId ? [{ type: 'is' as const, field: 'agent.id', value: agentId }] : []),
  ];

  return (
    <div data-test-subj={`module-${module.id}`}>
      <EuiFlexGroup alignItems="center" justifyContent="flexEnd" wrap>
        <EuiFlexItem grow={false}>
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
                    selection: { ...selection, filters: state.filters },
                  }}
                />
              </EuiFlexItem>
            )}
          </EuiFlexGroup>
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer size="s" />
      <EuiFlexGroup gutterSize="s" alignItems="flexStart" wrap>
        <EuiFlexItem style={{ minWidth: 320 }}>
          <AlertsSearchBar
            query={state.query}
            fieldNames={fieldNames}
            onSubmit={(query) => change(alertsViewParams({ query }))}
          />
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <AlertsTimePicker
            timeRange={state.timeRange}
            refreshSeconds={state.refreshSeconds}
            onTimeChange={(timeRange) => change(alertsViewParams({ timeRange }))}
            onRefreshChange={(refreshSeconds) => setParams(alertsViewParams({ refreshSeconds }))}
            onRefresh={() => setRefreshKey((key) => key + 1)}
          />
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer size="s" />
      <FilterPills
        filters={state.filters}
        fields={fieldList}
        onChange={setFilters}
        locked={locked}
      />
      <EuiSpacer size="m" />
      <EuiTabs>
        {tabs.map((entry) => (
          <EuiTab
            key={entry.id}
            isSelected={tab === entry.id}
            onClick={() =>
              change({ [TAB_URL_PARAM]: entry.id === tabs[0].id ? undefined : entry.id })
            }
            data-test-subj={`moduleTab-${entry.id}`}
          >
            {entry.title}
          </EuiTab>
        ))}
      </EuiTabs>
      <EuiSpacer size="m" />
      {tab === 'dashboard' && (
        <ModuleDashboard
          view={module}
          selection={selection}
          onFilters={addFilters}
          refreshKey={refreshKey}
        />
      )}
      {tab === 'events' && (
        <AlertsEvents
          selection={selection}
          columns={module.columns}
          layoutKey={`svc:modules:${module.id}:table`}
          fieldNames={fieldNames}
          onFilter={onFilter}
          onExists={onExists}
          refreshKey={refreshKey}
        />
      )}
      {tab === 'framework' && module.framework && (
        <MitreFramework
          module={module}
          selection={selection}
          fieldNames={fieldNames}
          onFilter={onFilter}
          onExists={onExists}
        />
      )}
      {tab === 'controls' && module.controls && (
        <ComplianceControls module={module} selection={selection} onFilters={addFilters} />
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
    </div>
  );
}
