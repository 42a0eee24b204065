/**
 * Server → Statistics: the Listener engine (remoted) and the Analysis engine (analysisd) over a time
 * range, from what the statistics job stored, for one node or all; dropped events and queues above
 * 90 % are called out first.
 */
import {
  EuiBasicTable,
  EuiCallOut,
  EuiFlexGrid,
  EuiFlexItem,
  EuiPanel,
  EuiSkeletonText,
  EuiSpacer,
  EuiStat,
  EuiTitle,
} from '@elastic/eui';
import { useCallback, useState } from 'react';
import type { ApiHost } from '../../../common/api-hosts';
import type { AlertsTimeRange } from '../../../common/alerts/api';
import { AlertsProblem } from '../../components/alerts/notices/alerts-problem';
import { AlertsTimePicker } from '../../components/alerts/search/alerts-time-picker';
import { TimeBarsChart } from '../../components/alerts/charts/time-bars-chart';
import { useAlertsClient } from '../../components/alerts/state/use-alerts-client';
import { useAsync } from '../../hooks/use-async';
import {
  ANALYSIS_PANELS,
  LISTENER_PANELS,
  QUEUE_WARNING_SHARE,
  panelBars,
  readStatistics,
  statisticsRequest,
  type StatisticsPanel,
  type StatisticsView,
} from './statistics';

const DEFAULT_RANGE: AlertsTimeRange = { from: 'now-24h', to: 'now' };

const percent = (share: number) => `${(share * 100).toFixed(1)} %`;

function Warnings({ view }: { view: StatisticsView }) {
  const full = view.queues.filter((queue) => queue.usage > QUEUE_WARNING_SHARE);
  return (
    <>
      {view.droppedEvents > 0 && (
        <EuiCallOut
          color="danger"
          iconType="warning"
          title={`${view.droppedEvents.toLocaleString('en-US')} events were dropped`}
          data-test-subj="statisticsDropped"
        >
          <p>
            The manager could not keep up and events were lost. Check the queues below and the
            manager&apos;s log.
          </p>
        </EuiCallOut>
      )}
      {full.length > 0 && (
        <EuiCallOut
          color="warning"
          iconType="warning"
          title={`Queues above ${percent(QUEUE_WARNING_SHARE)}: ${full
            .map((queue) => `${queue.queue} (${percent(queue.usage)})`)
            .join(', ')}`}
          data-test-subj="statisticsQueuesFull"
        />
      )}
      {(view.droppedEvents > 0 || full.length > 0) && <EuiSpacer />}
    </>
  );
}

function Panels({
  title,
  panels,
  series,
}: {
  title: string;
  panels: StatisticsPanel[];
  series: StatisticsView['remoted'];
}) {
  return (
    <>
      <EuiTitle size="s">
        <h3>{title}</h3>
      </EuiTitle>
      <EuiSpacer size="s" />
      <EuiFlexGrid columns={2}>
        {panels.map((panel) => (
          <EuiFlexItem key={panel.id}>
            <EuiPanel hasBorder data-test-subj={`statisticsPanel-${panel.id}`}>
              <EuiTitle size="xxs">
                <h4>{panel.title}</h4>
              </EuiTitle>
              <TimeBarsChart
                id={`statistics-${panel.id}`}
                title={panel.title}
                buckets={panelBars(series, panel.metric.id)}
              />
            </EuiPanel>
          </EuiFlexItem>
        ))}
      </EuiFlexGrid>
      <EuiSpacer />
    </>
  );
}

export function StatisticsTab({ host, node }: { host: ApiHost; node: string | undefined }) {
  const alerts = useAlertsClient();
  const [timeRange, setTimeRange] = useState(DEFAULT_RANGE);
  const load = useCallback(
    async (signal: AbortSignal) =>
      readStatistics(await alerts.aggregate(statisticsRequest(host.id, timeRange, node), signal)),
    [alerts, host.id, timeRange, node],
  );
  const { state, reload } = useAsync(load, 'Server statistics', 'reading the statistics', {
    shownInPlace: true,
  });
  const view = state.data;
  return (
    <div data-test-subj="serverStatistics">
      <AlertsTimePicker
        timeRange={timeRange}
        isLoading={state.status === 'loading'}
        onTimeChange={setTimeRange}
        onRefreshChange={() => undefined}
        onRefresh={reload}
      />
      <EuiSpacer />
      {state.status === 'error' && <AlertsProblem error={state.error} onRetry={reload} />}
      {!view && state.status !== 'error' && <EuiSkeletonText lines={6} />}
      {view && view.documents === 0 && (
        <EuiCallOut
          title="No statistics in this range"
          iconType="info"
          data-test-subj="statisticsEmpty"
        >
          <p>
            The statistics job stores the manager&apos;s figures every few minutes
            (svc.jobs.statistics); widen the range or wait for its next run.
          </p>
        </EuiCallOut>
      )}
      {view && view.documents > 0 && (
        <>
          <Warnings view={view} />
          <Panels title="Listener engine" panels={LISTENER_PANELS} series={view.remoted} />
          <Panels title="Analysis engine" panels={ANALYSIS_PANELS} series={view.analysisd} />
          <EuiFlexGrid columns={3}>
            <EuiFlexItem>
              <EuiStat
                title={view.eventsPerSecond.toFixed(1)}
                description="Events per second"
                titleSize="s"
                data-test-subj="statisticsEps"
              />
            </EuiFlexItem>
          </EuiFlexGrid>
          <EuiSpacer />
          <EuiFlexGrid columns={2}>
            <EuiFlexItem>
              <EuiBasicTable
                tableCaption="Events decoded per decoder queue"
                items={view.decoded}
                columns={[
                  { field: 'decoder', name: 'Decoder queue' },
                  { field: 'events', name: 'Events decoded' },
                ]}
                data-test-subj="statisticsDecoded"
              />
            </EuiFlexItem>
            <EuiFlexItem>
              <EuiBasicTable
                tableCaption="Queue usage"
                items={view.queues}
                columns={[
                  { field: 'queue', name: 'Queue' },
                  {
                    field: 'usage',
                    name: 'Largest usage',
                    render: (usage: number) => percent(usage),
                  },
                ]}
                data-test-subj="statisticsQueues"
              />
            </EuiFlexItem>
          </EuiFlexGrid>
        </>
      )}
    </div>
  );
}
