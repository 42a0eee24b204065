/**
 * The Agents page's "Agents by status over time": what the monitoring job stored for the selected
 * API host (`wazuh-monitoring-*`), bars over the time picker's range split by status, from one
 * aggregate request. Each bar counts the agents' statuses at the job's runs within it.
 */
import { EuiCallOut, EuiPanel, EuiSpacer, EuiTitle } from '@elastic/eui';
import { useCallback, useState } from 'react';
import type {
  AlertsAggregateRequest,
  AlertsBucket,
  AlertsTimeRange,
} from '../../../common/alerts/api';
import type { ApiHost } from '../../../common/api-hosts';
import { AlertsProblem } from '../../components/alerts/notices/alerts-problem';
import { AlertsTimePicker } from '../../components/alerts/search/alerts-time-picker';
import { TimeBarsChart } from '../../components/alerts/charts/time-bars-chart';
import { useAlertsClient } from '../../components/alerts/state/use-alerts-client';
import { useAsync } from '../../hooks/use-async';

const DEFAULT_RANGE: AlertsTimeRange = { from: 'now-7d', to: 'now' };
/** The agent statuses the managed API reports. */
const STATUSES = 4;

function statusHistoryRequest(
  apiHostId: string,
  timeRange: AlertsTimeRange,
): AlertsAggregateRequest {
  return {
    apiHostId,
    timeRange,
    dataset: 'monitoring',
    charts: [
      { id: 'statuses', type: 'date_histogram', split: { field: 'status', size: STATUSES } },
    ],
  };
}

export function AgentsStatusHistory({ host }: { host: ApiHost }) {
  const alerts = useAlertsClient();
  const [timeRange, setTimeRange] = useState(DEFAULT_RANGE);
  const load = useCallback(
    async (signal: AbortSignal): Promise<AlertsBucket[]> => {
      const answer = await alerts.aggregate(statusHistoryRequest(host.id, timeRange), signal);
      const chart = answer.charts.statuses;
      return chart && 'buckets' in chart ? chart.buckets : [];
    },
    [alerts, host.id, timeRange],
  );
  const { state, reload } = useAsync(load, 'Agents status history', 'reading the status history', {
    shownInPlace: true,
  });
  const buckets = state.data ?? [];
  const empty = state.status === 'success' && buckets.every((bucket) => bucket.count === 0);
  return (
    <EuiPanel hasBorder id="statusHistory" data-test-subj="agentsStatusHistory">
      <EuiTitle size="xs">
        <h3>Agents by status over time</h3>
      </EuiTitle>
      <EuiSpacer size="s" />
      <AlertsTimePicker
        timeRange={timeRange}
        isLoading={state.status === 'loading'}
        onTimeChange={setTimeRange}
        onRefreshChange={() => undefined}
        onRefresh={reload}
      />
      <EuiSpacer size="s" />
      {state.status === 'error' ? (
        <AlertsProblem error={state.error} onRetry={reload} />
      ) : empty ? (
        <EuiCallOut
          size="s"
          iconType="info"
          title="No agent status was stored in this range: the monitoring job (svc.jobs.monitoring) writes it every 15 minutes."
          data-test-subj="agentsStatusHistoryEmpty"
        />
      ) : (
        <TimeBarsChart
          id="agentsStatusHistory"
          title="Agents by status over time"
          buckets={buckets}
        />
      )}
    </EuiPanel>
  );
}
