/**
 * The page every alerts view draws around its content: its own buttons, the search bar and time
 * picker, the filter pills (the view's own filters and pinned agent locked first), the sample-data
 * notice and the charts' problems. What the page shows below is the view's: KPIs and panels, tabs,
 * the events.
 */
import {
  EuiBadge,
  EuiButton,
  EuiFlexGroup,
  EuiFlexItem,
  EuiSpacer,
  EuiToolTip,
} from '@elastic/eui';
import type { ReactNode } from 'react';
import { AlertsRouteError } from '../../../services/alerts-client';
import { FilterPills } from '../filters/filter-pills';
import { AlertsProblem } from '../notices/alerts-problem';
import { SampleDataNotice } from '../notices/indexer-callout';
import { AlertsIndexPatternSelect } from '../search/alerts-index-pattern-select';
import { AlertsSearchBar } from '../search/alerts-search-bar';
import { AlertsEvents, type AlertsEventsProps } from '../table/alerts-events';
import { AlertsTimePicker } from '../search/alerts-time-picker';
import type { AlertsView } from '../state/use-alerts-view';

export interface AlertsViewPageProps {
  view: AlertsView;
  /** Buttons above the search bar (agent picker, Generate report). */
  toolbar?: ReactNode;
  children: ReactNode;
}

/** In place of a time picker for states, which are what each agent reports now. */
function CurrentState({ isLoading, onRefresh }: { isLoading: boolean; onRefresh(): void }) {
  return (
    <EuiFlexGroup gutterSize="s" alignItems="center" responsive={false}>
      <EuiFlexItem grow={false}>
        <EuiToolTip content="What each agent reports now: states have no time range.">
          <EuiBadge
            color="hollow"
            iconType="clock"
            tabIndex={0}
            data-test-subj="alertsCurrentState"
          >
            Current state
          </EuiBadge>
        </EuiToolTip>
      </EuiFlexItem>
      <EuiFlexItem grow={false}>
        <EuiButton
          size="s"
          iconType="refresh"
          isLoading={isLoading}
          onClick={onRefresh}
          data-test-subj="alertsRefresh"
        >
          Refresh
        </EuiButton>
      </EuiFlexItem>
    </EuiFlexGroup>
  );
}

export function AlertsViewPage({ view, toolbar, children }: AlertsViewPageProps) {
  const { state, charts, page, searchable } = view;
  const includesSampleData =
    charts.data?.includesSampleData === true || page.answer?.includesSampleData === true;
  // With the events shown, their section names an indexer that cannot answer: say it once.
  const chartsProblem =
    charts.error &&
    !(view.showsEvents && charts.error instanceof AlertsRouteError && charts.error.isUnanswerable)
      ? charts.error
      : undefined;
  const timePicker = !view.timed ? (
    <CurrentState
      isLoading={charts.status === 'loading' || page.state.status === 'loading'}
      onRefresh={view.refresh}
    />
  ) : (
    <AlertsTimePicker
      timeRange={state.timeRange}
      refreshSeconds={state.refreshSeconds}
      isLoading={charts.status === 'loading' || page.state.status === 'loading'}
      onTimeChange={view.setTimeRange}
      onRefreshChange={view.setRefreshSeconds}
      onRefresh={view.refresh}
    />
  );
  return (
    <>
      {(toolbar || !searchable) && (
        <>
          <EuiFlexGroup alignItems="center" justifyContent="spaceBetween" wrap>
            <EuiFlexItem grow={false}>{toolbar}</EuiFlexItem>
            {!searchable && <EuiFlexItem grow={false}>{timePicker}</EuiFlexItem>}
          </EuiFlexGroup>
          <EuiSpacer size="s" />
        </>
      )}
      {searchable && (
        <>
          <EuiFlexGroup gutterSize="s" alignItems="flexStart" wrap>
            {view.indexPatterns.options.length > 1 && (
              <EuiFlexItem grow={false} style={{ minWidth: 240 }}>
                <AlertsIndexPatternSelect patterns={view.indexPatterns} />
              </EuiFlexItem>
            )}
            <EuiFlexItem style={{ minWidth: 320 }}>
              <AlertsSearchBar
                query={state.query}
                fieldNames={view.fields.names}
                onSubmit={view.setQuery}
              />
            </EuiFlexItem>
            <EuiFlexItem grow={false}>{timePicker}</EuiFlexItem>
          </EuiFlexGroup>
          <EuiSpacer size="s" />
          <FilterPills
            filters={state.filters}
            fields={view.fields.list}
            onChange={view.setFilters}
            locked={view.locked}
          />
        </>
      )}
      <EuiSpacer size="m" />
      {includesSampleData && (
        <>
          <SampleDataNotice />
          <EuiSpacer size="m" />
        </>
      )}
      {chartsProblem && (
        <>
          <AlertsProblem error={chartsProblem} onRetry={view.reloadCharts} />
          <EuiSpacer size="m" />
        </>
      )}
      {children}
    </>
  );
}

/** The view's events: its page, sort and rows per page (in the URL), a bar click narrows the time. */
export function AlertsViewEvents({
  view,
  columns,
  layoutKey,
  linkFor,
}: {
  view: AlertsView;
  /** The table's default columns. */
  columns: string[];
  /** Where the user's columns and widths are kept. */
  layoutKey: string;
  linkFor?: AlertsEventsProps['linkFor'];
}) {
  return (
    <AlertsEvents
      selection={view.selection}
      page={view.page}
      // The grid sorts on shown columns only: the sorted fields show (a states default sorts on
      // a field the original's columns leave out).
      columns={[...new Set([...columns, ...view.state.sort.map((entry) => entry.field)])]}
      layoutKey={layoutKey}
      fieldNames={view.fields.names}
      sortableFields={view.fields.sortable}
      sort={view.state.sort}
      size={view.state.size}
      onSortChange={view.setSort}
      onSizeChange={view.setSize}
      onFilter={view.filterOn}
      onExists={view.filterExists}
      showsHistogram={view.timed}
      linkFor={linkFor}
      onHistogramBar={view.setTimeRange}
    />
  );
}
