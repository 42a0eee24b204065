/**
 * One page of a selection's documents and, with it, the events histogram (both answered by one
 * indexer request), in the spirit of Discover's search hook: it owns the paging (page numbers
 * inside the indexer's result window, cursors past it) and starts again at the first page whenever
 * what is paged changes.
 */
import { useCallback, useMemo, useState } from 'react';
import type {
  AlertsBucket,
  AlertsChartRequest,
  AlertsSearchRequest,
  AlertsSearchResponse,
  AlertsSelection,
  AlertsSort,
  AlertsTimeRange,
} from '../../../../common/alerts/api';
import { useAsync, type AsyncState } from '../../../hooks/use-async';
import { chartBuckets } from '../charts/dashboard-panels';
import { FIRST_PAGE, pageRequest, withAnswer, type PagingState } from '../table/events-paging';
import { useAlertsClient } from './use-alerts-client';

const HISTOGRAM: AlertsChartRequest = { id: 'events-histogram', type: 'date_histogram' };

/** What to page through; a selection of `undefined` asks for nothing (a tab that is not shown). */
export interface AlertsPageRequest {
  selection: AlertsSelection | undefined;
  sort: AlertsSort[];
  size: number;
  /** Whether the events histogram comes with the page (views with a time range). */
  histogram: boolean;
  /** The fields to return; the whole document when left out. */
  fields?: string[];
}

export interface AlertsPage {
  state: AsyncState<AlertsSearchResponse | undefined>;
  /** The answer of the page shown, once it arrived. */
  answer?: AlertsSearchResponse;
  paging: PagingState;
  histogram: AlertsBucket[];
  goTo(page: number): void;
  reload(): void;
}

interface Answered {
  key: string;
  page: number;
  answer: AlertsSearchResponse | undefined;
}

/** The time a histogram bar covers: from its key to the next bar's (or one step on for the last). */
export function bucketRange(buckets: AlertsBucket[], bucket: AlertsBucket): AlertsTimeRange {
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

export function useAlertsPage(
  { selection, sort, size, histogram, fields }: AlertsPageRequest,
  context = 'Searching alerts',
): AlertsPage {
  const alerts = useAlertsClient();
  // Paging starts again whenever what is paged changes.
  const pagingKey = JSON.stringify([selection, sort, size, histogram, fields]);
  const [pagingOf, setPagingOf] = useState<{ key: string; paging: PagingState }>({
    key: pagingKey,
    paging: FIRST_PAGE,
  });
  const requested = pagingOf.key === pagingKey ? pagingOf.paging : FIRST_PAGE;
  const requestKey = JSON.stringify([pagingKey, pageRequest(requested, size), requested.page]);

  const load = useCallback(
    async (signal: AbortSignal): Promise<Answered> => {
      const [key, at, page] = JSON.parse(requestKey) as [string, object, number];
      const [what, order, rows, withHistogram, only] = JSON.parse(key) as [
        AlertsSelection | undefined,
        AlertsSort[],
        number,
        boolean,
        string[] | undefined,
      ];
      if (!what) return { key, page, answer: undefined };
      const request: AlertsSearchRequest = {
        ...what,
        sort: order,
        size: rows,
        ...at,
        ...(only && { fields: only }),
        ...(withHistogram && { charts: [HISTOGRAM] }),
      };
      return { key, page, answer: await alerts.search(request, signal) };
    },
    [alerts, requestKey],
  );
  const { state, reload } = useAsync(load, context, undefined, { shownInPlace: true });
  const answered = state.data?.key === pagingKey ? state.data : undefined;
  const paging =
    answered?.answer && answered.page === requested.page
      ? withAnswer(requested, answered.page, answered.answer)
      : requested;
  const answer = answered?.answer;
  const buckets = useMemo(
    () => chartBuckets(answer && { ...answer, charts: answer.charts ?? {} }, HISTOGRAM.id),
    [answer],
  );
  const goTo = (page: number) => setPagingOf({ key: pagingKey, paging: { ...paging, page } });
  const pageState = useMemo((): AsyncState<AlertsSearchResponse | undefined> => {
    if (state.status === 'error') return { status: 'error', error: state.error, data: answer };
    if (state.status === 'loading') return { status: 'loading', data: answer };
    return { status: 'success', data: answer };
  }, [state.status, state.error, answer]);
  return { state: pageState, answer, paging, histogram: buckets, goTo, reload };
}
