/**
 * What an alerts view shows (time range, auto-refresh, query, filter pills) as URL parameters, so a
 * copied link opens the same selection and back/forward step through the user's changes. Links from
 * other apps (the Overview's counts) build their URL with `alertsViewSearch`.
 */
import type {
  AlertsFilter,
  AlertsQuery,
  AlertsQueryLanguage,
  AlertsTimeRange,
} from '../../../../common/alerts/api';

export interface AlertsViewState {
  timeRange: AlertsTimeRange;
  /** Seconds between automatic refreshes; undefined when paused. */
  refreshSeconds?: number;
  query: AlertsQuery;
  filters: AlertsFilter[];
  /** The alerts index pattern chosen in the view's selector; absent: the configured one. */
  indexPattern?: string;
}

/** The original's default range (`timepicker:timeDefaults`): the last 24 hours. */
export const DEFAULT_TIME_RANGE: AlertsTimeRange = { from: 'now-24h', to: 'now' };
const DEFAULT_LANGUAGE: AlertsQueryLanguage = 'kuery';

const ALERTS_URL_PARAMS = {
  from: 'from',
  to: 'to',
  refresh: 'refresh',
  query: 'query',
  language: 'language',
  filters: 'filters',
  indexPattern: 'pattern',
} as const;

type Scalar = string | number | boolean;

function isScalar(value: unknown): value is Scalar {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function isBound(value: unknown): value is string | number | undefined {
  return value === undefined || typeof value === 'string' || typeof value === 'number';
}

/** One filter of the URL, or undefined when it is not one (a hand-edited or truncated link). */
function readFilter(value: unknown): AlertsFilter | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const entry = value as Record<string, unknown>;
  if (typeof entry.field !== 'string' || entry.field === '') return undefined;
  const common = {
    field: entry.field,
    ...(entry.negate === true ? { negate: true } : {}),
    ...(entry.disabled === true ? { disabled: true } : {}),
  };
  switch (entry.type) {
    case 'is':
      return isScalar(entry.value) ? { ...common, type: 'is', value: entry.value } : undefined;
    case 'is_one_of':
      return Array.isArray(entry.values) && entry.values.length > 0 && entry.values.every(isScalar)
        ? { ...common, type: 'is_one_of', values: entry.values }
        : undefined;
    case 'exists':
      return { ...common, type: 'exists' };
    case 'between':
      return isBound(entry.gte) &&
        isBound(entry.lte) &&
        (entry.gte !== undefined || entry.lte !== undefined)
        ? {
            ...common,
            type: 'between',
            ...(entry.gte !== undefined ? { gte: entry.gte } : {}),
            ...(entry.lte !== undefined ? { lte: entry.lte } : {}),
          }
        : undefined;
    default:
      return undefined;
  }
}

export function parseFilters(text: string | null): AlertsFilter[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    if (!Array.isArray(parsed)) return [];
    return parsed.map(readFilter).filter((filter): filter is AlertsFilter => !!filter);
  } catch {
    return [];
  }
}

function positiveSeconds(text: string | null): number | undefined {
  const seconds = Number(text);
  return text !== null && Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

export function readAlertsViewState(params: URLSearchParams): AlertsViewState {
  const language = params.get(ALERTS_URL_PARAMS.language);
  return {
    timeRange: {
      from: params.get(ALERTS_URL_PARAMS.from) || DEFAULT_TIME_RANGE.from,
      to: params.get(ALERTS_URL_PARAMS.to) || DEFAULT_TIME_RANGE.to,
    },
    refreshSeconds: positiveSeconds(params.get(ALERTS_URL_PARAMS.refresh)),
    query: {
      language: language === 'lucene' ? 'lucene' : DEFAULT_LANGUAGE,
      query: params.get(ALERTS_URL_PARAMS.query) ?? '',
    },
    filters: parseFilters(params.get(ALERTS_URL_PARAMS.filters)),
    ...(params.get(ALERTS_URL_PARAMS.indexPattern) && {
      indexPattern: params.get(ALERTS_URL_PARAMS.indexPattern)!,
    }),
  };
}

/** URL parameters of a (partial) state; defaults are left out so links stay short. */
export function alertsViewParams(
  state: Partial<AlertsViewState>,
): Record<string, string | undefined> {
  const changes: Record<string, string | undefined> = {};
  if (state.timeRange) {
    const { from, to } = state.timeRange;
    const isDefault = from === DEFAULT_TIME_RANGE.from && to === DEFAULT_TIME_RANGE.to;
    changes[ALERTS_URL_PARAMS.from] = isDefault ? undefined : from;
    changes[ALERTS_URL_PARAMS.to] = isDefault ? undefined : to;
  }
  if ('refreshSeconds' in state)
    changes[ALERTS_URL_PARAMS.refresh] =
      state.refreshSeconds === undefined ? undefined : String(state.refreshSeconds);
  if (state.query) {
    changes[ALERTS_URL_PARAMS.query] = state.query.query || undefined;
    changes[ALERTS_URL_PARAMS.language] =
      state.query.language === DEFAULT_LANGUAGE ? undefined : state.query.language;
  }
  if ('indexPattern' in state) changes[ALERTS_URL_PARAMS.indexPattern] = state.indexPattern;
  if (state.filters)
    changes[ALERTS_URL_PARAMS.filters] =
      state.filters.length === 0 ? undefined : JSON.stringify(state.filters);
  return changes;
}

/** `?from=…&filters=…` for a link to an alerts view (e.g. Threat Hunting on a severity band). */
export function alertsViewSearch(
  state: Partial<AlertsViewState>,
  extra: Record<string, string> = {},
) {
  const params = new URLSearchParams(extra);
  for (const [key, value] of Object.entries(alertsViewParams(state)))
    if (value !== undefined) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}
