/**
 * Paging of the events table. Pages inside the indexer's result window (the first 10,000 hits) are
 * asked for by number, so the user may jump to any of them; past it, one page at a time with the
 * `cursor` each answer gives for the next page, remembered so "previous" can step back.
 */
import {
  ALERTS_RESULT_WINDOW,
  type AlertsSearchResponse,
  type AlertsTotal,
} from '../../../../common/alerts/api';

export const PAGE_SIZES = [15, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 15;

export interface PagingState {
  page: number;
  /** The cursor that fetches page N, for pages past the window. */
  cursors: Record<number, string>;
}

export const FIRST_PAGE: PagingState = { page: 0, cursors: {} };

/** The last page (0-based) that ends inside the result window. */
export function lastWindowPage(size: number): number {
  return Math.floor(ALERTS_RESULT_WINDOW / size) - 1;
}

/** How to ask for the current page: by number, by cursor, or (cursor lost) back to the window's end. */
export function pageRequest(
  state: PagingState,
  size: number,
): { page: number } | { cursor: string } {
  if (state.page <= lastWindowPage(size)) return { page: state.page };
  const cursor = state.cursors[state.page];
  return cursor ? { cursor } : { page: lastWindowPage(size) };
}

/** Remembers the answer's cursor as the way to the page after `page`. */
export function withAnswer(
  state: PagingState,
  page: number,
  answer: Pick<AlertsSearchResponse, 'cursor'>,
): PagingState {
  if (!answer.cursor || state.cursors[page + 1] === answer.cursor) return state;
  return { ...state, cursors: { ...state.cursors, [page + 1]: answer.cursor } };
}

/** Pages the total fills; for `gte` totals, at least that many. */
export function pageCount(total: AlertsTotal, size: number): number {
  return Math.max(1, Math.ceil(total.value / size));
}

export function canGoNext(state: PagingState, size: number, total: AlertsTotal): boolean {
  const next = state.page + 1;
  const more = total.relation === 'gte' || next < pageCount(total, size);
  if (!more) return false;
  return next <= lastWindowPage(size) || state.cursors[next] !== undefined;
}
