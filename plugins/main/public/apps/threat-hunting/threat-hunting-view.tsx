/**
 * Threat Hunting: every alert of the selected host's manager in a time range, searched and filtered
 * (all in the URL), with KPIs, the events histogram, four charts, the events table and CSV export.
 * The first view costs the indexer two requests: the page with its histogram, and one aggregate of
 * every KPI and chart.
 */
import { EuiFlexGroup, EuiFlexItem, EuiSpacer } from '@elastic/eui';
import { useCallback, useMemo, useState } from 'react';
import type { AlertsFilter, AlertsSelection, AlertsSort } from '../../../common/alerts/api';
import type { ApiHost } from '../../../common/api-hosts';
import { addFilter, existsFilter, valueFilter } from '../../components/alerts/alert-filters';
import { AlertsEvents } from '../../components/alerts/alerts-events';
import { AlertsProblem } from '../../components/alerts/alerts-problem';
import { AlertsSearchBar } from '../../components/alerts/alerts-search-bar';
import { AlertsTimePicker } from '../../components/alerts/alerts-time-picker';
import { alertsViewParams, readAlertsViewState } from '../../components/alerts/alerts-view-state';
import { DashboardPanels } from '../../components/alerts/dashboard-panels';
import { DEFAULT_PAGE_SIZE } from '../../components/alerts/events-paging';
import { readPageSize, readSort, writeSort } from '../../components/alerts/events-url-state';
import { FilterPills } from '../../components/alerts/filter-pills';
import { SampleDataNotice } from '../../components/alerts/indexer-callout';
import { KpiRow } from '../../components/alerts/kpi-row';
import { useAlertsClient } from '../../components/alerts/use-alerts-client';
import { useAppUrlState } from '../../components/app-url-state';
import { useAsync } from '../../hooks/use-async';
import { AlertsRouteError } from '../../services/alerts-client';
import { DASHBOARD_CHARTS, DASHBOARD_PANELS, dashboardKpis, DEFAULT_COLUMNS } from './dashboard';

const LAYOUT_STORAGE_KEY = 'svc:threat-hunting:table';
const SHOWN_IN_PLACE = { shownInPlace: true };

export function ThreatHunting({ host }: { host: ApiHost }) {
  const alerts = useAlertsClient();
  const { params, setParams } = useAppUrlState();
  const view = readAlertsViewState(params);
  const sort = useMemo(() => readSort(params.get('sort')), [params]);
  const size = readPageSize(params.get('size'));
  const [refreshKey, setRefreshKey] = useState(0);

  const selectionKey = JSON.stringify([host.id, view.timeRange, view.query, view.filters]);
  // The selection changes only when one of its parts does (the URL object is new on every change).
  const selection = useMemo<AlertsSelection>(() => {
    const [apiHostId, timeRange, query, filters] = JSON.parse(selectionKey) as [
      string,
      AlertsSelection['timeRange'],
      NonNullable<AlertsSelection['query']>,
      AlertsFilter[],
    ];
    return { apiHostId, timeRange, query, filters };
  }, [selectionKey]);

  const loadCharts = useCallback(
    (signal: AbortSignal) => alerts.aggregate({ ...selection, charts: DASHBOARD_CHARTS }, signal),
    [alerts, selection],
  );
  const { state: counted, reload: reloadCharts } = useAsync(
    loadCharts,
    'Counting alerts',
    undefined,
    SHOWN_IN_PLACE,
  );

  const loadFields = useCallback((signal: AbortSignal) => alerts.fields(signal), [alerts]);
  const { state: fields } = useAsync(
    loadFields,
    'Reading the alerts fields',
    undefined,
    SHOWN_IN_PLACE,
  );
  const fieldList = useMemo(() => fields.data ?? [], [fields.data]);
  const fieldNames = useMemo(() => fieldList.map((field) => field.name), [fieldList]);
  // The indexer sorts on fields it can aggregate (not full text, not locations).
  const sortableFields = useMemo(
    () =>
      fields.data
        ?.filter((field) => field.aggregatable && field.type !== 'geo_point')
        .map((field) => field.name),
    [fields.data],
  );

  // The events section shows an indexer that cannot answer; the figures show their other failures.
  const chartsProblem =
    counted.error && !(counted.error instanceof AlertsRouteError && counted.error.isIndexerProblem)
      ? counted.error
      : undefined;

  const refresh = () => {
    setRefreshKey((key) => key + 1);
    reloadCharts();
  };

  const change = (changes: Record<string, string | undefined>) =>
    setParams(changes, { push: true });
  const setFilters = (filters: AlertsFilter[]) => change(alertsViewParams({ filters }));
  const onFilter = useCallback(
    (field: string, value: string | number | boolean, negate: boolean) =>
      setParams(
        alertsViewParams({ filters: addFilter(view.filters, valueFilter(field, value, negate)) }),
        { push: true },
      ),
    [setParams, view.filters],
  );
  const addFilters = (added: AlertsFilter[]) =>
    setFilters(added.reduce((filters, filter) => addFilter(filters, filter), view.filters));

  const table = useMemo(
    () => ({
      sort,
      size,
      onSortChange: (next: AlertsSort[]) => setParams({ sort: writeSort(next) }, { push: true }),
      onSizeChange: (next: number) =>
        setParams({ size: next === DEFAULT_PAGE_SIZE ? undefined : String(next) }, { push: true }),
    }),
    [sort, size, setParams],
  );

  const charts = counted.data;
  return (
    <>
      <EuiFlexGroup gutterSize="s" alignItems="flexStart" wrap>
        <EuiFlexItem style={{ minWidth: 320 }}>
          <AlertsSearchBar
            query={view.query}
            fieldNames={fieldNames}
            onSubmit={(query) => change(alertsViewParams({ query }))}
          />
        </EuiFlexItem>
        <EuiFlexItem grow={false}>
          <AlertsTimePicker
            timeRange={view.timeRange}
            refreshSeconds={view.refreshSeconds}
            isLoading={counted.status === 'loading'}
            onTimeChange={(timeRange) => change(alertsViewParams({ timeRange }))}
            onRefreshChange={(refreshSeconds) => setParams(alertsViewParams({ refreshSeconds }))}
            onRefresh={refresh}
          />
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer size="s" />
      <FilterPills filters={view.filters} fields={fieldList} onChange={setFilters} />
      <EuiSpacer size="m" />
      {charts?.includesSampleData && (
        <>
          <SampleDataNotice />
          <EuiSpacer size="m" />
        </>
      )}
      {chartsProblem && (
        <>
          <AlertsProblem error={chartsProblem} onRetry={reloadCharts} />
          <EuiSpacer size="m" />
        </>
      )}
      <KpiRow kpis={dashboardKpis(charts)} isLoading={counted.status === 'loading'} />
      <EuiSpacer size="m" />
      <DashboardPanels panels={DASHBOARD_PANELS} answer={charts} onFilters={addFilters} />
      <EuiSpacer size="m" />
      <AlertsEvents
        selection={selection}
        columns={DEFAULT_COLUMNS}
        layoutKey={LAYOUT_STORAGE_KEY}
        fieldNames={fieldNames}
        sortableFields={sortableFields}
        onFilter={onFilter}
        onExists={(field) => setFilters(addFilter(view.filters, existsFilter(field)))}
        refreshKey={refreshKey}
        table={table}
        onHistogramBar={(timeRange) => change(alertsViewParams({ timeRange }))}
      />
    </>
  );
}
