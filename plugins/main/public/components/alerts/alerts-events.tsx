/**
 * The events of a selection, as Threat Hunting shows them: the hits count and histogram (answered
 * with the page by one search request), CSV export, the events table with its pager and the
 * document flyout. Module Events tabs and MITRE's technique flyout show their alerts with it.
 */
import { EuiFlexGroup, EuiFlexItem, EuiLink, EuiPanel, EuiSpacer } from '@elastic/eui';
import { useCallback, useMemo, useState } from 'react';
import type {
  AlertHit,
  AlertsBucket,
  AlertsChartRequest,
  AlertsSelection,
  AlertsSort,
  AlertsTimeRange,
} from '../../../common/alerts/api';
import { AgentLink } from '../agent-link';
import { HOST_URL_PARAM } from '../selected-host';
import { useSvcServices } from '../services-context';
import { useAsync } from '../../hooks/use-async';
import { fieldValue } from './alert-fields';
import { AlertsCsvButton } from './alerts-csv-button';
import { AlertsProblem } from './alerts-problem';
import { chartBuckets } from './dashboard-panels';
import { DocumentFlyout } from './document-flyout';
import { EventsPager } from './events-pager';
import {
  DEFAULT_PAGE_SIZE,
  FIRST_PAGE,
  pageRequest,
  withAnswer,
  type PagingState,
} from './events-paging';
import { EventsTable } from './events-table';
import { DEFAULT_SORT } from './events-url-state';
import { HitsCount } from './hits-count';
import { TimeBarsChart } from './time-bars-chart';
import { useTableLayout } from './use-table-layout';
import { useAlertsClient } from './use-alerts-client';

const RULES_APP_ID = 'svc-rules';
const HISTOGRAM: AlertsChartRequest = { id: 'events-histogram', type: 'date_histogram' };

export interface AlertsEventsProps {
  selection: AlertsSelection;
  /** The table's default columns. */
  columns: string[];
  /** Where the user's columns and widths are kept (per view). */
  layoutKey: string;
  /** Every field the user may add as a column. */
  fieldNames: string[];
  /** The fields the indexer can sort on; every column when left out. */
  sortableFields?: string[];
  onFilter(field: string, value: string | number | boolean, negate: boolean): void;
  onExists(field: string): void;
  /** Changes when the user asks to refresh. */
  refreshKey?: number;
  /**
   * Sort and rows per page kept by the view (Threat Hunting keeps them in the URL); without it the
   * table keeps them itself.
   */
  table?: TableSettings;
  /** A click on a histogram bar, with the time it covers (the view narrows its range to it). */
  onHistogramBar?(range: AlertsTimeRange): void;
}

interface TableSettings {
  sort: AlertsSort[];
  size: number;
  onSortChange(sort: AlertsSort[]): void;
  onSizeChange(size: number): void;
}

/** The time a histogram bar covers: from its key to the next bar's (or one step on for the last). */
function bucketRange(buckets: AlertsBucket[], bucket: AlertsBucket): AlertsTimeRange {
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

export function AlertsEvents({
  selection,
  columns,
  layoutKey,
  fieldNames,
  sortableFields,
  onFilter,
  onExists,
  refreshKey = 0,
  table,
  onHistogramBar,
}: AlertsEventsProps) {
  const alerts = useAlertsClient();
  const { core, palette } = useSvcServices();
  const { layout, setColumns, setWidth } = useTableLayout(layoutKey, columns);
  const [ownSort, setOwnSort] = useState<AlertsSort[]>(DEFAULT_SORT);
  const [ownSize, setOwnSize] = useState(DEFAULT_PAGE_SIZE);
  const sort = table?.sort ?? ownSort;
  const size = table?.size ?? ownSize;
  const setSort = table?.onSortChange ?? setOwnSort;
  const setSize = table?.onSizeChange ?? setOwnSize;
  const [opened, setOpened] = useState<AlertHit>();

  // Paging starts again whenever what is paged changes.
  const pagingKey = JSON.stringify([selection, sort, size]);
  const [pagingOf, setPagingOf] = useState<{ key: string; paging: PagingState }>({
    key: pagingKey,
    paging: FIRST_PAGE,
  });
  const requested = pagingOf.key === pagingKey ? pagingOf.paging : FIRST_PAGE;
  const requestKey = JSON.stringify(pageRequest(requested, size));
  const page = requested.page;

  const load = useCallback(
    async (signal: AbortSignal) => {
      const answer = await alerts.search(
        {
          ...selection,
          sort,
          size,
          ...(JSON.parse(requestKey) as object),
          // The histogram is answered by the same indexer request as the page.
          charts: [HISTOGRAM],
        },
        signal,
      );
      return { key: pagingKey, page, answer };
    },
    // refreshKey asks for the same page again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [alerts, selection, sort, size, requestKey, page, pagingKey, refreshKey],
  );
  const { state, reload } = useAsync(load, 'Searching alerts', undefined, { shownInPlace: true });
  const answered = state.data?.key === pagingKey ? state.data : undefined;
  const paging =
    answered && answered.page === requested.page
      ? withAnswer(requested, answered.page, answered.answer)
      : requested;
  const histogram = useMemo(
    () =>
      chartBuckets(
        answered && { ...answered.answer, charts: answered.answer.charts ?? {} },
        HISTOGRAM.id,
      ),
    [answered],
  );
  const total = answered?.answer.total;

  const renderLink = useCallback(
    (field: string, hit: AlertHit, text: string) => {
      if (field === 'agent.name' || field === 'agent.id') {
        const agentId = fieldValue(hit._source, 'agent.id');
        if (typeof agentId !== 'string' || agentId === '000') return undefined;
        return (
          <AgentLink agentId={agentId} apiHostId={selection.apiHostId}>
            {text}
          </AgentLink>
        );
      }
      if (field === 'rule.id' && text !== '–') {
        const href = core.application.getUrlForApp(RULES_APP_ID, {
          path: `?${HOST_URL_PARAM}=${encodeURIComponent(selection.apiHostId)}&rule=${encodeURIComponent(text)}`,
        });
        return (
          <EuiLink href={href} data-test-subj="alertsRuleLink">
            {text}
          </EuiLink>
        );
      }
      return undefined;
    },
    [core, selection.apiHostId],
  );

  return (
    <div data-test-subj="alertsEvents">
      {state.error && (
        <>
          <AlertsProblem error={state.error} onRetry={reload} />
          <EuiSpacer size="m" />
        </>
      )}
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
          onBarClick={
            onHistogramBar && ((bucket) => onHistogramBar(bucketRange(histogram, bucket)))
          }
        />
      </EuiPanel>
      <EuiSpacer size="m" />
      <EventsTable
        hits={answered?.answer.hits ?? []}
        columns={layout.columns}
        fields={fieldNames}
        sortableFields={sortableFields}
        widths={layout.widths}
        sort={sort}
        onSortChange={setSort}
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
          onSize={setSize}
        />
      )}
      {opened && (
        <DocumentFlyout
          hit={opened}
          onClose={() => setOpened(undefined)}
          actions={{ onFilter, onExists }}
        />
      )}
    </div>
  );
}
