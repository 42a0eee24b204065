/**
 * The Overview's "Last 24 hours alerts": one aggregate request through the alerts views' client,
 * with one `range` chart on rule.level (the server sends the indexer one `size: 0` search), read
 * into a count per severity band.
 */
import {
  SEVERITY_BANDS,
  SEVERITY_CHART,
  type AlertsAggregateRequest,
  type AlertsAggregateResponse,
  type AlertsFilter,
  type AlertsTimeRange,
} from '../../../common/alerts/api';
import {
  indexerProblemOf,
  type IndexerProblem,
} from '../../components/alerts/notices/indexer-callout';
import type { AlertsClient } from '../../services/alerts-client';
import { isAbortError } from '../../services/svc-error';

export type SeverityBand = (typeof SEVERITY_BANDS)[number];
export type SeverityKey = SeverityBand['key'];

export const LAST_24_HOURS: AlertsTimeRange = { from: 'now-24h', to: 'now' };
const RULE_LEVEL = 'rule.level';

export type LastAlerts =
  | { status: 'counted'; counts: Record<SeverityKey, number>; includesSampleData: boolean }
  | { status: 'problem'; problem: IndexerProblem; error: unknown };

function lastAlertsRequest(apiHostId: string): AlertsAggregateRequest {
  return {
    apiHostId,
    timeRange: LAST_24_HOURS,
    charts: [SEVERITY_CHART],
  };
}

/**
 * The band as a Threat Hunting filter. Rule levels are whole numbers, so "below 15" is "up to 14";
 * the critical band has no upper bound (the original's link carries NaN there).
 */
export function bandFilter(band: SeverityBand): AlertsFilter {
  return {
    type: 'between',
    field: RULE_LEVEL,
    gte: band.gte,
    ...('lt' in band ? { lte: band.lt - 1 } : {}),
  };
}

function malformed(detail: string): Error {
  return new Error(`The dashboard's answer about the alerts was not understood: ${detail}`);
}

function countsOf(response: AlertsAggregateResponse): Record<SeverityKey, number> {
  const chart = response.charts?.[SEVERITY_CHART.id];
  if (!chart || !('buckets' in chart)) throw malformed(`no "${SEVERITY_CHART.id}" buckets`);
  const counts = {} as Record<SeverityKey, number>;
  for (const band of SEVERITY_BANDS) {
    const bucket = chart.buckets.find((entry) => entry.key === band.key);
    if (!bucket || typeof bucket.count !== 'number') throw malformed(`no "${band.key}" bucket`);
    counts[band.key] = bucket.count;
  }
  return counts;
}

/** A failure is a result here: the Overview shows it in place of the counts and goes on. */
export async function loadLastAlerts(
  alerts: AlertsClient,
  apiHostId: string,
  signal: AbortSignal,
): Promise<LastAlerts> {
  try {
    const response = await alerts.aggregate(lastAlertsRequest(apiHostId), signal);
    return {
      status: 'counted',
      counts: countsOf(response),
      includesSampleData: response.includesSampleData === true,
    };
  } catch (error) {
    if (isAbortError(error)) throw error;
    return { status: 'problem', problem: indexerProblemOf(error), error };
  }
}
