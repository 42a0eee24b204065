/**
 * The panels of an alerts dashboard drawn from their definitions (common/modules): counts over time
 * as bars, top values as a donut; a click on a bar's series, a slice or a legend entry adds the
 * filters the definition's chart implies.
 */
import { EuiFlexGrid, EuiPanel, EuiSpacer, EuiTitle } from '@elastic/eui';
import type {
  AlertsAggregateResponse,
  AlertsBucket,
  AlertsFilter,
} from '../../../common/alerts/api';
import { clickFilters } from '../../../common/modules';
import type { ModulePanel } from '../../../common/modules/types';
import { useSvcServices } from '../services-context';
import { TimeBarsChart } from './time-bars-chart';
import { TopValuesChart } from './top-values-chart';

export function chartBuckets(
  answer: AlertsAggregateResponse | undefined,
  id: string,
): AlertsBucket[] {
  const chart = answer?.charts[id];
  return chart && 'buckets' in chart ? chart.buckets : [];
}

function PanelChart({
  panel,
  buckets,
  onFilters,
}: {
  panel: ModulePanel;
  buckets: AlertsBucket[];
  onFilters(filters: AlertsFilter[]): void;
}) {
  const { palette } = useSvcServices();
  const { chart } = panel;
  const testId = `alertsPanel-${chart.id}`;
  if (chart.type === 'date_histogram')
    return (
      <TimeBarsChart
        id={testId}
        title={panel.title}
        buckets={buckets}
        colors={palette.series}
        onSeriesClick={
          chart.split
            ? (series) =>
                onFilters(
                  clickFilters(chart, buckets[0], {
                    key: series.value,
                    label: series.label,
                    count: series.count,
                  }),
                )
            : undefined
        }
      />
    );
  return (
    <TopValuesChart
      id={testId}
      title={panel.title}
      buckets={buckets}
      colors={palette.series}
      onValueClick={(bucket) => onFilters(clickFilters(chart, bucket))}
    />
  );
}

export function DashboardPanels({
  panels,
  answer,
  onFilters,
}: {
  panels: ModulePanel[];
  answer?: AlertsAggregateResponse;
  onFilters(filters: AlertsFilter[]): void;
}) {
  return (
    <EuiFlexGrid columns={2} gutterSize="m" data-test-subj="alertsPanels">
      {panels.map((panel) => (
        <EuiPanel hasBorder paddingSize="m" key={panel.chart.id}>
          <EuiTitle size="xxs">
            <h3>{panel.title}</h3>
          </EuiTitle>
          <EuiSpacer size="s" />
          <PanelChart
            panel={panel}
            buckets={chartBuckets(answer, panel.chart.id)}
            onFilters={onFilters}
          />
        </EuiPanel>
      ))}
    </EuiFlexGrid>
  );
}
