/**
 * Threat Hunting: every alert of the selected host's manager in a time range, searched and filtered
 * (all in the URL), with KPIs, the events histogram, four charts, the events table and CSV export.
 * The first view costs the indexer two requests: one page and one aggregate of every chart.
 */
import { EuiFlexGroup, EuiFlexItem, EuiLink, EuiPanel, EuiSpacer } from '@elastic/eui';
import { useCallback, useMemo, useState } from 'react';
import type {
  AlertHit,
  AlertsBucket,
  AlertsFilter,
  AlertsSelection,
  AlertsSort,
} from '../../../common/alerts/api';
import type { ApiHost } from '../../../common/api-hosts';
import { AgentLink } from '../../components/agent-link';
import { fieldValue } from '../../components/alerts/alert-fields';
import { addFilter, existsFilter, valueFilter } from '../../components/alerts/alert-filters';
import { chartBuckets, DashboardPanels } from '../../components/alerts/dashboard-panels';
import { AlertsCsvButton } from '../../components/alerts/alerts-csv-button';
import { AlertsSearchBar } from '../../components/alerts/alerts-search-bar';
import { AlertsTimePicker } from '../../components/alerts/alerts-time-picker';
import { alertsViewParams, readAlertsViewState } from '../../components/alerts/alerts-view-state';
import { DocumentFlyout } from '../../components/alerts/document-flyout';
import { EventsPager } from '../../components/alerts/events-pager';
import {
  DEFAULT_PAGE_SIZE,
  FIRST_PAGE,
  pageRequest,
  withAnswer,
  type PagingState,
} from '../../components/alerts/events-paging';
import { EventsTable } from '../../components/alerts/events-table';
import { readPageSize, readSort, writeSort } from '../../components/alerts/events-url-state';
import { FilterPills } from '../../components/alerts/filter-pills';
import { HitsCount } from '../../components/alerts/hits-count';
import {
  IndexerCallout,
  indexerProblemOf,
  SampleDataNotice,
} from '../../components/alerts/indexer-callout';
import { KpiRow } from '../../components/alerts/kpi-row';
import { TimeBarsChart } from '../../components/alerts/time-bars-chart';
import { useAlertsClient } from '../../components/alerts/use-alerts-client';
import { useTableLayout } from '../../components/alerts/use-table-layout';
import { useAppUrlState } from '../../components/app-url-state';
import { ErrorPrompt } from '../../components/error-prompt';
import { HOST_URL_PARAM } from '../../components/selected-host';
import { useSvcServices } from '../../components/services-context';
import { useAsync } from '../../hooks/use-async';
import { AlertsRouteError } from '../../services/alerts-client';
import {
  DASHBOARD_CHARTS,
  DASHBOARD_PANELS,
  dashboardKpis,
  DEFAULT_COLUMNS,
  HISTOGRAM_CHART,
} from './dashboard';

const RULES_APP_ID = 'svc-rules';
const LAYOUT_STORAGE_KEY = 'svc:threat-hunting:table';
const SHOWN_IN_PLACE = { shownInPlace: true };

/** The time a histogram bar covers: from its key to the next bar's (or one step on for the last). */
function bucketRange(buckets: AlertsBucket[], bucket: AlertsBucket): { from: string; to: string } {
  const time = (entry: AlertsBucket) =>
    typeof entry.key === 'number' ? entry.key : Date.parse(entry.label || String(entry.key));
  const index = buckets.indexOf(bucket);
  const start = time(bucket);
  const step =
    index + 1 < buckets.length
      ? time(buckets[index + 1]) - start
      : index > 0
        ? start - time(buckets[index - 1])
        : 3600_000;
  return { from: new Date(start).toISOString(), to: new Date(start + step).toISOString() };
}

export function ThreatHunting({ host }: { host: ApiHost }) {
  const alerts = useAlertsClient();
  const { core, palette } = useSvcServices();
  const { params, setParams } = useAppUrlState();
  const view = readAlertsViewState(params);
  const sort = useMemo(() => readSort(params.get('sort')), [params]);
  const size = readPageSize(params.get('size'));
  const { layout, setColumns, setWidth } = useTableLayout(LAYOUT_STORAGE_KEY, DEFAULT_COLUMNS);
  const [opened, setOpened] = useState<AlertHit>();

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

  // Paging starts again whenever what is paged changes.
  const pagingKey = `${selectionKey}\u0000${JSON.stringify(sort)}\u0000${size}`;
  const [pagingOf, setPagingOf] = useState<{ key: string; paging: PagingState }>({
    key: pagingKey,
    paging: FIRST_PAGE,
  });
  const requested = pagingOf.key === pagingKey ? pagingOf.paging : FIRST_PAGE;
  const requestKey = JSON.stringify(pageRequest(requested, size));
  const page = requested.page;

  const loadPage = useCallback(
    async (signal: AbortSignal) => {
      const answer = await alerts.search(
        { ...selection, sort, size, ...(JSON.parse(requestKey) as object) },
        signal,
      );
      return { key: pagingKey, page, answer };
    },
    [alerts, selection, sort, size, requestKey, page, pagingKey],
  );
  const { state: searched, reload: reloadPage } = useAsync(
    loadPage,
    'Searching alerts',
    undefined,
    SHOWN_IN_PLACE,
  );

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

  // Each answer tells how to reach the page after it, past the result window.
  const answered = searched.data;
  const paging =
    answered && answered.key === pagingKey && answered.page === requested.page
      ? withAnswer(requested, answered.page, answered.answer)
      : requested;

  const failure = searched.error ?? counted.error;
  const indexerProblem = failure instanceof AlertsRouteError && failure.isIndexerProblem;
  const loadStatus = useCallback(
    (signal: AbortSignal) => (indexerProblem ? alerts.status(signal) : Promise.resolve(undefined)),
    [alerts, indexerProblem],
  );
  const { state: status } = useAsync(
    loadStatus,
    'Reading the indexer status',
    undefined,
    SHOWN_IN_PLACE,
  );

  const refresh = useCallback(() => {
    reloadPage();
    reloadCharts();
  }, [reloadPage, reloadCharts]);

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
  const onSortChange = useCallback(
    (next: AlertsSort[]) => setParams({ sort: writeSort(next) }, { push: true }),
    [setParams],
  );

  const renderLink = useCallback(
    (field: string, hit: AlertHit, text: string) => {
      if (field === 'agent.name' || field === 'agent.id') {
        const agentId = fieldValue(hit._source, 'agent.id');
        // The manager (000) has no agent view.
        if (typeof agentId !== 'string' || agentId === '000') return undefined;
        return (
          <AgentLink agentId={agentId} apiHostId={host.id}>
            {text}
          </AgentLink>
        );
      }
      if (field === 'rule.id' && text !== '–') {
        const href = core.application.getUrlForApp(RULES_APP_ID, {
          path: `?${HOST_URL_PARAM}=${encodeURIComponent(host.id)}&rule=${encodeURIComponent(text)}`,
        });
        return (
          <EuiLink href={href} data-test-subj="alertsRuleLink">
            {text}
          </EuiLink>
        );
      }
      return undefined;
    },
    [core, host.id],
  );

  const charts = counted.data;
  const histogram = chartBuckets(charts, HISTOGRAM_CHART.id);
  const total = searched.data?.answer.total ?? charts?.total;
  const includesSampleData = !!(
    searched.data?.answer.includesSampleData || charts?.includesSampleData
  );
  const loading = searched.status === 'loading' || counted.status === 'loading';

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
            isLoading={loading}
            onTimeChange={(timeRange) => change(alertsViewParams({ timeRange }))}
            onRefreshChange={(refreshSeconds) => setParams(alertsViewParams({ refreshSeconds }))}
            onRefresh={refresh}
          />
        </EuiFlexItem>
      </EuiFlexGroup>
      <EuiSpacer size="s" />
      <FilterPills filters={view.filters} fields={fieldList} onChange={setFilters} />
      <EuiSpacer size="m" />
      {includesSampleData && (
        <>
          <SampleDataNotice />
          <EuiSpacer size="m" />
        </>
      )}
      {failure &&
        (indexerProblem ? (
          <IndexerCallout
            problem={indexerProblemOf(failure)}
            status={status.data}
            onRetry={refresh}
          />
        ) : (
          <ErrorPrompt error={failure} onRetry={refresh} />
        ))}
      {failure && <EuiSpacer size="m" />}
      <KpiRow kpis={dashboardKpis(charts)} isLoading={counted.status === 'loading'} />
      <EuiSpacer size="m" />
      <EuiPanel hasBorder paddingSize="m">
        <EuiFlexGroup justifyContent="spaceBetween" alignItems="center" responsive={false}>
          <EuiFlexItem grow={false}>
            <HitsCount total={total} />
          </EuiFlexItem>
          <EuiFlexItem grow={false}>
            <AlertsCsvButton
              request={{ ...selection, columns: layout.columns, sort }}
              expectedRows={total?.relation === 'eq' ? total.value : undefined}
            />
          </EuiFlexItem>
        </EuiFlexGroup>
        <EuiSpacer size="s" />
        <TimeBarsChart
          id="alertsHistogram"
          title="Events histogram"
          buckets={histogram}
          colors={palette.series}
          onBarClick={(bucket) =>
            change(alertsViewParams({ timeRange: bucketRange(histogram, bucket) }))
          }
        />
      </EuiPanel>
      <EuiSpacer size="m" />
      <DashboardPanels panels={DASHBOARD_PANELS} answer={charts} onFilters={addFilters} />
      <EuiSpacer size="m" />
      <EventsTable
        hits={searched.data?.answer.hits ?? []}
        columns={layout.columns}
        fields={fieldNames}
        widths={layout.widths}
        sort={sort}
        onSortChange={onSortChange}
        onColumnsChange={setColumns}
        onColumnResize={setWidth}
        onFilter={onFilter}
        onOpen={setOpened}
        renderLink={renderLink}
      />
      <EuiSpacer size="s" />
      {total && (
        <EventsPager
          paging={paging}
          size={size}
          total={total}
          onPage={(next) => setPagingOf({ key: pagingKey, paging: { ...paging, page: next } })}
          onSize={(next) => change({ size: next === DEFAULT_PAGE_SIZE ? undefined : String(next) })}
        />
      )}
      {opened && (
        <DocumentFlyout
          hit={opened}
          onClose={() => setOpened(undefined)}
          actions={{
            onFilter,
            onExists: (field) => setFilters(addFilter(view.filters, existsFilter(field))),
          }}
        />
      )}
    </>
  );
}
