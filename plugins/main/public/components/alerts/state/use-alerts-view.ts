/**
 * The engine of every alerts view (Threat Hunting, a module page, the agent's Security events):
 * what the user selected, kept in the URL (time range, auto-refresh, query, filter pills, the
 * table's sort and rows per page), the view's own filters and pinned agent around it, the fields
 * it may name, and its requests: one aggregate for every KPI and chart, one search for the page of
 * events with its histogram. A view is a configuration of it, in the spirit of OpenSearch
 * Dashboards' query service (one selection, one refresh) and Discover's search hook.
 */
import { useCallback, useMemo } from 'react';
import {
  isAggregatable,
  type AlertsAggregateRequest,
  type AlertsAggregateResponse,
  type AlertsChartRequest,
  type AlertsField,
  type AlertsFilter,
  type AlertsQuery,
  type AlertsSelection,
  type AlertsSort,
  type AlertsTimeRange,
} from '../../../../common/alerts/api';
import { datasetById, type AlertsDatasetId } from '../../../../common/alerts/datasets';
import { useAsync, type AsyncState } from '../../../hooks/use-async';
import { useAppUrlState } from '../../app-url-state';
import { addFilter, existsFilter, valueFilter } from '../filters/alert-filters';
import { DEFAULT_PAGE_SIZE } from '../table/events-paging';
import { alertsViewParams, readAlertsViewState, type AlertsViewState } from './alerts-view-state';
import { DEFAULT_SORT, readPageSize, readSort, writeSort } from './events-url-state';
import { useAlertsClient } from './use-alerts-client';
import { useAlertsIndexPatterns, type AlertsIndexPatterns } from './use-alerts-index-patterns';
import { useAlertsPage, type AlertsPage } from './use-alerts-page';

const SHOWN_IN_PLACE = { shownInPlace: true };

export interface AlertsViewConfig {
  apiHostId: string;
  /** The view's own filters, sent ahead of the user's and shown locked. */
  fixedFilters?: readonly AlertsFilter[];
  /**
   * A view the server knows (a module): the server applies its filters, which the page shows
   * locked.
   */
  serverView?: { id: string; filters: readonly AlertsFilter[] };
  /** A pinned agent (`agent.id`). */
  agentId?: string;
  /** What the view reads: the alerts (default) or a states dataset, which has no time range. */
  dataset?: AlertsDatasetId;
  /**
   * The KPIs and charts of the view, asked for in one aggregate request (keep the array stable);
   * none asks for nothing.
   */
  charts?: readonly AlertsChartRequest[];
  /**
   * Charts counted in another dataset, each in one more aggregate request over the user's query,
   * filters and pinned agent (keep the array stable).
   */
  chartGroups?: readonly ChartGroup[];
  /**
   * Whether the page of events (and its histogram) is asked for: only where it is shown. A fixed
   * page (the latest few of a kind, keep it stable) takes neither the URL's sort nor its size.
   */
  events?: boolean | FixedEventsPage;
  /** Whether the user may type a query and add filters (which need the fields); default yes. */
  searchable?: boolean;
  /** What the requests report as when they fail. */
  context?: string;
}

/**
 * Charts of another dataset (what is vulnerable now, the listening ports): the view's own filters,
 * which select its documents, make way for the group's.
 */
export interface ChartGroup {
  dataset: AlertsDatasetId;
  filters: readonly AlertsFilter[];
  charts: readonly AlertsChartRequest[];
}

export interface FixedEventsPage {
  /** Added to the view's selection for the page only. */
  filters: AlertsFilter[];
  sort: AlertsSort[];
  size: number;
  fields: string[];
}

export interface AlertsFields {
  list: AlertsField[];
  names: string[];
  /** The fields the server sorts and charts on: the only sorts a view offers. */
  sortable: string[];
}

export interface AlertsView {
  /** What the URL holds. */
  state: AlertsViewState & { sort: AlertsSort[]; size: number };
  /** The view's filters then the user's, the pinned agent: what every request selects. */
  selection: AlertsSelection;
  /** Whether the dataset has a time range (states are the present: they have none). */
  timed: boolean;
  /** The view's own filters and the pinned agent, shown as locked pills. */
  locked: AlertsFilter[];
  fields: AlertsFields;
  /** The alerts index patterns the user may read (none for a states view). */
  indexPatterns: AlertsIndexPatterns;
  charts: AsyncState<AlertsAggregateResponse | undefined>;
  page: AlertsPage;
  searchable: boolean;
  /** Whether the page of events is asked for (and shown). */
  showsEvents: boolean;
  /** Asks every request of the view again. */
  refresh(): void;
  /** Reads the charts again (their retry). */
  reloadCharts(): void;
  setQuery(query: AlertsQuery): void;
  setTimeRange(range: AlertsTimeRange): void;
  setRefreshSeconds(seconds: number | undefined): void;
  setFilters(filters: AlertsFilter[]): void;
  addFilters(filters: AlertsFilter[]): void;
  /** "field is (not) value", as the table and the flyout add it. */
  filterOn(field: string, value: string | number | boolean, negate: boolean): void;
  filterExists(field: string): void;
  setSort(sort: AlertsSort[]): void;
  setSize(size: number): void;
}

interface SelectionParts {
  apiHostId: string;
  dataset?: AlertsDatasetId;
  /** The server's view, whose filters it applies. */
  viewId?: string;
  fixedFilters: readonly AlertsFilter[];
  agentId?: string;
}

/**
 * The selection of a view: its dataset, its fixed filters first, then the user's; the time range
 * where the dataset has one (states are the present); the agent when one is pinned.
 */
function viewSelection(
  { apiHostId, dataset = 'alerts', viewId, fixedFilters, agentId }: SelectionParts,
  state: Pick<AlertsViewState, 'timeRange' | 'query' | 'filters' | 'indexPattern'>,
): AlertsSelection {
  const timed = datasetById(dataset)?.timeField !== null;
  return {
    apiHostId,
    ...(dataset !== 'alerts' && { dataset }),
    ...(dataset === 'alerts' && state.indexPattern && { indexPattern: state.indexPattern }),
    ...(viewId && { view: viewId }),
    ...(timed && { timeRange: state.timeRange }),
    query: state.query,
    filters: [...fixedFilters, ...state.filters],
    ...(agentId && { agentId }),
  };
}

/** The answers of a view's aggregate requests as one: the first one's total, every chart. */
function mergedAnswers(answers: AlertsAggregateResponse[]): AlertsAggregateResponse {
  return {
    total: answers[0].total,
    charts: Object.assign(
      {},
      ...answers.map((answer) => answer.charts),
    ) as AlertsAggregateResponse['charts'],
    includesSampleData: answers.some((answer) => answer.includesSampleData),
  };
}

/** The view's own filters and its pinned agent, as the locked pills show them. */
function lockedFilters(
  fixedFilters: readonly AlertsFilter[],
  agentId: string | undefined,
): AlertsFilter[] {
  return [
    ...fixedFilters,
    ...(agentId ? [{ type: 'is' as const, field: 'agent.id', value: agentId }] : []),
  ];
}

/** The URL object is new on every change: a value read from it changes only when its parts do. */
function useStableValue<T>(value: T): T {
  const key = JSON.stringify(value);
  return useMemo(() => JSON.parse(key) as T, [key]);
}

function useFields(
  wanted: boolean,
  dataset: AlertsDatasetId | undefined,
  context: string,
): AlertsFields {
  const alerts = useAlertsClient();
  const load = useCallback(
    async (signal: AbortSignal) => (wanted ? alerts.fields(dataset, signal) : []),
    [alerts, wanted, dataset],
  );
  const { state } = useAsync(load, `${context}: reading the fields`, undefined, SHOWN_IN_PLACE);
  return useMemo(() => {
    const list = state.data ?? [];
    return {
      list,
      names: list.map((field) => field.name),
      sortable: list.filter(isAggregatable).map((field) => field.name),
    };
  }, [state.data]);
}

export function useAlertsView(config: AlertsViewConfig): AlertsView {
  const {
    apiHostId,
    fixedFilters = [],
    serverView,
    agentId,
    dataset,
    charts,
    chartGroups,
    events = false,
    searchable = true,
    context = 'Reading alerts',
  } = config;
  const alerts = useAlertsClient();
  const { params, setParams } = useAppUrlState();
  const urlState = readAlertsViewState(params);
  const definition = datasetById(dataset ?? 'alerts');
  const timed = definition?.timeField !== null;
  const defaultSort = definition?.defaultSort ?? DEFAULT_SORT;
  const sortParam = params.get('sort');
  const sort = useMemo(() => readSort(sortParam, defaultSort), [sortParam, defaultSort]);
  const size = readPageSize(params.get('size'));
  const setIndexPattern = useCallback(
    (indexPattern: string | undefined, push: boolean) =>
      setParams(alertsViewParams({ indexPattern }), { push }),
    [setParams],
  );
  const indexPatterns = useAlertsIndexPatterns(
    (dataset ?? 'alerts') === 'alerts',
    urlState.indexPattern,
    setIndexPattern,
  );

  const selection = useStableValue(
    viewSelection({ apiHostId, dataset, viewId: serverView?.id, fixedFilters, agentId }, urlState),
  );
  // Another dataset's charts read its own indices: the view's alerts pattern is not theirs.
  const groupSelection = useMemo(() => {
    const { indexPattern: _alertsPattern, ...others } = selection;
    return others;
  }, [selection]);
  const userFilters = useStableValue(urlState.filters);

  const loadCharts = useCallback(
    async (signal: AbortSignal) => {
      const requests: AlertsAggregateRequest[] = [
        ...(charts && charts.length > 0 ? [{ ...selection, charts: [...charts] }] : []),
        ...(chartGroups ?? []).map((group) => ({
          ...groupSelection,
          dataset: group.dataset,
          filters: [...group.filters, ...userFilters],
          charts: [...group.charts],
        })),
      ];
      if (requests.length === 0) return undefined;
      const answers = await Promise.all(
        requests.map((request) => alerts.aggregate(request, signal)),
      );
      return mergedAnswers(answers);
    },
    [alerts, selection, groupSelection, charts, chartGroups, userFilters],
  );
  const chartsResult = useAsync(loadCharts, context, undefined, SHOWN_IN_PLACE);
  const fields = useFields(searchable, dataset, context);
  const fixedPage = typeof events === 'object' ? events : undefined;
  const pageSelection = useMemo(
    () =>
      fixedPage
        ? { ...selection, filters: [...(selection.filters ?? []), ...fixedPage.filters] }
        : selection,
    [selection, fixedPage],
  );
  const page = useAlertsPage(
    fixedPage
      ? { selection: pageSelection, ...fixedPage, histogram: false }
      : { selection: events ? selection : undefined, sort, size, histogram: timed },
    context,
  );

  const { reload: reloadCharts } = chartsResult;
  const { reload: reloadPage } = page;
  const refresh = useCallback(() => {
    reloadCharts();
    reloadPage();
  }, [reloadCharts, reloadPage]);

  const change = useCallback(
    (changes: Record<string, string | undefined>) => setParams(changes, { push: true }),
    [setParams],
  );
  const setFilters = useCallback(
    (filters: AlertsFilter[]) => change(alertsViewParams({ filters })),
    [change],
  );
  const addFilters = useCallback(
    (added: AlertsFilter[]) =>
      setFilters(added.reduce((filters, filter) => addFilter(filters, filter), userFilters)),
    [setFilters, userFilters],
  );
  const filterOn = useCallback(
    (field: string, value: string | number | boolean, negate: boolean) =>
      addFilters([valueFilter(field, value, negate)]),
    [addFilters],
  );
  const filterExists = useCallback(
    (field: string) => addFilters([existsFilter(field)]),
    [addFilters],
  );

  return {
    state: { ...urlState, sort, size },
    selection,
    timed,
    locked: lockedFilters([...(serverView?.filters ?? []), ...fixedFilters], agentId),
    fields,
    indexPatterns,
    charts: chartsResult.state,
    page,
    searchable,
    showsEvents: events !== false,
    refresh,
    reloadCharts,
    setQuery: (query) => change(alertsViewParams({ query })),
    setTimeRange: (timeRange) => change(alertsViewParams({ timeRange })),
    setRefreshSeconds: (refreshSeconds) => setParams(alertsViewParams({ refreshSeconds })),
    setFilters,
    addFilters,
    filterOn,
    filterExists,
    setSort: (next) => change({ sort: writeSort(next, defaultSort) }),
    setSize: (next) => change({ size: next === DEFAULT_PAGE_SIZE ? undefined : String(next) }),
  };
}
